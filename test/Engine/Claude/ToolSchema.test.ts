import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { toolAnswerSchema, toolInputSchema } from "../../../src/Engine/Claude/ToolSchema.js"
import { spec } from "../fixtures.js"

const TEMPLATE = spec("invoice", {
  invoice_number: "The invoice number",
  total: { type: "number", description: "Total amount" },
  status: { type: "enum", enum: ["paid", "open"] } as unknown,
  supplier: { name: "string", vat_id: "string" },
  lines: [{ description: "string", amount: "number" }]
})

describe("Tool schema from a template's field tree", () => {
  const schema = toolInputSchema(TEMPLATE.fields) as any

  it("has one property per field, every leaf a value with the lines it was read from", () => {
    expect(schema.type).toBe("object")
    expect(schema.required).toEqual(["invoice_number", "total", "status", "supplier", "lines"])
    expect(schema.properties.invoice_number).toMatchObject({
      type: "object",
      description: "The invoice number",
      required: ["value", "lines"],
      properties: { value: { type: ["string", "null"] }, lines: { type: "array", items: { type: "string" } } }
    })
    expect(schema.properties.total.properties.value.description).toMatch(/exactly as written/)
    expect(schema.properties.status.properties.value.enum).toEqual(["paid", "open", null])
  })

  it("nests objects and lists like the template", () => {
    expect(schema.properties.supplier.properties.vat_id.properties.value.type).toEqual(["string", "null"])
    expect(schema.properties.lines.type).toBe("array")
    expect(schema.properties.lines.items.properties.amount.required).toEqual(["value", "lines"])
  })

  const decode = Schema.decodeUnknownEither(toolAnswerSchema(TEMPLATE.fields))

  it("decodes answers, bare leaves and missing fields included", () => {
    const ok = decode({
      invoice_number: { value: "INV-1", lines: ["p1 L2"] },
      total: "12.00",
      status: null,
      supplier: { name: { value: "ACME" } },
      lines: [{ description: { value: "Paper", lines: [] }, amount: 10 }]
    })
    expect(Either.isRight(ok)).toBe(true)
    expect(Either.isRight(decode({}))).toBe(true)
  })

  it("rejects answers of the wrong shape", () => {
    expect(Either.isLeft(decode({ invoice_number: { value: { nested: true } } }))).toBe(true)
    expect(Either.isLeft(decode({ lines: "none" }))).toBe(true)
    expect(Either.isLeft(decode({ supplier: "ACME" }))).toBe(true)
    expect(Either.isLeft(decode("everything"))).toBe(true)
  })
})
