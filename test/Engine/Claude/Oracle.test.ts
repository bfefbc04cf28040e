import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { amountForms, dateForms, startOracle } from "../../../eval/Oracle.js"
import { AppConfig } from "../../../src/Config.js"
import { type ExtractedObject, type Grounded, isGrounded } from "../../../src/Domain/Extraction.js"
import { AnthropicExtractor } from "../../../src/Engine/Claude/Extractor.js"
import { Extractor } from "../../../src/Engine/Engine.js"
import { modelClientLayer, modelConfig } from "../../support/anthropic.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const TEMPLATE = spec("facture", {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  delivery_date: { type: "date", description: "Delivery date" },
  due_date: { type: "date", description: "Due date" },
  customer: "Name of the customer",
  amount: { type: "number", description: "Total to pay" },
  currency: "ISO 4217 currency code",
  reference: "The customer's reference"
})

/** What the document says, in the form a reader of the page would report it (ISO dates, numbers, currency codes). */
const TRUTH = {
  invoice_number: "FV-2026-0312",
  date: "2026-08-03",
  delivery_date: "2014-07-11",
  due_date: "2024-11-07",
  customer: "Hôtel des Remparts de Vauban",
  amount: 1785,
  currency: "EUR",
  reference: "INV-2024-001"
}

/** The same values as the page writes them, the last one misread by OCR (O for 0). */
const PAGE = [
  "Atelier Vernet SARL",
  "Facture N° FV-2026-0312 du 3 août 2026",
  "Livraison : 11. Juli 2014",
  "Échéance : 07-11-2024",
  "Client : Hôtel des Remparts",
  "de Vauban",
  "Net à payer 1.785,00 €",
  "Référence : INV-2O24-001"
]

describe("the Claude engine against an oracle that answers with the truth", () => {
  it("writes the truth as the page does: dates and amounts in the corpora's forms", () => {
    expect(dateForms("2026-08-03")).toContain("3 août 2026")
    expect(dateForms("2014-07-11")).toContain("11. Juli 2014")
    expect(dateForms("2024-11-07")).toContain("07-11-2024")
    expect(amountForms(1785)).toContain("1.785,00")
    expect(amountForms(-13.5)).toContain("-13,50")
  })

  it.effect("keeps every right answer written differently on the page: written months, dotted and dashed dates, a decimal comma, a currency mark, a name over two lines, an OCR slip", () =>
    Effect.gen(function*() {
      const oracle = yield* Effect.acquireRelease(Effect.promise(startOracle), (o) => Effect.promise(() => o.close()))
      oracle.setTruth(TRUTH)
      const model = pageModelFromLines([PAGE])
      const scanned = { ...model, pages: model.pages.map((p) => ({ ...p, source: "ocr" as const })) }
      const extractor = yield* Extractor.pipe(
        Effect.provide(AnthropicExtractor),
        Effect.provide(modelClientLayer(oracle.url)),
        Effect.provide(Layer.succeed(AppConfig, modelConfig(oracle.url)))
      )
      const out: ExtractedObject = yield* extractor.extract(scanned, [1], TEMPLATE)
      expect(oracle.calls()).toBe(1)
      const values = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, isGrounded(v) ? v.value : v]))
      expect(values).toEqual(TRUTH)
      for (const v of Object.values(out)) expect((v as Grounded).confidence).toBeGreaterThan(0.5)
      // The misread one is grounded on the words that spell it nearly the same, and is less sure.
      expect((out["reference"] as Grounded).confidence).toBeLessThan((out["invoice_number"] as Grounded).confidence)
    }).pipe(Effect.scoped))
})
