/**
 * `docsplit extract FILE --template T.json …`: the one-shot answer computed in this process, with no
 * server and no database (the offline engine, or Claude when ANTHROPIC_API_KEY is set). Each template
 * file holds what `POST /v1/templates` takes: `{document_type, template_data}`.
 */
import { Effect, Either, Layer, Schema } from "effect"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import { PipelineLive } from "../App.js"
import { AppConfig } from "../Config.js"
import { oneShot } from "../Documents/OneShot.js"
import type { OneShotResult } from "../Domain/Document.js"
import { PayloadTooLarge, Unprocessable } from "../Domain/Errors.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import { CreateTemplate } from "../Domain/Template.js"
import { Pipeline } from "../Pipeline/Pipeline.js"
import { makeScratch, Scratch } from "../Storage/Scratch.js"
import { normalizeTemplateWithin } from "../Templates/TemplateData.js"
import { terminalProgress } from "./progress.js"

export interface ExtractArgs {
  readonly file: string
  readonly templates: ReadonlyArray<string>
  readonly coordinates: boolean
  readonly layout: boolean
  readonly exclusive: boolean
}

/** A scratch folder of this run under the system's temporary folder, removed when the command ends. */
const TemporaryScratch = Layer.scoped(
  Scratch,
  Effect.gen(function*() {
    const root = yield* Effect.acquireRelease(
      Effect.promise(() => fs.mkdtemp(path.join(os.tmpdir(), "docsplit-cli-"))),
      (dir) => Effect.promise(() => fs.rm(dir, { recursive: true, force: true }))
    )
    // A folder of its own under a fresh temporary folder: nothing abandoned to sweep.
    return yield* makeScratch(root)
  })
)

/** The reader, the OCR engines and the engine, as the server has them, in this process. */
export const CliPipelineLive = PipelineLive.pipe(Layer.provide(TemporaryScratch))

const readTemplate = (file: string) =>
  Effect.gen(function*() {
    const text = yield* Effect.tryPromise({
      try: () => fs.readFile(file, "utf8"),
      catch: () => new Unprocessable({ detail: `cannot read the template file ${file}` })
    })
    const json = yield* Effect.try({
      try: () => JSON.parse(text) as unknown,
      catch: () => new Unprocessable({ detail: `${file} is not JSON` })
    })
    const body = yield* Schema.decodeUnknown(CreateTemplate)(json).pipe(
      Effect.mapError(() =>
        new Unprocessable({
          detail: `${file} must hold {"document_type": "...", "template_data": {...}} as POST /v1/templates takes`
        })
      )
    )
    const { maxTemplateFields } = yield* AppConfig
    const fields = yield* Either.match(normalizeTemplateWithin(body.template_data, maxTemplateFields), {
      onLeft: (detail) => Effect.fail(new Unprocessable({ detail: `${file}: ${detail}` })),
      onRight: Effect.succeed
    })
    return {
      templateId: path.basename(file, path.extname(file)),
      documentType: body.document_type,
      fields
    } satisfies TemplateSpec
  })

export const runExtract = (args: ExtractArgs): Effect.Effect<OneShotResult, unknown, AppConfig | Pipeline> =>
  Effect.scoped(Effect.gen(function*() {
    const config = yield* AppConfig
    if (args.templates.length === 0) return yield* new Unprocessable({ detail: "give at least one --template" })
    const specs = yield* Effect.forEach(args.templates, readTemplate)
    const stat = yield* Effect.tryPromise({
      try: () => fs.stat(args.file),
      catch: () => new Unprocessable({ detail: `cannot read ${args.file}` })
    })
    if (stat.size > config.maxUploadBytes) {
      return yield* new PayloadTooLarge({
        detail: `${args.file} is larger than MAX_UPLOAD_BYTES (${config.maxUploadBytes} bytes)`
      })
    }
    const bytes = yield* Effect.promise(() => fs.readFile(args.file))
    const progress = yield* terminalProgress()
    return yield* oneShot(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), specs, {
      includeCoordinates: args.coordinates,
      forceExclusive: args.exclusive,
      layout: args.layout
    }, progress)
  }))
