/**
 * Synthetic page models for engine tests: text laid out in a monospace grid so a test can place
 * labels and values (spaces in a line are columns; each string is a line, top to bottom).
 */
import type { Box, Line, Page, PageModel, Word } from "../../src/Domain/PageModel.js"

/** Grid geometry, as fractions of the page. */
export const GRID = { left: 0.04, top: 0.03, charWidth: 0.007, lineHeight: 0.014, linePitch: 0.018 } as const

export interface PlacedText {
  readonly text: string
  /** Column of the first character (0-based, in characters). */
  readonly x: number
  /** Line number (0-based, may be fractional). */
  readonly y: number
  /** Size factor (1 = body text); sets the line's fontSize. */
  readonly size?: number
  /** The words' OCR confidence (default 1). */
  readonly confidence?: number
}

const placedLine = (t: PlacedText): Line | undefined => {
  const size = t.size ?? 1
  const cw = GRID.charWidth * size
  const y1 = GRID.top + t.y * GRID.linePitch
  const y2 = y1 + GRID.lineHeight * size
  const words: Array<Word> = [...t.text.matchAll(/\S+/g)].map((m) => {
    const x1 = GRID.left + t.x * GRID.charWidth + m.index * cw
    return { text: m[0], box: [x1, y1, x1 + m[0].length * cw, y2] as Box, confidence: t.confidence ?? 1 }
  })
  if (words.length === 0) return undefined
  return {
    text: words.map((w) => w.text).join(" "),
    box: [words[0]!.box[0], y1, words[words.length - 1]!.box[2], y2],
    words,
    fontSize: GRID.lineHeight * size
  }
}

/** Pages of positioned texts. */
export const pageModelFromPlaced = (pages: ReadonlyArray<ReadonlyArray<PlacedText>>): PageModel => ({
  mediaType: "application/pdf",
  pages: pages.map((texts, i): Page => ({
    page: i + 1,
    width: 612,
    height: 792,
    source: "text",
    lines: texts.flatMap((t) => placedLine(t) ?? [])
  }))
})

/** Pages of lines, top to bottom; leading and inner spaces position the words (one space = one character). */
export const pageModelFromLines = (pages: ReadonlyArray<ReadonlyArray<string>>): PageModel =>
  pageModelFromPlaced(pages.map((lines) => lines.map((text, y) => ({ text, x: 0, y }))))

/** The box of the first word equal to `text` on a page of the model (for asserting where values came from). */
export const wordBox = (model: PageModel, page: number, text: string, occurrence = 0): Box => {
  const words = model.pages[page - 1]!.lines.flatMap((l) => l.words).filter((w) => w.text === text)
  const w = words[occurrence]
  if (w === undefined) throw new Error(`no word "${text}" on page ${page}`)
  return w.box
}
