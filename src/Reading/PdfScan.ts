/**
 * Scanned PDF pages: whether a page's text layer is usable, and when it is not (empty over a
 * painted page, unmapped glyphs, a few characters over a page-sized image), the page rendered
 * (pdf.js on @napi-rs/canvas) and read by the OCR service. Also renders a page of a file on its own
 * (renderPdfPage), for readers that look at the page.
 */
import { Effect } from "effect"
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs"
import type { RenderParameters } from "pdfjs-dist/types/src/display/api.js"
import { type ReadError, Unprocessable, UnsupportedMediaType } from "../Domain/Errors.js"
import type { Page } from "../Domain/PageModel.js"
import type { Ocr } from "../Ocr/Ocr.js"
import type { Matrix } from "./PdfJs.js"
import { apply, openDocument, pdfjs, unreadable } from "./PdfJs.js"

/**
 * The page read by OCR when its text layer is unusable (a scan), else the text-layer page as given.
 * Keeps the text page's number and size; `source` says which was used.
 */
export const readIfScanned = (
  doc: PDFDocumentProxy,
  page: PDFPageProxy,
  textPage: Page,
  ocr: Ocr
): Effect.Effect<Page, ReadError> =>
  Effect.gen(function*() {
    if ((yield* textLayerVerdict(page, textPage)) === "text") return textPage
    const image = yield* render(doc, page, ocrScale(page))
    const { lines } = yield* ocr.recognize(image).pipe(
      Effect.mapError((e) => new Unprocessable({ detail: `OCR could not read page ${textPage.page}: ${e.reason}` }))
    )
    return { ...textPage, source: "ocr", lines } satisfies Page
  })

/** Fewer visible characters than this is "only a few characters" (a stamp or page number on a scan). */
const FEW_CHARS = 40
/** An image covering this share of the page makes a page with few characters a scan. */
const SCAN_IMAGE_SHARE = 0.5
/** Text with this share of unmapped glyphs (U+FFFD, private use, controls) is unusable. */
const JUNK_SHARE = 0.3
/** Pages are rendered for OCR at this resolution (Preprocess then scales to the text's size). */
const RENDER_DPI = 200
const MAX_RENDER_PIXELS = 40_000_000

const IMAGE_OPS = new Set<number>([
  pdfjs.OPS.paintImageXObject,
  pdfjs.OPS.paintInlineImageXObject,
  pdfjs.OPS.paintImageMaskXObject,
  pdfjs.OPS.paintImageXObjectRepeat,
  pdfjs.OPS.paintImageMaskXObjectRepeat,
  pdfjs.OPS.paintInlineImageXObjectGroup,
  pdfjs.OPS.paintImageMaskXObjectGroup,
  pdfjs.OPS.paintSolidColorImageMask
])
const PAINT_OPS = new Set<number>([
  ...IMAGE_OPS,
  pdfjs.OPS.fill,
  pdfjs.OPS.eoFill,
  pdfjs.OPS.stroke,
  pdfjs.OPS.fillStroke,
  pdfjs.OPS.eoFillStroke,
  pdfjs.OPS.closeFillStroke,
  pdfjs.OPS.closeEOFillStroke,
  pdfjs.OPS.closeStroke,
  pdfjs.OPS.shadingFill
])

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5]
]

/** Whether the page paints anything, and the largest share of the page one image covers. */
const inkOf = (fnArray: ReadonlyArray<number>, argsArray: ReadonlyArray<unknown>, view: ReadonlyArray<number>) => {
  const pageArea = Math.abs((view[2]! - view[0]!) * (view[3]! - view[1]!)) || 1
  const stack: Array<Matrix> = []
  let ctm: Matrix = [1, 0, 0, 1, 0, 0]
  let paints = false, imageShare = 0
  fnArray.forEach((fn, i) => {
    if (fn === pdfjs.OPS.save) stack.push(ctm)
    else if (fn === pdfjs.OPS.restore) ctm = stack.pop() ?? ctm
    else if (fn === pdfjs.OPS.transform) ctm = multiply(ctm, argsArray[i] as unknown as Matrix)
    // pdf.js hands paths over as one constructPath op whose first argument is the painting op.
    const painting = fn === pdfjs.OPS.constructPath ? (argsArray[i] as ReadonlyArray<unknown> | undefined)?.[0] : fn
    if (typeof painting !== "number" || !PAINT_OPS.has(painting)) return
    paints = true
    if (!IMAGE_OPS.has(fn)) return
    // An image fills the unit square of the current transformation.
    const corners = [apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]
    const xs = corners.map((c) => c[0]), ys = corners.map((c) => c[1])
    const w = Math.min(Math.max(...xs), view[2]!) - Math.max(Math.min(...xs), view[0]!)
    const h = Math.min(Math.max(...ys), view[3]!) - Math.max(Math.min(...ys), view[1]!)
    if (w > 0 && h > 0) imageShare = Math.max(imageShare, (w * h) / pageArea)
  })
  return { paints, imageShare }
}

/**
 * "text" keeps the text layer; "ocr" when it is empty on a page that paints something, unreadable
 * (unmapped glyphs), or a few characters over a page-sized image.
 */
const textLayerVerdict = (page: PDFPageProxy, textPage: Page): Effect.Effect<"text" | "ocr", ReadError> =>
  Effect.gen(function*() {
    const text = textPage.lines.map((l) => l.text).join("").replace(/\s+/g, "")
    const chars = Array.from(text).length
    const junk = text.match(/[\uFFFD\uE000-\uF8FF\u0000-\u001F]/gu)?.length ?? 0
    const unreadableText = chars > 0 && junk >= JUNK_SHARE * chars
    if (chars >= FEW_CHARS && !unreadableText) return "text"
    const ops = yield* Effect.tryPromise({ try: () => page.getOperatorList(), catch: unreadable })
    const { paints, imageShare } = inkOf(ops.fnArray, ops.argsArray, page.view)
    if (!paints) return "text"
    return chars === 0 || unreadableText || imageShare >= SCAN_IMAGE_SHARE ? "ocr" : "text"
  })

interface CanvasAndContext {
  readonly canvas: unknown
  readonly context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } }
}

interface CanvasFactory {
  create(width: number, height: number): CanvasAndContext
  destroy(canvasAndContext: CanvasAndContext): void
}

/** A rendered page: RGBA pixels, row by row. */
export interface RenderedPage {
  readonly width: number
  readonly height: number
  readonly channels: 4
  readonly pixels: Uint8Array
}

/** The scale (pixels per point) for OCR: RENDER_DPI, less on pages too large for MAX_RENDER_PIXELS. */
const ocrScale = (page: PDFPageProxy) => {
  const { width, height } = page.getViewport({ scale: 1 })
  return Math.min(RENDER_DPI / 72, Math.sqrt(MAX_RENDER_PIXELS / (width * height)))
}

/** The page rendered (pdf.js on @napi-rs/canvas) as raw pixels, no PNG round trip. */
const render = (doc: PDFDocumentProxy, page: PDFPageProxy, scale: number): Effect.Effect<RenderedPage, ReadError> =>
  Effect.gen(function*() {
    const viewport = page.getViewport({ scale })
    const width = Math.max(1, Math.round(viewport.width)), height = Math.max(1, Math.round(viewport.height))
    const factory = doc.canvasFactory as CanvasFactory
    return yield* Effect.acquireUseRelease(
      Effect.sync(() => factory.create(width, height)),
      (target) =>
        Effect.tryPromise({
          try: () =>
            page.render({
              canvas: null,
              canvasContext: target.context as unknown as NonNullable<RenderParameters["canvasContext"]>,
              viewport
            }).promise,
          catch: unreadable
        }).pipe(
          Effect.map((): RenderedPage => {
            const { data } = target.context.getImageData(0, 0, width, height)
            return { width, height, channels: 4, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }
          })
        ),
      (target) => Effect.sync(() => factory.destroy(target))
    )
  }).pipe(Effect.withSpan("Pdf.render"))

/**
 * One page (1-based) of a PDF file rendered as large as fits `maxSide` pixels on its longer side
 * (and MAX_RENDER_PIXELS), for readers that look at the page itself.
 */
export const renderPdfPage = (
  bytes: Uint8Array,
  pageNumber: number,
  options: { readonly maxSide: number }
): Effect.Effect<RenderedPage, ReadError> =>
  Effect.gen(function*() {
    const doc = yield* openDocument(bytes)
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
      return yield* new UnsupportedMediaType({ detail: `the PDF has no page ${pageNumber}` })
    }
    return yield* Effect.acquireUseRelease(
      Effect.tryPromise({ try: () => doc.getPage(pageNumber), catch: unreadable }),
      (page) => {
        const { width, height } = page.getViewport({ scale: 1 })
        const scale = Math.min(
          options.maxSide / Math.max(width, height),
          Math.sqrt(MAX_RENDER_PIXELS / (width * height))
        )
        return render(doc, page, scale)
      },
      (page) => Effect.sync(() => page.cleanup())
    )
  }).pipe(Effect.scoped)
