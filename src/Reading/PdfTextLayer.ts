/**
 * A PDF page's text layer → the page model: lines in reading order, words with normalized boxes.
 * Boxes come from each text item's matrix and font metrics, mapped through the page viewport
 * (which applies /Rotate and the CropBox); layout groups the runs into visual lines.
 */
import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs"
import type { TextContent, TextItem, TextStyle } from "pdfjs-dist/types/src/display/api.js"
import type { Box, Line, Page, Word } from "../Domain/PageModel.js"
import { lineOf } from "../Domain/PageModel.js"
import type { Matrix } from "./PdfJs.js"

// ---------------------------------------------------------------------------------------------
// Geometry: text items → runs with boxes in viewport units (top-left origin, points)

/** Direction text runs on the displayed page, in degrees clockwise from left-to-right. */
type Orientation = 0 | 90 | 180 | 270

interface Fragment {
  readonly text: string
  /** [x1, y1, x2, y2] in viewport units. */
  readonly box: Box
}

interface Run {
  readonly text: string
  /** On the displayed page, viewport units. */
  readonly box: Box
  /** Font size in points. */
  readonly size: number
  readonly orientation: Orientation | undefined
  readonly fragments: ReadonlyArray<Fragment>
  readonly spaceBefore: boolean
  readonly spaceAfter: boolean
}

const DEFAULT_ASCENT = 0.8
const DEFAULT_DESCENT = -0.2

const plausible = (n: unknown, lo: number, hi: number): n is number =>
  typeof n === "number" && Number.isFinite(n) && n >= lo && n <= hi

/** Ascent and descent in font-size units; implausible values (some embedded fonts report 0.36 or NaN) fall back. */
const fontMetrics = (style: TextStyle | undefined): { ascent: number; descent: number } => {
  const ascent = style?.ascent, descent = style?.descent
  return {
    ascent: plausible(ascent, 0.5, 1.5) ? ascent : DEFAULT_ASCENT,
    descent: plausible(descent, -0.6, 0) ? descent : DEFAULT_DESCENT
  }
}

const orientationOf = (dx: number, dy: number): Orientation | undefined => {
  const ax = Math.abs(dx), ay = Math.abs(dy)
  if (ay < 0.1 * ax) return dx > 0 ? 0 : 180
  if (ax < 0.1 * ay) return dy > 0 ? 90 : 270
  return undefined
}

/** Whether a character is whitespace as /\s/ has it (ASCII without the regular expression). */
const isSpace = (char: string): boolean => {
  const code = char.charCodeAt(0)
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(char)
}

/** A text item's placement in user space: origin, unit vectors along and up the text, extent below and above. */
interface Placement {
  readonly e: number
  readonly f: number
  readonly ux: number
  readonly uy: number
  readonly vx: number
  readonly vy: number
  readonly lo: number
  readonly hi: number
}

/** Box (viewport units) of the stretch [t0, t1] along the text, corners taken in a fixed order. */
const stretchBox = (p: Placement, view: Matrix, t0: number, t1: number): Box => {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity
  for (let corner = 0; corner < 4; corner++) {
    const t = corner < 2 ? t0 : t1, s = corner % 2 === 0 ? p.lo : p.hi
    const x = p.e + p.ux * t + p.vx * s, y = p.f + p.uy * t + p.vy * s
    const X = view[0] * x + view[2] * y + view[4], Y = view[1] * x + view[3] * y + view[5]
    if (X < x1) x1 = X
    if (X > x2) x2 = X
    if (Y < y1) y1 = Y
    if (Y > y2) y2 = Y
  }
  return [x1, y1, x2, y2]
}

const toRun = (item: TextItem, style: TextStyle | undefined, view: Matrix): Run | undefined => {
  const str = item.str
  const chars = Array.from(str)
  if (chars.length === 0 || str.trim().length === 0) return undefined
  const [a, b, c, d, e, f] = item.transform as unknown as Matrix
  const alongLength = Math.hypot(a, b)
  const size = Math.hypot(c, d)
  if (alongLength === 0 || size === 0) return undefined
  const ux = a / alongLength, uy = b / alongLength // text direction (user space)
  const { ascent, descent } = fontMetrics(style)
  const placement: Placement = {
    e,
    f,
    ux,
    uy,
    vx: c / size, // glyph "up" (user space)
    vy: d / size,
    lo: descent * size,
    hi: ascent * size
  }
  const width = Math.max(0, item.width)
  const n = chars.length

  // Fragments: the runs of non-blank characters, widths shared by character count.
  const fragments: Array<Fragment> = []
  let start = -1, startUnit = 0, unit = 0
  for (let i = 0; i <= n; i++) {
    const blank = i === n || isSpace(chars[i]!)
    if (blank && start >= 0) {
      fragments.push({
        text: str.slice(startUnit, unit),
        box: stretchBox(placement, view, (width * start) / n, (width * i) / n)
      })
      start = -1
    } else if (!blank && start < 0) {
      start = i
      startUnit = unit
    }
    if (i < n) unit += chars[i]!.length
  }
  return {
    text: str,
    // The same arithmetic as for the fragments (a NaN width stays NaN, (width * n) / n may round).
    box: stretchBox(placement, view, (width * 0) / n, (width * n) / n),
    size,
    orientation: orientationOf(view[0] * ux + view[2] * uy, view[1] * ux + view[3] * uy),
    fragments,
    spaceBefore: /^\s/.test(item.str),
    spaceAfter: /\s$/.test(item.str)
  }
}

// ---------------------------------------------------------------------------------------------
// Layout: runs → lines in reading order
//
// Layout works in the page's reading frame: the displayed page turned so that its dominant text
// direction reads left to right (a landscape table set sideways on a portrait page reads in order).
// Runs in any other direction become lines of their own.

/** Runs whose vertical extents overlap by at least this share of the smaller one are one visual row... */
const ROW_OVERLAP = 0.5
/** ...unless the run also sits over or under a run of that row (stacked lines beside a tall heading). */
const STACKED_OVERLAP = 0.5
/** A horizontal gap wider than this many font sizes splits a row into separate lines (label | value columns). */
const COLUMN_GAP_EMS = 2
/** Runs closer than this many font sizes, with no space between them, continue the same word... */
const WORD_JOIN_EMS = 0.1
/**
 * ...unless the run starts this far back inside the one before: text drawn over another cell's text (a
 * header wider than its column runs into the next one's) is a word of its own, not the same word's letters.
 */
const WORD_OVERLAP_EMS = 0.3
/** The same text drawn again within this many font sizes is a fake-bold overprint: kept once. */
const OVERPRINT_EMS = 0.2

interface Placed {
  readonly run: Run
  /** The run's box in the reading frame. */
  readonly at: Box
  readonly inFlow: boolean
}

interface Row {
  top: number
  bottom: number
  readonly members: Array<Placed>
}

/** A displayed-page box in the frame where text of the given orientation reads left to right, top to bottom. */
const toFrame = (b: Box, orientation: Orientation, width: number, height: number): Box => {
  switch (orientation) {
    case 0:
      return b
    case 90:
      return [b[1], width - b[2], b[3], width - b[0]]
    case 180:
      return [width - b[2], height - b[3], width - b[0], height - b[1]]
    case 270:
      return [height - b[3], b[0], height - b[1], b[2]]
  }
}

/** The orientation carrying most characters. */
const dominantOrientation = (runs: ReadonlyArray<Run>): Orientation => {
  const weight = new Map<Orientation, number>()
  for (const run of runs) {
    if (run.orientation !== undefined) weight.set(run.orientation, (weight.get(run.orientation) ?? 0) + run.text.length)
  }
  let best: Orientation = 0, bestWeight = 0
  for (const [orientation, w] of weight) {
    if (w > bestWeight) {
      best = orientation
      bestWeight = w
    }
  }
  return best
}

const horizontalOverlap = (p: Box, q: Box) =>
  (Math.min(p[2], q[2]) - Math.max(p[0], q[0])) / Math.max(1e-9, Math.min(p[2] - p[0], q[2] - q[0]))

const isOverprint = (p: Placed, q: Placed) =>
  p.run.text === q.run.text &&
  Math.abs(p.at[0] - q.at[0]) < OVERPRINT_EMS * p.run.size &&
  Math.abs(p.at[1] - q.at[1]) < OVERPRINT_EMS * p.run.size

const centre = (p: Placed) => (p.at[1] + p.at[3]) / 2

const groupRows = (placed: ReadonlyArray<Placed>): Array<Row> => {
  const sorted = [...placed].sort((p, q) => centre(p) - centre(q) || p.at[0] - q.at[0])
  const rows: Array<Row> = []
  next: for (const item of sorted) {
    if (!item.inFlow) {
      rows.push({ top: item.at[1], bottom: item.at[3], members: [item] })
      continue
    }
    const height = item.at[3] - item.at[1]
    let best: Row | undefined
    let bestShare = ROW_OVERLAP
    for (const row of rows) {
      if (!row.members[0]!.inFlow) continue
      const overlap = Math.min(row.bottom, item.at[3]) - Math.max(row.top, item.at[1])
      const share = overlap / Math.min(height, row.bottom - row.top)
      if (share < bestShare) continue
      if (row.members.some((m) => isOverprint(m, item))) continue next
      if (row.members.some((m) => horizontalOverlap(m.at, item.at) > STACKED_OVERLAP)) continue
      best = row
      bestShare = share
    }
    if (best) {
      best.members.push(item)
      best.top = Math.min(best.top, item.at[1])
      best.bottom = Math.max(best.bottom, item.at[3])
    } else {
      rows.push({ top: item.at[1], bottom: item.at[3], members: [item] })
    }
  }
  for (const row of rows) row.members.sort((p, q) => p.at[0] - q.at[0])
  return rows.sort((p, q) => (p.top + p.bottom) / 2 - (q.top + q.bottom) / 2)
}

/** Splits a row (left to right) at wide gaps. */
const splitColumns = (members: ReadonlyArray<Placed>): Array<Array<Placed>> => {
  const segments: Array<Array<Placed>> = []
  let current: Array<Placed> = []
  for (const item of members) {
    const prev = current[current.length - 1]
    if (prev && item.at[0] - prev.at[2] > COLUMN_GAP_EMS * Math.max(prev.run.size, item.run.size)) {
      segments.push(current)
      current = []
    }
    current.push(item)
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

const normalize = (b: Box, pageWidth: number, pageHeight: number): Box => [
  clamp01(b[0] / pageWidth),
  clamp01(b[1] / pageHeight),
  clamp01(b[2] / pageWidth),
  clamp01(b[3] / pageHeight)
]

const toLine = (segment: ReadonlyArray<Placed>, pageWidth: number, pageHeight: number): Line | undefined => {
  const words: Array<{ text: string; box: Box }> = []
  let prev: Placed | undefined
  for (const item of segment) {
    const { run } = item
    run.fragments.forEach((fragment, i) => {
      const last = words[words.length - 1]
      const continues = i === 0 && last !== undefined && prev !== undefined && !prev.run.spaceAfter &&
        !run.spaceBefore && item.at[0] - prev.at[2] < WORD_JOIN_EMS * Math.max(prev.run.size, run.size) &&
        prev.at[2] - item.at[0] < WORD_OVERLAP_EMS * Math.max(prev.run.size, run.size)
      if (continues) {
        const b = last.box, f = fragment.box
        words[words.length - 1] = {
          text: last.text + fragment.text,
          box: [Math.min(b[0], f[0]), Math.min(b[1], f[1]), Math.max(b[2], f[2]), Math.max(b[3], f[3])]
        }
      } else {
        words.push(fragment)
      }
    })
    prev = item
  }
  const visible = words
    .map((w): Word => ({ text: w.text, box: normalize(w.box, pageWidth, pageHeight), confidence: 1 }))
    .filter((w) => w.box[2] > w.box[0] && w.box[3] > w.box[1])
  if (visible.length === 0) return undefined
  return {
    ...lineOf(visible),
    fontSize: dominantSize(segment.map((m) => m.run)) / pageHeight
  }
}

/** The page as its text layer has it: lines in reading order, words with boxes normalized to the page. */
export const textLayerPage = (page: PDFPageProxy, pageNumber: number, content: TextContent): Page => {
  const { items, styles } = content
  const { width, height, transform } = page.getViewport({ scale: 1 })
  const view = transform as unknown as Matrix
  const runs: Array<Run> = []
  for (const item of items) {
    if (typeof item !== "object" || item === null || !("str" in item)) continue
    const textItem = item as TextItem
    const run = toRun(textItem, styles[textItem.fontName], view)
    // Text entirely outside the (cropped) page is not visible.
    if (run && run.box[2] > 0 && run.box[0] < width && run.box[3] > 0 && run.box[1] < height) runs.push(run)
  }
  const orientation = dominantOrientation(runs)
  const placed = runs.map((run): Placed => ({
    run,
    at: toFrame(run.box, orientation, width, height),
    inFlow: run.orientation === orientation
  }))
  const lines: Array<Line> = []
  for (const row of groupRows(placed)) {
    for (const segment of splitColumns(row.members)) {
      const line = toLine(segment, width, height)
      if (line) lines.push(line)
    }
  }
  return { page: pageNumber, width, height, source: "text", lines }
}
