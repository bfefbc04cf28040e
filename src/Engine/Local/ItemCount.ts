/**
 * How many items a document lists ("line_count: Number of line items"), when no row states it: the
 * items of the section's item table, counted. The count is as sure as its items' amounts, and sure only
 * when they add up to an amount the section prints as its subtotal or total (no item missed, none extra).
 */
import { type ExtractedObject, type Grounded, isGrounded } from "../../Domain/Extraction.js"
import type { ObjectField } from "../../Domain/FieldTree.js"
import { unionBox } from "../../Domain/PageModel.js"
import { lexiconHits } from "./Labels.js"
import { readLineItems } from "./LineItems.js"
import { rememberedPerSection, type Section } from "./Section.js"
import { amountOf } from "./Sums.js"

/** The items counted: each with its description and its amount, as an invoice's table prints them. */
const ITEM: ObjectField = {
  kind: "object",
  name: "item",
  fields: [
    { kind: "leaf", name: "description", type: "string" },
    { kind: "leaf", name: "amount", type: "number" }
  ]
}

/** A count whose items do not add up to a printed amount: likely, never sure. */
const UNCONFIRMED = 0.8

const cents = (x: number) => Math.round(x * 100)

/** The amounts the section prints on its subtotal and total rows. */
const printedTotals = (section: Section): Set<number> => {
  const out = new Set<number>()
  for (const layout of section.layouts) {
    for (const row of layout.rows) {
      const hit = lexiconHits(layout, row).find((h) => h.concepts.has("subtotal") || h.concepts.has("total"))
      if (hit === undefined) continue
      const v = amountOf(layout, row, hit, section.hint)
      if (v !== undefined) out.add(cents(v))
    }
  }
  return out
}

export interface ItemCount {
  readonly count: number
  readonly page: number
  readonly box: Grounded["box"]
  readonly confidence: number
}

/** The section's items counted, where its first items are printed; undefined when it has no item table. */
export const itemCountOf = rememberedPerSection((section: Section): ItemCount | undefined => {
  const items: ReadonlyArray<ExtractedObject> = readLineItems(section, ITEM, ["lines"])
  const amounts = items.map((i) => i["amount"]).filter(isGrounded)
  if (items.length === 0 || amounts.length < items.length) return undefined
  const page = amounts[0]!.page
  const printed = items.flatMap((i) => [i["description"], i["amount"]]).filter(isGrounded)
  const sum = amounts.reduce((s, a) => s + (typeof a.value === "number" ? cents(a.value) : NaN), 0)
  const weakest = Math.min(...amounts.map((a) => a.confidence))
  return {
    count: items.length,
    page,
    box: unionBox(printed.filter((v) => v.page === page).map((v) => v.box)),
    confidence: printedTotals(section).has(sum) ? weakest : Math.min(weakest, UNCONFIRMED)
  }
})
