/**
 * The pipeline the handlers call: read a file into the page model, split it into sections,
 * extract each section's fields. Engines are whatever Splitter/Extractor layers are provided.
 */
import { Effect } from "effect"
import { AppConfig } from "../Config.js"
import type { ExtractedObject, SplitSection } from "../Domain/Extraction.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import type { PageModel } from "../Domain/PageModel.js"
import { Extractor } from "../Engine/Extractor.js"
import { Splitter } from "../Engine/Splitter.js"
import { DocumentReader } from "../Reading/DocumentReader.js"
import { analyzeLayout } from "../Reading/Layout.js"
import { toMarkdown } from "../Reading/Markdown.js"

export interface ReadOptions {
  /** Rebuild reading order from the layout (columns, tables, repeated headers/footers). */
  readonly layout: boolean
}

export interface SplitOptions {
  /** One section, all pages, the first template's type: no split. */
  readonly forceExclusive: boolean
}

export interface ExtractedSection extends SplitSection {
  readonly extracted: ExtractedObject
}

/** The key a page model is cached under for a stored document. */
export const parseKey = (options: ReadOptions): string => (options.layout ? "layout" : "plain")

export class Pipeline extends Effect.Service<Pipeline>()("Pipeline", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const reader = yield* DocumentReader
    const splitter = yield* Splitter
    const extractor = yield* Extractor

    const read = (bytes: Uint8Array, options: ReadOptions) =>
      reader.read(bytes, { maxPages: config.maxPages }).pipe(
        Effect.map((model) => (options.layout ? analyzeLayout(model) : model)),
        Effect.withSpan("Pipeline.read", { attributes: { layout: options.layout } })
      )

    const split = (model: PageModel, specs: ReadonlyArray<TemplateSpec>, options: SplitOptions) =>
      Effect.gen(function*() {
        const first = specs[0]
        if (first === undefined) return []
        if (options.forceExclusive || model.pages.length === 0) {
          return [{
            templateId: first.templateId,
            documentType: first.documentType,
            pages: model.pages.map((p) => p.page)
          }] satisfies ReadonlyArray<SplitSection>
        }
        return yield* splitter.split(model, specs)
      }).pipe(Effect.withSpan("Pipeline.split", { attributes: { pages: model.pages.length, templates: specs.length } }))

    const extract = (model: PageModel, sections: ReadonlyArray<SplitSection>, specs: ReadonlyArray<TemplateSpec>) =>
      Effect.forEach(
        sections,
        (section) =>
          Effect.gen(function*() {
            const spec = specs.find((s) => s.templateId === section.templateId)
            const extracted = spec === undefined ? {} : yield* extractor.extract(model, section.pages, spec)
            return { ...section, extracted } satisfies ExtractedSection
          }),
        { concurrency: "unbounded" }
      ).pipe(Effect.withSpan("Pipeline.extract", { attributes: { sections: sections.length } }))

    const splitAndExtract = (model: PageModel, specs: ReadonlyArray<TemplateSpec>, options: SplitOptions) =>
      Effect.flatMap(split(model, specs, options), (sections) => extract(model, sections, specs))

    const markdown = (model: PageModel) => Effect.sync(() => toMarkdown(model))

    return { read, split, extract, splitAndExtract, markdown } as const
  })
}) {}
