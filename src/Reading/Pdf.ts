/**
 * PDF text layer → page model, with pdf.js (legacy build: the modern one needs DOMMatrix on Node 20).
 * Pages are read one at a time; boxes come from each text item's matrix and font metrics,
 * mapped through the page viewport (which applies /Rotate and the CropBox).
 */
import { Effect } from "effect"
import { createRequire } from "node:module"
import * as path from "node:path"
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs"
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs"
import type { TextItem, TextStyle } from "pdfjs-dist/types/src/display/api.js"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"
import type { Box, Line, Page, PageModel, Word } from "../Domain/PageModel.js"

export interface ReadPdfOptions {
  readonly maxPages: number
}

/** Reads every page's text layer. A page without text gets zero lines (OCR is a later stage). */
export const readPdf = (
  bytes: Uint8Array,
  options: ReadPdfOptions
): Effect.Effect<PageModel, UnsupportedMediaType | PayloadTooLarge> =>
  Effect.gen(function*() {
    const doc = yield* openDocument(bytes)
    if (doc.numPages > options.maxPages) {
      return yield* new PayloadTooLarge({
        detail: `document has ${doc.numPages} pages; the limit is ${options.maxPages}`
      })
    }
    const pages = yield* Effect.forEach(
      Array.from({ length: doc.numPages }, (_, i) => i + 1),
      (n) => readPage(doc, n)
    )
    return { mediaType: "application/pdf", pages } satisfies PageModel
  }).pipe(
    Effect.scoped,
    Effect.withSpan("Pdf.read", { attributes: { bytes: bytes.byteLength } })
  )

// ---------------------------------------------------------------------------------------------
// pdf.js plumbing

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))
// pdf.js reads these with fs on Node: plain paths, trailing slash required.
const resourceDir = (name: string) => path.join(pdfjsRoot, name) + path.sep

const documentOptions = {
  standardFontDataUrl: resourceDir("standard_fonts"),
  cMapUrl: resourceDir("cmaps"),
  cMapPacked: true,
  wasmUrl: resourceDir("wasm"),
  iccUrl: resourceDir("iccs"),
  isEvalSupported: false,
  verbosity: pdfjs.VerbosityLevel.ERRORS
} as const

const unreadable = (cause: unknown): UnsupportedMediaType => {
  const name = (cause as { name?: unknown } | null)?.name
  if (name === "PasswordException") {
    return new UnsupportedMediaType({ detail: "PDF is encrypted (password-protected)" })
  }
  const message = cause instanceof Error ? cause.message : String(cause)
  return new UnsupportedMediaType({ detail: `corrupt or unreadable PDF: ${message}` })
}

const openDocument = (bytes: Uint8Array) =>
  Effect.acquireRelease(
    Effect.suspend(() => {
      // pdf.js detaches the array it is given: hand it a copy (also turns a Buffer into a plain Uint8Array).
      const task = pdfjs.getDocument({ ...documentOptions, data: new Uint8Array(bytes) })
      return Effect.tryPromise({ try: () => task.promise, catch: unreadable }).pipe(
        Effect.tapError(() => Effect.promise(() => task.destroy().catch(() => undefined)))
      )
    }),
    (doc: PDFDocumentProxy) => Effect.promise(() => doc.destroy().catch(() => undefined))
  )

const readPage = (doc: PDFDocumentProxy, pageNumber: number): Effect.Effect<Page, UnsupportedMediaType> =>
  Effect.acquireUseRelease(
    Effect.tryPromise({ try: () => doc.getPage(pageNumber), catch: unreadable }),
    (page) =>
      Effect.tryPromise({ try: () => page.getTextContent(), catch: unreadable }).pipe(
        Effect.map((content) => pageModel(page, pageNumber, content.items, content.styles))
      ),
    (page: PDFPageProxy) => Effect.sync(() => page.cleanup())
  )

// ---------------------------------------------------------------------------------------------
// Geometry: text items → runs with boxes in viewport units (top-left origin, points)

type Matrix = readonly [number, number, number, number, number, number]

interface Fragment {
  readonly text: string
  /** [x1, y1, x2, y2] in viewport units. */
  readonly box: Box
}

interface Run {
  readonly text: string
  readonly box: Box
  /** Font size in points. */
  readonly size: number
  /** Left-to-right text on the displayed page (most text); anything else becomes a line of its own. */
  readonly horizontal: boolean
  readonly fragments: ReadonlyArray<Fragment>
  readonly spaceBefore: boolean
  readonly spaceAfter: boolean
}

const DEFAULT_ASCENT = 0.8
const DEFAULT_DESCENT = -0.2

const apply = (m: Matrix, x: number, y: number): readonly [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5]
]

/** Ascent and descent in font-size units; implausible values (some embedded fonts report 0.36 or NaN) fall back. */
const fontMetrics = (style: TextStyle | undefined): { ascent: number; descent: number } => {
  const ascent = style?.ascent, descent = style?.descent
  const plausible = (n: unknown, lo: number, hi: number): n is number =>
    typeof n === "number" && Number.isFinite(n) && n >= lo && n <= hi
  return {
    ascent: plausible(ascent, 0.5, 1.5) ? ascent : DEFAULT_ASCENT,
    descent: plausible(descent, -0.6, 0) ? descent : DEFAULT_DESCENT
  }
}

const toRun = (item: TextItem, style: TextStyle | undefined, view: Matrix): Run | undefined => {
  const chars = Array.from(item.str)
  if (chars.length === 0 || item.str.trim().length === 0) return undefined
  const [a, b, c, d, e, f] = item.transform as unknown as Matrix
  const alongLength = Math.hypot(a, b)
  const size = Math.hypot(c, d)
  if (alongLength === 0 || size === 0) return undefined
  const ux = a / alongLength, uy = b / alongLength // text direction (user space)
  const vx = c / size, vy = d / size // glyph "up" (user space)
  const { ascent, descent } = fontMetrics(style)
  const lo = descent * size, hi = ascent * size
  const width = Math.max(0, item.width)

  // Box (viewport units) of the characters [from, to) of the item, widths shared by character count.
  const spanBox = (from: number, to: number): Box => {
    const t0 = (width * from) / chars.length, t1 = (width * to) / chars.length
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity
    for (const t of [t0, t1]) {
      for (const s of [lo, hi]) {
        const [X, Y] = apply(view, e + ux * t + vx * s, f + uy * t + vy * s)
        if (X < x1) x1 = X
        if (X > x2) x2 = X
        if (Y < y1) y1 = Y
        if (Y > y2) y2 = Y
      }
    }
    return [x1, y1, x2, y2]
  }

  const fragments: Array<Fragment> = []
  let start = -1
  for (let i = 0; i <= chars.length; i++) {
    const blank = i === chars.length || /\s/.test(chars[i]!)
    if (blank && start >= 0) {
      fragments.push({ text: chars.slice(start, i).join(""), box: spanBox(start, i) })
      start = -1
    } else if (!blank && start < 0) {
      start = i
    }
  }
  // Direction of the text on the displayed page.
  const dx = view[0] * ux + view[2] * uy, dy = view[1] * ux + view[3] * uy
  return {
    text: item.str,
    box: spanBox(0, chars.length),
    size,
    horizontal: dx > 0 && Math.abs(dy) < 0.1 * dx,
    fragments,
    spaceBefore: /^\s/.test(item.str),
    spaceAfter: /\s$/.test(item.str)
  }
}

// ---------------------------------------------------------------------------------------------
// Layout: runs → lines in reading order

/** Runs whose vertical extents overlap by at least this share of the smaller one are one visual row... */
const ROW_OVERLAP = 0.5
/** ...unless the run also sits over or under a run of that row (stacked lines beside a tall heading). */
const STACKED_OVERLAP = 0.5
/** A horizontal gap wider than this many font sizes splits a row into separate lines (label | value columns). */
const COLUMN_GAP_EMS = 2
/** Runs closer than this many font sizes, with no space between them, continue the same word. */
const WORD_JOIN_EMS = 0.1
/** The same text drawn again within this many font sizes is a fake-bold overprint: kept once. */
const OVERPRINT_EMS = 0.2

interface Row {
  top: number
  bottom: number
  readonly runs: Array<Run>
}

const horizontalOverlap = (p: Run, q: Run) =>
  (Math.min(p.box[2], q.box[2]) - Math.max(p.box[0], q.box[0])) /
  Math.max(1e-9, Math.min(p.box[2] - p.box[0], q.box[2] - q.box[0]))

const isOverprint = (p: Run, q: Run) =>
  p.text === q.text &&
  Math.abs(p.box[0] - q.box[0]) < OVERPRINT_EMS * p.size &&
  Math.abs(p.box[1] - q.box[1]) < OVERPRINT_EMS * p.size

const groupRows = (runs: ReadonlyArray<Run>): Array<Row> => {
  const centre = (r: Run) => (r.box[1] + r.box[3]) / 2
  const sorted = [...runs].sort((p, q) => centre(p) - centre(q) || p.box[0] - q.box[0])
  const rows: Array<Row> = []
  next: for (const run of sorted) {
    if (!run.horizontal) {
      rows.push({ top: run.box[1], bottom: run.box[3], runs: [run] })
      continue
    }
    const height = run.box[3] - run.box[1]
    let best: Row | undefined
    let bestShare = ROW_OVERLAP
    for (const row of rows) {
      if (!row.runs[0]!.horizontal) continue
      const overlap = Math.min(row.bottom, run.box[3]) - Math.max(row.top, run.box[1])
      const share = overlap / Math.min(height, row.bottom - row.top)
      if (share < bestShare) continue
      if (row.runs.some((r) => isOverprint(r, run))) continue next
      if (row.runs.some((r) => horizontalOverlap(r, run) > STACKED_OVERLAP)) continue
      best = row
      bestShare = share
    }
    if (best) {
      best.runs.push(run)
      best.top = Math.min(best.top, run.box[1])
      best.bottom = Math.max(best.bottom, run.box[3])
    } else {
      rows.push({ top: run.box[1], bottom: run.box[3], runs: [run] })
    }
  }
  return rows.sort((p, q) => (p.top + p.bottom) / 2 - (q.top + q.bottom) / 2)
}

/** Splits a row (runs sorted left to right) at wide gaps. */
const splitColumns = (runs: ReadonlyArray<Run>): Array<Array<Run>> => {
  const segments: Array<Array<Run>> = []
  let current: Array<Run> = []
  for (const run of runs) {
    const prev = current[current.length - 1]
    if (prev && run.box[0] - prev.box[2] > COLUMN_GAP_EMS * Math.max(prev.size, run.size)) {
      segments.push(current)
      current = []
    }
    current.push(run)
  }
  if (current.length > 0) segments.push(current)
  return segments
}

/** The font size carrying most characters of the line. */
const dominantSize = (runs: ReadonlyArray<Run>): number => {
  const weight = new Map<number, number>()
  for (const run of runs) {
    const key = Math.round(run.size * 10) / 10
    weight.set(key, (weight.get(key) ?? 0) + run.fragments.reduce((n, fr) => n + fr.text.length, 0))
  }
  let best = runs[0]!.size, bestWeight = -1
  for (const [size, w] of weight) {
    if (w > bestWeight) {
      best = size
      bestWeight = w
    }
  }
  return best
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n)

const toLine = (runs: ReadonlyArray<Run>, pageWidth: number, pageHeight: number): Line | undefined => {
  const norm = (b: Box): Box => [
    clamp01(b[0] / pageWidth),
    clamp01(b[1] / pageHeight),
    clamp01(b[2] / pageWidth),
    clamp01(b[3] / pageHeight)
  ]
  const words: Array<{ text: string; box: Box }> = []
  let prev: Run | undefined
  for (const run of runs) {
    run.fragments.forEach((fragment, i) => {
      const last = words[words.length - 1]
      const continues = i === 0 && last !== undefined && prev !== undefined && !prev.spaceAfter &&
        !run.spaceBefore && run.box[0] - prev.box[2] < WORD_JOIN_EMS * Math.max(prev.size, run.size)
      if (continues) {
        words[words.length - 1] = {
          text: last.text + fragment.text,
          box: [
            Math.min(last.box[0], fragment.box[0]),
            Math.min(last.box[1], fragment.box[1]),
            Math.max(last.box[2], fragment.box[2]),
            Math.max(last.box[3], fragment.box[3])
          ]
        }
      } else {
        words.push(fragment)
      }
    })
    prev = run
  }
  const visible = words
    .map((w): Word => ({ text: w.text, box: norm(w.box), confidence: 1 }))
    .filter((w) => w.box[2] > w.box[0] && w.box[3] > w.box[1])
  if (visible.length === 0) return undefined
  let x1 = 1, y1 = 1, x2 = 0, y2 = 0
  for (const w of visible) {
    x1 = Math.min(x1, w.box[0])
    y1 = Math.min(y1, w.box[1])
    x2 = Math.max(x2, w.box[2])
    y2 = Math.max(y2, w.box[3])
  }
  return {
    text: visible.map((w) => w.text).join(" "),
    box: [x1, y1, x2, y2],
    words: visible,
    fontSize: dominantSize(runs) / pageHeight
  }
}

const pageModel = (
  page: PDFPageProxy,
  pageNumber: number,
  items: ReadonlyArray<unknown>,
  styles: Record<string, TextStyle>
): Page => {
  const viewport = page.getViewport({ scale: 1 })
  const view = viewport.transform as unknown as Matrix
  const runs: Array<Run> = []
  for (const item of items) {
    if (typeof item !== "object" || item === null || !("str" in item)) continue
    const textItem = item as TextItem
    const run = toRun(textItem, styles[textItem.fontName], view)
    // Text entirely outside the (cropped) page is not visible.
    if (run && run.box[2] > 0 && run.box[0] < viewport.width && run.box[3] > 0 && run.box[1] < viewport.height) {
      runs.push(run)
    }
  }
  const lines: Array<Line> = []
  for (const row of groupRows(runs)) {
    const ordered = [...row.runs].sort((p, q) => p.box[0] - q.box[0])
    for (const segment of splitColumns(ordered)) {
      const line = toLine(segment, viewport.width, viewport.height)
      if (line) lines.push(line)
    }
  }
  return { page: pageNumber, width: viewport.width, height: viewport.height, source: "text", lines }
}
