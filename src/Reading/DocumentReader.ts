/**
 * Reads any supported file into the page model: the type comes from the bytes (Sniff),
 * then one reader per format. Adding a format is one line in `readers`.
 *
 * `readDocument` is the registry itself; the `DocumentReader` service runs it in this process (tests,
 * tools), and the server provides it isolated instead (Isolation/ReadingPool.ts: worker processes with
 * a time budget and a memory cap).
 */
import { Effect } from "effect"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"
import type { ReadError } from "../Domain/Errors.js"
import type { PageModel } from "../Domain/PageModel.js"
import { type PageRenderer, renderPageImage } from "../Export/PageImage.js"
import { Ocr } from "../Ocr/Ocr.js"
import { OfficeConverter } from "../Office/Converter.js"
import { DOCX_MEDIA_TYPE, readDocx } from "./Docx.js"
import { EML_MEDIA_TYPE, readEmail } from "./Email.js"
import { readHtml } from "./Html.js"
import { readImage } from "./Image.js"
import { OUTLOOK_MEDIA_TYPE, readMsg, refuseCompoundFile } from "./Msg.js"
import { readPdf } from "./Pdf.js"
import { pagesAtLeast, readPlainText } from "./PlainText.js"
import { COMPOUND_FILE_MEDIA_TYPE, sniff } from "./Sniff.js"
import { decodeUtf8 } from "./Utf8.js"

/**
 * The readers' version: part of the key stored page models are cached under, so a change in what
 * reading produces (bump it with such a change) reads stored documents again instead of reusing models
 * made the old way.
 */
export const READER_VERSION = 2

export interface ReadOptions {
  /** More pages than this fails with PayloadTooLarge. */
  readonly maxPages: number
  /** How many e-mails this file is attached inside (0 or absent: the uploaded file). */
  readonly nesting?: number
  /** Told the page count as soon as a reader knows it (before reading the pages): budgets scale with it. */
  readonly onPageCount?: (pages: number) => void
  /** Told how many pages are read so far, as the reader goes (PDF pages; other formats only at the end). */
  readonly onPagesRead?: (pages: number) => void
}

type ReadDocument = (bytes: Uint8Array, options: ReadOptions) => Effect.Effect<PageModel, ReadError>
/** `readDocument` reads any format: for containers (e-mail) whose parts are documents themselves. */
type Reader = (
  bytes: Uint8Array,
  options: ReadOptions,
  readDocument: ReadDocument
) => Effect.Effect<PageModel, ReadError, Ocr | OfficeConverter>

const readers: Record<string, Reader> = {
  "application/pdf": (bytes, options) => Effect.flatMap(Ocr, (ocr) => readPdf(bytes, { ...options, ocr })),
  "image/png": readImage,
  "image/jpeg": readImage,
  "image/tiff": readImage,
  "image/webp": readImage,
  "image/gif": readImage,
  "image/bmp": readImage,
  "text/plain": (bytes, options) =>
    Effect.suspend(() => {
      const text = decodeUtf8(bytes) ?? ""
      const least = pagesAtLeast(text)
      return least > options.maxPages
        ? Effect.fail(
          new PayloadTooLarge({ detail: `document has at least ${least} pages; the limit is ${options.maxPages}` })
        )
        : Effect.sync(() => readPlainText(text))
    }),
  "text/html": readHtml,
  [DOCX_MEDIA_TYPE]: readDocx,
  [EML_MEDIA_TYPE]: readEmail,
  [OUTLOOK_MEDIA_TYPE]: readMsg,
  // Other compound files are legacy Office formats: refused, saying so.
  [COMPOUND_FILE_MEDIA_TYPE]: refuseCompoundFile
}

/** Any supported file → page model, in this thread. */
export const readDocument = (
  bytes: Uint8Array,
  options: ReadOptions
): Effect.Effect<PageModel, ReadError, Ocr | OfficeConverter> =>
  Effect.gen(function*() {
    if (bytes.byteLength === 0) return yield* new UnsupportedMediaType({ detail: "empty file" })
    const type = yield* sniff(bytes)
    const mediaType = type?.mediaType ?? "application/octet-stream"
    yield* Effect.annotateCurrentSpan("mediaType", mediaType)
    const reader = Object.hasOwn(readers, mediaType) ? readers[mediaType] : undefined
    if (reader === undefined) {
      return yield* new UnsupportedMediaType({ detail: `unsupported file type ${mediaType}` })
    }
    const context = yield* Effect.context<Ocr | OfficeConverter>()
    // Attachments are documents of their own: no page-count report for them.
    const nested: ReadDocument = (b, o) =>
      Effect.provide(readDocument(b, { ...o, onPageCount: undefined, onPagesRead: undefined }), context)
    const model = yield* reader(bytes, options, nested)
    // Readers that cannot count pages before reading (plain text) are checked here.
    if (model.pages.length > options.maxPages) {
      return yield* new PayloadTooLarge({
        detail: `document has ${model.pages.length} pages; the limit is ${options.maxPages}`
      })
    }
    yield* Effect.annotateCurrentSpan("pages", model.pages.length)
    return model
  }).pipe(Effect.withSpan("DocumentReader.read", { attributes: { bytes: bytes.byteLength } }))

/** Reads in this process, with the given OCR and office converter. */
export class DocumentReader extends Effect.Service<DocumentReader>()("DocumentReader", {
  accessors: true,
  dependencies: [Ocr.Default, OfficeConverter.detect],
  effect: Effect.map(Effect.context<Ocr | OfficeConverter>(), (context) => ({
    read: (bytes: Uint8Array, options: ReadOptions): Effect.Effect<PageModel, ReadError> =>
      Effect.provide(readDocument(bytes, options), context),
    /** One page of the file as an image for the model (Export/PageImage.ts). */
    pageImage: renderPageImage as PageRenderer
  }))
}) {}
