import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const termsOf = (row: string) =>
  valueOf(
    extractLines(
      ["Example Tools Ltd                INVOICE", "Invoice No: 2044", row, "Total GBP   94.20"],
      "invoice",
      { payment_terms: "Payment terms" }
    )["payment_terms"]
  )

describe("a text read at its label", () => {
  it("is never escapes or character references a program printed instead of text", () => {
    expect(termsOf("Payment terms: '\\r\\n' \\t &#xA")).toBeNull()
    expect(termsOf("Payment terms: &#x2022;&#x2022;")).toBeNull()
  })

  it("is the text the label introduces", () => {
    expect(termsOf("Payment terms: 30 days net")).toBe("30 days net")
  })
})
