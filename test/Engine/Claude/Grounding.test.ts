import { describe, expect, it } from "vitest"
import type { ExtractedObject, Grounded } from "../../../src/Domain/Extraction.js"
import { unionBox } from "../../../src/Domain/PageModel.js"
import {
  groundObject,
  mergeExtracted,
  numberedText,
  parseLineId,
  sectionText
} from "../../../src/Engine/Claude/Grounding.js"
import { pageModelFromLines, pageModelFromPlaced, wordBox } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const model = pageModelFromLines([
  [
    "ACME Supplies GmbH",
    "Bill To: Globex Corporation",
    "42 Main Street, Springfield",
    "Invoice Date: March 20, 2023",
    "Subtotal 10.00",
    "Shipping 10.00",
    "Total Due: USD 1,234.50",
    "Tax rate 19%",
    "Paid: Yes",
    "Method: VISA",
    "Year 2012"
  ],
  ["Page 2", "Reference: R-88"]
])
const section = sectionText(model, [1, 2])

const TEMPLATE = spec("invoice", {
  customer: "Customer",
  address: "Customer address",
  invoice_date: "date",
  shipping: "number",
  total: "number",
  tax_rate: "number",
  paid: "boolean",
  method: { type: "enum", enum: ["visa", "mastercard"] } as unknown,
  count: "integer",
  reference: "string",
  lines: [{ description: "string", amount: "number" }]
})

const COUNTED = spec("invoice", { lines: [{ description: "string", quantity: "number", amount: "number" }] })

const ground = (answer: Record<string, unknown>) => groundObject(answer as never, TEMPLATE.fields, section)
const g = (v: unknown) => v as Grounded

describe("Grounding model answers in the page model", () => {
  it("numbers the lines the model reads and reads its citations back", () => {
    expect(numberedText(section.pages)).toContain("=== Page 2 ===\n[p2 L1] Page 2\n[p2 L2] Reference: R-88")
    expect(parseLineId("[P2 l14]")).toBe("p2 L14")
    expect(parseLineId("line 3")).toBeUndefined()
  })

  it("types numbers and dates with the shared readers and boxes their words", () => {
    const { value, ungrounded } = ground({
      total: { value: "USD 1,234.50", lines: ["p1 L7"] },
      invoice_date: { value: "March 20, 2023", lines: ["p1 L4"] },
      tax_rate: { value: "19%", lines: [] },
      count: null
    })
    expect(ungrounded).toBe(0)
    expect(g(value.total).value).toBe(1234.5)
    expect(g(value.total).box).toEqual(unionBox([wordBox(model, 1, "USD"), wordBox(model, 1, "1,234.50")]))
    expect(g(value.invoice_date).value).toBe("2023-03-20")
    expect(g(value.tax_rate).value).toBe(19)
    expect(value.count).toBeNull()
  })

  it("finds a number written differently from the model's answer", () => {
    const { value } = ground({ total: { value: "1234.5", lines: [] } })
    expect(g(value.total).value).toBe(1234.5)
    // The reader's span of the amount includes its currency mark.
    expect(g(value.total).box).toEqual(unionBox([wordBox(model, 1, "USD"), wordBox(model, 1, "1,234.50")]))
  })

  it("prefers the cited line when a value is written twice", () => {
    const { value } = ground({ shipping: { value: "10.00", lines: ["p1 L6"] } })
    expect(g(value.shipping).box).toEqual(wordBox(model, 1, "10.00", 1))
    const uncited = ground({ shipping: { value: "10.00", lines: [] } })
    expect(g(uncited.value.shipping).box).toEqual(wordBox(model, 1, "10.00", 0))
  })

  it("matches text across case, spacing, line breaks and punctuation, on the right page", () => {
    const { value, ungrounded } = ground({
      customer: "globex   CORPORATION",
      address: { value: "Globex Corporation; 42 Main Street Springfield", lines: ["p1 L2", "p1 L3"] },
      reference: { value: "R-88", lines: ["p2 L2"] }
    })
    expect(ungrounded).toBe(0)
    expect(g(value.customer).value).toBe("globex CORPORATION")
    expect(g(value.address).box[3]).toBeCloseTo(wordBox(model, 1, "Springfield")[3])
    expect(g(value.reference).page).toBe(2)
  })

  it("finds a table cell's text that wrapped under its column, the other cells' values on its first line", () => {
    // Each cell a line of its own, as PDF makers that place every cell write their text.
    const table = pageModelFromPlaced([[
      { text: "Mission d'audit informatique – consultant", x: 0, y: 0 },
      { text: "6 jour(s)", x: 50, y: 0 },
      { text: "6.900,00 €", x: 70, y: 0 },
      { text: "senior", x: 0, y: 1 },
      { text: "Rédaction du rapport", x: 0, y: 2.5 },
      { text: "1 forfait", x: 50, y: 2.5 },
      { text: "1.500,00 €", x: 70, y: 2.5 }
    ]])
    const { value, ungrounded } = groundObject(
      { lines: [{ description: "Mission d'audit informatique – consultant senior", amount: "6.900,00" }] } as never,
      TEMPLATE.fields,
      sectionText(table, [1])
    )
    expect(ungrounded).toBe(0)
    const line = (value.lines as ReadonlyArray<ExtractedObject>)[0]!
    expect(g(line.description).value).toBe("Mission d'audit informatique – consultant senior")
    expect(g(line.description).box[3]).toBeCloseTo(wordBox(table, 1, "senior")[3])
    // A rest that starts another column is no wrapped cell.
    const moved = groundObject(
      { lines: [{ description: "Mission d'audit informatique – consultant forfait", amount: "6.900,00" }] } as never,
      TEMPLATE.fields,
      sectionText(table, [1])
    )
    expect((moved.value.lines as ReadonlyArray<ExtractedObject> | null)?.[0]?.description ?? null).toBe(null)
  })

  it("reads a count in thousands as the lines it is written on write their amounts ('1.500' by '2.790,00')", () => {
    const page = pageModelFromLines([[
      "Código      Concepto                       Cantidad   Precio      Importe",
      "CAT-A4-24   Catálogo corporativo              1.500    1,860     2.790,00",
      "TRI-A4      Folleto tríptico A4 plegado       5.000    0,094       470,00"
    ]])
    const read = (quantity: string, amount: string) => {
      const { value } = groundObject(
        { lines: [{ description: "Catálogo corporativo", quantity, amount }] } as never,
        COUNTED.fields,
        sectionText(page, [1])
      )
      const line = (value.lines as ReadonlyArray<ExtractedObject>)[0]!
      return [g(line.quantity).value, g(line.amount).value]
    }
    expect(read("1.500", "2.790,00")).toEqual([1500, 2790])
    // Where the lines use a decimal point, the same figures are a decimal.
    const english = pageModelFromLines([[
      "Item          Qty     Price      Amount",
      "Paper        1.500    10.00       15.00"
    ]])
    const { value } = groundObject(
      { lines: [{ description: "Paper", quantity: "1.500", amount: "15.00" }] } as never,
      COUNTED.fields,
      sectionText(english, [1])
    )
    expect(g((value.lines as ReadonlyArray<ExtractedObject>)[0]!.quantity).value).toBe(1.5)
  })

  it("nulls and counts values that are not in the document, short ones included", () => {
    const { value, ungrounded } = ground({
      customer: "Initech LLC",
      count: "12", // only inside "2012"
      total: "99.00",
      invoice_date: "2023-03-21"
    })
    expect(value.customer).toBeNull()
    expect(value.count).toBeNull()
    expect(value.total).toBeNull()
    expect(value.invoice_date).toBeNull()
    expect(ungrounded).toBe(4)
  })

  it("reads booleans and enums from the words that state them", () => {
    const { value } = ground({ paid: "Yes", method: "VISA" })
    expect(g(value.paid).value).toBe(true)
    expect(g(value.method).value).toBe("visa")
  })

  it("drops list items with nothing found and counts their invented values", () => {
    const { value, ungrounded } = ground({
      lines: [
        { description: "Shipping", amount: "10.00" },
        { description: "Gold plating", amount: "999.00" }
      ]
    })
    expect((value.lines as Array<ExtractedObject>).map((i) => g(i.description).value)).toEqual(["Shipping"])
    expect(ungrounded).toBe(2)
  })

  it("merges chunks field by field: first value found wins, lists are joined", () => {
    const a = ground({ total: "1,234.50", lines: [{ description: "Subtotal", amount: "10.00" }] }).value
    const b =
      ground({ total: "10.00", customer: "Globex Corporation", lines: [{ description: "Shipping", amount: "10.00" }] })
        .value
    const merged = mergeExtracted(TEMPLATE.fields, [a, b])
    expect(g(merged.total).value).toBe(1234.5)
    expect(g(merged.customer).value).toBe("Globex Corporation")
    expect(merged.lines as Array<unknown>).toHaveLength(2)
  })
})
