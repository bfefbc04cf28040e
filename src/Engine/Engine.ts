/**
 * What an engine is: a splitter (a document's pages into sections by template) and an extractor (a
 * section's values by template), and the errors either may fail with. The offline engine (Local/) and
 * the Claude engine (Claude/) both provide these tags; the pipeline only sees them.
 */
import { Context, type Effect } from "effect"
import type { BadGateway, GatewayTimeout } from "../Domain/Errors.js"
import type { ExtractedObject, SplitSection } from "../Domain/Extraction.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import type { Page, PageImages, PageModel } from "../Domain/PageModel.js"

/** Errors an engine (splitter or extractor) can fail with: its model provider failed or timed out. */
export type EngineError = BadGateway | GatewayTimeout

export class Splitter extends Context.Tag("Splitter")<
  Splitter,
  {
    /** Sections of the document, in page order, each of one requested template's type. */
    readonly split: (
      model: PageModel,
      specs: ReadonlyArray<TemplateSpec>
    ) => Effect.Effect<ReadonlyArray<SplitSection>, EngineError>
    /**
     * A fast local estimate of what `split` will answer, offered by engines whose `split` is slow:
     * the pipeline starts extracting these sections while `split` runs and keeps the work whose
     * section `split` confirms.
     */
    readonly preview?: (
      model: PageModel,
      specs: ReadonlyArray<TemplateSpec>
    ) => Effect.Effect<ReadonlyArray<SplitSection>>
    /**
     * The engine's work on one page that no template changes, done ahead (while the rest of the
     * document is still being read) and kept beside the page, for the split and the extraction of
     * the model that holds it; engines with no such work leave it out.
     */
    readonly prepare?: (page: Page) => Effect.Effect<void>
  }
>() {}

export class Extractor extends Context.Tag("Extractor")<
  Extractor,
  {
    /**
     * Extracts the template's fields from the given pages (1-based) of the document; `images`, when
     * given, renders its pages for engines that can look at them.
     */
    readonly extract: (
      model: PageModel,
      pages: ReadonlyArray<number>,
      spec: TemplateSpec,
      images?: PageImages
    ) => Effect.Effect<ExtractedObject, EngineError>
  }
>() {}
