/**
 * The page model: what every reader produces and everything after reading consumes.
 * Boxes are normalized to the page: [x1, y1, x2, y2] in 0..1, origin top-left.
 */
import type { Effect, Option } from "effect"

export type Box = readonly [number, number, number, number]

export type PageSource = "text" | "ocr"

export interface Word {
  readonly text: string
  readonly box: Box
  /** 0..1; text-layer words are 1. */
  readonly confidence: number
  /**
   * The confidence of the word's least sure letter or digit, where the reader scores each character (the
   * line recognizer; `confidence` is then the mean of all its characters): one doubtful letter makes a
   * word wrong. On a word tesseract read surely enough to keep, where the recognizer read other
   * characters, the recognizer's doubt of its own reading (one of the two is wrong). Absent for a text
   * layer's words, words the recognizer did not read again or agreed with, and words of punctuation alone.
   */
  readonly leastCharacter?: number
}

export interface Line {
  readonly text: string
  readonly box: Box
  readonly words: ReadonlyArray<Word>
  /** Font size relative to page height, when the source gives it (PDF text layer). */
  readonly fontSize?: number
  /** Set by layout analysis: text repeated at the same place on most pages (running header or footer). */
  readonly role?: "header" | "footer"
}

/** A table found by layout analysis: its lines are `lines[firstLine .. firstLine + lineCount - 1]` of the page. */
export interface Table {
  readonly box: Box
  readonly firstLine: number
  readonly lineCount: number
  /** Cell texts, rows top to bottom, cells left to right ("" for an empty cell); every row has every column. */
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

export interface Page {
  /** 1-based page number in the original file. */
  readonly page: number
  /** Page size in the source's units (PDF points, image pixels). */
  readonly width: number
  readonly height: number
  readonly source: PageSource
  /** Lines in reading order (top to bottom unless layout analysis reordered them). */
  readonly lines: ReadonlyArray<Line>
  /**
   * "synthetic": the reader laid flow text out on a page itself (plain text, HTML, e-mail bodies, DOCX
   * without LibreOffice), so boxes show where text sits in that layout, not on a printed page.
   * Absent: boxes were measured on the file's own pages.
   */
  readonly geometry?: "synthetic"
  /** Set by layout analysis (document_layout_analysis=true). */
  readonly tables?: ReadonlyArray<Table>
}

export interface PageModel {
  /** Media type detected from the bytes, e.g. application/pdf. */
  readonly mediaType: string
  readonly pages: ReadonlyArray<Page>
}

/** A page rendered to pixels, for readers that look at the page itself. */
export interface PageImage {
  readonly mediaType: "image/jpeg" | "image/png"
  readonly data: Uint8Array
}

/** The image of a page (1-based) of the file being processed; none when the file has no image of it. */
export type PageImages = (page: number) => Effect.Effect<Option.Option<PageImage>>

export const pageText = (page: Page): string => page.lines.map((l) => l.text).join("\n")

/** Smallest box containing all the given boxes. */
export const unionBox = (boxes: ReadonlyArray<Box>): Box => {
  let x1 = 1, y1 = 1, x2 = 0, y2 = 0
  for (const b of boxes) {
    if (b[0] < x1) x1 = b[0]
    if (b[1] < y1) y1 = b[1]
    if (b[2] > x2) x2 = b[2]
    if (b[3] > y2) y2 = b[3]
  }
  return [x1, y1, x2, y2]
}

/** A line of these words: their text joined by spaces, their boxes' union. */
export const lineOf = (words: ReadonlyArray<Word>): Line => ({
  text: words.map((w) => w.text).join(" "),
  box: unionBox(words.map((w) => w.box)),
  words
})

/** Rounds a box for output (6 decimals is sub-pixel on any page). */
export const roundBox = (b: Box): Box => [round6(b[0]), round6(b[1]), round6(b[2]), round6(b[3])]
const round6 = (n: number) => Math.round(n * 1e6) / 1e6
