/**
 * Extraction with the model: one forced tool call per section (long sections in chunks of pages,
 * merged field by field), reading numbered lines so the model cites where each value is written.
 * Every value is then grounded in our page model (Grounding.ts): found → value, page and box from
 * the words; not found → null, counted in the request's usage as ungrounded.
 */
import { Effect, Layer, Option } from "effect"
import { AppConfig } from "../../Config.js"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { Page, PageImages, PageModel } from "../../Domain/PageModel.js"
import { Pacer } from "../../lib/Pacer.js"
import { Extractor } from "../Engine.js"
import { extractSection } from "../Local/Extractor.js"
import { withAgreement } from "./Agreement.js"
import { failWithApiError } from "./Failure.js"
import { groundObject, mergeExtracted, numberedText, sectionText } from "./Grounding.js"
import { estimateTokens, ModelClient, type ModelImage } from "./ModelClient.js"
import { toolAnswerSchema, toolInputSchema } from "./ToolSchema.js"
import { recordUsage } from "./Usage.js"

/** Input budget of one extraction call's pages. */
export const EXTRACT_CHUNK_TOKENS = 30_000
const MAX_OUTPUT_TOKENS = 8_192

/** What a page image costs in input tokens, about (at most 1568 px on the long side: ~1.15 megapixels ÷ 750). */
export const IMAGE_TOKENS = 1_600
/** Page images in one call at most. */
export const MAX_IMAGES_PER_CALL = 20

/** Whether the model is shown the page's image: with vision on, for pages our OCR read. */
const showsImage = (page: Page, vision: boolean) => vision && page.source === "ocr"

/**
 * Consecutive pages whose numbered text (and images, with vision) fits the budget (a larger page is
 * a chunk of its own).
 */
export const chunksOf = (pages: ReadonlyArray<Page>, vision = false): Array<ReadonlyArray<Page>> => {
  const chunks: Array<Array<Page>> = []
  let tokens = 0
  let images = 0
  for (const page of pages) {
    const image = showsImage(page, vision) ? 1 : 0
    const t = estimateTokens(numberedText([page])) + image * IMAGE_TOKENS
    const last = chunks[chunks.length - 1]
    if (last !== undefined && tokens + t <= EXTRACT_CHUNK_TOKENS && images + image <= MAX_IMAGES_PER_CALL) {
      last.push(page)
      tokens += t
      images += image
    } else {
      chunks.push([page])
      tokens = t
      images = image
    }
  }
  return chunks
}

const SYSTEM = [
  "You extract fields from a document. The document is given as numbered lines: `[p2 L14] text` is line 14 of page 2.",
  "Call the tool with every field of its schema. For each value:",
  "- copy it exactly as it is written in the document: same words, digits, separators and currency marks; do not reformat",
  "  dates or numbers, do not translate, do not compute or infer values that are not written;",
  "- list in `lines` the ids of the lines it is written on (e.g. \"p2 L14\"; several for a value over several lines);",
  "- give null when the document does not state it. Never guess.",
  "For lists (such as line items) give every item in document order."
].join("\n")

const SYSTEM_VISION = SYSTEM + "\n" + [
  "Some pages are also shown as images. Their lines were read from the image by OCR and may contain misread",
  "characters: read each value from the image as it is printed, and cite the OCR line where it is written."
].join("\n")

export const AnthropicExtractor: Layer.Layer<Extractor, never, ModelClient | AppConfig> = Layer.effect(
  Extractor,
  Effect.gen(function*() {
    const client = yield* ModelClient
    const config = yield* AppConfig
    const { pace } = yield* Pacer

    /** The images of the chunk's OCR'd pages the file can render. */
    const imagesOf = (chunk: ReadonlyArray<Page>, images: PageImages | undefined) =>
      images === undefined
        ? Effect.succeed([])
        : Effect.forEach(
          chunk.filter((p) => showsImage(p, config.modelVision)),
          (page) =>
            Effect.map(
              images(page.page),
              Option.map((image): ModelImage & { readonly page: number } => ({
                page: page.page,
                caption: `Image of page ${page.page} (its OCR lines are under "=== Page ${page.page} ===" above):`,
                ...image
              }))
            ),
          { concurrency: 2 }
        ).pipe(Effect.map((found) => found.flatMap(Option.toArray)))

    const extractChunk = (
      model: PageModel,
      chunk: ReadonlyArray<Page>,
      spec: TemplateSpec,
      of: { section: ReadonlyArray<number>; images: PageImages | undefined }
    ) =>
      Effect.gen(function*() {
        const numbers = chunk.map((p) => p.page)
        const partial = numbers.length < of.section.length
        const images = yield* imagesOf(chunk, of.images)
        const request = yield* Effect.sync(() => ({
          purpose: "extract",
          system: images.length > 0 ? SYSTEM_VISION : SYSTEM,
          document: numberedText(chunk),
          images,
          instruction: `Extract the fields of this ${spec.documentType} from the lines above` +
            (partial
              ? ` (pages ${numbers[0]}–${numbers[numbers.length - 1]} of a ${spec.documentType} on pages ${
                of.section[0]
              }–${of.section[of.section.length - 1]}; give null for what these pages do not state).`
              : "."),
          tool: {
            name: "record_fields",
            description: `Record the fields of the ${spec.documentType}.`,
            inputSchema: toolInputSchema(spec.fields)
          },
          answer: toolAnswerSchema(spec.fields),
          maxTokens: MAX_OUTPUT_TOKENS
        })).pipe(Effect.withSpan("Extractor.prompt", { attributes: { pages: chunk.length } }))
        return yield* client.callTool(request).pipe(
          Effect.flatMap((answer) =>
            Effect.sync(() =>
              groundObject(answer, spec.fields, sectionText(model, numbers, new Set(images.map((i) => i.page))))
            ).pipe(Effect.withSpan("Extractor.ground", { attributes: { pages: chunk.length } }))
          ),
          Effect.tap((g) => (g.ungrounded > 0 ? recordUsage({ ungrounded: g.ungrounded }) : Effect.void))
        )
      })

    return {
      extract: (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec, images?: PageImages) =>
        Effect.gen(function*() {
          const section = sectionText(model, pages)
          const vision = config.modelVision && images !== undefined
          const chunks = chunksOf(section.pages, vision)
          if (chunks.length === 0) return mergeExtracted(spec.fields, [])
          const parts = yield* Effect.forEach(
            chunks,
            (chunk) => extractChunk(model, chunk, spec, { section: pages, images: vision ? images : undefined }),
            { concurrency: "unbounded" }
          )
          const ungrounded = parts.reduce((n, p) => n + p.ungrounded, 0)
          if (ungrounded > 0) {
            yield* Effect.logInfo(`${ungrounded} model value(s) not found in the document were returned as null`)
          }
          const extracted = parts.length === 1
            ? parts[0]!.value
            : mergeExtracted(spec.fields, parts.map((p) => p.value))
          // The offline reading it is weighed against runs on the server's thread, paced like the local engine.
          return yield* Effect.zipRight(
            pace,
            Effect.sync(() => withAgreement(extracted, extractSection(model, pages, spec)))
          ).pipe(
            Effect.withSpan("Extractor.agreement", { attributes: { pages: pages.length } })
          )
        }).pipe(
          failWithApiError("extraction"),
          Effect.withSpan("Extractor.extract", {
            attributes: { engine: "anthropic", templateId: spec.templateId, pages: pages.length }
          })
        )
    }
  })
).pipe(Layer.provide(Pacer.Default))
