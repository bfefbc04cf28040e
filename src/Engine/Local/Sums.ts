/**
 * What a section's own arithmetic says its total is: the subtotal with the adjustments printed under
 * it (a tax, a service charge, a discount, a tax withheld, a rounding) added in the order they come. "Sub-total 30.20
 * / Disc 0.00 / GST 1.81 / Rounding -0.01 / Total 32.00" sums to 32.00: a total row that reads the same
 * is confirmed by amounts printed apart from it, however badly its own label was read. So are the items
 * printed above an amount that add up to it, on a till roll that names no total.
 */
import { type LexiconHit, lexiconHits } from "./Labels.js"
import { type PageLayout, type Row } from "./Layout.js"
import { qualifierEnd } from "./Qualifiers.js"
import { readValue } from "./Readers.js"
import { rememberedPerSection, type Section } from "./Section.js"

/** Adjustments are printed on the few rows under the subtotal. */
const ADJUSTMENT_ROWS = 8

/** How each adjustment changes the amount above it: added, taken off, or either (a rounding printed without sign). */
const SIGN: Readonly<Record<string, "add" | "subtract" | "signed">> = {
  tax: "add",
  service_charge: "add",
  discount: "subtract",
  withholding: "subtract",
  rounding: "signed"
}

/** The concepts that end the block of adjustments: the money handed over, or another subtotal. */
const AFTER_ADJUSTMENTS = new Set(["tender", "change", "subtotal"])

const cents = (x: number) => Math.round(x * 100) / 100

/** The money amount (with decimals) a labelled row states after its label: its last one. */
export const amountOf = (
  layout: PageLayout,
  row: Row,
  hit: LexiconHit,
  hint: Section["hint"]
): number | undefined => {
  const words = row.words.slice(qualifierEnd(row, hit.last) + 1)
  const r = readValue("amount", words, { last: true, ...(hint !== undefined ? { hint } : {}), unit: layout.unit })
  return r !== undefined && r.decimals === true && typeof r.value === "number" ? r.value : undefined
}

/** Every amount the subtotals of the section reach as their adjustments are added, one by one. */
export const sumsOf = rememberedPerSection((section: Section): ReadonlyArray<number> => {
  const out: Array<number> = []
  for (const layout of section.layouts) {
    layout.rows.forEach((row, i) => {
      const first = lexiconHits(layout, row)[0]
      if (first === undefined || !first.concepts.has("subtotal")) return
      const subtotal = amountOf(layout, row, first, section.hint)
      if (subtotal === undefined) return
      let sums = [subtotal]
      for (const next of layout.rows.slice(i + 1, i + 1 + ADJUSTMENT_ROWS)) {
        const hit = lexiconHits(layout, next)[0]
        if (hit === undefined) continue
        if ([...hit.concepts].some((c) => AFTER_ADJUSTMENTS.has(c))) break
        const how = [...hit.concepts].map((c) => SIGN[c]).find((s) => s !== undefined)
        if (how === undefined) continue
        const v = amountOf(layout, next, hit, section.hint)
        if (v === undefined || v === 0) continue
        sums = how === "add"
          ? sums.map((s) => s + Math.abs(v))
          : how === "subtract"
          ? sums.map((s) => s - Math.abs(v))
          : v < 0
          ? sums.map((s) => s + v)
          : sums.flatMap((s) => [s + v, s - v])
        out.push(...sums.map(cents))
      }
    })
  }
  return out
})

/** A run of items is at most this many rows; rows without an amount (a description's second line, a code) may fall between them. */
const ITEM_RUN_ROWS = 40
const ROWS_WITHOUT_AMOUNT = 2

/** The money amount (with decimals) a row ends with, if any. */
const lastAmountOf = (layout: PageLayout, row: Row, hint: Section["hint"]): number | undefined => {
  const r = readValue("amount", row.words, { last: true, ...(hint !== undefined ? { hint } : {}), unit: layout.unit })
  return r !== undefined && r.decimals === true && typeof r.value === "number" && r.value > 0 ? r.value : undefined
}

/**
 * Every amount that the amounts ending the rows right above it add up to (two rows at least): a till
 * roll that prints no total label still prints its items and then their sum ("DEPT 1 RM 80.00 / DEPT 2
 * RM 12.50 / CASH / RM 92.50").
 */
export const itemSumsOf = rememberedPerSection((section: Section): ReadonlyArray<number> => {
  const out: Array<number> = []
  for (const layout of section.layouts) {
    const amounts = layout.rows.map((row) => lastAmountOf(layout, row, section.hint))
    amounts.forEach((v, i) => {
      if (v === undefined) return
      let sum = 0, addends = 0, gap = 0
      for (let j = i - 1; j >= 0 && i - j <= ITEM_RUN_ROWS; j--) {
        const a = amounts[j]
        if (a === undefined) {
          if (++gap > ROWS_WITHOUT_AMOUNT) break
          continue
        }
        gap = 0
        sum = cents(sum + a)
        addends++
        if (addends >= 2 && Math.abs(sum - v) < 0.005) {
          out.push(v)
          break
        }
        if (sum > v) break
      }
    })
  }
  return out
})
