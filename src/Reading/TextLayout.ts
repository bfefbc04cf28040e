/**
 * Flow text → pages. Text without geometry (plain text, HTML, e-mail bodies, DOCX without LibreOffice)
 * is laid out as if printed in a monospace font: one character per column, one line per row, long lines
 * wrapped at a space, a new page when the rows fill one. The boxes are synthetic but consistent, so
 * columns of aligned text (tables) stay aligned and reading order is top to bottom.
 */
import type { Box, Line, Page, Word } from "../Domain/PageModel.js"

/** One line of flow text. */
export interface FlowLine {
  readonly text: string
  /**
   * Type size relative to the body text (2 for a title). When given, the line records a `fontSize`
   * (so markdown can make headings of larger lines); readers that know the structure give it on every line.
   */
  readonly scale?: number
}

export interface PageGeometry {
  /** Body rows per page. */
  readonly linesPerPage: number
  /** Body characters per row; longer lines wrap. */
  readonly columns: number
}

const TAB = 8
// A synthetic page in points: 10 pt Courier-like cells (6 × 12 pt) inside 36 pt margins.
const CELL_WIDTH = 6
const CELL_HEIGHT = 12
const MARGIN = 36
/** The font fills this share of its cell's height. */
const FONT_IN_CELL = 10 / 12

export const pageSize = (geometry: PageGeometry): { width: number; height: number } => ({
  width: 2 * MARGIN + geometry.columns * CELL_WIDTH,
  height: 2 * MARGIN + geometry.linesPerPage * CELL_HEIGHT
})

/**
 * Lays out sections of flow text; each section starts a new page and has at least one (an empty
 * section is a blank page). Blank lines stay as vertical space; a trailing blank line is dropped.
 */
export const layOutSections = (
  sections: Iterable<ReadonlyArray<FlowLine>>,
  geometry: PageGeometry
): Array<Page> => {
  const { width, height } = pageSize(geometry)
  const bottom = geometry.linesPerPage * CELL_HEIGHT
  const pages: Array<Page> = []
  for (const section of sections) {
    const rows = section.flatMap((line) => {
      const scale = line.scale ?? 1
      return wrap(expandTabs(line.text).trimEnd(), Math.max(1, Math.floor(geometry.columns / scale)))
        .map((text): FlowLine => ({ text, ...(line.scale === undefined ? {} : { scale }) }))
    })
    // A trailing newline ends the last line; it does not start another.
    if (rows.length > 1 && rows[rows.length - 1]!.text === "") rows.pop()
    let lines: Array<Line> = []
    let y = 0
    const flush = () => {
      pages.push({ page: pages.length + 1, width, height, source: "text", geometry: "synthetic", lines })
      lines = []
      y = 0
    }
    for (const row of rows) {
      const rowHeight = CELL_HEIGHT * (row.scale ?? 1)
      if (y > 0 && y + rowHeight > bottom + 1e-9) flush()
      const line = layOutRow(row, y, width, height)
      if (line) lines.push(line)
      y += rowHeight
    }
    flush()
  }
  return pages
}

const expandTabs = (line: string): string => {
  if (!line.includes("\t")) return line
  let out = ""
  for (const ch of line) out += ch === "\t" ? " ".repeat(TAB - (out.length % TAB)) : ch
  return out
}

/** Splits a line into rows of at most `columns` characters, breaking after the last space that fits. */
const wrap = (line: string, columns: number): Array<string> => {
  const rows: Array<string> = []
  let rest = line
  while (rest.length > columns) {
    const space = rest.lastIndexOf(" ", columns)
    const cut = space > 0 ? space : columns
    rows.push(rest.slice(0, cut).trimEnd())
    rest = rest.slice(cut).replace(/^ +/, "")
  }
  rows.push(rest)
  return rows
}

/** A row's words at their character columns; undefined for a blank row (it stays as vertical space). */
const layOutRow = (row: FlowLine, y: number, width: number, height: number): Line | undefined => {
  const scale = row.scale ?? 1
  const cellWidth = CELL_WIDTH * scale
  const top = (MARGIN + y) / height
  const bottom = (MARGIN + y + CELL_HEIGHT * scale) / height
  const words: Array<Word> = []
  for (const match of row.text.matchAll(/\S+/g)) {
    const box: Box = [
      (MARGIN + match.index * cellWidth) / width,
      top,
      (MARGIN + (match.index + match[0].length) * cellWidth) / width,
      bottom
    ]
    words.push({ text: match[0], box, confidence: 1 })
  }
  if (words.length === 0) return undefined
  const first = words[0]!.box, last = words[words.length - 1]!.box
  return {
    text: row.text.trim(),
    box: [first[0], first[1], last[2], last[3]],
    words,
    ...(row.scale === undefined ? {} : { fontSize: (CELL_HEIGHT * scale * FONT_IN_CELL) / height })
  }
}
