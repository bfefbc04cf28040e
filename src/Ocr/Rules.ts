/**
 * A form's ruled lines taken out before OCR. Invoices print their header, parties and items in boxes;
 * tesseract reads a box's edge beside a word as letters ("[ow | von]") and may drop a line of print that
 * touches one, the seller's name in its box above all. A rule is a long thin run of dark pixels: at least
 * `MIN_RULE_SHARE` of the page's width (a horizontal rule) or height (a vertical one), no thicker than
 * a pen's line. Its pixels become paper where the print crossing it is no thicker than the rule itself, so
 * letters sitting on an underline keep their strokes. Print is never that long and thin: a title's
 * stroke is a few percent of the page at most, and a dashed line's dashes are apart.
 */
import { otsuThreshold } from "./Otsu.js"
import type { GrayImage } from "./Types.js"

/** A rule runs over at least this share of the page's width (horizontal) or height (vertical). */
const MIN_RULE_SHARE = 0.05
/** And this many pixels at least. */
const MIN_RULE = 40
/** A rule is at most this share of the page's width thick (4 px at 150 dpi, 8 at 300), and this many pixels at least. */
const THICKNESS_SHARE = 1 / 300
const MIN_THICKNESS = 3

/** Runs of dark pixels through each pixel, along one axis, saturating at 255. */
const runsThrough = (dark: Uint8Array, length: number, count: number, step: number, stride: number): Uint8Array => {
  const run = new Uint8Array(dark.length)
  const back = new Uint8Array(dark.length)
  for (let line = 0; line < count; line++) {
    const base = line * stride
    let n = 0
    for (let i = 0; i < length; i++) {
      const p = base + i * step
      n = dark[p] === 1 ? Math.min(255, n + 1) : 0
      back[p] = n
    }
    n = 0
    for (let i = length - 1; i >= 0; i--) {
      const p = base + i * step
      n = dark[p] === 1 ? Math.min(255, n + 1) : 0
      // The whole run through the pixel: the dark pixels before it, after it and itself.
      run[p] = n === 0 ? 0 : Math.min(255, back[p]! + n - 1)
    }
  }
  return run
}

/** The image with its long thin rules turned to paper; the same image when it has none. */
export const withoutRules = (image: GrayImage): GrayImage => {
  const { pixels, width, height } = image
  const threshold = otsuThreshold(pixels)
  const dark = new Uint8Array(pixels.length)
  for (let i = 0; i < pixels.length; i++) dark[i] = pixels[i]! <= threshold ? 1 : 0
  const thick = Math.max(MIN_THICKNESS, Math.round(THICKNESS_SHARE * width))
  const minLong = Math.max(MIN_RULE, Math.round(MIN_RULE_SHARE * width))
  const minTall = Math.max(MIN_RULE, Math.round(MIN_RULE_SHARE * height))
  // Runs along rows (horizontal) and along columns (vertical).
  const across = runsThrough(dark, width, height, 1, width)
  const down = runsThrough(dark, height, width, width, 1)
  // A rule's blurred edges, lighter than the threshold, go with it: this many pixels to either side.
  const edge = Math.max(1, Math.round(thick / 2))
  let out: Uint8Array | undefined
  for (let i = 0; i < pixels.length; i++) {
    if (dark[i] === 0) continue
    const horizontal = across[i]! >= Math.min(255, minLong) && down[i]! <= thick
    const vertical = down[i]! >= Math.min(255, minTall) && across[i]! <= thick
    if (!horizontal && !vertical) continue
    out ??= Uint8Array.from(pixels)
    out[i] = 255
    const x = i % width, y = (i - x) / width
    for (let d = 1; d <= edge; d++) {
      if (horizontal) {
        if (y - d >= 0 && dark[i - d * width] === 0) out[i - d * width] = 255
        if (y + d < height && dark[i + d * width] === 0) out[i + d * width] = 255
      }
      if (vertical) {
        if (x - d >= 0 && dark[i - d] === 0) out[i - d] = 255
        if (x + d < width && dark[i + d] === 0) out[i + d] = 255
      }
    }
  }
  return out === undefined ? image : { pixels: out, width, height }
}
