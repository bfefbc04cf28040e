/**
 * A synthetic document: its pages as sheets, the values printed on it (what a perfect extraction
 * returns for its template), and whether it reaches us as a scan.
 */
import type { Sheet } from "./Sheet.js"

export type Kind = "invoice" | "receipt" | "bank_statement" | "purchase_order" | "letter"

export interface SynthDocument {
  readonly kind: Kind
  readonly id: string
  readonly sheets: ReadonlyArray<Sheet>
  /** Template field → expected value; {} for documents no template asks about (a cover letter). */
  readonly expected: Readonly<Record<string, unknown>>
  /** The items of its table, for templates that ask for them (an invoice's lines). */
  readonly lines?: ReadonlyArray<{ readonly description: string; readonly quantity: number; readonly amount: number }>
  /** Rendered as a scanned image rather than a text PDF. */
  readonly scan: boolean
}

/** The templates of the synthetic kinds, in the manifests' form. */
export const TEMPLATES: Record<
  Exclude<Kind, "letter">,
  { readonly document_type: string; readonly template_data: unknown }
> = {
  invoice: {
    document_type: "invoice",
    template_data: {
      invoice_number: "The invoice number (identifier of this invoice)",
      date: { type: "date", description: "Invoice date (date of issue)" },
      amount: { type: "number", description: "Total amount to pay, taxes included" },
      currency: { type: "string", description: "ISO 4217 currency code of the amounts, e.g. EUR, USD" },
      issuer: "Name of the company that issued the invoice",
      customer: "Name of the customer (buyer) billed",
      lines: [{
        description: "Description of the billed item or service",
        quantity: { type: "number", description: "Quantity billed" },
        amount: { type: "number", description: "Line total amount" }
      }]
    }
  },
  receipt: {
    document_type: "receipt",
    template_data: {
      company: "Name of the store or company that issued the receipt",
      date: { type: "date", description: "Date of the purchase" },
      address: "Address of the store",
      total: { type: "number", description: "Total amount paid" }
    }
  },
  bank_statement: {
    document_type: "bank statement",
    template_data: {
      bank_name: "Name of the bank that issued the statement",
      account_holder: "Name of the account holder",
      account_number: "Account number or IBAN",
      opening_balance: { type: "number", description: "Balance at the start of the period" },
      closing_balance: { type: "number", description: "Balance at the end of the period" }
    }
  },
  purchase_order: {
    document_type: "purchase order",
    template_data: {
      po_number: "The purchase order number",
      date: { type: "date", description: "Date of the order" },
      vendor: "Name of the supplier the order is placed with",
      total: { type: "number", description: "Total amount of the order" }
    }
  }
}
