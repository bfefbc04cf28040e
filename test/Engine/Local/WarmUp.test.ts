import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ExtractedObject, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { warmUpCases, warmUpLocalEngine } from "../../../src/Engine/Local/WarmUp.js"

/** The warm-up's English invoice as a fresh page model, with its template. */
const warmUpInvoice = () => {
  const first = warmUpCases()[0]!
  return { model: first.model, spec: first.specs[0]! }
}

const value = (v: unknown) => (v as Grounded | null)?.value ?? null

describe("the local engine's warm-up", () => {
  it("runs the split and every kind of field on an invoice the engine reads whole", () => {
    const invoice = warmUpInvoice()
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

  it("reads each of its documents whole, so that the paths a user's document of that kind takes are the ones compiled", () => {
    const plain = (v: unknown): unknown =>
      v === null ? null : Array.isArray(v) ? v.map(plain) : typeof v === "object" && v !== null && "value" in v
        ? (v as Grounded).value
        : Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, plain(x)]))
    const cases = warmUpCases()
    expect(cases.map((c) => c.specs.map((s) => s.documentType))).toEqual([
      ["invoice", "receipt"],
      ["invoice", "receipt"],
      ["invoice", "receipt"],
      ["receipt", "invoice"]
    ])
    // Among the templates of both kinds, each document is one section of its own kind.
    for (const c of cases) {
      expect(splitDocument(c.model, c.specs).map((s) => [s.documentType, s.pages])).toEqual([[
        c.specs[0]!.documentType,
        [1]
      ]])
    }
    const read = cases.map((c) => plain(extractSection(c.model, [1], c.specs[0]!)) as Record<string, unknown>)
    const head = (r: Record<string, unknown>) => ({
      number: r.invoice_number,
      date: r.date,
      amount: r.amount,
      issuer: r.issuer,
      customer: r.customer
    })
    // A German title line with its number and date, decimal commas; a French spelled-out date.
    expect(head(read[1]!)).toEqual({
      number: "2024-0815",
      date: "2024-03-14",
      amount: 462.91,
      issuer: "Muster Handwerk GmbH",
      customer: "Beispiel Bau AG"
    })
    expect(head(read[2]!)).toEqual({
      number: "F-2024-031",
      date: "2024-04-03",
      amount: 156,
      issuer: "Atelier Exemple SARL",
      customer: "Librairie du Parc"
    })
    expect((read[1]!.lines as Array<{ amount: number }>).map((l) => l.amount)).toEqual([360, 29])
    expect((read[2]!.lines as Array<{ amount: number }>).map((l) => l.amount)).toEqual([100, 30])
    // A till receipt: its store, address and total among the tender rows.
    expect(read[3]).toEqual({
      company: "EXAMPLE MINI MART SDN BHD",
      date: "2018-01-05",
      address: "NO 5, JALAN CONTOH 2, TAMAN MAJU, 50000 KUALA LUMPUR",
      total: 6.8
    })
  })

  it.effect("completes as an effect", () =>
    Effect.gen(function*() {
      yield* warmUpLocalEngine
      // A fresh model every time: the warm-up's results are not kept beside pages a user sends.
      expect(warmUpInvoice().model).not.toBe(warmUpInvoice().model)
      expect(warmUpCases()[1]!.model).not.toBe(warmUpCases()[1]!.model)
    }))
})
