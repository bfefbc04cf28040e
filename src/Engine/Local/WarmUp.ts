/**
 * The local engine's first split and extraction in a process compile its code (label search, value
 * readers, the vocabulary's phrase lists): several times the cost of the next ones. A server runs them
 * on a small invoice of its own in the background as it starts (Documents/WarmUp.ts), so that a
 * user's first document does not pay for it (bench/notes/speed.md has the numbers).
 */
import { Effect, Either } from "effect"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { PageModel } from "../../Domain/PageModel.js"
import { layOutSections } from "../../Reading/TextLayout.js"
import { normalizeTemplate } from "../../Templates/TemplateData.js"
import { extractSection } from "./Extractor.js"
import { splitDocument } from "./Splitter.js"

/** The warm-up invoice, line by line (the server's answer warm-up also uses it as the file's bytes). */
export const INVOICE = [
  "Example Supplies Ltd                               INVOICE",
  "12 Harbour Road                                    Invoice No: 1001",
  "Bristol BS1 4DJ                                    Date: 01.02.2024",
  "",
  "Bill to: Sample Trading GmbH, Hauptstraße 5, 80333 München",
  "",
  "Description                  Qty     Unit price      Amount",
  "Paper A4, 500 sheets           2          10.00       20.00",
  "Toner cartridge                1          45.50       45.50",
  "",
  "                                       Subtotal       65.50",
  "                                       VAT 20%        13.10",
  "                                       Total EUR      78.60",
  "Payment by bank transfer, IBAN DE00 0000 0000 0000 0000 00"
]

const TEMPLATE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay" },
  currency: "ISO 4217 currency code",
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer billed",
  lines: [{ description: "Item", quantity: "number", amount: "number" }]
}

/** Rounds of the warm-up: the first compiles, the next ones let the compiler optimize. */
const ROUNDS = 3

/** The warm-up invoice as a fresh page model, and its template; undefined if the template were refused. */
export const warmUpInvoice = (): { readonly model: PageModel; readonly spec: TemplateSpec } | undefined => {
  const fields = Either.getOrUndefined(normalizeTemplate(TEMPLATE))
  if (fields === undefined) return undefined
  return {
    model: {
      mediaType: "text/plain",
      pages: layOutSections([INVOICE.map((text) => ({ text }))], { linesPerPage: 66, columns: 80 })
    },
    spec: { templateId: "warm-up", documentType: "invoice", fields }
  }
}

/** Splits and extracts the warm-up invoice a few times; a fresh page model each round (results are kept beside pages). */
export const warmUpLocalEngine: Effect.Effect<void> = Effect.sync(() => {
  for (let i = 0; i < ROUNDS; i++) {
    const invoice = warmUpInvoice()
    if (invoice === undefined) return
    splitDocument(invoice.model, [invoice.spec])
    extractSection(invoice.model, [1], invoice.spec)
  }
}).pipe(Effect.withSpan("Engine.warmUp"))
