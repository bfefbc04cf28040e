import { describe, expect, it } from "@effect/vitest"
import type { ExtractedObject, Grounded } from "../../../src/Domain/Extraction.js"
import { withAgreement } from "../../../src/Engine/Claude/Agreement.js"

const g = (value: string | number, confidence: number): Grounded => ({
  value,
  page: 1,
  box: [0, 0, 0.1, 0.1],
  confidence
})
const conf = (o: ExtractedObject, k: string) => (o[k] as Grounded).confidence

describe("the Claude engine's confidence against the offline engine's reading", () => {
  it("is surer where the offline engine reads the same value, less sure where it surely reads another", () => {
    const model: ExtractedObject = {
      total: g(57.72, 0.95),
      number: g("INV-1", 0.95),
      issuer: g("ACME", 0.95),
      date: g("2024-01-02", 0.85)
    }
    const local: ExtractedObject = {
      total: g(57.72, 0.6),
      number: g("INV-2", 0.97),
      issuer: g("Globex", 0.4),
      date: null
    }
    const out = withAgreement(model, local)
    expect(conf(out, "total")).toBeCloseTo(0.975)
    expect(conf(out, "number")).toBeLessThan(0.9)
    // An unsure other reading, or none, changes nothing.
    expect(conf(out, "issuer")).toBe(0.95)
    expect(conf(out, "date")).toBe(0.85)
    // Values themselves never change.
    expect((out["number"] as Grounded).value).toBe("INV-1")
  })

  it("takes the offline engine's reading of the same name with a misread character as neither agreement nor doubt", () => {
    const model: ExtractedObject = { customer: g("Jörg Hübner", 0.75), number: g("RE-4711", 0.95) }
    const local: ExtractedObject = { customer: g("Jörg Hiibner", 0.95), number: g("RE-4717", 0.95) }
    const out = withAgreement(model, local)
    expect(conf(out, "customer")).toBe(0.75)
    // An identifier one character apart is another identifier.
    expect(conf(out, "number")).toBeLessThan(0.9)
  })

  it("leaves nested objects compared field by field and line items as grounded", () => {
    const model: ExtractedObject = { seller: { name: g("ACME", 0.9) }, lines: [{ amount: g(1, 0.9) }] }
    const local: ExtractedObject = { seller: { name: g("acme", 0.5) }, lines: [{ amount: g(2, 0.99) }] }
    const out = withAgreement(model, local)
    expect(((out["seller"] as ExtractedObject)["name"] as Grounded).confidence).toBeCloseTo(0.95)
    expect(out["lines"]).toEqual(model["lines"])
  })
})
