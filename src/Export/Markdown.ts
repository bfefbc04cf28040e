/**
 * Page model → markdown (the `markdown` of the one-shot extraction response).
 * Each page starts with `<!-- page N -->`; pages are separated by a blank line.
 * Larger type than the page's body text becomes a heading; vertical gaps separate paragraphs;
 * lines side by side on one visual row (label and value, table cells) stay on one markdown line.
 * After layout analysis, detected tables are markdown tables (the first row as the header row) and
 * running headers and footers are HTML comments (`<!-- header: … -->`), out of the body text but kept.
 */
import type { Line, Page, PageModel, Table } from "../Domain/PageModel.js"

/** Font size ratios to the body text from which a line is a `#` or `##` heading. */
const H1_RATIO = 1.8
const H2_RATIO = 1.3
/** Longer lines are text set large, not headings. */
const HEADING_MAX_CHARS = 120
/** A vertical gap above this share of the line height starts a new paragraph. */
const PARAGRAPH_GAP = 0.6
/** Lines overlapping vertically by this share of the smaller one are on the same visual row. */
const SAME_ROW = 0.5
/** Separates the lines of one visual row on a markdown line. */
const CELL_SEPARATOR = "   "

/** A page with less text than this takes its body size from the whole document (a cover page, a short letter). */
const PAGE_BODY_MIN_CHARS = 200

export const toMarkdown = (model: PageModel): string => {
  const documentBody = bodySize(model.pages.flatMap((p) => p.lines))
  return model.pages
    .map((page) => {
      const chars = page.lines.reduce((n, l) => n + l.text.length, 0)
      const body = chars >= PAGE_BODY_MIN_CHARS ? bodySize(page.lines) : documentBody
      return [`<!-- page ${page.page} -->`, ...pageBlocks(page, body)].join("\n")
    })
    .join("\n\n")
}

type Block =
  | { readonly kind: "heading"; readonly level: 1 | 2; text: string; bottom: number }
  | { readonly kind: "paragraph"; readonly rows: Array<Array<Line>>; bottom: number }
  | { readonly kind: "verbatim"; readonly text: string }

const pageBlocks = (page: Page, body: number | undefined): Array<string> => {
  const blocks: Array<Block> = []
  const tables = new Map((page.tables ?? []).map((t) => [t.firstLine, t]))
  for (let i = 0; i < page.lines.length; i++) {
    const line = page.lines[i]!
    const table = tables.get(i)
    if (table !== undefined) {
      blocks.push({ kind: "verbatim", text: markdownTable(table) })
      i += table.lineCount - 1
      continue
    }
    if (line.role !== undefined) {
      // Consecutive lines of one header or footer make one comment.
      const texts = [line.text]
      while (page.lines[i + 1]?.role === line.role && !tables.has(i + 1)) texts.push(page.lines[++i]!.text)
      const safe = texts.map((t) => t.replace(/--/g, "- -"))
      const text = safe.length === 1
        ? `<!-- ${line.role}: ${safe[0]} -->`
        : [`<!-- ${line.role}:`, ...safe, "-->"].join("\n")
      blocks.push({ kind: "verbatim", text })
      continue
    }
    const level = headingLevel(line, body)
    const last = blocks[blocks.length - 1]
    const height = line.box[3] - line.box[1]
    if (level !== undefined) {
      // A heading wrapped over several lines is one heading.
      if (last?.kind === "heading" && last.level === level && line.box[1] - last.bottom <= PARAGRAPH_GAP * height) {
        last.text += ` ${line.text}`
        last.bottom = Math.max(last.bottom, line.box[3])
      } else {
        blocks.push({ kind: "heading", level, text: line.text, bottom: line.box[3] })
      }
      continue
    }
    if (last?.kind === "paragraph") {
      const row = last.rows[last.rows.length - 1]!
      const previous = row[row.length - 1]!
      if (sameRow(previous, line)) {
        row.push(line)
        last.bottom = Math.max(last.bottom, line.box[3])
        continue
      }
      const lineHeight = Math.min(height, previous.box[3] - previous.box[1])
      const gap = line.box[1] - last.bottom
      // Going back up the page (the next column after layout analysis) starts a new paragraph too.
      if (gap <= PARAGRAPH_GAP * lineHeight && gap >= -SAME_ROW * lineHeight) {
        last.rows.push([line])
        last.bottom = Math.max(last.bottom, line.box[3])
        continue
      }
    }
    blocks.push({ kind: "paragraph", rows: [[line]], bottom: line.box[3] })
  }
  return blocks.map((block, i) => {
    const text = block.kind === "heading"
      ? `${"#".repeat(block.level)} ${block.text}`
      : block.kind === "verbatim"
      ? block.text
      : block.rows.map((row) => row.map((l) => l.text).join(CELL_SEPARATOR)).join("\n")
    // Every block after the first is set off by a blank line.
    return i === 0 ? text : `\n${text}`
  })
}

const markdownTable = (table: Table): string => {
  const row = (cells: ReadonlyArray<string>) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`
  const [head = [], ...rest] = table.rows
  return [row(head), row(head.map(() => "---")), ...rest.map(row)].join("\n")
}

const sameRow = (a: Line, b: Line): boolean => {
  const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1])
  const smaller = Math.min(a.box[3] - a.box[1], b.box[3] - b.box[1])
  return smaller > 0 && overlap >= SAME_ROW * smaller && b.box[0] >= a.box[2] - 1e-6
}

/** The font size carrying most characters (undefined when the source gives no sizes). */
const bodySize = (lines: ReadonlyArray<Line>): number | undefined => {
  const weight = new Map<number, number>()
  for (const line of lines) {
    if (line.fontSize === undefined || line.fontSize <= 0) continue
    // Bins of 0.05% of the page height (0.4 pt on A4) absorb rounding in the source.
    const key = Math.round(line.fontSize * 2000)
    weight.set(key, (weight.get(key) ?? 0) + line.text.length)
  }
  let best: number | undefined, bestWeight = -1
  for (const [key, w] of weight) {
    if (w > bestWeight) {
      best = key / 2000
      bestWeight = w
    }
  }
  return best
}

const headingLevel = (line: Line, body: number | undefined): 1 | 2 | undefined => {
  if (body === undefined || line.fontSize === undefined) return undefined
  if (line.text.length > HEADING_MAX_CHARS || !/\p{L}/u.test(line.text)) return undefined
  const ratio = line.fontSize / body
  return ratio >= H1_RATIO ? 1 : ratio >= H2_RATIO ? 2 : undefined
}
