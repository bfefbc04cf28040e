/**
 * Lists of items (invoice lines) for the local extractor: a header row whose cells name the item's
 * fields gives the columns (ItemTable.ts); the rows below it, up to the totals, are the items.
 */
import type { ExtractedObject, ExtractedValue } from "../../Domain/Extraction.js"
import type { Field, LeafField, ObjectField } from "../../Domain/FieldTree.js"
import { unionBox } from "../../Domain/PageModel.js"
import { findValueCandidates } from "../../Text/Values.js"
import { fieldProfile } from "../../Text/Vocabulary.js"
import { confidenceOf, type Evidence, groupOf, wordsEvidence } from "./Confidence.js"
import { headerlessItems, type ItemCell } from "./HeaderlessItems.js"
import { countByArithmetic, decimalReadAsColon, inThousands, multiplies } from "./ItemArithmetic.js"
import {
  cellsOf,
  type Column,
  findHeader,
  type ItemField,
  NUMERIC,
  QUANTITY_WITH_UNIT,
  type Table,
  tableOf
} from "./ItemTable.js"
import { firstLabelConcepts, lexiconHits } from "./Labels.js"
import { holdsCents, type PageLayout, type PlacedWord, type Row, segmentsOf } from "./Layout.js"
import { isLegalLine } from "./LegalLines.js"
import { type ReadKind, readKindOf, readValue } from "./Readers.js"
import { withoutRunningTotals } from "./RunningTotals.js"
import type { Section } from "./Section.js"

/** Rows that end the table, and rows inside it that are not items. */
const END_CONCEPTS = new Set(["total", "line_amount", "tax", "tender", "change", "rounding", "closing_balance"])
const SKIP_CONCEPTS = new Set(["subtotal", "discount"])

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

/** What a page's table gave: its items, and whether it ran on to the page's end (its list continues overleaf). */
interface PageItems {
  readonly items: Array<Map<number, ItemCell>>
  readonly table: Table | undefined
  readonly open: boolean
}

/** Columns a phrase of running text crosses, at least, to be a line across the table rather than a cell. */
const ACROSS_COLUMNS = 3

/** Whether a phrase of the row (its words close together) crosses several of the table's columns. */
const runsAcross = (row: Row, columns: ReadonlyArray<Column>, unit: number): boolean =>
  segmentsOf(row, unit).some((segment) => {
    const x1 = row.words[segment[0]!]!.box[0], x2 = row.words[segment[segment.length - 1]!]!.box[2]
    return columns.filter((c) => c.x1 < x2 && c.x2 > x1).length >= ACROSS_COLUMNS
  })

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
    const setApart = above !== undefined && row.box[1] - above.box[3] > FOOTER_GAP * layout.unit
    if (setApart && !holdsCents(row) && isLegalLine(row.words.map((w) => w.text).join(" "), true)) continue
    // A line of running text across the table's columns, set apart under the rows above (a page's footer:
    // "Fastener Supply, Inc. · Remit to: PO Box 8841 · … · Invoice 0418832 · Page"), is no item: an item's
    // cells stand apart.
    if (setApart && runsAcross(row, columns, layout.unit)) continue
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
      [...firstLabelConcepts(layout, row), ...sumBesideText(layout, row, columns, fields)]
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
