/**
 * Where a label's value is read: right of it on its row, up to the next label of another concept (its
 * qualifier and the marks that end a label left out), left of it in a column of labels set right of their
 * values, or below it in its column.
 */
import { fold, tokensOf } from "../../Text/Tokens.js"
import { disjoint, type LabelMatch, lexiconHits } from "./Labels.js"
import { type PageLayout, type PlacedWord, type Row, segmentsOf } from "./Layout.js"
import { afterInclusion, qualifierEnd } from "./Qualifiers.js"

/** A gap between two words of one phrase is narrower than this (text heights); a cell's gap is wider. */
const WORD_GAP = 0.75

/** Index of the first word after `from` (and its qualifier) that starts a label of another concept, or the row length. */
export const nextForeignLabel = (layout: PageLayout, row: Row, from: number, own: ReadonlySet<string>): number => {
  const after = qualifierEnd(row, from)
  for (const h of lexiconHits(layout, row)) {
    if (h.first > after && h.labelLike && disjoint(h.concepts, own) && !afterInclusion(row, h.first)) return h.first
  }
  return row.words.length
}

/** Whether the words from `start` begin with a label of another concept. */
export const startsWithForeignLabel = (
  layout: PageLayout,
  row: Row,
  start: number,
  own: ReadonlySet<string>
): boolean => lexiconHits(layout, row).some((h) => h.first === start && disjoint(h.concepts, own))

/**
 * Words on the label's row to its right, up to the next label of another concept, without the marks that
 * end or underline a label; with `separators`, a mark between two of its words stays (a party's number
 * and name, "10023 - Müller Bau GmbH").
 */
export const rightOf = (
  match: LabelMatch,
  own: ReadonlySet<string>,
  separators = false
): Array<PlacedWord> => {
  const end = nextForeignLabel(match.page, match.row, match.last, own)
  const after = qualifierEnd(match.row, match.last)
  const glued = after === match.last ? gluedValue(match) : undefined
  const words = [...(glued === undefined ? [] : [glued]), ...match.row.words.slice(after + 1, end)]
  if (!separators) return words.filter((w) => !isLabelMark(w))
  let from = 0
  let to = words.length
  while (from < to && isLabelMark(words[from]!)) from++
  while (to > from && isLabelMark(words[to - 1]!)) to--
  return words.slice(from, to)
}

/** A gap this many text heights wide ends a value's cell. */
const CELL_GAP = 1.5
/** How far apart, in text heights, the aligned edges of a column's labels and values may be. */
const SAME_EDGE = 1

/** Index of the first word of the cell that ends right before the label (its words closer than a cell's gap). */
const cellBefore = (match: LabelMatch): number | undefined => {
  const { first, page, row } = match
  return first === 0 ? undefined : segmentsOf(row, page.unit, CELL_GAP).find((s) => s.includes(first - 1))?.[0]
}

/**
 * Whether a row next to the label's sets a label of its own at the label's left edge after a value ending
 * where the label's value ends: labels in a column, right of their values in a column of their own.
 */
const labelColumnBeside = (match: LabelMatch): boolean => {
  const { page, row } = match
  const valueEnd = row.words[match.first - 1]!.box[2]
  return [-2, -1, 1, 2].some((k) => {
    const r = page.rows[row.index + k]
    return r !== undefined && Math.min(Math.abs(r.box[1] - row.box[3]), Math.abs(row.box[1] - r.box[3])) <=
        Math.abs(k) * page.unit * 1.5 &&
      lexiconHits(page, r).some((h) =>
        h.first > 0 && Math.abs(r.words[h.first]!.box[0] - match.box[0]) <= SAME_EDGE * page.unit &&
        Math.abs(r.words[h.first - 1]!.box[2] - valueEnd) <= SAME_EDGE * page.unit
      )
  })
}

/**
 * Words left of a label that ends its row, in a column of labels set right of their values ("24-0318   Rechnung
 * Nr.", "4'683.80 Total CHF inkl. MWST"): the cell right before the label, when it holds no label of its own and
 * a row next to it sets a label at the label's left edge after a value ending where this one ends. None otherwise.
 */
export const leftOf = (match: LabelMatch, own: ReadonlySet<string>): Array<PlacedWord> => {
  const { page, row } = match
  if (rightOf(match, own).length > 0 || nextForeignLabel(page, row, match.last, own) < row.words.length) return []
  const start = cellBefore(match)
  if (start === undefined || !labelColumnBeside(match)) return []
  if (lexiconHits(page, row).some((h) => h.first >= start && h.first < match.first)) return []
  return row.words.slice(start, match.first)
}

/**
 * The start of a value OCR glued to the label's last word ("Total€1,614.99", "TTC3 936,00"): the word's
 * rest after the label, from a currency sign or a digit on, as a word of its own (its box the word's
 * share).
 */
const gluedValue = (match: LabelMatch): PlacedWord | undefined => {
  const word = match.row.words[match.last]!
  const m = /^(\p{L}+)([€$£¥]?\d.*|[€$£¥])$/u.exec(word.text)
  if (m === null || !fold(m[1]!).endsWith(match.phrase.tokens[match.phrase.tokens.length - 1]!)) return undefined
  const [x1, y1, x2, y2] = word.box
  const split = x1 + ((x2 - x1) * m[1]!.length) / word.text.length
  return { ...word, text: m[2]!, tokens: tokensOf(m[2]!), box: [split, y1, x2, y2] }
}

/** A word of nothing but the marks that end or underline a label (":", "#", "-", "="): no value's word. */
export const isLabelMark = (w: PlacedWord): boolean => /^[:：#\-–—.=]+$/.test(w.text)

export interface BelowArea {
  readonly words: Array<PlacedWord>
  /** 1 for the row just below, 2 for the next. */
  readonly depth: number
}

/**
 * The column segments below a label: on each of the next rows (close enough), the gap-separated
 * segment that overlaps the label horizontally. Stops at a row whose segment is another label.
 */
export const below = (
  match: LabelMatch,
  own: ReadonlySet<string>,
  maxRows = 2,
  throughLabels = false,
  bounded = false
): Array<BelowArea> => {
  const { page, row } = match
  const unit = page.unit
  const out: Array<BelowArea> = []
  // With `bounded` (a party's heading), a header row of several cells ("Ship To   Bill To   Invoice No. …")
  // bounds the label's column: under it, a word that ends before the label starts is the cell's on the left,
  // one that starts where the next cell starts is that cell's (their text runs closer than a column's gap in
  // a narrow table). A number under its header may stand left of it (set to the right): not bounded.
  // The cells beside it are other labels ("Ship To", "Invoice No."), not a mark OCR read beside a heading.
  const hits = bounded ? lexiconHits(page, row) : []
  const labelled = (i: number) => hits.some((h) => h.first <= i && i <= h.last)
  const before = labelled(match.first - 1) ? row.words[match.first - 1] : undefined
  const after = labelled(match.last + 1) ? row.words[match.last + 1] : undefined
  const from = before !== undefined && match.box[0] - before.box[2] >= unit ? match.box[0] : -Infinity
  const to = after !== undefined && after.box[0] - match.box[2] >= unit ? after.box[0] - unit / 4 : Infinity
  const inColumn = (w: PlacedWord) => w.box[2] > from && w.box[0] < to
  // The words in the column, with those that go on from them at a word's spacing (a name longer than its
  // header's cell).
  const column = (words: ReadonlyArray<PlacedWord>): Array<PlacedWord> => {
    let first = words.findIndex(inColumn)
    if (first < 0) return []
    let last = words.length - 1
    while (last > first && !inColumn(words[last]!)) last--
    const near = (a: PlacedWord, b: PlacedWord) => b.box[0] - a.box[2] < WORD_GAP * unit
    while (first > 0 && near(words[first - 1]!, words[first]!)) first--
    while (last < words.length - 1 && near(words[last]!, words[last + 1]!)) last++
    return words.slice(first, last + 1)
  }
  let previous = row
  for (let r = row.index + 1; r < page.rows.length && out.length < maxRows; r++) {
    const next = page.rows[r]!
    if (next.box[1] - previous.box[3] > 3 * unit) break
    previous = next
    const segment = segmentsOf(next, unit).find((seg) =>
      seg.some((i) => {
        const b = next.words[i]!.box
        return b[0] < match.box[2] + unit && b[2] > match.box[0] - unit
      })
    )
    if (segment === undefined) continue
    if (throughLabels) {
      // A party's block under its heading: every line, labelled ones too ("Nummer: …", "Name: …").
      // The rest of the row: a label and its value are often set in two columns ("Name:      Muster AG").
      const words = column(next.words.slice(segment[0]!))
      if (words.length > 0) out.push({ words, depth: out.length + 1 })
      continue
    }
    const start = segment.find((i) => inColumn(next.words[i]!)) ?? segment[0]!
    if (startsWithForeignLabel(page, next, start, own)) break
    const end = Math.min(nextForeignLabel(page, next, start, own), segment[segment.length - 1]! + 1)
    const words = column(next.words.slice(start, end))
    if (words.length > 0) out.push({ words, depth: out.length + 1 })
  }
  return out
}
