/**
 * The console's fields table (src/Console/public/fields.js): a shorthand template read into rows and
 * written back. What the browser test does through the page, here over many template shapes.
 */
import { describe, expect, it } from "vitest"

const module = "../../src/Console/public/fields.js"
const { dataOf, rowsOf } = (await import(module)) as {
  dataOf: (rows: ReadonlyArray<Row>) => { data?: Record<string, unknown>; error?: string }
  rowsOf: (data: Record<string, unknown>) => Array<Row> | undefined
}

interface Row {
  name: string
  type: string
  description: string
  original?: unknown
}

describe("the console's fields table", () => {
  it("writes back every shorthand template it reads exactly as it was, key order included", () => {
    const templates = [
      { invoice_number: "The invoice number", total: "number", date: { type: "date", description: "Invoice date" } },
      { paid: "boolean", count: { type: "integer" }, note: { type: "string", description: "date" } },
      { lines: [{ description: "string", amount: "number" }], supplier: { name: "string", vat: "Supplier VAT id" } },
      { status: { type: "string", enum: ["open", "paid"] }, due: { type: "date", format: "date" } }
    ]
    for (const data of templates) {
      const rows = rowsOf(data)!
      expect(rows.map((r) => r.name)).toEqual(Object.keys(data))
      expect(JSON.stringify(dataOf(rows).data)).toBe(JSON.stringify(data))
    }
  })

  it("shows simple fields with their type and description, and anything else as a nested field", () => {
    const rows = rowsOf({
      a: "The a",
      b: "number",
      c: { type: "date", description: "When" },
      d: [{ x: "string" }],
      e: { type: "string", enum: ["x"] }
    })!
    expect(rows.map(({ name, type, description }) => [name, type, description])).toEqual([
      ["a", "string", "The a"],
      ["b", "number", ""],
      ["c", "date", "When"],
      ["d", "nested", ""],
      ["e", "nested", ""]
    ])
  })

  it("leaves JSON Schema templates to the JSON view", () => {
    expect(rowsOf({ type: "object", properties: { total: { type: "number" } } })).toBeUndefined()
    // A shorthand field that happens to be named "type" is still shorthand.
    expect(rowsOf({ type: "Kind of document", total: "number" })?.map((r) => r.name)).toEqual(["type", "total"])
  })

  it("writes edited rows in the shortest form that keeps their meaning", () => {
    const rows: Array<Row> = [
      { name: "total", type: "number", description: "" },
      { name: "store", type: "string", description: "The shop's name" },
      { name: "when", type: "date", description: "Purchase date" },
      { name: "kind", type: "string", description: "number" },
      { name: "renamed", type: "integer", description: "", original: "integer" },
      { name: "", type: "string", description: "" }
    ]
    expect(dataOf(rows)).toEqual({
      data: {
        total: "number",
        store: "The shop's name",
        when: { type: "date", description: "Purchase date" },
        // A description that reads like a type word would be taken for the type.
        kind: { type: "string", description: "number" },
        renamed: "integer"
      }
    })
  })

  it("names the row that is wrong", () => {
    expect(dataOf([{ name: "a", type: "string", description: "" }, { name: "", type: "number", description: "Total" }]))
      .toEqual({ error: "Field 2 has no name." })
    expect(dataOf([{ name: "a", type: "string", description: "" }, { name: "a", type: "number", description: "" }]))
      .toEqual({ error: "Two fields are named \"a\"." })
  })
})
