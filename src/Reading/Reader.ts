/**
 * What the rest of the service asks of reading: a file in, its page model out, and a page as an image
 * for the model. The readers themselves (DocumentReader.ts) are loaded only where the reading happens:
 * in the reading workers, or in the process of a test or a tool.
 */
import { Context, Effect, type Option } from "effect"
import type { ReadError } from "../Domain/Errors.js"
import type { Page, PageImage, PageModel } from "../Domain/PageModel.js"

/**
 * The readers' version: part of the key stored page models are cached under, so a change in what
 * reading produces (bump it with such a change) reads stored documents again instead of reusing models
 * made the old way.
 */
export const READER_VERSION = 5

export interface ReadOptions {
  /** More pages than this fails with PayloadTooLarge. */
  readonly maxPages: number
  /** How many e-mails this file is attached inside (0 or absent: the uploaded file). */
  readonly nesting?: number
  /** Told the page count as soon as a reader knows it (before reading the pages): budgets scale with it. */
  readonly onPageCount?: (pages: number) => void
  /** Told how many pages are read so far, as the reader goes (PDF pages; other formats only at the end). */
  readonly onPagesRead?: (pages: number) => void
  /**
   * Given pages as soon as they (and the pages before them) are read, in order (PDF pages; other
   * formats give none): work on them can start before the whole document is read. The model read in the end holds
   * these same page objects (a reader that replaces a page gives its new object only in the model).
   * A promise it returns is waited for before reading on (pages on their way to another process).
   */
  readonly onPages?: (pages: ReadonlyArray<Page>) => void | Promise<void>
  /**
   * The service's own reading (its warm-up at start), which gives way to users' documents: where reading
   * happens in worker processes, it waits for a started worker rather than starting one, and a user's
   * document waits for it (a few milliseconds) rather than for another worker's start (seconds).
   */
  readonly background?: boolean
}

/** What renders one page (1-based) of a file as a JPEG; none when the format has no page images. */
export type PageRenderer = (
  bytes: Uint8Array,
  mediaType: string,
  page: number
) => Effect.Effect<Option.Option<PageImage>, unknown>

export class DocumentReader extends Context.Tag("DocumentReader")<DocumentReader, {
  readonly read: (bytes: Uint8Array, options: ReadOptions) => Effect.Effect<PageModel, ReadError>
  /** One page of the file as an image for the model (Export/PageImage.ts). */
  readonly pageImage: PageRenderer
}>() {}

/** Reads a file with the context's reader. */
export const readFile = (
  bytes: Uint8Array,
  options: ReadOptions
): Effect.Effect<PageModel, ReadError, DocumentReader> =>
  Effect.flatMap(DocumentReader, (reader) => reader.read(bytes, options))
