/**
 * The page model as a Schema: what a cached parse must be to be used. A cached model that does not
 * decode (written by another version, or damaged) is read again from the file instead.
 */
import { Effect, Option, Schema } from "effect"
import type { PageModel } from "./PageModel.js"

const Box = Schema.Tuple(Schema.Number, Schema.Number, Schema.Number, Schema.Number)

const Word = Schema.Struct({
  text: Schema.String,
  box: Box,
  confidence: Schema.Number,
  leastCharacter: Schema.optional(Schema.Number)
})

const Line = Schema.Struct({
  text: Schema.String,
  box: Box,
  words: Schema.Array(Word),
  fontSize: Schema.optional(Schema.Number),
  role: Schema.optional(Schema.Literal("header", "footer"))
})

const Table = Schema.Struct({
  box: Box,
  firstLine: Schema.Number,
  lineCount: Schema.Number,
  rows: Schema.Array(Schema.Array(Schema.String))
})

const Page = Schema.Struct({
  page: Schema.Number,
  width: Schema.Number,
  height: Schema.Number,
  source: Schema.Literal("text", "ocr"),
  lines: Schema.Array(Line),
  geometry: Schema.optional(Schema.Literal("synthetic")),
  tables: Schema.optional(Schema.Array(Table))
})

export const PageModelSchema: Schema.Schema<PageModel> = Schema.Struct({
  mediaType: Schema.String,
  pages: Schema.Array(Page)
})

const decodePage = Schema.decodeUnknownOption(Page)

/**
 * A cached page model (a JSON value, as the database returns it) → the model, checked as
 * `PageModelSchema` says, page by page with `pace` before each page (a long document's model is checked
 * without holding the server's thread for the whole of it); none when any part does not decode.
 */
export const decodeCachedPageModelPaced = (
  value: unknown,
  pace: Effect.Effect<void>
): Effect.Effect<Option.Option<PageModel>> =>
  Effect.gen(function*() {
    if (typeof value !== "object" || value === null) return Option.none()
    const { mediaType, pages } = value as { mediaType?: unknown; pages?: unknown }
    if (typeof mediaType !== "string" || !Array.isArray(pages)) return Option.none()
    const decoded: Array<PageModel["pages"][number]> = []
    for (const page of pages) {
      yield* pace
      const one = decodePage(page)
      if (Option.isNone(one)) return Option.none()
      decoded.push(one.value)
    }
    return Option.some({ mediaType, pages: decoded })
  })
