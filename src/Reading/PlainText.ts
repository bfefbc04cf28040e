/**
 * Plain text → page model. Text has no geometry, so the boxes are synthetic: the text is laid out
 * as if printed in a monospace font on a page (one character per column, one line per row).
 */
import type { Box, Line, Page, PageModel, Word } from "../Domain/PageModel.js"

/** Lines per page (a form feed also starts a new page). */
export const LINES_PER_PAGE = 60
/** Longer lines wrap, at a space when there is one. */
export const COLUMNS = 100

const TAB = 8
// A synthetic page in points: 10 pt Courier-like cells (6 × 12 pt) inside 36 pt margins.
const CELL_WIDTH = 6
const CELL_HEIGHT = 12
const MARGIN = 36
const PAGE_WIDTH = 2 * MARGIN + COLUMNS * CELL_WIDTH
const PAGE_HEIGHT = 2 * MARGIN + LINES_PER_PAGE * CELL_HEIGHT

export const readPlainText = (text: string): PageModel => {
  const pages: Array<Page> = []
  const sections = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\f")
  // A final form feed ends the last page (pdftotext writes one after every page).
  if (sections.length > 1 && sections[sections.length - 1]!.trim() === "") sections.pop()
  for (const section of sections) {
    const rows = section.split("\n").flatMap((line) => wrap(expandTabs(line).trimEnd()))
    // A trailing newline ends the last line; it does not start another.
    if (rows.length > 1 && rows[rows.length - 1] === "") rows.pop()
    for (let start = 0; start < rows.length || start === 0; start += LINES_PER_PAGE) {
      pages.push(page(pages.length + 1, rows.slice(start, start + LINES_PER_PAGE)))
    }
  }
  return { mediaType: "text/plain", pages }
}

const expandTabs = (line: string): string => {
  if (!line.includes("\t")) return line
  let out = ""
  for (const ch of line) out += ch === "\t" ? " ".repeat(TAB - (out.length % TAB)) : ch
  return out
}

/** Splits a line into rows of at most COLUMNS characters, breaking after the last space that fits. */
const wrap = (line: string): Array<string> => {
  const rows: Array<string> = []
  let rest = line
  while (rest.length > COLUMNS) {
    const space = rest.lastIndexOf(" ", COLUMNS)
    const cut = space > 0 ? space : COLUMNS
    rows.push(rest.slice(0, cut).trimEnd())
    rest = rest.slice(cut).replace(/^ +/, "")
  }
  rows.push(rest)
  return rows
}

const cellBox = (row: number, fromColumn: number, toColumn: number): Box => [
  (MARGIN + fromColumn * CELL_WIDTH) / PAGE_WIDTH,
  (MARGIN + row * CELL_HEIGHT) / PAGE_HEIGHT,
  (MARGIN + toColumn * CELL_WIDTH) / PAGE_WIDTH,
  (MARGIN + (row + 1) * CELL_HEIGHT) / PAGE_HEIGHT
]

const page = (pageNumber: number, rows: ReadonlyArray<string>): Page => {
  const lines: Array<Line> = []
  rows.forEach((row, i) => {
    const words: Array<Word> = []
    for (const match of row.matchAll(/\S+/g)) {
      const from = match.index
      words.push({ text: match[0], box: cellBox(i, from, from + match[0].length), confidence: 1 })
    }
    if (words.length === 0) return // blank rows stay as vertical space
    const first = words[0]!.box, last = words[words.length - 1]!.box
    lines.push({ text: row.trim(), box: [first[0], first[1], last[2], last[3]], words })
  })
  return { page: pageNumber, width: PAGE_WIDTH, height: PAGE_HEIGHT, source: "text", lines }
}
