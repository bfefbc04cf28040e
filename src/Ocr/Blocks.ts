/**
 * Tesseract's blocks → page-model lines: boxes mapped back from the prepared image to the caller's image,
 * reading order rebuilt, amounts split after their decimal point joined; and the boxes tesseract found,
 * for finding the rows it left out.
 */
import type { Box, Line, Word } from "../Domain/PageModel.js"
import { lineOf } from "../Domain/PageModel.js"
import type { PixelBox, PreparedImage } from "./Preprocess.js"
import type { OcrResult, TesseractBlocks, TesseractBox, TesseractWord } from "./Types.js"

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n)

/** Lines whose vertical extents overlap by this share of the smaller one are one row (read left to right). */
const ROW_OVERLAP = 0.5

/** Page-model lines in reading order: top to bottom, left to right within a row. */
export const readingOrder = (lines: Array<Line>): Array<Line> => {
  const sorted = [...lines].sort((a, b) => a.box[1] + a.box[3] - b.box[1] - b.box[3])
  const rows: Array<{ top: number; bottom: number; lines: Array<Line> }> = []
  for (const line of sorted) {
    const row = rows[rows.length - 1]
    const overlap = row ? Math.min(row.bottom, line.box[3]) - Math.max(row.top, line.box[1]) : -1
    if (row && overlap >= ROW_OVERLAP * Math.min(row.bottom - row.top, line.box[3] - line.box[1])) {
      row.lines.push(line)
      row.top = Math.min(row.top, line.box[1])
      row.bottom = Math.max(row.bottom, line.box[3])
    } else {
      rows.push({ top: line.box[1], bottom: line.box[3], lines: [line] })
    }
  }
  return rows.flatMap((row) => row.lines.sort((a, b) => a.box[0] - b.box[0]))
}

/**
 * "170." then "00" (or "170" then ".00") with a gap under this share of the taller word's height are one
 * amount that tesseract split after its decimal point. Measured on receipts-dev: such splits leave
 * 0.4–0.95 of a glyph height, a real space between "38." and "39" 1.7; one more total found, CER 0.2189 → 0.2185.
 */
const AMOUNT_GAP = 1

const isWholePart = (text: string) => /^\d[\d,]*[.,]$/.test(text) || /^\d(?:[\d,]*\d)?$/.test(text)

/**
 * Joins, within a line, an amount split after its decimal point: only a whole part ending in the separator
 * followed by exactly two digits ("170." "00"), or a whole part followed by the separator and two digits
 * ("170" ".00"), close together. Nothing else is touched ("0 00", with no separator read, stays as it is).
 */
const joinSplitAmounts = (words: ReadonlyArray<TesseractWord>): Array<TesseractWord> => {
  const out: Array<TesseractWord> = []
  for (const word of words) {
    const previous = out[out.length - 1]
    if (previous) {
      const a = previous.text.trim(), b = word.text.trim()
      const split = (/[.,]$/.test(a) && isWholePart(a) && /^\d{2}$/.test(b)) ||
        (/\d$/.test(a) && isWholePart(a) && /^[.,]\d{2}$/.test(b))
      const h = Math.max(previous.bbox.y1 - previous.bbox.y0, word.bbox.y1 - word.bbox.y0)
      if (split && word.bbox.x0 > previous.bbox.x0 && word.bbox.x0 - previous.bbox.x1 < AMOUNT_GAP * h) {
        out[out.length - 1] = {
          text: a + b,
          confidence: Math.min(previous.confidence, word.confidence),
          bbox: {
            x0: Math.min(previous.bbox.x0, word.bbox.x0),
            y0: Math.min(previous.bbox.y0, word.bbox.y0),
            x1: Math.max(previous.bbox.x1, word.bbox.x1),
            y1: Math.max(previous.bbox.y1, word.bbox.y1)
          }
        }
        continue
      }
    }
    out.push(word)
  }
  return out
}

/**
 * Maps tesseract's words (pixels of the prepared image) to lines with boxes in 0..1 of the original image,
 * amounts split after their decimal point joined (`joinSplitAmounts`).
 */
export const toOcrResult = (data: TesseractBlocks, prepared: PreparedImage): OcrResult => {
  const { scale, left, top, sourceWidth, sourceHeight } = prepared
  const toBox = (b: TesseractBox): Box => [
    clamp01((b.x0 / scale + left) / sourceWidth),
    clamp01((b.y0 / scale + top) / sourceHeight),
    clamp01((b.x1 / scale + left) / sourceWidth),
    clamp01((b.y1 / scale + top) / sourceHeight)
  ]
  const lines: Array<Line> = []
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: Array<Word> = []
        for (const word of joinSplitAmounts(line.words.filter((w) => w.text.trim().length > 0))) {
          const text = word.text.trim()
          if (text.length === 0) continue
          const box = toBox(word.bbox)
          if (!(box[2] > box[0] && box[3] > box[1])) continue
          words.push({ text, box, confidence: clamp01(word.confidence / 100) })
        }
        if (words.length === 0) continue
        lines.push(lineOf(words))
      }
    }
  }
  return resultOf(readingOrder(lines))
}

export const meanConfidence = (words: ReadonlyArray<Word>) =>
  words.reduce((sum, w) => sum + w.confidence, 0) / words.length

/** A reading of these lines, its confidence the mean over all their words (0 when there are none). */
export const resultOf = (lines: Array<Line>): OcrResult => {
  const words = lines.flatMap((l) => l.words)
  return { lines, confidence: words.length === 0 ? 0 : meanConfidence(words) }
}

/** Every word box tesseract read, in pixels of the image it read. */
export const wordBoxes = (data: TesseractBlocks): Array<PixelBox> =>
  (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words.filter((w) => w.text.trim().length > 0).map((
          w
        ): PixelBox => [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1])
      )
    )
  )
