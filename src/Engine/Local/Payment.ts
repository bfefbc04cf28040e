/**
 * What the money handed over says of a document's total: the amount tendered less the change given
 * back is what was paid ("Cash 30.00", "Change 7.65": 22.35 paid). A total that equals it is
 * confirmed by readings printed apart from it, and among several total rows ("Total incl. GST 22.37",
 * "Rounding -0.02", "Total 22.35") it is the one paid.
 */
import { conceptPhrases } from "../../Text/Vocabulary.js"
import { findLabels, headsABlock, type LabelMatch, lexiconHits } from "./Labels.js"
import type { PageLayout } from "./Layout.js"
import { isCurrencyWord } from "./Qualifiers.js"
import { readValue } from "./Readers.js"
import { rememberedPerSection, type Section } from "./Section.js"
import { rightOf } from "./ValueAreas.js"

interface Money {
  readonly value: number
  readonly page: number
  readonly row: number
}

/** The change is printed on one of the few rows under the amount tendered. */
const CHANGE_ROWS = 4
/** Amounts within half a cent are one amount. */
const CENT = 0.005

/** A currency printed before the label, starting its row ("RM CASH 100.00"). */
const afterCurrency = (m: LabelMatch): boolean => m.first === 1 && isCurrencyWord(m.row.words[0]!.text)

/** The concepts of the money handed over: "Payment details  CASH  50.00" names the cash paid. */
const PAYMENT_CONCEPTS: ReadonlySet<string> = new Set(["tender", "change", "payment_method"])

/** Whether a label of some other field follows the heading ("Payment details") on its row. */
const anotherLabelAfter = (layout: PageLayout, m: LabelMatch): boolean =>
  lexiconHits(layout, m.row).some((h) => h.first > m.last + 1 && [...h.concepts].every((c) => !PAYMENT_CONCEPTS.has(c)))

const amountsAt = (section: Section, concept: string): Array<Money> => {
  const own = new Set([concept])
  return section.layouts.flatMap((layout) =>
    findLabels(layout, conceptPhrases(concept), own).flatMap((m) => {
      // "Pay by: CASH" in a header names the means, not an amount: only a label starting its row or
      // segment counts, or the change printed after another field on its row ("Item Count 3 Change Amt 4.20").
      const midRow = !m.segmentStart && !m.colon && !afterCurrency(m)
      if (midRow && concept !== "change") return []
      // "Payment details" heads a block of bank details: an amount after another field's label on its row
      // ("Payment details   Goods total (net)  £8,855.90") is that field's, not money handed over.
      if (headsABlock(m) && anotherLabelAfter(layout, m)) return []
      const r = readValue("amount", rightOf(m, own), section.hint !== undefined ? { hint: section.hint } : {})
      return r !== undefined && typeof r.value === "number" && (!midRow || r.decimals === true)
        ? [{ value: Math.abs(r.value), page: layout.page.page, row: m.row.index }]
        : []
    })
  )
}

/**
 * A card network's or payment scheme's row with nothing but its amount ("NETS  43.90", "VISA  S$ 15.50",
 * "girocard 127,79 EUR"): the amount charged. The words name products too ("Visa application service",
 * "VISA Gift Card 25.00"), so they are no labels of the vocabulary.
 */
const CARD_ROW =
  /^(?:visa|master\s?card|amex|american express|nets|eftpos|girocard|ec[- ]?karte|carte bancaire|cb|paynow|paywave|contactless|credit card|debit card)\s*:?\s*(?:[A-Z]{1,3}\$?|\p{Sc})?\s*-?\d{1,3}(?:[ ,.'’]?\d{3})*[.,]\d{2}\s*(?:[A-Z]{3}|\p{Sc})?$/iu

const cardPayments = (section: Section): Array<Money> =>
  section.layouts.flatMap((layout) =>
    layout.rows.flatMap((row) => {
      if (!CARD_ROW.test(row.words.map((w) => w.text).join(" "))) return []
      const r = readValue("amount", row.words, {
        last: true,
        ...(section.hint !== undefined ? { hint: section.hint } : {})
      })
      return r !== undefined && typeof r.value === "number" && r.decimals === true
        ? [{ value: Math.abs(r.value), page: layout.page.page, row: row.index }]
        : []
    })
  )

/**
 * The amounts the section says were paid: each amount tendered less the change printed under it, or
 * the amount tendered alone on a page that prints no change (paid exactly, or by card).
 */
/** The money the section says was handed over: tendered at a label, or charged to a card. */
const handedOver = rememberedPerSection((section: Section): ReadonlyArray<Money> => [
  ...amountsAt(section, "tender"),
  ...cardPayments(section)
])

export const paidAmounts = rememberedPerSection((section: Section): ReadonlyArray<number> => {
  const tendered = handedOver(section)
  const change = amountsAt(section, "change")
  const paid: Array<number> = []
  for (const t of tendered) {
    const c = change.find((c) => c.page === t.page && c.row > t.row && c.row - t.row <= CHANGE_ROWS)
    if (c !== undefined) {
      if (t.value - c.value > CENT) paid.push(Math.round((t.value - c.value) * 100) / 100)
    } else if (!change.some((c) => c.page === t.page) && t.value > 0) {
      paid.push(t.value)
    }
  }
  return paid
})

/** Every amount the section says was handed over, whatever the change: a total may equal it (paid exactly). */
export const tenderedAmounts = rememberedPerSection((section: Section): ReadonlyArray<number> =>
  handedOver(section).filter((t) => t.value > 0).map((t) => t.value)
)

/** Whether an amount (its sign aside: "(18.40)" on a till roll is no refund) is one the section says was paid. */
export const isPaid = (paid: ReadonlyArray<number>, value: number): boolean =>
  paid.some((p) => Math.abs(p - Math.abs(value)) < CENT)
