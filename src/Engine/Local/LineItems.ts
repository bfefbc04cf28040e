/**
 * Lists of items (invoice lines) for the local extractor: a header row whose cells name the item's
 * fields gives the columns; the rows below it, up to the totals, are the items.
 */
import type { ExtractedObject, ExtractedValue } from "../../Domain/Extraction.js"
import type { Field, LeafField, ObjectField } from "../../Domain/FieldTree.js"
import { unionBox } from "../../Domain/PageModel.js"
import { fieldNameWords, leavesBracketOpen } from "../../Text/Tokens.js"
import { currencyCode, findValueCandidates } from "../../Text/Values.js"
import { fieldProfile } from "../../Text/Vocabulary.js"
import { confidenceOf, type Evidence, groupOf, wordsEvidence } from "./Confidence.js"
import { headerlessItems, type ItemCell } from "./HeaderlessItems.js"
import { cellsLosingAFirstLetter } from "./HeaderMisreads.js"
import { countByArithmetic, decimalReadAsColon, inThousands, multiplies } from "./ItemArithmetic.js"
import { brokenIntoAnIdentifier, COLUMN_CONCEPTS, findLabels, type LabelMatch, lexiconHits } from "./Labels.js"
import { holdsCents, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import { isLegalLine } from "./LegalLines.js"
import { type ReadKind, readKindOf, readValue } from "./Readers.js"
import { withoutRunningTotals } from "./RunningTotals.js"
import type { Section } from "./Section.js"

interface Column {
  readonly field: number
  readonly x1: number
  readonly x2: number
  /** Left edge of the column's header cell. */
  readonly head: number
  /** Right edge of the column's header cell. */
  readonly headEnd: number
}

interface ItemField {
  readonly field: LeafField
  readonly kind: ReadKind
  readonly own: ReadonlySet<string>
  readonly phrases: ReturnType<typeof fieldProfile>["phrases"]
  readonly meaning: number
}

const NUMERIC: ReadonlySet<ReadKind> = new Set(["amount", "integer", "percent"])
/** Rows that end the table, and rows inside it that are not items. */
const END_CONCEPTS = new Set(["total", "line_amount", "tax", "tender", "change", "rounding", "closing_balance"])
const SKIP_CONCEPTS = new Set(["subtotal", "discount"])

/**
 * A quantity printed with its unit in one word ("1kg", "20Stk", "12pcs", "3m²", as OCR also reads it
 * "3m?"): the units of measure and count invoices use, so that a code ("5G", "12AB") is no quantity.
 */
const QUANTITY_WITH_UNIT =
  /^(\d{1,3}(?:[.,']\d{3})*(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?)(kg|g|mg|t|l|ml|cl|m|cm|mm|km|m²|m2|m³|m3|m\?|qm|lfm|stk|st|pcs|pc|pce|pces|ea|x|h|hrs|std|min|tage?|days?|u|un|unit|units)\.?$/iu

/** The quantity in a cell whose number has its unit glued to it: the number read, the word kept. */
const quantityWithUnit = (
  kind: ReadKind,
  words: ReadonlyArray<PlacedWord>,
  options: Parameters<typeof readValue>[2]
): ReturnType<typeof readValue> => {
  const word = words.find((w) => QUANTITY_WITH_UNIT.test(w.text))
  if (word === undefined) return undefined
  const v = readValue(kind, [{ ...word, text: QUANTITY_WITH_UNIT.exec(word.text)![1]! }], options)
  return v === undefined ? undefined : { ...v, words: [word] }
}

/** An empty value of a field's shape: null leaves, objects of nulls, empty lists. */
export const emptyOf = (field: Field): ExtractedValue => {
  switch (field.kind) {
    case "leaf":
      return null
    case "array":
      return []
    case "object":
      return Object.fromEntries(field.fields.map((f) => [f.name, emptyOf(f)]))
  }
}

/** An empty band this many text heights tall after the items ends their table. */
const TABLE_GAP = 8

/** Header words of a column that may hold an article's number rather than its description. */
const ARTICLE_HEADERS: ReadonlySet<string> = new Set(["artikel", "article", "articulo", "articolo", "artigo"])

/** Header rows this close (in text heights) belong to one header set over two or three lines ("Total" / "HT"). */
const HEADER_BAND = 1

/**
 * The header row: the row where most item fields find a label of their own (at least two, or one strong
 * one), with the labels of the rows right above and below it that name the other fields (a header set
 * over several lines: "P.U. HT   Qté" under "TOTAL HT").
 */
const findHeader = (
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

/** A description's next line sits this many text heights under the line above it, or nearer. */
const WRAP_GAP = 0.5
/** Share of a line's height the next row overlaps when both are lines of one cell centred in its height. */
const CENTRED_OVERLAP = 0.25
/** A footer stands this far (in line heights) under the line above it at least. */
const FOOTER_GAP = 2
/** A description that wrapped ends within this many text heights of its column's edge, or past it. */
const WRAP_MARGIN = 2
/** A word space, in text heights. */
const WORD_SPACE = 0.25

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
const cellsOf = (
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

/** A position number stands this many text heights or more before the text after it: a column of its own. */
const POSITION_GAP = 2

/**
 * A text cell without the item's position set apart before it ("1     Consulting services" under a header
 * cell "Item Description" that spans both columns); "2 x cables", "12 Monate Wartung" keep their number,
 * and so does a cell under a header that names no position ("500     Flyer A5" under "Description").
 */
const withoutPosition = (words: ReadonlyArray<PlacedWord>, unit: number): ReadonlyArray<PlacedWord> =>
  words.length > 1 && /^\d{1,3}\.?$/.test(words[0]!.text) && words[1]!.box[0] - words[0]!.box[2] >= POSITION_GAP * unit
    ? words.slice(1)
    : words

/** Whether the word ends before its column's header starts: a column's cells lie under their header. */
const beforeHeader = (w: PlacedWord, col: Column | undefined): boolean => col !== undefined && w.box[2] < col.head

/** Whether the word closes a bracket the cell's words left open. */
const closesBracket = (cell: ReadonlyArray<PlacedWord>, w: PlacedWord): boolean => {
  const text = cell.map((x) => x.text).join(" ")
  return w.text.includes(")") && leavesBracketOpen(text)
}

const firstConcepts = (
  layout: PageLayout,
  row: Row
): Array<string> => [...(lexiconHits(layout, row)[0]?.concepts ?? [])]

/** A sum's concepts: its label on a row that running text starts ("Conditions de règlement : …   Total HT 1 625,00 €"). */
const SUM_CONCEPTS: ReadonlySet<string> = new Set(["total", "subtotal", "tax"])

/**
 * The concepts of a sum's label set apart in the table's figures' columns, right of other words on its row:
 * a note under the table shares its rows with the sums beside it. A word of an item's description ("Tax
 * preparation") stands in the description's column, left of the figures.
 */
const sumBesideText = (
  layout: PageLayout,
  row: Row,
  columns: ReadonlyArray<Column>,
  fields: ReadonlyArray<ItemField>
): Array<string> => {
  const figures = columns.filter((c) => c.field >= 0 && NUMERIC.has(fields[c.field]!.kind))
  if (figures.length === 0) return []
  const from = Math.min(...figures.map((c) => c.x1))
  const hit = lexiconHits(layout, row).find((h) =>
    h.first > 0 && h.labelLike && row.words[h.first]!.box[0] >= from && [...h.concepts].some((c) => SUM_CONCEPTS.has(c))
  )
  return hit === undefined ? [] : [...hit.concepts]
}

/** A cell's text on one line and its text on the next, as one; undefined unless both are text. */
const textOver = (first: ItemCell, second: ItemCell): ItemCell | undefined =>
  typeof first.value === "string" && typeof second.value === "string"
    ? { value: `${first.value} ${second.value}`, words: [...first.words, ...second.words] }
    : undefined

/** A page's table: its columns, the item fields its header names, and where each header cell starts. */
interface Table {
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
const tableOf = (
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

/** What a page's table gave: its items, and whether it ran on to the page's end (its list continues overleaf). */
interface PageItems {
  readonly items: Array<Map<number, ItemCell>>
  readonly table: Table | undefined
  readonly open: boolean
}

/** A percentage alone, as a tax summary names its rows. */
const TAX_RATE_ALONE = /^\d{1,2}(?:[.,]\d{1,3})?\s?%$/

/**
 * The items of one page's table, in order. A page without a header of its own continues the table of
 * the page before when that one ran to its page's end: its columns are used, and the rows before the
 * first item (a letterhead repeated, an amount carried over) are passed.
 */
const itemsOnPage = (
  section: Section,
  layout: PageLayout,
  fields: ReadonlyArray<ItemField>,
  before: Table | undefined,
  itemsBefore: boolean
): PageItems => {
  const header = findHeader(layout, fields)
  const table: Table | undefined = header !== undefined ? tableOf(layout, header, fields) : before
  if (table === undefined) return { items: [], table: undefined, open: false }
  const continued = header === undefined
  const { columns } = table
  const numeric = fields.map((f, i) => ({ f, i })).filter(({ f, i }) => NUMERIC.has(f.kind) && table.matched.has(i))
    .map(({ i }) => i)
  // The item's count and its amount, for a count OCR misread ("3:5").
  const counted = fields.findIndex((f) => f.own.has("quantity") && NUMERIC.has(f.kind))
  const lineAmount = fields.findIndex((f) => f.own.has("line_amount"))
  const rightmost = numeric.sort((a, b) => table.left.get(b)! - table.left.get(a)!)[0]
  // A discount column: the count times the price is not the amount.
  const discounted = header !== undefined && lexiconHits(layout, header.row).some((h) => h.concepts.has("discount"))
  const items: Array<Map<number, ItemCell>> = []
  let pending: { readonly values: Map<number, ItemCell>; readonly row: number } | undefined
  let opening: { readonly values: Map<number, ItemCell>; readonly row: number } | undefined
  // The last row the last item took.
  let lastRow = -1
  let open = true
  for (let r = header === undefined ? 0 : header.row.index + 1; r < layout.rows.length; r++) {
    const row = layout.rows[r]!
    // A wide empty band after the items ends the table: what follows is the document's notes and sums.
    const above = layout.rows[r - 1]
    if (items.length > 0 && above !== undefined && row.box[1] - above.box[3] > TABLE_GAP * layout.unit) {
      open = false
      break
    }
    // A company's legal line set apart under the table (a footer: "… GmbH · USt-IdNr. DE 123 456 789 · HRB
    // 12345") is no item; an item's row, close under the one above, may name a tax or a register.
    if (
      above !== undefined && row.box[1] - above.box[3] > FOOTER_GAP * layout.unit && !holdsCents(row) &&
      isLegalLine(row.words.map((w) => w.text).join(" "), true)
    ) continue
    const cells = cellsOf(row, columns, fields, layout.unit)
    const values = new Map<number, ItemCell>()
    let withUnit: number | undefined
    for (const [i, cell] of cells) {
      const f = fields[i]!
      const words = table.positioned.has(i) ? withoutPosition(cell, layout.unit) : cell
      if (table.byPosition.has(i) && words.every((w) => /^\d{1,3}\.?$/.test(w.text))) continue
      const options = {
        hint: section.hint,
        ...(f.field.enum ? { enumValues: f.field.enum } : {}),
        last: NUMERIC.has(f.kind)
      }
      let v = readValue(f.kind, words, options)
      if (v === undefined && f.own.has("quantity") && NUMERIC.has(f.kind)) {
        v = quantityWithUnit(f.kind, words, options)
        if (v !== undefined) withUnit = i
      }
      if (v !== undefined) values.set(i, v)
    }
    // A number with a unit in the quantity column that its price and amount do not bear out is a
    // description's word ("Mineral water 500ml") run into the column.
    if (withUnit !== undefined) {
      const at = (concept: string) => values.get(fields.findIndex((f) => f.own.has(concept)))?.value
      const q = values.get(withUnit)!.value, price = at("unit_price"), amount = at("line_amount")
      if (
        typeof q === "number" && typeof price === "number" && typeof amount === "number" &&
        !multiplies(q, price, amount)
      ) values.delete(withUnit)
    }
    if (counted >= 0 && !values.has(counted)) {
      const misread = decimalReadAsColon(cells.get(counted), row, values.get(lineAmount)?.value, section)
      if (misread !== undefined) values.set(counted, misread)
    }
    const amounts = findValueCandidates(row.words, "amount", section.hint)
    if (counted >= 0) {
      const prices = amounts.flatMap((c) => typeof c.value === "number" ? [c.value] : [])
      const thousands = inThousands(values.get(counted), cells.get(counted), values.get(lineAmount)?.value, prices)
      if (thousands !== undefined) values.set(counted, thousands)
      const named = countByArithmetic(row, values.get(counted), values.get(lineAmount), section, discounted)
      if (named !== undefined) values.set(counted, named)
    }
    const numbers = numeric.filter((i) => values.has(i))
    // A quantity times its price making its amount is an item's row whatever its words say ("Oil change",
    // "Tax return preparation", "Total station survey"); a sum or an allowance has no such three.
    const at = (concept: string) => values.get(fields.findIndex((f) => f.own.has(concept)))?.value
    const q = at("quantity"), amount = at("line_amount")
    const borneOut = typeof q === "number" && typeof amount === "number" && q !== 0 && q !== 1 &&
      amounts.some((c) => typeof c.value === "number" && c.value !== amount && multiplies(q, c.value, amount))
    // A row with its description and its count is an item whatever word its other cells hold (a tax code
    // "HST" or "GST" in a column of its own); a label starting the row still makes it a sum.
    const lead = lexiconHits(layout, row)[0]
    const described = [...values.keys()].some((i) => !NUMERIC.has(fields[i]!.kind))
    const itemRow = typeof q === "number" && described && lead !== undefined && lead.first > 1
    const labelled = borneOut || itemRow ?
      [] :
      [...firstConcepts(layout, row), ...sumBesideText(layout, row, columns, fields)]
    const hasAmount = amounts.some((c) => c.decimals === true)
    // A row named by a tax rate alone ("10 %   532,00   53,20   585,20") is a tax summary's, under the items.
    const named = values.get(fields.findIndex((f) => f.own.has("description")))?.value
    if (items.length > 0 && hasAmount && typeof named === "string" && TAX_RATE_ALONE.test(named.trim())) {
      open = false
      break
    }
    if (hasAmount && labelled.some((c) => END_CONCEPTS.has(c))) {
      // A sum over a page's items before the first of them is the sum carried from the pages before
      // ("SUMA ANTERIOR", "Übertrag"): the items follow it.
      if (items.length === 0 && itemsBefore) continue
      open = false
      break
    }
    // An allowance or subtotal row starts with its label; an item may mention one ("Volume discount: 19%").
    if (lead !== undefined && lead.first <= 1 && labelled.some((c) => SKIP_CONCEPTS.has(c))) continue
    // A row a label starts, with figures but no description, is a note under the table ("Zahlungsbedingungen:
    // 14 Tage 2 % Skonto, 30 Tage netto"), not an item.
    if (lead !== undefined && lead.first === 0 && lead.labelLike && labelled.length > 0 && !described) continue
    if (continued && items.length === 0) {
      // Overleaf, the list resumes at its first row with a description and an amount with decimals;
      // rows above it (a letterhead repeated, the amount carried over) are passed.
      const money = rightmost !== undefined && values.get(rightmost)?.words.some((w) => /\d[.,]\d{2}\b/.test(w.text))
      if (!described || money !== true) continue
    }
    // A row with nothing but an amount, in a table that names its items or counts them, is a sum, a
    // charge, an allowance or a page number under the table, not an item; unless it is the amount of
    // the item started on the row right above, whose cells wrap ("Widget 3 Stk" over "4006381333931 10,00").
    const wrapsOn = pending !== undefined && r - pending.row === 1 && labelled.length === 0 &&
      rightmost !== undefined && values.has(rightmost)
    if (
      values.size === 1 && numbers.length === 1 && !wrapsOn &&
      (labelled.length > 0 || table.matched.size > numeric.length)
    ) continue
    const isItem = numeric.length === 0
      ? values.size > 0
      : (rightmost !== undefined && values.has(rightmost)) || numbers.length >= 2
    if (!isItem) {
      // Text alone on a line the next item's row overlaps: a cell centred in its height, the item's figures
      // set between its description's lines ("Steel hinge, brass finish," over "3 … 80 mm  12  4,90"). It
      // starts that item's description.
      const textOnly = numbers.length === 0 && values.size > 0 &&
        [...values.keys()].every((i) => !NUMERIC.has(fields[i]!.kind))
      const next = layout.rows[r + 1]
      const height = row.box[3] - row.box[1]
      const overlapsNext = next === undefined ? 0 : row.box[3] - next.box[1]
      const overlapsAbove = above === undefined ? 0 : above.box[3] - row.box[1]
      if (textOnly && overlapsNext >= CENTRED_OVERLAP * height && overlapsNext > overlapsAbove) {
        opening = { values, row: r }
        continue
      }
      // Text alone on the line right under an item whose description filled its column: the description
      // wrapped ("Annual maintenance of the heating" over "system, two visits included"). A short line's
      // next line is a heading of the next items; an item's code or number ("EAN: 4006381333931",
      // "ART77120") is no part of its description.
      const last = items[items.length - 1]
      // It filled its column: it ends at the column's edge, or the next line's first word would not have fit
      // after it.
      const wrapped = (i: number, before: ItemCell) => {
        const at = columns.findIndex((c) => c.field === i)
        const column = columns[at]
        const end = before.words[before.words.length - 1]?.box[2] ?? 0
        // The text may run up to the next column's header.
        const edge = (columns[at + 1]?.head ?? 1) - layout.unit
        const next = values.get(i)?.words[0]
        const room = next === undefined ? 0 : next.box[2] - next.box[0] + WORD_SPACE * layout.unit
        return column !== undefined &&
          (end >= column.x2 - WRAP_MARGIN * layout.unit || (next !== undefined && end + room > edge))
      }
      if (
        textOnly && last !== undefined && lastRow === r - 1 && labelled.length === 0 &&
        row.box[1] - layout.rows[r - 1]!.box[3] <= WRAP_GAP * layout.unit &&
        row.words.every((w) => !/[:：]/.test(w.text) && !(/\d/.test(w.text) && w.text.length > 4)) &&
        [...values.keys()].every((i) => last.get(i) !== undefined && wrapped(i, last.get(i)!))
      ) {
        for (const [i, v] of values) {
          const joined = textOver(last.get(i)!, v)
          if (joined !== undefined) last.set(i, joined)
        }
        lastRow = r
        continue
      }
      // A description and a count without the amount: the start of an item whose cells wrap.
      pending = rightmost !== undefined && numbers.length >= 1 && described ? { values, row: r } : undefined
      continue
    }
    // The first line of a description centred beside the item's figures.
    if (opening !== undefined && opening.row === r - 1) {
      for (const [i, v] of opening.values) {
        const own = values.get(i)
        values.set(i, own === undefined ? v : textOver(v, own) ?? v)
      }
    }
    opening = undefined
    // The rest of a wrapped item: its amount on the line under its description and quantity.
    const start = pending
    pending = undefined
    if (start !== undefined && r - start.row <= 2 && numbers.every((i) => i === rightmost || !start.values.has(i))) {
      const merged = new Map(start.values)
      for (const [i, v] of values) if (!merged.has(i)) merged.set(i, v)
      items.push(merged)
    } else items.push(values)
    lastRow = r
  }
  return { items, table, open }
}

/** The list of items the template asks for; [] when no table is found or the items are plain values. */
export const readLineItems = (
  section: Section,
  item: LeafField | ObjectField,
  path: ReadonlyArray<string>
): Array<ExtractedObject> => {
  if (item.kind !== "object") return []
  const leaves = item.fields.filter((f): f is LeafField => f.kind === "leaf")
  const fields: Array<ItemField> = leaves.map((field) => {
    const profile = fieldProfile([...path, field.name], field.description, { table: true })
    return {
      field,
      kind: readKindOf(field, profile.concepts),
      own: new Set(profile.concepts),
      phrases: profile.phrases,
      meaning: profile.meaning
    }
  })
  const pages: Array<{ readonly layout: PageLayout; readonly items: Array<Map<number, ItemCell>> }> = []
  let open: Table | undefined
  let tables = 0
  for (const layout of section.layouts) {
    const page = itemsOnPage(section, layout, fields, open, pages.some((p) => p.items.length > 0))
    if (page.table !== undefined) tables++
    open = page.open && page.items.length > 0 ? page.table : undefined
    pages.push({ layout, items: page.items })
  }
  // No header anywhere (none printed, or the OCR lost it), none with items under it, or none whose amount
  // column was read ("M o nta nt"): the rows that add up to the first total, when they do.
  const amount = fields.findIndex((f) => f.own.has("line_amount") && NUMERIC.has(f.kind))
  const none = tables === 0 || pages.every((p) => p.items.length === 0)
  const unread = amount >= 0 && pages.every((p) => p.items.every((cells) => !cells.has(amount)))
  const headerless = none || unread ? pages.map((p) => headerlessItems(section, p.layout, fields)) : undefined
  if (headerless !== undefined && (none || headerless.some((items) => items.length > 0))) {
    pages.forEach((page, i) => page.items.splice(0, page.items.length, ...headerless[i]!))
  } else {
    withoutRunningTotals(
      pages,
      fields.findIndex((f) => f.own.has("quantity") && NUMERIC.has(f.kind)),
      amount
    )
  }
  return pages.flatMap(({ layout, items }) =>
    items.map((values) => {
      const obj: Record<string, ExtractedValue> = {}
      for (const f of item.fields) obj[f.name] = emptyOf(f)
      leaves.forEach((field, i) => {
        const v = values.get(i)
        if (v === undefined) return
        const evidence: Evidence = {
          labelled: headerless ? 0 : 1,
          score: headerless ? 0 : 1,
          margin: 1,
          meaning: fields[i]!.meaning,
          tabular: headerless ? 0 : 1,
          // Found by their sum: the amounts agree with the total.
          agrees: headerless ? 1 : 0,
          ...wordsEvidence(fields[i]!.kind, v.value, v.words)
        }
        obj[field.name] = {
          value: v.value,
          page: layout.page.page,
          box: unionBox(v.words.map((w) => w.box)),
          confidence: confidenceOf(groupOf(fields[i]!.kind), evidence),
          evidence: { ...evidence, group: groupOf(fields[i]!.kind) }
        }
      })
      return obj
    })
  )
}
