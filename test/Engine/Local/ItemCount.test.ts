import { describe, expect, it } from "@effect/vitest"
import type { ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractLines } from "../fixtures.js"

const INVOICE = [
  "Example Tools Ltd                                  INVOICE",
  "1 Mill Lane, Leeds LS1 1AA                         Invoice No: 2044",
  "                                                   Date: 04.05.2024",
  "",
  "Description                  Qty     Unit price      Amount",
  "Hammer                         2          12.00       24.00",
  "Chisel set                     1          30.50       30.50",
  "Spirit level                   3           8.00       24.00",
  "",
  "                                       Subtotal       78.50",
  "                                       VAT 20%        15.70",
  "                                       Total GBP      94.20"
]

const RECEIPT = [
  "    EXAMPLE STORE SDN BHD",
  "ITEM            QTY  PRICE  AMOUNT",
  "Rice 5kg          1  21.90   21.90",
  "Eggs 10s          2   4.50    9.00",
  "Total Items: 2        Total Qty: 3",
  "TOTAL (RM)                   30.90",
  "CASH                         50.00"
]

const read = (lines: ReadonlyArray<string>, documentType: string, template: Record<string, unknown>) =>
  extractLines(lines, documentType, template)

const grounded = (v: ExtractedValue | undefined): Grounded => {
  if (v === null || v === undefined || typeof v !== "object" || !("box" in v)) throw new Error(JSON.stringify(v))
  return v as Grounded
}

describe("counts of items", () => {
  it("counts the item table's rows for a count the page does not print, sure when they add up to the subtotal", () => {
    for (
      const template of [
        { line_count: "Number of line items" },
        { item_count: { type: "integer", description: "How many items are listed" } },
        { number_of_lines: "number" }
      ]
    ) {
      const [name] = Object.keys(template)
      const v = grounded(read(INVOICE, "invoice", template)[name!])
      expect(v.value, name).toBe(name === "line_count" ? "3" : 3)
      expect(v.confidence, name).toBeGreaterThanOrEqual(0.9)
      // The box holds the items, from the first description to the last amount.
      expect(v.box[1]).toBeLessThan(0.5)
      expect(v.box[3]).toBeGreaterThan(v.box[1])
    }
  })

  it("is less sure of a count whose items do not add up to an amount the page prints", () => {
    const lines = INVOICE.map((l) => l.replace("Subtotal       78.50", "Subtotal       80.00"))
    const v = grounded(read(lines, "invoice", { line_count: "Number of line items" })["line_count"])
    expect(v.value).toBe("3")
    expect(v.confidence).toBeLessThan(0.9)
  })

  it("reads a count or a total quantity where the page prints it, and never one item's quantity for either", () => {
    const values = read(RECEIPT, "receipt", {
      item_count: "Number of items",
      total_quantity: "Total quantity of items"
    })
    expect(grounded(values["item_count"]).value).toBe("2")
    expect(grounded(values["total_quantity"]).value).toBe("3")
    const invoice = read(INVOICE, "invoice", { total_quantity: "Total quantity of items" })
    expect(invoice["total_quantity"]).toBeNull()
  })

  it("reads a quantity asked for as text as a number, never an item table's column of quantities", () => {
    const lines = RECEIPT.filter((l) => !l.startsWith("Total Items"))
    // The table's "QTY" heads each item's quantity: none of them, nor the header's words, is the receipt's.
    expect(read(lines, "receipt", { quantity: "Quantity bought" })["quantity"]).toBeNull()
    const ticket = [
      "    EXAMPLE CINEMA SDN BHD",
      "Film: The Long Road",
      "Qty: 2        Seats: F7 F8",
      "TOTAL (RM)   36.00"
    ]
    expect(grounded(read(ticket, "receipt", { quantity: "Quantity bought" })["quantity"]).value).toBe("2")
  })
})
