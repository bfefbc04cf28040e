/**
 * Reads any supported file into the page model: the type comes from the bytes (Sniff),
 * then one reader per format. Adding a format is one line in `readers`.
 *
 * `readDocument` is the registry itself, which the reading workers run (Isolation/Host.ts);
 * `InProcessReader` provides the `DocumentReader` service (Reader.ts) with it in this process (tests,
 * tools), and the server provides the service isolated instead (Isolation/ReadingPool.ts: worker
 * processes with a time budget and a memory cap), so the server's own process never loads a reader.
 */
import { Effect, Layer } from "effect"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"
import type { ReadError } from "../Domain/Errors.js"
import type { PageModel } from "../Domain/PageModel.js"
import { renderPageImage } from "../Export/PageImage.js"
import { Ocr } from "../Ocr/Ocr.js"
import { OfficeConverter } from "../Office/Converter.js"
import { DOCX_MEDIA_TYPE, readDocx } from "./Docx.js"
import { EML_MEDIA_TYPE, readEmail } from "./Email.js"
import { readHtml } from "./Html.js"
import { readImage } from "./Image.js"
import { OUTLOOK_MEDIA_TYPE, readMsg, refuseCompoundFile } from "./Msg.js"
import { readPdf } from "./Pdf.js"
import { pagesAtLeast, readPlainText } from "./PlainText.js"
import { DocumentReader, type ReadOptions } from "./Reader.js"
import { COMPOUND_FILE_MEDIA_TYPE, sniff } from "./Sniff.js"
import { decodeText } from "./Utf8.js"

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
      const text = decodeText(bytes)
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
    // Attachments are documents of their own: no page-count report for them, no pages given early.
    const nested: ReadDocument = (b, o) =>
      Effect.provide(
        readDocument(b, { ...o, onPageCount: undefined, onPagesRead: undefined, onPages: undefined }),
        context
      )
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

/** Reads in this process, with the OCR and office converter of its context. */
export const InProcessReaderWithoutDependencies = Layer.effect(
  DocumentReader,
  Effect.map(Effect.context<Ocr | OfficeConverter>(), (context) =>
    DocumentReader.of({
      read: (bytes, options) => Effect.provide(readDocument(bytes, options), context),
      pageImage: renderPageImage
    }))
)

/** Reads in this process, with this process's OCR and the office converter found on the machine. */
export const InProcessReader = InProcessReaderWithoutDependencies.pipe(
  Layer.provide([Ocr.Default, OfficeConverter.detect])
)
