/**
 * Light print on dark bands turned dark on light before OCR. Invoices and forms often print a table's
 * header or a section's title in white on a dark bar; tesseract's thresholding takes the whole bar for
 * ink, and its look for inverted text is off (it costs a second recognition of every doubtful line), so
 * the header's words were lost and, with them, the table's columns. A band is a run of rows, a text line
 * or a few tall, each dark across a wide stretch (most pixels of every small window dark, the letters'
 * light strokes between them) with solid rows above and below its print; its stretch is inverted. A line
 * of bold letters is no band: its letters stand apart on every row. Anything taller (a photo, a table under a
 * photographed receipt) or narrower (a logo, a stamp) is left as it is, and so is a bar with no light
 * print in it (a rule). A page with no band comes back unchanged.
 */
import { otsuThreshold } from "./Otsu.js"
import type { GrayImage } from "./Types.js"

/** A band spans at least this share of the page's width. */
const MIN_WIDTH_SHARE = 0.2
/** A band is at least this many rows tall, and at most this share of the page's height. */
const MIN_ROWS = 6
const MAX_HEIGHT_SHARE = 0.06
/** Windows of this share of the width (at least `MIN_WINDOW` pixels) are dense where this share of them is dark. */
const WINDOW_SHARE = 0.01
const MIN_WINDOW = 8
const DENSE = 0.7
/** The band's light pixels (its print) make up at least this share of it, and at most this. */
const MIN_PRINT = 0.002
const MAX_PRINT = 0.5

/** A bar's row above or below its print is dark but for this share of its pixels (specks, JPEG's grain). */
const SOLID_LIGHT = 0.02
/** A bar has at least this many such rows in its upper half and in its lower half. */
const MIN_MARGIN_ROWS = 2
/** A bar keeps this share of the image's width clear on either side. */
const EDGE = 0.01
/** A band's row takes the spans of this many rows above and below it with its own. */
const NEIGHBOUR_ROWS = 3
/** Print differs from its bar's level by this much at least. */
const PRINT_CONTRAST = 60
/** Every this many pixels of a band is sampled for its level. */
const LEVEL_STEP = 3

interface Span {
  readonly x0: number
  readonly x1: number
}

/** Dense pieces of a row this close (in windows) are one stretch: a letter's light stroke came between them. */
const JOIN_WINDOWS = 3

/** Spans joined where at most `gap` pixels lie between them, in order. */
const joinSpans = (spans: ReadonlyArray<Span>, gap: number): Array<Span> => {
  const out: Array<Span> = []
  for (const s of [...spans].sort((a, b) => a.x0 - b.x0)) {
    const last = out[out.length - 1]
    if (last !== undefined && s.x0 - last.x1 <= gap) out[out.length - 1] = { x0: last.x0, x1: Math.max(last.x1, s.x1) }
    else out.push(s)
  }
  return out
}

/**
 * The row's stretches where windows of `w` pixels are mostly dark, pieces a letter's stroke cut apart
 * joined, as wide as a band at least.
 */
const denseSpans = (dark: Uint8Array, width: number, y: number, w: number, minWidth: number): Array<Span> => {
  const pieces: Array<Span> = []
  const row = y * width
  let count = 0
  let start = -1
  const need = DENSE * w
  for (let x = 0; x < width; x++) {
    count += dark[row + x]!
    if (x >= w) count -= dark[row + x - w]!
    const dense = x >= w - 1 && count >= need
    if (dense && start < 0) start = x - w + 1
    if (!dense && start >= 0) {
      pieces.push({ x0: start, x1: x })
      start = -1
    }
  }
  if (start >= 0) pieces.push({ x0: start, x1: width })
  return joinSpans(pieces, JOIN_WINDOWS * w).filter((s) => s.x1 - s.x0 >= minWidth)
}

/** A run of rows with dense stretches: what may be a bar. */
type Band = ReadonlyArray<{ readonly y: number; readonly spans: ReadonlyArray<Span> }>

/** The image's pixels and which of them are dark. */
interface Thresholded {
  readonly pixels: Uint8Array
  readonly dark: Uint8Array
  readonly width: number
}

/**
 * The bar's level (the median of its pixels) when the band is a bar with light print on it: its print far
 * lighter than the bar (white on dark; black print on a grey bar thresholds as it is and is left so),
 * solid rows above and below its print (its margins; a line of bold letters never has them, its letters
 * stand apart), inside the page's margins (a dark strip across the whole image is the table a
 * photographed receipt lies on). Undefined otherwise.
 */
const barLevel = ({ pixels, dark, width }: Thresholded, band: Band): number | undefined => {
  const sample: Array<number> = []
  for (const { spans, y } of band) {
    for (const s of spans) for (let x = s.x0; x < s.x1; x += LEVEL_STEP) sample.push(pixels[y * width + x]!)
  }
  sample.sort((a, b) => a - b)
  const bar = sample[Math.floor(sample.length / 2)] ?? 0
  let light = 0, darker = 0
  for (const v of sample) {
    if (v >= bar + PRINT_CONTRAST) light++
    else if (v <= bar - PRINT_CONTRAST) darker++
  }
  const print = light / Math.max(1, sample.length)
  const solid = band.filter(({ spans, y }) => {
    let spanned = 0, lit = 0
    for (const s of spans) {
      spanned += s.x1 - s.x0
      for (let x = s.x0; x < s.x1; x++) lit += 1 - dark[y * width + x]!
    }
    return lit <= SOLID_LIGHT * spanned
  }).map((r) => r.y)
  const middle = band[0]!.y + band.length / 2
  const margins = solid.length >= 2 * MIN_MARGIN_ROWS &&
    solid.filter((y) => y < middle).length >= MIN_MARGIN_ROWS &&
    solid.filter((y) => y >= middle).length >= MIN_MARGIN_ROWS
  const inside = band.every(({ spans }) => spans.every((sp) => sp.x0 > EDGE * width && sp.x1 < (1 - EDGE) * width))
  return print >= MIN_PRINT && print <= MAX_PRINT && light > 2 * darker && margins && inside ? bar : undefined
}

/**
 * Each row's stretch in each bar of the band (two bars side by side stay apart) inverted into `out`, the
 * bar's level made paper white so that its print is as dark as print elsewhere. A row's stretch is its
 * neighbours' spans with its own (a letter's light stroke cuts a row's span short), trimmed to its own
 * dark pixels (a band scanned askew is no rectangle).
 */
const invertBand = ({ pixels, dark, width }: Thresholded, band: Band, bar: number, out: Uint8Array): void => {
  const gain = 255 / Math.max(1, 255 - bar)
  const bars = joinSpans(band.flatMap((r) => r.spans), 0)
  band.forEach(({ y }, k) => {
    const near = band.slice(Math.max(0, k - NEIGHBOUR_ROWS), k + NEIGHBOUR_ROWS + 1).flatMap((r) => r.spans)
    for (const stretch of bars) {
      const inBar = near.filter((s) => s.x0 < stretch.x1 && stretch.x0 < s.x1)
      if (inBar.length === 0) continue
      let x0 = Math.min(...inBar.map((s) => s.x0)), x1 = Math.max(...inBar.map((s) => s.x1))
      while (x0 < x1 && dark[y * width + x0] === 0) x0++
      while (x1 > x0 && dark[y * width + x1 - 1] === 0) x1--
      for (let x = x0; x < x1; x++) {
        out[y * width + x] = Math.min(255, Math.round((255 - pixels[y * width + x]!) * gain))
      }
    }
  })
}

/** The image with the light print of its dark bands made dark on light; the same image when it has none. */
export const invertDarkBands = (image: GrayImage): GrayImage => {
  const { pixels, width, height } = image
  if (width < MIN_WINDOW * 4 || height < MIN_ROWS * 4) return image
  const threshold = otsuThreshold(pixels)
  const dark = new Uint8Array(pixels.length)
  for (let i = 0; i < pixels.length; i++) dark[i] = pixels[i]! <= threshold ? 1 : 0
  const page: Thresholded = { pixels, dark, width }
  const window = Math.max(MIN_WINDOW, Math.round(WINDOW_SHARE * width))
  const minWidth = MIN_WIDTH_SHARE * width
  const maxRows = MAX_HEIGHT_SHARE * height
  let out: Uint8Array | undefined
  let band: Array<{ readonly y: number; readonly spans: ReadonlyArray<Span> }> = []
  const close = () => {
    const bar = band.length >= MIN_ROWS && band.length <= maxRows ? barLevel(page, band) : undefined
    if (bar !== undefined) invertBand(page, band, bar, out ??= Uint8Array.from(pixels))
    band = []
  }
  for (let y = 0; y < height; y++) {
    const spans = denseSpans(dark, width, y, window, minWidth)
    if (spans.length === 0) close()
    else band.push({ y, spans })
  }
  close()
  return out === undefined ? image : { pixels: out, width, height }
}
