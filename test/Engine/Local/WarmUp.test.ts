import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ExtractedObject, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { warmUpInvoice, warmUpLocalEngine } from "../../../src/Engine/Local/WarmUp.js"

const value = (v: unknown) => (v as Grounded | null)?.value ?? null

describe("the local engine's warm-up", () => {
  it("runs the split and every kind of field on an invoice the engine reads whole", () => {
    const invoice = warmUpInvoice()!
    expect(splitDocument(invoice.model, [invoice.spec]).map((s) => s.pages)).toEqual([[1]])
    const out = extractSection(invoice.model, [1], invoice.spec)
    expect({
      invoice_number: value(out.invoice_number),
      date: value(out.date),
      amount: value(out.amount),
      currency: value(out.currency),
      issuer: value(out.issuer),
      customer: value(out.customer)
    }).toEqual({
      invoice_number: "1001",
      date: "2024-02-01",
      amount: 78.6,
      currency: "EUR",
      issuer: "Example Supplies Ltd",
      customer: "Sample Trading GmbH"
    })
    expect((out.lines as ReadonlyArray<ExtractedObject>).map((l) => value(l.amount))).toEqual([20, 45.5])
  })

  it.effect("completes as an effect", () =>
    Effect.gen(function*() {
      yield* warmUpLocalEngine
      // A fresh model every time: the warm-up's results are not kept beside pages a user sends.
      expect(warmUpInvoice()!.model).not.toBe(warmUpInvoice()!.model)
    }))
})
