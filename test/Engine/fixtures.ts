/** Templates and pages shared by the engine tests. */
import { Either } from "effect"
import type { ExtractedObject, ExtractedValue, Grounded } from "../../src/Domain/Extraction.js"
import type { TemplateSpec } from "../../src/Domain/FieldTree.js"
import { extractSection } from "../../src/Engine/Local/Extractor.js"
import { normalizeTemplate } from "../../src/Templates/TemplateData.js"
import { pageModelFromLines } from "../support/pageModel.js"

export const spec = (documentType: string, data: unknown): TemplateSpec => ({
  templateId: `t-${documentType}`,
  documentType,
  fields: Either.getOrThrow(normalizeTemplate(data))
})

/** What a field came back as: its value, or null. */
export const valueOf = (v: ExtractedValue | undefined): unknown =>
  v === null || v === undefined ? null : (v as Grounded).value

/** The local engine's extraction of one page written as lines of text. */
export const extractLines = (lines: ReadonlyArray<string>, documentType: string, template: unknown): ExtractedObject =>
  extractSection(pageModelFromLines([lines]), [1], spec(documentType, template))

/** An invoice's two parties, as a template asks for them. */
export const PARTIES = {
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer (buyer) billed"
}

/** The issuer and the customer the local engine reads on one page written as lines of text. */
export const partiesOf = (lines: ReadonlyArray<string>) => {
  const out = extractLines(lines, "invoice", PARTIES)
  return { issuer: valueOf(out["issuer"]), customer: valueOf(out["customer"]) }
}

/** A template asking for an invoice's line items. */
export const LINES_TEMPLATE = {
  lines: [{
    description: "Description of the billed item",
    quantity: { type: "number", description: "Quantity billed" },
    amount: { type: "number", description: "Line total amount" }
  }]
}

/** Each line item's description, quantity and amount the local engine reads on one page of lines of text. */
export const itemRowsOf = (page: ReadonlyArray<string>): Array<Array<unknown>> => {
  const out = extractLines(page, "invoice", LINES_TEMPLATE)
  return (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
    [l["description"], l["quantity"], l["amount"]].map((v) => valueOf(v as ExtractedValue))
  )
}

export const INVOICE_LINES = [
  "ACME Supplies GmbH                                          INVOICE",
  "Hauptstrasse 5, 10115 Berlin",
  "www.acme-supplies.de",
  "",
  "Bill To:                                     Invoice No:     INV-2023-0042",
  "Globex Corporation                           Invoice Date:   20 March 2023",
  "42 Main Street, Springfield                  Due Date:       19 April 2023",
  "",
  "Description               Qty      Unit Price        Amount",
  "Widget large                2           10.00         20.00",
  "Gadget small                3            5.50         16.50",
  "Service fee                 1           12.00         12.00",
  "                                      Subtotal        48.50",
  "                                      VAT 19%          9.22",
  "                                      Total EUR       57.72",
  "",
  "Payment terms: 30 days                               Page 1 of 1"
]

/** An invoice page with its own number and issuer. */
export const invoicePage = (
  issuer: string,
  domain: string,
  number: string,
  date: string,
  total: string
): Array<string> => [
  `${issuer}                                          INVOICE`,
  "Hauptstrasse 5, 10115 Berlin",
  `www.${domain}`,
  "",
  `Bill To:                                     Invoice No:     ${number}`,
  `Globex Corporation                           Invoice Date:   ${date}`,
  "",
  "Description               Qty      Unit Price        Amount",
  `Consulting                  1      ${total.padStart(10)}    ${total.padStart(10)}`,
  `                                      Total EUR  ${total.padStart(10)}`,
  "Payment terms: 30 days, IBAN DE89370400440532013000"
]

export const receiptPage = (store: string, date: string, total: string): Array<string> => [
  `      ${store}`,
  "   NO. 12, JALAN BESAR 3,",
  "   43650 BANDAR BAIDURI, SELANGOR",
  `Date: ${date} 20:13       Cashier: Ali`,
  "Item                 Qty      Amount",
  `Tepung 1kg             1       ${total}`,
  `TOTAL (RM):                    ${total}`,
  "CASH                           50.00",
  "CHANGE                          1.00",
  "   THANK YOU, PLEASE COME AGAIN"
]

export const INVOICE_AND_RECEIPT_TEMPLATES: ReadonlyArray<TemplateSpec> = [
  spec("invoice", {
    invoice_number: "The invoice number (identifier of this invoice)",
    date: { type: "date", description: "Invoice date (date of issue)" },
    amount: { type: "number", description: "Total amount to pay, taxes included" },
    currency: { type: "string", description: "ISO 4217 currency code of the amounts, e.g. EUR, USD" },
    issuer: "Name of the company that issued the invoice"
  }),
  spec("receipt", {
    company: "Name of the store or company that issued the receipt",
    date: { type: "date", description: "Date of the purchase" },
    address: "Address of the store",
    total: { type: "number", description: "Total amount paid" }
  })
]
