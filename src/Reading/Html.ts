/**
 * HTML → page model: html-to-text makes readable text (tables as aligned columns, links as their text,
 * no images), headings keep a larger type size, and the text is laid out on pages like plain text.
 * DOCX (through mammoth's HTML) and e-mail bodies use the same conversion.
 */
import { Effect } from "effect"
import { convert } from "html-to-text"
import type { FormatCallback, HtmlToTextOptions } from "html-to-text"
import { Parser } from "htmlparser2"
import { Unprocessable } from "../Domain/Errors.js"
import type { PageModel } from "../Domain/PageModel.js"
import { type FlowLine, layOutSections, type PageGeometry } from "./TextLayout.js"
import { decodeText } from "./Utf8.js"

/** A document page: about what a printed page of body text holds. */
export const DOCUMENT_PAGE: PageGeometry = { linesPerPage: 50, columns: 90 }

/** Type size of h1…h6 relative to body text (markdown makes `#` from ≥ 1.8 and `##` from ≥ 1.3). */
const HEADING_SCALE = [2, 1.5, 1.3, 1.15, 1.15, 1.15] as const

// Marks the start of a heading in html-to-text's output (a private-use character, then the level).
const HEADING_MARK = "\uE000"
// Stands alone on a line where a page break was (`<hr class="page-break">`, how DOCX page breaks arrive).
const PAGE_BREAK_MARK = "\uE001"

const heading: FormatCallback = (elem, walk, builder, formatOptions) => {
  builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks || 2 })
  builder.addLiteral(`${HEADING_MARK}${formatOptions.level}`)
  walk(elem.children, builder)
  builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks || 2 })
}

/** Elements nested deeper than this are not a document (an HTML upload is refused; deeper content elsewhere is left out). */
export const MAX_HTML_DEPTH = 500

const options: HtmlToTextOptions = {
  // The page layout wraps lines; tables wrap inside their cells.
  wordwrap: false,
  // The conversion walks the tree recursively: bounded, so no nesting can overflow the stack.
  limits: { maxDepth: MAX_HTML_DEPTH, maxInputLength: undefined },
  formatters: { heading },
  selectors: [
    ...HEADING_SCALE.map((_, i) => ({ selector: `h${i + 1}`, format: "heading", options: { level: i + 1 } })),
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "hr.page-break", format: "blockString", options: { string: PAGE_BREAK_MARK } },
    {
      selector: "table",
      format: "dataTable",
      options: { uppercaseHeaderCells: false, maxColumnWidth: 40, colSpacing: 3 }
    }
  ]
}

/** HTML → sections (split at page breaks) of lines, headings with their type size, other lines at body size. */
export const htmlToSections = (html: string): Array<Array<FlowLine>> => {
  const sections: Array<Array<FlowLine>> = [[]]
  for (const raw of convert(html, options).split("\n")) {
    if (raw.trim() === PAGE_BREAK_MARK) {
      sections.push([])
      continue
    }
    const mark = raw.startsWith(HEADING_MARK) ? Number(raw[1]) : undefined
    const text = raw.replace(MARKS, "")
    const scale = mark !== undefined && mark >= 1 && mark <= 6 ? HEADING_SCALE[mark - 1]! : 1
    sections[sections.length - 1]!.push({ text, scale })
  }
  // Breaks around nothing (at the start or end, or two in a row) make no blank pages.
  const filled = sections.map(trimBlankLines).filter((s) => s.length > 0)
  return filled.length > 0 ? filled : [[]]
}

const trimBlankLines = (lines: Array<FlowLine>): Array<FlowLine> => {
  const blank = (l: FlowLine | undefined) => l !== undefined && l.text.trim() === ""
  let from = 0, to = lines.length
  while (from < to && blank(lines[from])) from++
  while (to > from && blank(lines[to - 1])) to--
  return lines.slice(from, to)
}

const MARKS = new RegExp(`${HEADING_MARK}\\d|${PAGE_BREAK_MARK}`, "g")

/** Thrown from the parser's callback to stop it once the depth is known to be over the limit. */
class TooDeep extends Error {}

/**
 * Whether the HTML's elements nest deeper than `limit`, as a browser's tree would (implied closes and
 * void elements counted right), without building the tree; the parser stops at the first element past it.
 */
export const nestsDeeperThan = (html: string, limit: number): boolean => {
  let depth = 0
  const parser = new Parser({
    onopentag: () => {
      if (++depth > limit) throw new TooDeep()
    },
    onclosetag: () => {
      depth--
    }
  }, { decodeEntities: false })
  try {
    parser.end(html)
    return false
  } catch (e) {
    if (e instanceof TooDeep) return true
    throw e
  }
}

export const readHtml = (bytes: Uint8Array): Effect.Effect<PageModel, Unprocessable> =>
  Effect.suspend(() => {
    const html = decodeText(bytes)
    return nestsDeeperThan(html, MAX_HTML_DEPTH)
      ? Effect.fail(new Unprocessable({ detail: `HTML nests elements more than ${MAX_HTML_DEPTH} deep (the limit)` }))
      : Effect.sync(() => ({ mediaType: "text/html", pages: layOutSections(htmlToSections(html), DOCUMENT_PAGE) }))
  })
