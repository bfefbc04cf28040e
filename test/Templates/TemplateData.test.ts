import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { countFields, type Field } from "../../src/Domain/FieldTree.js"
import { normalizeTemplate, normalizeTemplateWithin } from "../../src/Templates/TemplateData.js"

const ok = (data: unknown): ReadonlyArray<Field> => {
  const r = normalizeTemplate(data)
  if (Either.isLeft(r)) throw new Error(`expected a field tree, got: ${r.left}`)
  return r.right
}
const detail = (data: unknown): string => {
  const r = normalizeTemplate(data)
  if (Either.isRight(r)) throw new Error(`expected a rejection, got ${JSON.stringify(r.right)}`)
  return r.left
}

describe("normalizeTemplate", () => {
  describe("shorthand map", () => {
    it("reads descriptions, type words and {type, description} specs", () => {
      expect(ok({
        invoice_number: "The invoice number",
        date: "date",
        amount: { type: "number", description: "Total to pay" },
        paid: "boolean",
        count: "integer",
        note: "string"
      })).toEqual([
        { kind: "leaf", name: "invoice_number", type: "string", description: "The invoice number" },
        { kind: "leaf", name: "date", type: "date" },
        { kind: "leaf", name: "amount", type: "number", description: "Total to pay" },
        { kind: "leaf", name: "paid", type: "boolean" },
        { kind: "leaf", name: "count", type: "integer" },
        { kind: "leaf", name: "note", type: "string" }
      ])
    })

    it("treats a description that equals a type word (any case) as the type", () => {
      expect(ok({ total: " Number " })).toEqual([{ kind: "leaf", name: "total", type: "number" }])
    })

    it("reads a nested map as an object and a one-element list of a map as a list of items", () => {
      expect(ok({
        seller: { name: "Seller name", vat_id: "string" },
        lines: [{ description: "What was sold", qty: "integer", unit_price: { type: "number" } }]
      })).toEqual([
        {
          kind: "object",
          name: "seller",
          fields: [
            { kind: "leaf", name: "name", type: "string", description: "Seller name" },
            { kind: "leaf", name: "vat_id", type: "string" }
          ]
        },
        {
          kind: "array",
          name: "lines",
          item: {
            kind: "object",
            name: "lines",
            fields: [
              { kind: "leaf", name: "description", type: "string", description: "What was sold" },
              { kind: "leaf", name: "qty", type: "integer" },
              { kind: "leaf", name: "unit_price", type: "number" }
            ]
          }
        }
      ])
    })

    it("reads a one-element list of a word as a list of values", () => {
      expect(ok({ tags: ["string"], dates: ["date"] })).toEqual([
        { kind: "array", name: "tags", item: { kind: "leaf", name: "tags", type: "string" } },
        { kind: "array", name: "dates", item: { kind: "leaf", name: "dates", type: "date" } }
      ])
    })

    it("reads enums and keeps field names exactly as given", () => {
      expect(ok({ "Payment Method": { enum: ["cash", "card"], description: "How it was paid" }, "n°": "string" }))
        .toEqual([
          {
            kind: "leaf",
            name: "Payment Method",
            type: "enum",
            description: "How it was paid",
            enum: ["cash", "card"]
          },
          { kind: "leaf", name: "n°", type: "string" }
        ])
    })

    it("reads a spec with extra keys and a capitalized type as one field", () => {
      expect(ok({ total: { type: "Number", description: "Total", example: 12.5 } })).toEqual([
        { kind: "leaf", name: "total", type: "number", description: "Total" }
      ])
    })

    it("reads a map with a field named \"type\" whose value is a sentence as a nested map", () => {
      expect(ok({ vehicle: { type: "Type of vehicle", make: "Make" } })).toEqual([
        {
          kind: "object",
          name: "vehicle",
          fields: [
            { kind: "leaf", name: "type", type: "string", description: "Type of vehicle" },
            { kind: "leaf", name: "make", type: "string", description: "Make" }
          ]
        }
      ])
    })
  })

  describe("JSON Schema", () => {
    it("reads types, descriptions, date formats, enums, nested objects and arrays", () => {
      expect(ok({
        type: "object",
        required: ["invoice_number"],
        properties: {
          invoice_number: { type: "string", description: "Number" },
          issued: { type: "string", format: "date" },
          total: { type: ["number", "null"] },
          lines_count: { type: "integer" },
          paid: { type: "boolean" },
          status: { enum: ["open", "paid"] },
          kind: { type: "string", enum: ["a", "b"] },
          seller: { type: "object", properties: { name: { type: "string" } } },
          lines: { type: "array", items: { type: "object", properties: { qty: { type: "number" } } } },
          notes: { type: "array", items: { type: "string" } },
          due: { anyOf: [{ type: "string", format: "date" }, { type: "null" }], description: "Due date" }
        }
      })).toEqual([
        { kind: "leaf", name: "invoice_number", type: "string", description: "Number" },
        { kind: "leaf", name: "issued", type: "date" },
        { kind: "leaf", name: "total", type: "number" },
        { kind: "leaf", name: "lines_count", type: "integer" },
        { kind: "leaf", name: "paid", type: "boolean" },
        { kind: "leaf", name: "status", type: "enum", enum: ["open", "paid"] },
        { kind: "leaf", name: "kind", type: "enum", enum: ["a", "b"] },
        { kind: "object", name: "seller", fields: [{ kind: "leaf", name: "name", type: "string" }] },
        {
          kind: "array",
          name: "lines",
          item: { kind: "object", name: "lines", fields: [{ kind: "leaf", name: "qty", type: "number" }] }
        },
        { kind: "array", name: "notes", item: { kind: "leaf", name: "notes", type: "string" } },
        { kind: "leaf", name: "due", type: "date", description: "Due date" }
      ])
    })

    it("treats an object without type: object as a shorthand map, even with a properties field", () => {
      expect(ok({ properties: "Property list", type: "Type of document" })).toEqual([
        { kind: "leaf", name: "properties", type: "string", description: "Property list" },
        { kind: "leaf", name: "type", type: "string", description: "Type of document" }
      ])
    })
  })

  describe("rejections name the bad key", () => {
    it("rejects what is not an object", () => {
      expect(detail(null)).toBe("template_data: must be an object, got null")
      expect(detail([{ a: "string" }])).toBe("template_data: must be an object, got an array")
      expect(detail("invoice")).toBe("template_data: must be an object, got string")
    })

    it("rejects templates that define no field", () => {
      expect(detail({})).toBe("template_data: defines no fields")
      expect(detail({ type: "object", properties: {} })).toBe("template_data: defines no fields")
      expect(detail({ type: "object" })).toBe("template_data.properties: a JSON Schema needs a \"properties\" object")
    })

    it("rejects unknown types", () => {
      expect(detail({ lines: [{ qty: { type: "foo" } }] })).toBe(
        "template_data.lines[0].qty.type: unknown type \"foo\""
      )
      expect(detail({ type: "object", properties: { total: { type: "money" } } })).toBe(
        "template_data.properties.total.type: unknown type \"money\""
      )
      expect(detail({ type: "object", properties: { total: { type: ["string", "number"] } } })).toBe(
        "template_data.properties.total.type: unknown type [\"string\",\"number\"]"
      )
    })

    it("rejects lists without exactly one element and lists of lists", () => {
      expect(detail({ lines: [] })).toBe(
        "template_data.lines: a list must have exactly one element (the shape of its items), got 0"
      )
      expect(detail({ lines: [{ a: "string" }, { b: "string" }] })).toBe(
        "template_data.lines: a list must have exactly one element (the shape of its items), got 2"
      )
      expect(detail({ grid: [["number"]] })).toBe("template_data.grid[0]: lists of lists are not supported")
      expect(detail({ type: "object", properties: { rows: { type: "array" } } })).toBe(
        "template_data.properties.rows: an array needs \"items\""
      )
    })

    it("rejects values that are neither descriptions, types, maps nor lists", () => {
      expect(detail({ total: 12 })).toBe(
        "template_data.total: expected a description, a type, an object or a one-element list, got number"
      )
      expect(detail({ seller: { name: null } })).toBe(
        "template_data.seller.name: expected a description, a type, an object or a one-element list, got null"
      )
    })

    it("rejects empty nested objects, bad enums and empty names", () => {
      expect(detail({ seller: {} })).toBe("template_data.seller: an object needs at least one field")
      expect(detail({ type: "object", properties: { s: { type: "object", properties: {} } } })).toBe(
        "template_data.properties.s: an object needs at least one property"
      )
      expect(detail({ status: { type: "enum" } })).toBe("template_data.status.enum: an enum needs a list of values")
      expect(detail({ status: { enum: [] } })).toBe("template_data.status.enum: must be a non-empty list of values")
      expect(detail({ status: { enum: ["a", { b: 1 }] } })).toBe(
        "template_data.status.enum[1]: enum values must be strings, numbers or booleans, got an object"
      )
      expect(detail({ " ": "string" })).toBe("template_data[\" \"]: field names must not be empty")
      expect(detail(JSON.parse(`{"__proto__": "x", "a": "text"}`))).toBe(
        "template_data.__proto__: a field may not be named __proto__"
      )
      expect(detail({ type: "object", properties: { s: { type: "object" } } })).toBe(
        "template_data.properties.s: an object needs \"properties\" (its fields)"
      )
    })

    it("rejects nesting deeper than 8 levels", () => {
      let deep: unknown = "string"
      for (let i = 0; i < 9; i++) deep = { [`l${i}`]: deep }
      expect(detail(deep)).toBe("template_data.l8.l7.l6.l5.l4.l3.l2.l1.l0: nesting deeper than 8 levels")
      let fine: unknown = "string"
      for (let i = 0; i < 7; i++) fine = { [`l${i}`]: fine }
      expect(Either.isRight(normalizeTemplate(fine))).toBe(true)
    })
  })
})

describe("normalizeTemplateWithin (MAX_TEMPLATE_FIELDS)", () => {
  it("counts every field: a leaf one, an object one plus its fields, a list one plus its item's fields", () => {
    expect(countFields(ok({ a: "string", tags: ["string"] }))).toBe(2)
    expect(countFields(ok({ party: { name: "string", address: { city: "string" } } }))).toBe(4)
    expect(countFields(ok({ lines: [{ qty: "number", amount: "number" }] }))).toBe(3)
  })

  it("refuses more fields than the limit, naming the count and the limit", () => {
    const data = { party: { name: "string", city: "string" }, lines: [{ qty: "number" }] }
    expect(Either.isRight(normalizeTemplateWithin(data, 5))).toBe(true)
    expect(normalizeTemplateWithin(data, 4)).toEqual(
      Either.left("template_data: 5 fields, more than the limit of 4 (MAX_TEMPLATE_FIELDS)")
    )
  })

  it("reports a template's own error before its size", () => {
    expect(normalizeTemplateWithin({ a: { type: "money" } }, 0)).toEqual(
      Either.left("template_data.a.type: unknown type \"money\"")
    )
  })
})
