/**
 * Multi-document packets for the model engine's tests and bench, written so the fake Messages API
 * can tell them apart: a document's first page names its type in its first lines and says
 * "Page 1 of n"; the pages after it say "Page k of n" and never name the type near the top.
 */

export interface PacketDocument {
  readonly type: string
  readonly issuer: string
  readonly pages: number
  /** `Label: value` lines on the first page. */
  readonly fields: Readonly<Record<string, string>>
}

const FILLER = [
  "Item                                   Qty        Price",
  "Consulting hours, senior               12        1,440.00",
  "Travel and accommodation                1          312.40",
  "Software licence, annual seat           3          897.00",
  "Support plan, business hours            1          150.00",
  "Notes: delivered as agreed in the framework contract of 2021"
]

/** The lines of every page of the packet, in order. */
export const packetPages = (documents: ReadonlyArray<PacketDocument>, fillerLines = 6): Array<Array<string>> =>
  documents.flatMap((d) =>
    Array.from({ length: d.pages }, (_, k) => {
      const filler = Array.from({ length: fillerLines }, (_, i) => FILLER[i % FILLER.length]!)
      return k === 0
        ? [
          d.issuer,
          d.type.toUpperCase(),
          `Page 1 of ${d.pages}`,
          ...Object.entries(d.fields).map(([l, v]) => `${l}: ${v}`),
          ...filler
        ]
        : [d.issuer, `Page ${k + 1} of ${d.pages}`, ...filler]
    })
  )

/** A page that belongs to no requested type. */
export const MEMO_PAGE = ["Internal memo", "Please file the documents below", "Thanks, the accounts team"]

export const invoice = (number: string, pages: number, total = "1,234.50 EUR"): PacketDocument => ({
  type: "invoice",
  issuer: `ACME Supplies Ltd ${number}`,
  pages,
  fields: {
    "Invoice Number": number,
    "Invoice Date": "12 March 2024",
    "Total Due": total,
    "Bill To": "Globex Corporation"
  }
})

export const receipt = (number: string): PacketDocument => ({
  type: "receipt",
  issuer: "Corner Cafe",
  pages: 1,
  fields: { "Receipt No": number, "Date": "02/01/2024", "Total": "7.50" }
})

export const statement = (account: string, pages: number): PacketDocument => ({
  type: "bank statement",
  issuer: "First National Bank",
  pages,
  fields: { "Account Number": account, "Statement Date": "31 January 2024", "Closing Balance": "10,250.00" }
})

export const deliveryNote = (number: string, pages: number): PacketDocument => ({
  type: "delivery note",
  issuer: "Fast Freight GmbH",
  pages,
  fields: { "Delivery Number": number, "Delivery Date": "5 February 2024", "Recipient": "Globex Corporation" }
})

export const TEMPLATE_DATA: Readonly<Record<string, Record<string, unknown>>> = {
  "invoice": {
    invoice_number: "The invoice number",
    invoice_date: { type: "date", description: "Invoice date" },
    total_due: { type: "number", description: "Total amount to pay" },
    bill_to: "Customer the invoice is addressed to"
  },
  "receipt": { receipt_no: "Receipt number", date: "date", total: "number" },
  "bank statement": {
    account_number: "Account number",
    statement_date: { type: "date", description: "Statement date" },
    closing_balance: { type: "number", description: "Closing balance" }
  },
  "delivery note": {
    delivery_number: "Delivery number",
    delivery_date: { type: "date", description: "Delivery date" },
    recipient: "Recipient"
  }
}
