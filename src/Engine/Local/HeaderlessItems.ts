/**
 * Items of a list printed without a header row, or whose header the OCR lost: the rows right above
 * the first total, each a description with an amount at its end, taken only when their amounts add up
 * to that total ("Conseil fiscal annuel 320,00 / Frais de dossier 45,00 / Total HT 365,00").
 * A row's quantity and unit price are the two numbers before its amount whose product it is. An item may
 * also print its description over a row of its figures alone ("1. Managed Server M" over "1,00 Mon. × 77,00
 * EUR  77,00 EUR").
 */
import { findValueCandidates, type ValueCandidate } from "../../Text/Values.js"
import { lexiconHits } from "./Labels.js"
import { gapBefore, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import type { ReadKind } from "./Readers.js"
import type { Section } from "./Section.js"

export interface ItemCell {
  readonly value: string | number | boolean
  readonly words: ReadonlyArray<PlacedWord>
}

/** What the reader needs of each item field: the concepts it stands for and the kind of value it takes. */
export interface ItemFieldKind {
  readonly own: ReadonlySet<string>
  readonly kind: ReadKind
}

/** Rows whose label says the list is over: its sum, or the total. */
const SUMS = new Set(["total", "subtotal"])
/** Rows that are no items however they look. */
const NOT_ITEMS = new Set(["total", "subtotal", "tax", "discount", "rounding", "tender", "change", "service_charge"])
/** Amounts within half a cent are one amount. */
const CENT = 0.005
/** A list this long without a header is no list we can trust. */
const MAX_ITEMS = 30

/** A quantity times a price is the amount, within half a cent and a rounding of 0.005% of it. */
const isProduct = (quantity: number, price: number, amount: number): boolean =>
  Math.abs(quantity * price - amount) < CENT + 0.005 * Math.abs(amount) / 100

/** An article number: digits in groups ("32-7280", "4711.020"), not a fraction ("1/2") nor a size ("2.5"). */
const ARTICLE = /^\d+(?:[-.]\d+)+$/
const ARTICLE_DIGITS = 4
/** A date a description may start with ("12.03.2031 Anfahrt"). */
const DATE_LIKE = /^\d{1,2}[-.]\d{1,2}[-.]\d{2,4}$/

/** A row of specks: fewer than three letters and digits in all. */
const speckRow = (row: Row): boolean =>
  row.words.reduce((n, w) => n + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0) < 3

const money = (row: Row, hint: Section["hint"]): Array<ValueCandidate> => findValueCandidates(row.words, "amount", hint)
const hasAmount = (row: Row, hint: Section["hint"]) => money(row, hint).some((c) => c.decimals === true)

interface Read {
  /** Where the row starts (its first word's left edge). */
  readonly left: number
  readonly description: ReadonlyArray<PlacedWord>
  readonly amount: { readonly value: number; readonly words: ReadonlyArray<PlacedWord> }
  readonly quantity?: { readonly value: number; readonly words: ReadonlyArray<PlacedWord> }
  readonly price?: { readonly value: number; readonly words: ReadonlyArray<PlacedWord> }
}

/** A row read as an item: words with letters, then numbers, the last an amount with decimals at the row's end. */
const itemRow = (layout: PageLayout, row: Row, hint: Section["hint"]): Read | undefined => {
  if (lexiconHits(layout, row).some((h) => h.labelLike && [...h.concepts].some((c) => NOT_ITEMS.has(c)))) {
    return undefined
  }
  const numbers = money(row, hint)
  const last = numbers[numbers.length - 1]
  if (last === undefined || last.decimals !== true || last.end < row.words.length - 1) return undefined
  const first = numbers[0]!
  // A position number before the description ("1  Widget …") is no part of it.
  // So is an article number of digits in groups ("32-7280  Interrupteur va-et-vient").
  const position = first.start === 0 && numbers.length > 1 && /^\d{1,3}[-.)]?$/.test(row.words[0]!.text)
  const code = row.words[0]!.text
  const article = ARTICLE.test(code) && (code.match(/\d/g) ?? []).length >= ARTICLE_DIGITS &&
    !DATE_LIKE.test(code) && /\p{L}/u.test(row.words[1]?.text ?? "")
  const start = position || article ? 1 : 0
  const from = position ? numbers[1]! : first
  const description = row.words.slice(start, from.start)
  if ((description.map((w) => w.text).join("").match(/\p{L}/gu) ?? []).length < 3) return undefined
  const amount = { value: last.value as number, words: row.words.slice(last.start, last.end) }
  const before = numbers.filter((n) => n.start >= from.start && n !== last)
  for (let i = 0; i < before.length; i++) {
    for (let j = i + 1; j < before.length; j++) {
      const q = before[i]!.value as number, p = before[j]!.value as number
      if (isProduct(q, p, amount.value)) {
        // Figures before the quantity at a word's spacing are the description's ("Farbe weiß, 12,5 l   3 Eimer à 48,90").
        let end = from.start
        while (end < before[i]!.start && end > start && gapBefore(row, end) <= layout.unit) end++
        return {
          left: row.words[0]!.box[0],
          description: row.words.slice(start, end),
          amount,
          quantity: { value: q, words: row.words.slice(before[i]!.start, before[i]!.end) },
          price: { value: p, words: row.words.slice(before[j]!.start, before[j]!.end) }
        }
      }
    }
  }
  // With no quantity and price, a year or a number between words at a word's spacing after the description
  // is its own ("Tenue de comptabilité 2024", "Wartung Q3 2024 Serverraum"); a count before the amount is
  // not ("Latte 2  9.00").
  let end = from.start
  const spaced = (k: number) => k > 0 && k < last.start && gapBefore(row, k) <= layout.unit
  const lettered = (k: number) => /\p{L}/u.test(row.words[k]!.text)
  while (spaced(end)) {
    const text = row.words[end]!.text
    const year = /^(?:19|20)\d\d$/.test(text)
    if (!lettered(end) && !(/^\d+$/.test(text) && (year || (spaced(end + 1) && lettered(end + 1))))) break
    end++
  }
  return { left: row.words[0]!.box[0], description: row.words.slice(start, end), amount }
}

/** Lines of a description over its figures, at most. */
const DESCRIPTION_LINES = 3
/** A sign of multiplication between a quantity and its price. */
const TIMES = /^(?:[×xX*@]|à)$/
/** A position number starting an item's description ("1.", "2)"). */
const POSITION = /^\d{1,3}[.)]$/

/**
 * An item printed as its description over a row of its figures alone ("1. Managed Server M" over "1,00 Mon. ×
 * 77,00 EUR  77,00 EUR"): the figures' row starts with the quantity, and a quantity times a price on it is
 * its amount; the description is the lines above it up to the item's position number (the line right above
 * when there is none), never past the row of the item before. `end` is the index of the description's first row.
 */
const figuresUnder = (layout: PageLayout, r: number, hint: Section["hint"]): (Read & { end: number }) | undefined => {
  const row = layout.rows[r]!
  const numbers = money(row, hint)
  const last = numbers[numbers.length - 1]
  if (last === undefined || last.decimals !== true || last.end < row.words.length - 1 || numbers[0]!.start !== 0) {
    return undefined
  }
  const amount = last.value as number
  const q = numbers[0]!
  // The quantity, its unit, a sign of multiplication and the price: "24,50 h × 107,27", "6.00 hours @ €34.21".
  const p = numbers.find((n) =>
    n !== q && n !== last && row.words.slice(q.end, n.start).some((w) => TIMES.test(w.text)) &&
    isProduct(q.value as number, n.value as number, amount)
  )
  if (p === undefined) return undefined
  const left = row.words[0]!.box[0]
  const lines: Array<Row> = []
  for (let k = r - 1; k >= 0 && lines.length < DESCRIPTION_LINES; k--) {
    const above = layout.rows[k]!
    if (hasAmount(above, hint) || Math.abs(above.words[0]!.box[0] - left) > 2 * layout.unit) break
    lines.unshift(above)
    if (POSITION.test(above.words[0]!.text)) break
  }
  // Without a position number to start it, the description is the line right above (a heading may be over it).
  if (lines.length > 1 && !POSITION.test(lines[0]!.words[0]!.text)) lines.splice(0, lines.length - 1)
  const first = lines[0]
  if (first === undefined) return undefined
  const words = lines.flatMap((l) => l.words)
  const description = POSITION.test(words[0]!.text) ? words.slice(1) : words
  if ((description.map((w) => w.text).join("").match(/\p{L}/gu) ?? []).length < 3) return undefined
  return {
    left,
    description,
    amount: { value: amount, words: row.words.slice(last.start, last.end) },
    quantity: { value: q.value as number, words: row.words.slice(q.start, q.end) },
    price: { value: p.value as number, words: row.words.slice(p.start, p.end) },
    end: first.index
  }
}

/** The item rows above the sum's row that add up to one of its sums; none when they do not. */
const addingUpTo = (
  layout: PageLayout,
  hint: Section["hint"],
  end: number,
  sums: ReadonlyArray<number>
): ReadonlyArray<Read> => {
  const rows: Array<Read> = []
  // How many of the rows (counted from the sum up) lie under the first line passed as a description's.
  let underPassed: number | undefined
  // The row above a passed line is read to pass it: kept for the next turn rather than read again.
  let readAbove: Read | undefined
  for (let r = end - 1; r >= 0 && rows.length <= MAX_ITEMS; r--) {
    const row = layout.rows[r]!
    const figures = readAbove === undefined ? figuresUnder(layout, r, hint) : undefined
    if (figures !== undefined) {
      rows.unshift(figures)
      r = figures.end
      continue
    }
    const read = readAbove ?? itemRow(layout, row, hint)
    readAbove = undefined
    if (read !== undefined) {
      rows.unshift(read)
      continue
    }
    // Specks a scan leaves between the list and its total ("\", "\N") are no row of it (nor an item's).
    if (speckRow(row)) continue
    // An item's description goes on under it ("Auflage 5.000"): a row without an amount under an item's row.
    const above = layout.rows[r - 1]
    readAbove = hasAmount(row, hint) || above === undefined ? undefined : itemRow(layout, above, hint)
    if (readAbove === undefined) break
    underPassed ??= rows.length
  }
  if (rows.length === 0 || rows.length > MAX_ITEMS) return []
  const adds = (reads: ReadonlyArray<Read>) => {
    const total = reads.reduce((s, r) => s + r.amount.value, 0)
    return reads.length > 0 && sums.some((s) => Math.abs(s - total) < CENT)
  }
  // A line of an item's description set in under it may end with a number read as an amount ("Auflage
  // 5.000"): the list without those rows. And a line passed as a description's may have been a line of
  // something else (a table's number and waiter over a receipt's items): the list under it.
  const left = [...rows.map((r) => r.left)].sort((a, b) => a - b)[Math.floor((rows.length - 1) / 2)]!
  const tries = [
    rows,
    rows.filter((r) => r.quantity !== undefined || r.left - left <= layout.unit),
    underPassed === undefined ? [] : rows.slice(rows.length - underPassed)
  ]
  return tries.find(adds) ?? []
}

/** A row of a line amount's word and the amount alone ("Netto   1.157,70 €", "Betrag 930,70"): a sum under a list. */
const amountRow = (layout: PageLayout, row: Row): boolean => {
  const first = lexiconHits(layout, row)[0]
  return first !== undefined && first.first === 0 && first.concepts.has("line_amount") &&
    row.words.length - first.last - 1 <= 2 && money(row, undefined).length === 1
}

/** The items of a page that prints its list without a header, when their amounts add up to the total under them. */
export const headerlessItems = (
  section: Section,
  layout: PageLayout,
  fields: ReadonlyArray<ItemFieldKind>
): Array<Map<number, ItemCell>> => {
  const fieldOf = (test: (f: ItemFieldKind) => boolean) => fields.findIndex(test)
  const description = fieldOf((f) => f.own.has("description"))
  const amount = fieldOf((f) => f.own.has("line_amount"))
  const quantity = fieldOf((f) => f.own.has("quantity"))
  const price = fieldOf((f) => f.own.has("unit_price"))
  if (amount < 0) return []
  // A row naming a sum ("Total HT", "Net total", whatever else its words name too) with an amount, the
  // first one the rows above it add up to.
  let rows: ReadonlyArray<Read> = []
  for (let end = 1; end < layout.rows.length && rows.length === 0; end++) {
    const row = layout.rows[end]!
    if (!lexiconHits(layout, row).some((h) => [...h.concepts].some((c) => SUMS.has(c))) && !amountRow(layout, row)) {
      continue
    }
    const sums = money(row, section.hint).filter((c) => c.decimals === true).map((c) => c.value as number)
    if (sums.length > 0) rows = addingUpTo(layout, section.hint, end, sums)
  }
  return rows.map((r) => {
    const cells = new Map<number, ItemCell>()
    cells.set(amount, r.amount)
    if (description >= 0) {
      cells.set(description, { value: r.description.map((w) => w.text).join(" "), words: r.description })
    }
    if (quantity >= 0 && r.quantity !== undefined) cells.set(quantity, r.quantity)
    if (price >= 0 && r.price !== undefined) cells.set(price, r.price)
    return cells
  })
}
