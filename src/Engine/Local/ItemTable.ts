/**
 * An item table's header and its columns: the row whose cells name the item's fields (over one to three
 * lines), the columns those cells and the header's other cells make, and the cell of a row each word falls in.
 */
import type { LeafField } from "../../Domain/FieldTree.js"
import { fieldNameWords, leavesBracketOpen } from "../../Text/Tokens.js"
import { currencyCode } from "../../Text/Values.js"
import type { fieldProfile } from "../../Text/Vocabulary.js"
import { cellsLosingAFirstLetter } from "./HeaderMisreads.js"
import { brokenIntoAnIdentifier, COLUMN_CONCEPTS, findLabels, type LabelMatch, lexiconHits } from "./Labels.js"
import { holdsCents, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import type { ReadKind } from "./Readers.js"

/** A column of the table: the item field its header cell names (-1: a cell no field names) and its extent. */
export interface Column {
  readonly field: number
  readonly x1: number
  readonly x2: number
  /** Left edge of the column's header cell. */
  readonly head: number
  /** Right edge of the column's header cell. */
  readonly headEnd: number
}

/** An item field of the template, with what its header cell may say. */
export interface ItemField {
  readonly field: LeafField
  readonly kind: ReadKind
  readonly own: ReadonlySet<string>
  readonly phrases: ReturnType<typeof fieldProfile>["phrases"]
  readonly meaning: number
}

/** Item fields whose cells hold numbers. */
export const NUMERIC: ReadonlySet<ReadKind> = new Set(["amount", "integer", "percent"])

/**
 * A quantity printed with its unit in one word ("1kg", "20Stk", "12pcs", "3m²", as OCR also reads it
 * "3m?"): the units of measure and count invoices use, so that a code ("5G", "12AB") is no quantity.
 */
export const QUANTITY_WITH_UNIT =
  /^(\d{1,3}(?:[.,']\d{3})*(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?)(kg|g|mg|t|l|ml|cl|m|cm|mm|km|m²|m2|m³|m3|m\?|qm|lfm|stk|st|pcs|pc|pce|pces|ea|x|h|hrs|std|min|tage?|days?|u|un|unit|units)\.?$/iu

/** Header words of a column that may hold an article's number rather than its description. */
const ARTICLE_HEADERS: ReadonlySet<string> = new Set(["artikel", "article", "articulo", "articolo", "artigo"])

/** Header rows this close (in text heights) belong to one header set over two or three lines ("Total" / "HT"). */
const HEADER_BAND = 1

/**
 * The header row: the row where most item fields find a label of their own (at least two, or one strong
 * one), with the labels of the rows right above and below it that name the other fields (a header set
 * over several lines: "P.U. HT   Qté" under "TOTAL HT").
 */
export const findHeader = (
  layout: PageLayout,
  fields: ReadonlyArray<ItemField>
): { row: Row; matches: Map<number, LabelMatch> } | undefined => {
  const byRow = new Map<number, Array<{ field: number; match: LabelMatch }>>()
  fields.forEach((f, field) => {
    for (const match of findLabels(layout, f.phrases, f.own, true)) {
      // "Artikel-" over "Nr.": the article's number, not its description.
      if (brokenIntoAnIdentifier(match)) continue
      byRow.set(match.row.index, [...(byRow.get(match.row.index) ?? []), { field, match }])
    }
  })
  // Of two header cells one field could take ("Item  Description"), the one its own name says.
  const names = fields.map((f) => new Set(fieldNameWords(f.field.name)))
  const named = (x: { field: number; match: LabelMatch }) =>
    x.match.phrase.tokens.every((t) => names[x.field]!.has(t)) ? 1 : 0
  // Of an article's cell and its description's ("Artikel  Bezeichnung"), the article's holds its number.
  const articleCell = (x: { match: LabelMatch }) =>
    x.match.phrase.tokens.length === 1 && ARTICLE_HEADERS.has(x.match.phrase.tokens[0]!) ? 1 : 0
  const strongestFirst = (found: ReadonlyArray<{ field: number; match: LabelMatch }>) =>
    [...found].sort((a, b) =>
      b.match.phrase.strength - a.match.phrase.strength || named(b) - named(a) ||
      articleCell(a) - articleCell(b) || b.match.phrase.tokens.length - a.match.phrase.tokens.length
    )
  // Each field's strongest label among those found, unless it overlaps a label already taken.
  const take = (
    matches: Map<number, LabelMatch>,
    found: ReadonlyArray<{ field: number; match: LabelMatch }>,
    overlap: (a: LabelMatch, b: LabelMatch) => boolean
  ) => {
    for (const { field, match } of strongestFirst(found)) {
      if (!matches.has(field) && ![...matches.values()].some((m) => overlap(match, m))) matches.set(field, match)
    }
  }
  let best: { row: Row; matches: Map<number, LabelMatch>; own: number } | undefined
  for (const [rowIndex, found] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
    const row = layout.rows[rowIndex]!
    // A row with an amount in cents is a row of values, not a header's.
    if (holdsCents(row)) continue
    const matches = new Map<number, LabelMatch>()
    // On the row: labels sharing a word overlap.
    const shareAWord = (a: LabelMatch, b: LabelMatch) => a.first <= b.last && b.first <= a.last
    take(matches, found, shareAWord)
    // Cells whose first letter OCR lost, on a row naming a column already.
    take(matches, cellsLosingAFirstLetter(layout, row, fields.map((f) => f.phrases)), shareAWord)
    const own = matches.size
    // The header's other lines: the rows next to it, close enough to be one header, naming other fields
    // in columns of their own.
    for (const near of [rowIndex - 1, rowIndex + 1, rowIndex - 2, rowIndex + 2]) {
      const other = layout.rows[near]
      if (other === undefined || !inHeaderBand(layout, row, other) || holdsCents(other)) continue
      take(matches, byRow.get(near) ?? [], (a, b) => a.box[0] < b.box[2] && b.box[0] < a.box[2])
    }
    const enough = matches.size >= 2 || (fields.length === 1 && [...matches.values()][0]!.phrase.strength >= 0.9)
    // The row naming most fields itself is the header's main line, whose other cells make the other columns.
    const better = best === undefined || matches.size > best.matches.size ||
      (matches.size === best.matches.size && own > best.own)
    if (enough && better) best = { row, matches, own }
  }
  return best
}

/** Whether two rows are lines of one header: next to each other, with no more than a line's gap between them. */
const inHeaderBand = (layout: PageLayout, a: Row, b: Row): boolean => {
  const [upper, lower] = a.box[1] <= b.box[1] ? [a, b] : [b, a]
  for (let i = upper.index + 1; i <= lower.index; i++) {
    const gap = layout.rows[i]!.box[1] - layout.rows[i - 1]!.box[3]
    if (gap > HEADER_BAND * layout.unit) return false
  }
  return true
}
/** A single letter this many text heights after a header label, or nearer, is a piece of it. */
const SPLIT_WORD_GAP = 1.5

/** Columns from the header: one per matched field, one per other header cell, split halfway between cells. */
const columnsOf = (
  layout: PageLayout,
  row: Row,
  matches: Map<number, LabelMatch>,
  fields: ReadonlyArray<ItemField>
): Array<Column> => {
  const anchors: Array<{ field: number; x1: number; x2: number }> = []
  const covered = new Map<number, { field: number; x1: number; x2: number }>()
  for (const [field, m] of matches) {
    const anchor = { field, x1: m.box[0], x2: m.box[2] }
    anchors.push(anchor)
    if (m.row === row) { for (let i = m.first; i <= m.last; i++) covered.set(i, anchor) }
  }
  // A word of the header row under another line's label is part of that cell ("TOTAL" over "HT").
  const inAnchor = (w: PlacedWord) => anchors.some((a) => w.box[0] < a.x2 && a.x1 < w.box[2])
  // A word that starts another column's label heads a cell of its own, however near ("Menge Einheit
  // Einzelpreis" in a narrow table); a qualifier's words run on ("Net Amount excl. tax"), and so does another
  // name of the same column ("Item Product").
  const starts = new Map(lexiconHits(layout, row).map((h) => [h.first, h.concepts]))
  const startsAnother = (i: number, field: number) => {
    const concepts = [...(starts.get(i) ?? [])].filter((c) => COLUMN_CONCEPTS.has(c))
    return concepts.length > 0 && concepts.every((c) => !fields[field]!.own.has(c))
  }
  let run: Array<PlacedWord> = []
  const flush = () => {
    if (run.length > 0) anchors.push({ field: -1, x1: run[0]!.box[0], x2: run[run.length - 1]!.box[2] })
    run = []
  }
  row.words.forEach((w, i) => {
    const prev = row.words[i - 1]
    const gap = prev === undefined ? Infinity : w.box[0] - prev.box[2]
    const near = gap <= 1.5 * layout.unit
    // Words that run on from a field's label at a word's spacing belong to its cell ("Net Amount excl. tax"),
    // and so do single letters a little further: a word OCR cut into letters ("Amount H T" for "HT").
    const owner = covered.get(i - 1)
    // So does the currency its amounts are in ("Amount AUD", "Betrag (EUR)").
    const runsOn = gap <= 0.8 * layout.unit ||
      (gap <= SPLIT_WORD_GAP * layout.unit && (/^\p{L}$/u.test(w.text) || currencyCode(w.text) !== undefined))
    if (!covered.has(i) && runsOn && owner !== undefined && run.length === 0 && !startsAnother(i, owner.field)) {
      owner.x2 = w.box[2]
      covered.set(i, owner)
      return
    }
    if (covered.has(i) || !near) flush()
    if (!covered.has(i) && !inAnchor(w)) run.push(w)
  })
  flush()
  anchors.sort((a, b) => a.x1 - b.x1)
  return anchors.map((a, i) => ({
    field: a.field,
    x1: i === 0 ? 0 : (anchors[i - 1]!.x2 + a.x1) / 2,
    x2: i === anchors.length - 1 ? 1 : (a.x2 + anchors[i + 1]!.x1) / 2,
    head: a.x1,
    headEnd: a.x2
  }))
}

/**
 * The row's words by field. A text cell runs on past its header's column while its words follow at a
 * word's spacing ("Maintenance annuelle du parc" under a short "Désignation"): a word with letters is
 * the text's, not the next column's.
 */
export const cellsOf = (
  row: Row,
  columns: ReadonlyArray<Column>,
  fields: ReadonlyArray<ItemField>,
  unit: number
): Map<number, Array<PlacedWord>> => {
  const cells = new Map<number, Array<PlacedWord>>()
  let last: { readonly field: number; readonly word: PlacedWord } | undefined
  // Words of letters in a column no field names, past that column's header, waiting for the word after
  // them: a text set under a header centred over its column starts left of that column ("Empfangstresen
  // Eiche furniert" under "Gegenstand", past the column's halfway line to "Pos.").
  let pending: Array<PlacedWord> = []
  for (const w of row.words) {
    const cx = (w.box[0] + w.box[2]) / 2
    const centred = columns.find((c) => cx >= c.x1 && cx < c.x2)
    // A count that ran over into the unnamed column after it, its unit glued to it ("4Std." under "Menge"
    // reaching into "Einheit"), is the count's.
    const start = centred !== undefined && centred.field < 0 && QUANTITY_WITH_UNIT.test(w.text)
      ? columns.find((c) => w.box[0] >= c.x1 && w.box[0] < c.x2)
      : undefined
    const col = start !== undefined && start.field >= 0 && NUMERIC.has(fields[start.field]!.kind) ? start : centred
    // A word at a word's spacing after a text goes on with it when it has letters, closes the text's bracket
    // ("Rosé (carton de 6)"), or ends before its column's header ("Hamburg, 18 Paletten", "Tenue de
    // comptabilité 2024").
    const runsOn = last !== undefined && !NUMERIC.has(fields[last.field]!.kind) &&
      w.box[0] - last.word.box[2] <= unit &&
      (/\p{L}/u.test(w.text) || closesBracket(cells.get(last.field)!, w) || beforeHeader(w, col))
    const field = runsOn ? last!.field : col?.field
    const before = pending.at(-1)
    if (before !== undefined && w.box[0] - before.box[2] > unit) pending = []
    if (field === undefined || field < 0) {
      last = undefined
      // Only past its column's own header: a unit, a type or a code set under a header of its own is that column's.
      if (field !== undefined && WORD_OF_LETTERS.test(w.text) && w.box[0] > (col?.headEnd ?? 1)) pending.push(w)
      else pending = []
      continue
    }
    const led = pending.length > 0 && !NUMERIC.has(fields[field]!.kind) && !cells.has(field) ? pending : []
    pending = []
    cells.set(field, [...led, ...(cells.get(field) ?? []), w])
    last = { field, word: w }
  }
  return cells
}

/** A word of letters only (an article's code has digits). */
const WORD_OF_LETTERS = /^\p{L}[\p{L}\p{M}'’.,&-]*$/u

/** Whether the word ends before its column's header starts: a column's cells lie under their header. */
const beforeHeader = (w: PlacedWord, col: Column | undefined): boolean => col !== undefined && w.box[2] < col.head

/** Whether the word closes a bracket the cell's words left open. */
const closesBracket = (cell: ReadonlyArray<PlacedWord>, w: PlacedWord): boolean => {
  const text = cell.map((x) => x.text).join(" ")
  return w.text.includes(")") && leavesBracketOpen(text)
}

/** A page's table: its columns, the item fields its header names, and where each header cell starts. */
export interface Table {
  readonly columns: ReadonlyArray<Column>
  readonly matched: ReadonlySet<number>
  /** Left edge of each matched field's header cell, for ordering the numeric columns. */
  readonly left: ReadonlyMap<number, number>
  /** Text fields whose header cell names the item's position first ("Item Description", "Pos. Bezeichnung"). */
  readonly positioned: ReadonlySet<number>
  /** The description field of a column headed "Position" alone: a cell of a number alone there is no name. */
  readonly byPosition: ReadonlySet<number>
}

/** Words a header cell starts with when its column also holds the item's position. */
const POSITION_WORDS: ReadonlySet<string> = new Set(["item", "pos", "position", "no", "nr", "line"])

/**
 * The description field a first column headed "Position" alone names ("Position   Menge   Preis   Betrag")
 * when no header cell names the items' description: the column of the items' names (a table of numbered
 * positions has a description column besides, and a number alone in it is none).
 */
const describedByPosition = (
  row: Row,
  columns: ReadonlyArray<Column>,
  fields: ReadonlyArray<ItemField>,
  matched: ReadonlySet<number>
): number | undefined => {
  const first = columns[0]
  const described = fields.findIndex((f) => f.own.has("description"))
  if (first === undefined || first.field >= 0 || described < 0 || matched.has(described)) return undefined
  const heading = row.words.filter((w) => w.box[0] < first.x2 && w.box[2] > first.x1)
  return heading.length === 1 && heading[0]!.tokens.join(" ") === "position" ? described : undefined
}

/** Items end with their amount: a number field that is no count and no price per unit. */
const isLineAmount = (f: ItemField): boolean =>
  f.kind === "amount" && !f.own.has("quantity") && !f.own.has("unit_price")

/**
 * The table under a header. An amount no header cell names is the table's last column when a price or
 * a word the vocabulary does not know heads it ("Artikel  Menge  Preis": the price of the line), never a
 * tax rate or another field's label: items end with their amount.
 */
export const tableOf = (
  layout: PageLayout,
  header: { readonly row: Row; readonly matches: Map<number, LabelMatch> },
  fields: ReadonlyArray<ItemField>
): Table => {
  const matched = new Set(header.matches.keys())
  const headed = columnsOf(layout, header.row, header.matches, fields)
  const described = describedByPosition(header.row, headed, fields, matched)
  const byPosition = new Set(described === undefined ? [] : [described])
  const columns = described === undefined ? headed : [{ ...headed[0]!, field: described }, ...headed.slice(1)]
  if (described !== undefined) matched.add(described)
  const positioned = new Set(
    [...header.matches].filter(([, m]) => m.phrase.tokens.length >= 2 && POSITION_WORDS.has(m.phrase.tokens[0]!))
      .map(([i]) => i)
  )
  const left = new Map([...header.matches].map(([i, m]) => [i, m.box[0]]))
  const amounts = fields.flatMap((f, i) => (!matched.has(i) && isLineAmount(f) ? [i] : []))
  const last = columns[columns.length - 1]
  if (amounts.length !== 1 || last === undefined || last.field >= 0 || columns.length < 3) {
    return { columns, matched, left, positioned, byPosition }
  }
  // A price heads it ("Preis", "Price"), or a word the vocabulary does not know; never a tax rate or another field.
  const heading = lexiconHits(layout, header.row).filter((h) => {
    const w = header.row.words[h.first]!
    const cx = (w.box[0] + w.box[2]) / 2
    return cx >= last.x1 && cx < last.x2
  })
  if (heading.some((h) => [...h.concepts].some((c) => c !== "unit_price"))) {
    return { columns, matched, left, positioned, byPosition }
  }
  const amount = amounts[0]!
  matched.add(amount)
  left.set(amount, last.x1)
  return { columns: [...columns.slice(0, -1), { ...last, field: amount }], matched, left, positioned, byPosition }
}
