/**
 * PDF → page model, with pdf.js: each page's text layer (PdfTextLayer), or OCR of the rendered page
 * when the text layer is unusable and an OCR service is given (PdfScan); each page's `source` says
 * which was used. Pages are read in order and released once read, so that memory stays flat
 * however long the document.
 */
import { Effect } from "effect"
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs"
import type { ReadError } from "../Domain/Errors.js"
import { PayloadTooLarge, Unprocessable } from "../Domain/Errors.js"
import type { Page, PageModel } from "../Domain/PageModel.js"
import type { Ocr } from "../Ocr/Ocr.js"
import { openDocument, unreadable } from "./PdfJs.js"
import { readIfScanned } from "./PdfScan.js"
import { textLayerPage } from "./PdfTextLayer.js"

export interface ReadPdfOptions {
  readonly maxPages: number
  /**
   * Reads pages whose text layer is empty or unusable by OCR. Without it (text-only callers) such
   * pages keep what their text layer has, possibly nothing.
   */
  readonly ocr?: Ocr
  /** Told the page count once the document is open. */
  readonly onPageCount?: (pages: number) => void
  /** Told how many pages are read each time one more is. */
  readonly onPagesRead?: (pages: number) => void
  /** Given pages as soon as they and every page before them are read, in order (the model's own page objects). */
  readonly onPages?: (pages: ReadonlyArray<Page>) => void | Promise<void>
}

/** Pages read between two checks of pdf.js's caches (a batch's pages all finish before the check). */
const PAGES_PER_BATCH = 32
/**
 * More fonts than this loaded since the last release has pdf.js drop its document caches (loaded
 * fonts hold their converted programs, ~0.1 MB each): documents merged from many files bring new
 * fonts on every page, and memory would otherwise grow with the page count. Documents that reuse a
 * few fonts never reach it, and keep them (converting a font again costs more than reading a page).
 */
const FONTS_BEFORE_RELEASE = 100

/** Reads every page: its text layer, or OCR of the rendered page when the text layer is unusable. */
export const readPdf = (
  bytes: Uint8Array,
  options: ReadPdfOptions
): Effect.Effect<PageModel, ReadError> =>
  Effect.gen(function*() {
    const doc = yield* openDocument(bytes)
    if (doc.numPages === 0) {
      return yield* new Unprocessable({ detail: "the PDF has no pages: there is nothing in it to read" })
    }
    if (doc.numPages > options.maxPages) {
      return yield* new PayloadTooLarge({
        detail: `document has ${doc.numPages} pages; the limit is ${options.maxPages}`
      })
    }
    options.onPageCount?.(doc.numPages)
    const pages: Array<Page> = []
    // Fonts pdf.js has loaded since its caches were last released, by their per-document names.
    const fonts = new Set<string>()
    // Pages already read, by their object: a page tree may list one page object many times.
    const byObject = new Map<string, Page>()
    let done = 0
    // Pages read, by number, until they and every page before them are handed over (`onPages`, in order).
    const waiting = new Map<number, Page>()
    let handedOver = 0
    const handOver = Effect.suspend(() => {
      const ready: Array<Page> = []
      for (let next = waiting.get(handedOver + 1); next !== undefined; next = waiting.get(handedOver + 1)) {
        waiting.delete(++handedOver)
        ready.push(next)
      }
      const given = ready.length > 0 ? options.onPages?.(ready) : undefined
      return given === undefined ? Effect.void : Effect.promise(() => given)
    })
    const counted = (n: number) =>
      readPage(doc, n, options.ocr, fonts, byObject).pipe(
        Effect.tap(() => options.onPagesRead?.(++done)),
        Effect.tap((page) => {
          if (options.onPages === undefined) return Effect.void
          waiting.set(n, page)
          return handOver
        })
      )
    for (let first = 1; first <= doc.numPages; first += PAGES_PER_BATCH) {
      const batch = Array.from({ length: Math.min(PAGES_PER_BATCH, doc.numPages - first + 1) }, (_, i) => first + i)
      const read = yield* Effect.forEach(batch, counted, {
        // With OCR, as many pages at once as there are OCR workers, so that they are all busy; the
        // text layer alone gains nothing from more (pdf.js works on this thread).
        concurrency: options.ocr ? options.ocr.workers : 1
      })
      for (const page of read) pages.push(page)
      // Only between batches: releasing while a page renders would break that page. A failed
      // release only keeps the caches.
      if (fonts.size > FONTS_BEFORE_RELEASE) {
        yield* Effect.promise(() => doc.cleanup().catch(() => undefined))
        fonts.clear()
      }
    }
    return { mediaType: "application/pdf", pages } satisfies PageModel
  }).pipe(
    Effect.scoped,
    Effect.withSpan("Pdf.read", { attributes: { bytes: bytes.byteLength } })
  )

const readPage = (
  doc: PDFDocumentProxy,
  pageNumber: number,
  ocr: Ocr | undefined,
  fonts: Set<string>,
  byObject: Map<string, Page>
): Effect.Effect<Page, ReadError> =>
  Effect.acquireUseRelease(
    Effect.tryPromise({ try: () => doc.getPage(pageNumber), catch: unreadable }),
    (page) =>
      Effect.gen(function*() {
        const key = `${page.ref?.num ?? `#${pageNumber}`} ${page.ref?.gen ?? 0}`
        const earlier = byObject.get(key)
        // The same page object listed again reads the same: its earlier reading, under this number.
        if (earlier !== undefined) return { ...earlier, page: pageNumber } satisfies Page
        const content = yield* Effect.tryPromise({ try: () => page.getTextContent(), catch: unreadable })
        for (const font of Object.keys(content.styles)) fonts.add(font)
        const textPage = textLayerPage(page, pageNumber, content)
        const read = ocr === undefined ? textPage : yield* readIfScanned(doc, page, textPage, ocr)
        byObject.set(key, read)
        return read
      }),
    (page) => Effect.sync(() => page.cleanup())
  )
