/**
 * The pipeline the handlers call: read a file into the page model, split it into sections,
 * extract each section's fields. Engines are whatever Splitter/Extractor layers are provided.
 */
import { Effect, Fiber, FiberRef, Queue, Ref } from "effect"
import { AppConfig } from "../Config.js"
import { abstain, type ExtractedObject, type SplitSection } from "../Domain/Extraction.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import type { Page, PageImages, PageModel } from "../Domain/PageModel.js"
import { addUsage, CurrentUsage, emptyUsage, type Usage } from "../Engine/Claude/Usage.js"
import { type EngineError, Extractor, Splitter } from "../Engine/Engine.js"
import { toMarkdown } from "../Export/Markdown.js"
import { pageImagesOf } from "../Export/PageImages.js"
import { analyzeLayout } from "../Layout/Layout.js"
import { recordPagesRead } from "../Observability/Metrics.js"
import { DocumentReader, READER_VERSION } from "../Reading/Reader.js"
import { Progress, readingReports } from "./Progress.js"

export interface ReadOptions {
  /** Rebuild reading order from the layout (columns, tables, repeated headers/footers). */
  readonly layout: boolean
  /** Told the pages read as the reading goes. */
  readonly progress?: Progress
  /**
   * The service's own reading (its warm-up), not a user's: no pages-read metric counts it, and it gives
   * way to users' documents (Reader.ts' ReadOptions.background).
   */
  readonly background?: boolean
}

export interface SplitOptions {
  /** One section, all pages, the first template's type: no split. */
  readonly forceExclusive: boolean
  readonly progress?: Progress
}

export interface ExtractOptions {
  /** Images of the file's pages, for engines that look at them (MODEL_VISION). */
  readonly images?: PageImages
  readonly progress?: Progress
}

export interface ExtractedSection extends SplitSection {
  readonly extracted: ExtractedObject
}

const sectionKey = (section: SplitSection) => `${section.templateId}:${section.pages.join(",")}`

/** The key a page model is cached under for a stored document: the reading options and the readers' version. */
export const parseKey = (options: ReadOptions): string => `${options.layout ? "layout" : "plain"}@${READER_VERSION}`

export class Pipeline extends Effect.Service<Pipeline>()("Pipeline", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const reader = yield* DocumentReader
    const splitter = yield* Splitter
    const extractor = yield* Extractor

    /**
     * The engine's per-page work on pages as the reader hands them over, while it reads the rest: in
     * a fiber of its own, stopped when the reading ends (pages left are worked on when needed). Pages
     * laid out again after reading (`layout`) are new objects: nothing to do ahead for them.
     */
    const preparing = (options: ReadOptions) =>
      Effect.gen(function*() {
        const prepare = splitter.prepare
        if (options.layout || prepare === undefined) return {}
        const pages = yield* Queue.unbounded<Page>()
        // A page whose preparation fails is left to the split and extraction (which will meet the same
        // failure, if any, on it): logged, the next page prepared.
        const prepared = (page: Page) =>
          prepare(page).pipe(
            Effect.catchAllCause((cause) =>
              Effect.logWarning(`page ${page.page}: the engine's work ahead failed`, cause)
            )
          )
        yield* Effect.forkScoped(Effect.forever(Effect.flatMap(Queue.take(pages), prepared)))
        return {
          onPages: (read: ReadonlyArray<Page>) => {
            for (const page of read) Queue.unsafeOffer(pages, page)
          }
        }
      })

    // Whether a user's document has been read yet (the service's own reading aside): the warm-up at start
    // stops then, rather than take turns with the user's first document on the cores.
    const usersCame = yield* Ref.make(false)
    const usersArrived: Effect.Effect<boolean> = Ref.get(usersCame)

    const read = (bytes: Uint8Array, options: ReadOptions) =>
      Effect.zipRight(
        options.background === true ? Effect.void : Ref.set(usersCame, true),
        readAndPrepare(bytes, options)
      )

    const readAndPrepare = (bytes: Uint8Array, options: ReadOptions) =>
      Effect.all([
        options.progress === undefined ? Effect.succeed({}) : readingReports(options.progress),
        preparing(options)
      ]).pipe(
        Effect.flatMap(([reports, prepare]) =>
          reader.read(bytes, { maxPages: config.maxPages, background: options.background, ...reports, ...prepare })
        ),
        Effect.scoped,
        Effect.tap((model) => (options.background === true ? Effect.void : recordPagesRead(model.pages))),
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
            pages: model.pages.map((p) => p.page),
            // The caller said the whole file is one document of this type.
            confidence: 1
          }] satisfies ReadonlyArray<SplitSection>
        }
        return yield* splitter.split(model, specs)
      }).pipe(
        Effect.tap((sections) => (options.progress ?? Progress.none).split(sections.length)),
        Effect.withSpan("Pipeline.split", { attributes: { pages: model.pages.length, templates: specs.length } })
      )

    const extractSection = (
      model: PageModel,
      section: SplitSection,
      specs: ReadonlyArray<TemplateSpec>,
      options: ExtractOptions
    ) =>
      Effect.gen(function*() {
        const spec = specs.find((s) => s.templateId === section.templateId)
        const extracted = spec === undefined ? {} : yield* extractor.extract(model, section.pages, spec, options.images)
        return {
          ...section,
          extracted: abstain(extracted, config.minConfidence) as ExtractedObject
        } satisfies ExtractedSection
      })

    /** A section's extraction that counts as done when it ends (an early one only once the split confirms it). */
    const counted = <A, E, R>(options: ExtractOptions, work: Effect.Effect<A, E, R>) =>
      Effect.tap(work, () => (options.progress ?? Progress.none).sectionDone)

    const extract = (
      model: PageModel,
      sections: ReadonlyArray<SplitSection>,
      specs: ReadonlyArray<TemplateSpec>,
      options: ExtractOptions = {}
    ) =>
      Effect.forEach(sections, (section) => counted(options, extractSection(model, section, specs, options)), {
        concurrency: "unbounded"
      }).pipe(
        Effect.withSpan("Pipeline.extract", { attributes: { sections: sections.length } })
      )

    /**
     * Splitting and extraction overlapped: when the splitter offers a preview (a fast local guess of
     * its answer), each previewed section's extraction starts at once, alongside the split. Sections
     * the split confirms (same template, same pages) keep that work; the others are extracted after
     * the split, and the unconfirmed early extractions are interrupted. Their model calls still count
     * in the request's usage; values they would have returned do not.
     */
    const speculate = (
      model: PageModel,
      specs: ReadonlyArray<TemplateSpec>,
      preview: ReadonlyArray<SplitSection>,
      options: SplitOptions & ExtractOptions
    ) =>
      Effect.scoped(Effect.gen(function*() {
        const usage = yield* FiberRef.get(CurrentUsage)
        const early = new Map<
          string,
          { readonly fiber: Fiber.RuntimeFiber<ExtractedSection, EngineError>; readonly usage: Usage }
        >()
        let confirmed = new Set<string>()
        // Runs last, after the scope has stopped every early extraction, whatever the outcome.
        yield* Effect.addFinalizer(() =>
          Effect.sync(() => {
            if (usage === undefined) return
            for (const [key, e] of early) addUsage(usage, e.usage, { ungrounded: confirmed.has(key) })
          })
        )
        // The split goes first, so that its calls queue for the model before the early extractions'.
        const splitting = yield* Effect.forkScoped(split(model, specs, options))
        for (const section of preview) {
          const own = emptyUsage()
          const fiber = yield* Effect.forkScoped(
            Effect.locally(extractSection(model, section, specs, options), CurrentUsage, own)
          )
          early.set(sectionKey(section), { fiber, usage: own })
        }
        const sections = yield* Fiber.join(splitting)
        confirmed = new Set(sections.map(sectionKey))
        const dropped = [...early].filter(([key]) => !confirmed.has(key)).map(([, e]) => e)
        yield* Fiber.interruptAll(dropped.map((e) => e.fiber))
        const extracted = yield* Effect.forEach(
          sections,
          (section) => {
            const started = early.get(sectionKey(section))
            return counted(
              options,
              started === undefined
                ? extractSection(model, section, specs, options)
                // The values found early, with the split's section (its confidence, not the preview's).
                : Effect.map(Fiber.join(started.fiber), (e) => ({ ...e, ...section }))
            )
          },
          { concurrency: "unbounded" }
        )
        yield* Effect.annotateCurrentSpan({ previewed: preview.length, confirmed: preview.length - dropped.length })
        return extracted
      })).pipe(
        Effect.withSpan("Pipeline.speculate", { attributes: { pages: model.pages.length, templates: specs.length } })
      )

    const splitAndExtract = (
      model: PageModel,
      specs: ReadonlyArray<TemplateSpec>,
      options: SplitOptions & ExtractOptions
    ) =>
      (options.forceExclusive || specs.length === 0 || model.pages.length === 0 || splitter.preview === undefined
        ? Effect.succeed([])
        : splitter.preview(model, specs)).pipe(
          Effect.withSpan("Pipeline.preview", { attributes: { pages: model.pages.length } }),
          Effect.flatMap((preview) =>
            preview.length > 0
              ? speculate(model, specs, preview, options)
              : Effect.flatMap(split(model, specs, options), (sections) => extract(model, sections, specs, options))
          )
        )

    const markdown = (model: PageModel) =>
      Effect.sync(() => toMarkdown(model)).pipe(
        Effect.withSpan("Pipeline.markdown", { attributes: { pages: model.pages.length } })
      )

    /** The file's page images for the model, each rendered where files are read, on first use. */
    const pageImages = (bytes: Effect.Effect<Uint8Array>, mediaType: string) =>
      pageImagesOf(bytes, mediaType, reader.pageImage)

    return { read, split, extract, splitAndExtract, markdown, pageImages, usersArrived } as const
  })
}) {}
