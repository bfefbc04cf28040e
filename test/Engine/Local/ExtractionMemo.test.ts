import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import type { ExtractedObject } from "../../../src/Domain/Extraction.js"
import type { TemplateSpec } from "../../../src/Domain/FieldTree.js"
import type { PageModel } from "../../../src/Domain/PageModel.js"
import { remembered } from "../../../src/Engine/Local/ExtractionMemo.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { warmUpCases } from "../../../src/Engine/Local/WarmUp.js"
import { normalizeTemplate } from "../../../src/Templates/TemplateData.js"

/** The warm-up's English invoice as a fresh page model, with its template. */
const warmUpInvoice = () => {
  const first = warmUpCases()[0]!
  return { model: first.model, spec: first.specs[0]! }
}

const specOf = (data: Record<string, unknown>, documentType = "invoice"): TemplateSpec => ({
  templateId: "t1",
  documentType,
  fields: Either.getOrThrow(normalizeTemplate(data))
})

describe("the local extraction's memo", () => {
  it("gives a section its values again, without extracting, for the same model, pages and template", () => {
    const calls: Array<ReadonlyArray<number>> = []
    const extract = remembered((model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec) => {
      calls.push(pages)
      return extractSection(model, pages, spec)
    })
    const { model } = warmUpInvoice()
    const template = { invoice_number: "The invoice number", amount: { type: "number", description: "Total" } }
    const first = extract(model, [1], specOf(template))
    // The same template loaded again (a new object with the same content): remembered.
    expect(extract(model, [1], specOf(template))).toBe(first)
    expect(calls).toHaveLength(1)
    expect((first.invoice_number as { value: string }).value).toBe("1001")
  })

  it("extracts again when the pages, the template's fields or type, or the document differ", () => {
    let calls = 0
    const extract = remembered((): ExtractedObject => ({ n: (calls++, null) }))
    const { model } = warmUpInvoice()
    extract(model, [1], specOf({ invoice_number: "The invoice number" }))
    extract(model, [1, 2], specOf({ invoice_number: "The invoice number" }))
    extract(model, [1], specOf({ invoice_number: "The number of the invoice" }))
    extract(model, [1], specOf({ invoice_number: "The invoice number" }, "receipt"))
    extract(warmUpInvoice().model, [1], specOf({ invoice_number: "The invoice number" }))
    expect(calls).toBe(5)
  })
})
