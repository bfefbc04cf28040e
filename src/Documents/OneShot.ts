/**
 * The one-shot answer (`POST /v1/documents/extract`, and `docsplit extract` on the command line):
 * read a file, split it by the templates, extract each section; nothing stored, no database needed.
 */
import { Effect, Schema } from "effect"
import { OneShotResult } from "../Domain/Document.js"
import { roundConfidence } from "../Domain/Extraction.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import type { PageModel } from "../Domain/PageModel.js"
import { Pipeline } from "../Pipeline/Pipeline.js"
import { Progress } from "../Pipeline/Progress.js"
import { ocrPage, plain, withCoordinates } from "./Output.js"

export interface OneShotOptions {
  readonly includeCoordinates: boolean
  readonly forceExclusive: boolean
  readonly layout: boolean
}

export const oneShot = (
  bytes: Uint8Array,
  specs: ReadonlyArray<TemplateSpec>,
  options: OneShotOptions,
  progress: Progress = Progress.none
) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    const model: PageModel = yield* pipeline.read(bytes, { layout: options.layout, progress })
    yield* progress.read(model.pages.length)
    return yield* answerOf(model, bytes, specs, options, progress)
  }).pipe(Effect.withSpan("DocumentWork.extractFile"))

/** The one-shot answer for a file already read: its sections split and extracted, its pages as text. */
export const answerOf = (
  model: PageModel,
  bytes: Uint8Array,
  specs: ReadonlyArray<TemplateSpec>,
  options: OneShotOptions,
  progress: Progress = Progress.none
) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    const sections = yield* pipeline.splitAndExtract(model, specs, {
      forceExclusive: options.forceExclusive,
      images: yield* pipeline.pageImages(Effect.succeed(bytes), model.mediaType),
      progress
    })
    const render = options.includeCoordinates ? withCoordinates : plain
    const markdown = yield* pipeline.markdown(model)
    return yield* Effect.sync(() => ({
      ocr: model.pages.map(ocrPage),
      markdown,
      result: sections.map((s) => ({
        document_type: s.documentType,
        pages: [...s.pages],
        confidence: roundConfidence(s.confidence),
        properties: render(s.extracted)
      }))
    } as OneShotResult)).pipe(Effect.withSpan("OneShot.render", { attributes: { pages: model.pages.length } }))
  })

const encodeSections = Schema.encode(OneShotResult.fields.result)

/**
 * The one-shot answer in its JSON form. The sections (values, confidences) are encoded through their
 * schema as any answer is; the pages, made from the page model by `ocrPage` in the schema's shape, are
 * taken as they are: checking every word of a long document again, field by field, took longer than
 * extracting its values.
 */
export const encodeAnswer = (answer: OneShotResult) =>
  Effect.map(encodeSections(answer.result), (result): typeof OneShotResult.Encoded => ({ ...answer, result }))
