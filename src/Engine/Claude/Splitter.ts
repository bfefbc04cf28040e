/**
 * Splitting with the model: pages are sent as text, in batches that fit a token budget and overlap
 * by one page (so a boundary between batches is still seen with the page before it); the model
 * answers per page its type (or none) and whether it starts a new document; sections are assembled
 * here in page order under the contract's rules. A single template on what the offline evidence
 * says is a single document makes no call.
 */
import { Effect, Layer, Schema } from "effect"
import { AppConfig } from "../../Config.js"
import type { SplitSection } from "../../Domain/Extraction.js"
import type { Field, TemplateSpec } from "../../Domain/FieldTree.js"
import { type Page, type PageModel, pageText } from "../../Domain/PageModel.js"
import { Pacer } from "../../lib/Pacer.js"
import { hasAlnum } from "../../Text/Tokens.js"
import { Splitter } from "../Engine.js"
import { preparePaced } from "../Local/Prepare.js"
import { pacedSplit } from "../Local/Splitter.js"
import { failWithApiError } from "./Failure.js"
import { estimateTokens, ModelClient } from "./ModelClient.js"

/** Input budget of one batch's pages. */
export const SPLIT_BATCH_TOKENS = 12_000
/** Batches are spread over the concurrency, but never smaller than this (each call has a fixed cost). */
export const MIN_BATCH_PAGES = 4
export const MAX_BATCH_PAGES = 20
/** A page's text is cut to its head and tail beyond this: titles, numbers and "page 2 of 3" live there. */
const PAGE_HEAD_CHARS = 3_000
const PAGE_TAIL_CHARS = 1_000

const isBlank = (page: Page) => !hasAlnum(pageText(page))

const pageBlock = (page: Page): string => {
  const text = pageText(page)
  const body = isBlank(page)
    ? "(blank page)"
    : text.length <= PAGE_HEAD_CHARS + PAGE_TAIL_CHARS
    ? text
    : `${text.slice(0, PAGE_HEAD_CHARS)}\n[…]\n${text.slice(-PAGE_TAIL_CHARS)}`
  return `=== Page ${page.page} ===\n${body}`
}

/**
 * Consecutive batches of pages; each after the first starts with the previous batch's last page,
 * which is there only as context for the page after it.
 */
export const batchesOf = (pages: ReadonlyArray<Page>, concurrency: number): Array<ReadonlyArray<Page>> => {
  if (pages.length === 0) return []
  const target = Math.min(
    MAX_BATCH_PAGES,
    Math.max(MIN_BATCH_PAGES, Math.ceil(pages.length / Math.max(1, concurrency)) + 1)
  )
  const batches: Array<ReadonlyArray<Page>> = []
  let start = 0
  for (;;) {
    let end = start
    let tokens = 0
    while (end < pages.length && end - start < target) {
      const t = estimateTokens(pageBlock(pages[end]!))
      // At least two pages, so that the next batch (starting at this one's last page) moves on.
      if (end - start >= 2 && tokens + t > SPLIT_BATCH_TOKENS) break
      tokens += t
      end++
    }
    batches.push(pages.slice(start, end))
    if (end >= pages.length) return batches
    start = end - 1
  }
}

/** How the model sees the requested types; duplicate type names get a number. */
const labelsOf = (specs: ReadonlyArray<TemplateSpec>): Array<string> => {
  const seen = new Map<string, number>()
  return specs.map((s) => {
    const n = (seen.get(s.documentType) ?? 0) + 1
    seen.set(s.documentType, n)
    return n === 1 ? s.documentType : `${s.documentType} (${n})`
  })
}

const fieldNames = (fields: ReadonlyArray<Field>): Array<string> =>
  fields.flatMap((f) => (f.kind === "object" ? fieldNames(f.fields).map((n) => `${f.name}.${n}`) : [f.name]))

const systemPrompt = (specs: ReadonlyArray<TemplateSpec>, labels: ReadonlyArray<string>) =>
  [
    "You split a scanned or digital file into the documents it contains.",
    "The file's pages are given as text, each after a line `=== Page N ===`. For every page, decide:",
    "- `starts_document`: true when the page is the first page of a document (a new title, issuer, number or date,",
    "  \"page 1 of\"), false when it continues the document on the page before it (\"page 2 of 3\", the same number,",
    "  a continued table). A page of an unrelated document starts a document too.",
    "- `type`: which of the document types below the document belongs to, or null when it is none of them.",
    "  For a page that continues the page before it, null means \"same as the page before\" when the page alone",
    "  does not show the type.",
    "Two documents of the same type in a row are separate documents: the first page of the second one starts a document.",
    "",
    "Document types:",
    ...specs.map((s, i) => `- ${JSON.stringify(labels[i])}: fields ${fieldNames(s.fields).slice(0, 30).join(", ")}`)
  ].join("\n")

const toolFor = (labels: ReadonlyArray<string>) => ({
  name: "classify_pages",
  description: "Record, for every page shown, its document type and whether it starts a new document.",
  inputSchema: {
    type: "object",
    properties: {
      pages: {
        type: "array",
        description: "One entry per page shown, in page order.",
        items: {
          type: "object",
          properties: {
            page: { type: "integer", description: "the page number N of `=== Page N ===`" },
            type: {
              type: ["string", "null"],
              enum: [...labels, null],
              description:
                "the document's type; null for none of them, or for a continuation whose type the page does not show"
            },
            starts_document: { type: "boolean", description: "true when this page is the first page of a document" }
          },
          required: ["page", "type", "starts_document"]
        }
      }
    },
    required: ["pages"]
  }
})

interface PageAnswer {
  readonly page: number
  readonly type: string | null
  readonly starts_document: boolean
}

const answerSchema = (labels: ReadonlyArray<string>, pages: ReadonlyArray<number>) =>
  Schema.Struct({
    pages: Schema.Array(Schema.Struct({
      page: Schema.Int,
      type: Schema.NullOr(Schema.Literal(...(labels as [string, ...Array<string>]))),
      starts_document: Schema.Boolean
    }))
  }).pipe(Schema.filter((a) => {
    const answered = new Set(a.pages.map((p) => p.page))
    const missing = pages.filter((p) => !answered.has(p))
    return missing.length === 0 || `no entry for page ${missing.join(", ")}: give one entry for every page shown`
  }))

interface Open {
  readonly spec: number
  readonly pages: Array<number>
}

/**
 * Sections from the per-page answers, in page order. A page that continues the page before it
 * shares its fate (its section, or being left out) unless the model names a different type; a page
 * that starts a document opens a section of its type, or is left out with what follows it when it
 * is of no requested type. Blank pages join the section before them (leading ones the first).
 */
export const assembleSections = (
  pages: ReadonlyArray<Page>,
  answers: ReadonlyMap<number, PageAnswer>,
  specs: ReadonlyArray<TemplateSpec>,
  labels: ReadonlyArray<string>
): Array<SplitSection> => {
  const sections: Array<Open> = []
  let current: Open | undefined
  const leading: Array<number> = []
  let seenContent = false
  for (const page of pages) {
    if (isBlank(page)) {
      if (current !== undefined) current.pages.push(page.page)
      else if (!seenContent) leading.push(page.page)
      continue
    }
    const answer = answers.get(page.page)
    const spec = answer?.type == null ? undefined : labels.indexOf(answer.type)
    const continues = seenContent && answer?.starts_document !== true && (spec === undefined || spec === current?.spec)
    seenContent = true
    if (continues) {
      current?.pages.push(page.page)
    } else if (spec === undefined || spec < 0) {
      current = undefined
      leading.length = 0
    } else {
      current = { spec, pages: [...leading.splice(0), page.page] }
      sections.push(current)
    }
  }
  // The model's pages are typed by one call each; its split is as sure as its answers were complete.
  return sections.map((s) => ({
    templateId: specs[s.spec]!.templateId,
    documentType: specs[s.spec]!.documentType,
    pages: s.pages,
    confidence: s.pages.every((p) => answers.has(p)) ? 0.95 : 0.8
  }))
}

export const AnthropicSplitter: Layer.Layer<Splitter, never, ModelClient | AppConfig> = Layer.effect(
  Splitter,
  Effect.gen(function*() {
    const client = yield* ModelClient
    const config = yield* AppConfig
    const { pace } = yield* Pacer
    const offlineSplit = pacedSplit(pace)

    const classify = (
      batch: ReadonlyArray<Page>,
      first: boolean,
      specs: ReadonlyArray<TemplateSpec>,
      labels: ReadonlyArray<string>
    ) => {
      const numbers = batch.map((p) => p.page)
      const asked = first ? numbers : numbers.slice(1)
      return client.callTool({
        purpose: "split",
        system: systemPrompt(specs, labels),
        document: batch.map(pageBlock).join("\n\n"),
        instruction: first
          ? `Classify every page shown (pages ${numbers[0]}–${numbers[numbers.length - 1]}).`
          : `Classify every page shown (pages ${numbers[0]}–${numbers[numbers.length - 1]}). ` +
            `Page ${numbers[0]} was classified with the batch before; it is here so you can tell whether page ${
              numbers[1]
            } continues it.`,
        tool: toolFor(labels),
        answer: answerSchema(labels, numbers),
        maxTokens: 256 + 48 * batch.length
      }).pipe(
        // The context page's answer comes from the batch where the page before it was seen.
        Effect.map((a) => a.pages.filter((p) => asked.includes(p.page)))
      )
    }

    // The offline split of the latest file, kept for `split` to size its batches after `preview`.
    const previews = new WeakMap<
      PageModel,
      { readonly specs: ReadonlyArray<TemplateSpec>; readonly sections: ReadonlyArray<SplitSection> }
    >()
    const localSplit = (model: PageModel, specs: ReadonlyArray<TemplateSpec>) =>
      Effect.suspend(() => {
        const known = previews.get(model)
        if (known !== undefined && known.specs === specs) return Effect.succeed(known.sections)
        return Effect.tap(offlineSplit(model, specs), (sections) => previews.set(model, { specs, sections }))
      })

    return {
      // The offline splitter's answer, for the pipeline to start extracting while the model splits.
      ...(config.modelSpeculate ? { preview: localSplit } : {}),
      // The offline split (its preview, a one-document file's answer) and the grounding read these pages.
      prepare: preparePaced(pace),
      split: (model: PageModel, specs: ReadonlyArray<TemplateSpec>) =>
        Effect.gen(function*() {
          if (specs.length === 0 || model.pages.length === 0) return []
          if (specs.length === 1) {
            // One template and, by the offline evidence, one document: the whole file, no call.
            const local = yield* localSplit(model, specs)
            if (local.length === 1 && local[0]!.pages.length === model.pages.length) return local
          }
          if (model.pages.every(isBlank)) return []
          const labels = labelsOf(specs)
          // Calls in flight are shared with the extractions started from the preview: leave them their slots.
          const reserved = config.modelSpeculate ? (yield* localSplit(model, specs)).length : 0
          const batches = yield* Effect.sync(() =>
            batchesOf(model.pages, Math.max(1, config.modelConcurrency - reserved))
          ).pipe(Effect.withSpan("Splitter.batches", { attributes: { pages: model.pages.length } }))
          const answered = yield* Effect.forEach(batches, (batch, i) => classify(batch, i === 0, specs, labels), {
            concurrency: "unbounded"
          })
          const answers = new Map(answered.flat().map((a) => [a.page, a] as const))
          return assembleSections(model.pages, answers, specs, labels)
        }).pipe(
          failWithApiError("split"),
          Effect.withSpan("Splitter.split", {
            attributes: { engine: "anthropic", pages: model.pages.length, templates: specs.length }
          })
        )
    }
  })
).pipe(Layer.provide(Pacer.Default))
