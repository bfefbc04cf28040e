/**
 * Layout analysis (`document_layout_analysis=true`): a pure pass over the page model, whatever the
 * format was. Per page, in this order:
 * 1. Running headers and footers: the same text (page numbers aside, so "Page 2 of 5" matches) at the
 *    same place near the top or bottom of most pages. Their lines get `role` and move to the start (headers)
 *    or end (footers) of the page's lines.
 * 2. Tables: consecutive visual rows whose cells (word groups split at wide gaps) share column gutters.
 *    Rows of prose side by side (two text columns) are not a table: at most one column may read like
 *    prose. Two columns are a table only when one holds labels ("Total:") or numbers; otherwise they
 *    are blocks side by side (an address next to the invoice details), read one after the other.
 *    Each table's lines become contiguous, row by row, and `page.tables` holds the cell texts.
 * 3. Reading order: recursive XY-cut over line boxes (tables are one block): a vertical gutter running
 *    the whole height of a block splits it into columns read left to right; otherwise the widest
 *    horizontal gap splits it top and bottom.
 * Lines are reordered and annotated, never changed or dropped.
 */
import type { Box, Page, PageModel, Table } from "../Domain/PageModel.js"

/** Headers live above this share of the page height, footers below 1 minus it. */
const FURNITURE_ZONE = 0.15
/** The same header sits within this share of the page (vertically) from page to page. */
const FURNITURE_Y_TOLERANCE = 0.02
/** …and starts or ends within this share of the page width. */
const FURNITURE_X_TOLERANCE = 0.05

/** Words further apart than this many word heights are in different cells. */
const CELL_GAP = 0.8
/** Rows of one table are at most this many row heights apart… */
const TABLE_ROW_GAP = 1.5
/** …or this many when the row's cells all fall in the table's columns (padded rows, a header set apart). */
const ALIGNED_ROW_GAP = 2.5
/** A column whose cells have this many words or characters (median) reads like prose. */
const PROSE_WORDS = 5
const PROSE_CHARS = 25
/** Lines overlapping vertically by this share of the smaller one are on the same visual row. */
const SAME_ROW = 0.5
/** A gutter between columns is at least this many line heights wide. */
const COLUMN_GAP = 1

export const analyzeLayout = (model: PageModel): PageModel => {
  const roles = furnitureRoles(model.pages)
  return { ...model, pages: model.pages.map((page, i) => analyzePage(page, roles[i]!)) }
}

// ---------------------------------------------------------------------------------------------
// Running headers and footers

type Role = "header" | "footer"

/** "Page 2 of 5", "Seite 2", "- 2 -", "2/5": the numbers change from page to page, the rest does not. */
const PAGE_NUMBER =
  /\b(?:page|seite|pagina|página|pg)\.?\s*\d+|^[\s\-–—(]*\d+(?:\s*(?:of|von|de|sur|\/)\s*\d+)?[\s\-–—)]*$/i

/** Texts equal under this are the same header (numbers count only in page numbers). */
const normalize = (text: string) => {
  const plain = text.toLowerCase().replace(/\s+/g, " ").trim()
  return PAGE_NUMBER.test(plain) ? plain.replace(/\d+/g, "#") : plain
}

/** For each page, the role of each line index that is a running header or footer. */
const furnitureRoles = (pages: ReadonlyArray<Page>): Array<Map<number, Role>> => {
  const roles = pages.map(() => new Map<number, Role>())
  const withText = pages.filter((p) => p.lines.length > 0).length
  if (withText < 2) return roles
  interface Occurrence {
    readonly page: number
    readonly line: number
    readonly box: Box
  }
  const candidates = new Map<string, Array<Occurrence>>()
  pages.forEach((page, p) =>
    page.lines.forEach((line, l) => {
      const zone: Role | undefined = line.box[3] <= FURNITURE_ZONE
        ? "header"
        : line.box[1] >= 1 - FURNITURE_ZONE
        ? "footer"
        : undefined
      if (zone === undefined) return
      const key = `${zone}|${normalize(line.text)}`
      const list = candidates.get(key) ?? []
      list.push({ page: p, line: l, box: line.box })
      candidates.set(key, list)
    })
  )
  for (const [key, occurrences] of candidates) {
    const role = key.slice(0, key.indexOf("|")) as Role
    // Occurrences near the typical place of this text (a page's own title elsewhere does not count).
    const y = median(occurrences.map((o) => o.box[1]))
    const x1 = median(occurrences.map((o) => o.box[0]))
    const x2 = median(occurrences.map((o) => o.box[2]))
    const placed = occurrences.filter((o) =>
      Math.abs(o.box[1] - y) <= FURNITURE_Y_TOLERANCE &&
      (Math.abs(o.box[0] - x1) <= FURNITURE_X_TOLERANCE || Math.abs(o.box[2] - x2) <= FURNITURE_X_TOLERANCE)
    )
    const onPages = new Set(placed.map((o) => o.page)).size
    if (onPages >= 2 && 2 * onPages > withText) {
      for (const o of placed) roles[o.page]!.set(o.line, role)
    }
  }
  return roles
}

// ---------------------------------------------------------------------------------------------
// One page

/** A line in page points (top-left origin), with its index in the page's lines. */
interface Placed {
  readonly index: number
  readonly box: Box
  readonly words: ReadonlyArray<{ readonly text: string; readonly box: Box }>
}

interface Row {
  readonly members: Array<Placed>
  top: number
  bottom: number
}

interface Block {
  readonly box: Box
  /** Line indexes in reading order. */
  readonly lines: ReadonlyArray<number>
  readonly table?: ReadonlyArray<ReadonlyArray<string>>
}

const analyzePage = (page: Page, roles: Map<number, Role>): Page => {
  if (page.lines.length === 0) return page
  const scale = (b: Box): Box => [b[0] * page.width, b[1] * page.height, b[2] * page.width, b[3] * page.height]
  const placed = page.lines.map((line, index): Placed => ({
    index,
    box: scale(line.box),
    // A line without words (some sources) is one word.
    words: (line.words.length > 0 ? line.words : [{ text: line.text, box: line.box }])
      .map((w) => ({ text: w.text, box: scale(w.box) }))
  }))
  const body = placed.filter((p) => !roles.has(p.index))
  const unit = median(placed.map((p) => p.box[3] - p.box[1])) || 12
  // A footer in columns (address, bank, register) is read column by column too.
  const furniture = (role: Role) =>
    xyCut(placed.filter((p) => roles.get(p.index) === role).map((p) => ({ box: p.box, lines: [p.index] })), unit)
      .flatMap((b) => b.lines)

  const rows = visualRows(body)
  const tables = findTables(rows, unit)
  const inTable = new Set(tables.flatMap((t) => t.lines))
  const blocks: Array<Block> = [
    ...tables,
    ...body.filter((p) => !inTable.has(p.index)).map((p): Block => ({ box: p.box, lines: [p.index] }))
  ]
  const ordered = xyCut(blocks, unit)

  const order = [...furniture("header")]
  const pageTables: Array<Table> = []
  for (const block of ordered) {
    if (block.table) {
      pageTables.push({
        box: unscale(block.box, page),
        firstLine: order.length,
        lineCount: block.lines.length,
        rows: block.table
      })
    }
    order.push(...block.lines)
  }
  order.push(...furniture("footer"))

  const lines = order.map((i) => {
    const role = roles.get(i)
    return role === undefined ? page.lines[i]! : { ...page.lines[i]!, role }
  })
  return { ...page, lines, ...(pageTables.length > 0 ? { tables: pageTables } : {}) }
}

const unscale = (
  b: Box,
  page: Page
): Box => [b[0] / page.width, b[1] / page.height, b[2] / page.width, b[3] / page.height]

const median = (xs: ReadonlyArray<number>): number => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

const union = (boxes: ReadonlyArray<Box>): Box => {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity
  for (const b of boxes) {
    x1 = Math.min(x1, b[0])
    y1 = Math.min(y1, b[1])
    x2 = Math.max(x2, b[2])
    y2 = Math.max(y2, b[3])
  }
  return [x1, y1, x2, y2]
}

/** Lines grouped into visual rows, top to bottom, each row left to right. */
const visualRows = (lines: ReadonlyArray<Placed>): Array<Row> => {
  const rows: Array<Row> = []
  for (const p of [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0])) {
    const height = p.box[3] - p.box[1]
    const row = rows.find((r) => {
      const overlap = Math.min(r.bottom, p.box[3]) - Math.max(r.top, p.box[1])
      return overlap >= SAME_ROW * Math.min(height, r.bottom - r.top)
    })
    if (row) {
      row.members.push(p)
      row.top = Math.min(row.top, p.box[1])
      row.bottom = Math.max(row.bottom, p.box[3])
    } else {
      rows.push({ members: [p], top: p.box[1], bottom: p.box[3] })
    }
  }
  for (const row of rows) row.members.sort((a, b) => a.box[0] - b.box[0])
  return rows.sort((a, b) => a.top - b.top)
}

// ---------------------------------------------------------------------------------------------
// Tables

interface Cell {
  readonly x1: number
  readonly x2: number
  readonly words: number
}

/** A row's words split into cells at gaps wider than CELL_GAP word heights. */
const cellsOf = (row: Row): Array<Cell> => {
  const words = row.members.flatMap((m) => m.words).sort((a, b) => a.box[0] - b.box[0])
  const cells: Array<Cell> = []
  let current: { x1: number; x2: number; words: number } | undefined
  for (const w of words) {
    const gap = CELL_GAP * (w.box[3] - w.box[1])
    if (current && w.box[0] - current.x2 <= gap) {
      current.x2 = Math.max(current.x2, w.box[2])
      current.words++
    } else {
      if (current) cells.push(current)
      current = { x1: w.box[0], x2: w.box[2], words: 1 }
    }
  }
  if (current) cells.push(current)
  return cells
}

type Interval = readonly [number, number]

/** Adds a row's cells to the columns, or undefined when a cell bridges two columns' gutter. */
const addToColumns = (columns: ReadonlyArray<Interval>, cells: ReadonlyArray<Cell>): Array<Interval> | undefined => {
  let next = [...columns]
  for (const cell of cells) {
    const touched = next.filter((c) => c[0] <= cell.x2 && cell.x1 <= c[1])
    if (touched.length > 1) return undefined
    if (touched.length === 0) {
      next.push([cell.x1, cell.x2])
    } else {
      const c = touched[0]!
      next = next.map((d) => (d === c ? [Math.min(c[0], cell.x1), Math.max(c[1], cell.x2)] as const : d))
    }
  }
  // Widening a column may have made it meet its neighbour: then there is no gutter left between them.
  const sorted = next.sort((a, b) => a[0] - b[0])
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] <= sorted[i - 1]![1]) return undefined
  return sorted
}

const findTables = (rows: ReadonlyArray<Row>, unit: number): Array<Block> => {
  const cells = rows.map(cellsOf)
  const tables: Array<Block> = []
  let start = 0
  while (start < rows.length) {
    if (cells[start]!.length < 2) {
      start++
      continue
    }
    let columns: Array<Interval> = addToColumns([], cells[start]!) ?? []
    let end = start + 1
    while (end < rows.length) {
      const gap = rows[end]!.top - rows[end - 1]!.bottom
      if (gap > ALIGNED_ROW_GAP * unit) break
      const next = addToColumns(columns, cells[end]!)
      if (next === undefined) break
      if (gap > TABLE_ROW_GAP * unit && next.length > columns.length) break
      columns = next
      end++
    }
    // Trailing single-cell rows are text after the table, not rows of it.
    while (end > start + 1 && cells[end - 1]!.length < 2) end--
    const span = rows.slice(start, end)
    const multi = cells.slice(start, end).filter((c) => c.length >= 2).length
    if (multi >= 2 && columns.length >= 2) {
      const table = tableOf(span, finalColumns(span, cells.slice(start, end)))
      if (table) tables.push(table)
    }
    start = end
  }
  return tables
}

/** The columns of exactly these rows (the run may have been trimmed after growing). */
const finalColumns = (rows: ReadonlyArray<Row>, cells: ReadonlyArray<ReadonlyArray<Cell>>): Array<Interval> => {
  let columns: Array<Interval> = []
  for (let i = 0; i < rows.length; i++) columns = addToColumns(columns, cells[i]!) ?? columns
  return columns
}

const tableOf = (rows: ReadonlyArray<Row>, columns: ReadonlyArray<Interval>): Block | undefined => {
  const column = (box: Box) => {
    const centre = (box[0] + box[2]) / 2
    let best = 0, bestDistance = Infinity
    columns.forEach((c, i) => {
      const d = centre < c[0] ? c[0] - centre : centre > c[1] ? centre - c[1] : 0
      if (d < bestDistance) {
        best = i
        bestDistance = d
      }
    })
    return best
  }
  const texts = rows.map((row) => {
    const cells = columns.map((): Array<string> => [])
    for (const w of row.members.flatMap((m) => m.words).sort((a, b) => a.box[0] - b.box[0])) {
      cells[column(w.box)]!.push(w.text)
    }
    return cells
  })
  // Two or more columns of prose side by side are text columns, not a table.
  const proseColumns = columns.filter((_, c) => {
    const filled = texts.map((r) => r[c]!).filter((words) => words.length > 0)
    return median(filled.map((words) => words.length)) >= PROSE_WORDS ||
      median(filled.map((words) => words.join(" ").length)) >= PROSE_CHARS
  }).length
  if (proseColumns >= 2) return undefined
  if (columns.length === 2 && ![0, 1].some((c) => mostly(texts.map((r) => r[c]!.join(" ")), isLabelOrNumber))) {
    return undefined
  }
  const members = rows.flatMap((r) => r.members)
  return {
    box: union(members.map((m) => m.box)),
    lines: members.map((m) => m.index),
    table: texts.map((r) => r.map((words) => words.join(" ")))
  }
}

/** A label ("Invoice no.:") or a number, amount, date or quantity ("1.234,50 €", "2024-03-01", "2 pcs"). */
const isLabelOrNumber = (cell: string) => /:$/.test(cell) || /^[^\p{L}]*\d[^\p{L}]*(?:\p{L}{1,3}\.?)?$/u.test(cell)

/** At least 60% of the non-empty cells. */
const mostly = (cells: ReadonlyArray<string>, test: (cell: string) => boolean) => {
  const filled = cells.filter((c) => c !== "")
  return filled.length > 0 && filled.filter(test).length >= 0.6 * filled.length
}

// ---------------------------------------------------------------------------------------------
// Reading order: recursive XY-cut

/** The widest gap between the blocks' extents along one axis (0: x, 1: y), if any is wider than `min`. */
const widestGap = (blocks: ReadonlyArray<Block>, axis: 0 | 1, min: number): number | undefined => {
  const spans = blocks.map((b) => [b.box[axis], b.box[axis + 2]!] as const).sort((a, b) => a[0] - b[0])
  let reach = spans[0]![1]
  let best: number | undefined, bestWidth = min
  for (const [from, to] of spans.slice(1)) {
    if (from - reach > bestWidth) {
      bestWidth = from - reach
      best = (from + reach) / 2
    }
    reach = Math.max(reach, to)
  }
  return best
}

const xyCut = (blocks: ReadonlyArray<Block>, unit: number): Array<Block> => {
  if (blocks.length <= 1) return [...blocks]
  // A gutter running the whole height of the blocks: columns, read left to right.
  const x = widestGap(blocks, 0, COLUMN_GAP * unit)
  if (x !== undefined) {
    return [
      ...xyCut(blocks.filter((b) => b.box[2] <= x), unit),
      ...xyCut(blocks.filter((b) => b.box[2] > x), unit)
    ]
  }
  const y = widestGap(blocks, 1, 0)
  if (y !== undefined) {
    return [
      ...xyCut(blocks.filter((b) => b.box[3] <= y), unit),
      ...xyCut(blocks.filter((b) => b.box[3] > y), unit)
    ]
  }
  // Nothing separates them: top to bottom, then left to right on one row.
  return [...blocks].sort((a, b) => {
    const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1])
    const sameRow = overlap >= SAME_ROW * Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1])
    return sameRow ? a.box[0] - b.box[0] : a.box[1] - b.box[1]
  })
}
