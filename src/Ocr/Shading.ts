/**
 * Evening out shaded paper before OCR. Thresholding (ours for the crop, tesseract's own) takes one level
 * for the whole page, so print on shaded paper (a receipt's edge in a shadow, a fold, a grey band a few
 * lines tall) falls on the dark side together with its background and is lost. Where the paper itself is
 * darker than the page's usual paper, its pixels are brightened by the ratio of the two, so print on it
 * stands out as it does on the rest of the page. Regions far darker than paper (a table under a
 * photographed receipt, a black bar) are left as they are: brightening them would turn their grain into
 * specks. A page whose paper is even comes back unchanged. Paper levels are taken per tile (a fortieth of
 * the shorter side), so a band narrower than a tile, a single grey header line on a large scan, is not
 * evened out.
 */

import { otsuThresholdOf } from "./Otsu.js"
import type { GrayImage } from "./Types.js"

/** Tiles per shorter side of the image: a tile spans one or two text lines on a page scanned at 150–300 dpi. */
const TILES_PER_SIDE = 40
const MIN_TILE = 16
/** A tile's paper level: the level this share of its pixels reach (print is darker, and sparser). */
const PAPER_SHARE = 0.05
/**
 * Paper is shaded where its level comes this close to the page's ink/paper threshold or below it: one
 * threshold would take it, or its print's edges, for ink. Paper lighter than that (a soft gradient of
 * light across a photo) thresholds well as it is.
 */
const THRESHOLD_MARGIN = 10
/** A background darker than this share of the page's paper is not paper: its pixels stay as they are. */
const MIN_PAPER_SHARE = 0.45

/** Per tile, the level that `PAPER_SHARE` of its pixels reach or exceed; and the histogram of the whole image. */
const paperLevels = (image: GrayImage, tile: number, cols: number, rows: number) => {
  const { pixels, width, height } = image
  const levels = new Float64Array(cols * rows)
  const histogram = new Float64Array(256)
  const hist = new Uint32Array(256)
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      hist.fill(0)
      const x0 = i * tile, y0 = j * tile, x1 = Math.min(width, x0 + tile), y1 = Math.min(height, y0 + tile)
      for (let y = y0; y < y1; y++) {
        const row = y * width
        for (let x = x0; x < x1; x++) hist[pixels[row + x]!]!++
      }
      const wanted = PAPER_SHARE * (x1 - x0) * (y1 - y0)
      let seen = 0, level = 255
      for (; level > 0; level--) {
        seen += hist[level]!
        if (seen >= wanted) break
      }
      levels[j * cols + i] = level
      for (let v = 0; v < 256; v++) histogram[v]! += hist[v]!
    }
  }
  return { levels, histogram }
}

/** The upper median of the tiles' paper levels: the page's usual paper. */
const pageLevel = (levels: Float64Array): number => Float64Array.from(levels).sort()[levels.length >> 1]!

/**
 * The image with its shaded paper brought to the page's paper level (gains interpolated between tile
 * centres), or the same image when no paper is shaded.
 */
export const evenShading = (image: GrayImage): GrayImage => {
  const { pixels, width, height } = image
  const tile = Math.max(MIN_TILE, Math.round(Math.min(width, height) / TILES_PER_SIDE))
  const cols = Math.ceil(width / tile), rows = Math.ceil(height / tile)
  if (cols < 2 || rows < 2) return image
  const { levels, histogram } = paperLevels(image, tile, cols, rows)
  const paper = pageLevel(levels)
  const shade = otsuThresholdOf(histogram, pixels.length) + THRESHOLD_MARGIN
  const gains = new Float64Array(levels.length)
  let shaded = false
  for (let k = 0; k < levels.length; k++) {
    const level = levels[k]!
    gains[k] = level <= shade && level >= MIN_PAPER_SHARE * paper && level > 0 ? Math.max(1, paper / level) : 1
    if (gains[k]! > 1) shaded = true
  }
  if (!shaded) return image
  const out = new Uint8Array(pixels.length)
  // Per column, the tile columns and weight between their centres (the same for every row).
  const left = new Int32Array(width), right = new Int32Array(width), weight = new Float64Array(width)
  for (let x = 0; x < width; x++) {
    const f = Math.min(cols - 1, Math.max(0, (x + 0.5) / tile - 0.5))
    left[x] = Math.floor(f)
    right[x] = Math.min(cols - 1, left[x]! + 1)
    weight[x] = f - left[x]!
  }
  const rowGains = new Float64Array(cols)
  for (let y = 0; y < height; y++) {
    const f = Math.min(rows - 1, Math.max(0, (y + 0.5) / tile - 0.5))
    const top = Math.floor(f), bottom = Math.min(rows - 1, top + 1), w = f - top
    for (let i = 0; i < cols; i++) rowGains[i] = gains[top * cols + i]! * (1 - w) + gains[bottom * cols + i]! * w
    const row = y * width
    for (let x = 0; x < width; x++) {
      const gain = rowGains[left[x]!]! * (1 - weight[x]!) + rowGains[right[x]!]! * weight[x]!
      const v = pixels[row + x]! * gain
      out[row + x] = v >= 255 ? 255 : v + 0.5
    }
  }
  return { pixels: out, width, height }
}
