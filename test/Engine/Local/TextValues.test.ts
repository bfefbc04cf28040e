import { describe, expect, it } from "@effect/vitest"
import type { ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const value = (v: ExtractedValue | undefined) => (v === null || v === undefined ? null : (v as Grounded).value)

const termsOf = (row: string) =>
  value(
    extractSection(
      pageModelFromLines([["Example Tools Ltd                INVOICE", "Invoice No: 2044", row, "Total GBP   94.20"]]),
      [1],
      spec("invoice", { payment_terms: "Payment terms" })
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
