import { describe, expect, it } from "@effect/vitest"
import { sameName } from "../../../src/Engine/Local/Parties.js"
import { itemRowsOf, partiesOf as parties } from "../fixtures.js"

/** A tax invoice as India's GST rules lay it out: the receiver's and consignee's blocks side by side, taxable values per line. */
const taxInvoice = (receiverLabel: string, bankName: string) => [
  "                                  TAX INVOICE                                       Page 1 of 1",
  "",
  " Deccan Softworks Private Limited                                  Invoice No.     DS/24-25/0412",
  " Office 12, Senapati Bapat Road, Pune 411016                       Invoice Date    12/07/2024",
  " GSTIN 27AAKCD1234M1Z8",
  "",
  ` ${receiverLabel.padEnd(50)}Details of Consignee (Shipped to)`,
  " Western Dairy Cooperative Limited                 Western Dairy Cooperative Limited",
  " Plot 4, MIDC Area                                 Plot 4, MIDC Area",
  " Satara 415004                                     Satara 415004",
  "",
  "S.No Description of Goods / Services     HSN/SAC    Qty       Rate    Taxable Value     CGST      SGST",
  "1    Software licence, annual            998313       1   85,000.00      85,000.00       9%        9%",
  "                                                                                     7,650.00  7,650.00",
  "2    Barcode scanner, USB                847190       4    7,450.00      29,800.00       9%        9%",
  "                                                                                     2,682.00  2,682.00",
  "",
  "                                                       Total Taxable Value              1,14,800.00",
  "                                                       Total Invoice Value (INR)        1,35,464.00",
  "",
  "Bank details for NEFT/RTGS",
  `Account name: ${bankName}`,
  "Bank: Deccan Commercial Bank, Pune Branch"
]

describe("the parties and items of a tax invoice laid out as India's GST rules ask", () => {
  it("reads the receiver's block as the customer, not the issuer named in its own bank details", () => {
    expect(parties(taxInvoice("Details of Receiver (Billed to)", "Deccan Softworks Pvt. Ltd.")).customer)
      .toBe("Western Dairy Cooperative Limited")
  })

  it("reads no customer at a receiver's signature or a consignment's 'Receiver' column", () => {
    const signed = [
      ...taxInvoice("Buyer (Bill to)", "Deccan Softworks Pvt. Ltd."),
      "",
      "Receiver's Signature                                   Authorised Signatory"
    ]
    expect(parties(signed).customer).toBe("Western Dairy Cooperative Limited")
    expect(
      parties([
        "Swift Couriers Ltd                                        INVOICE",
        "8 Dock Road, Felixstowe IP11 3SX                          Invoice No.  SC-4471",
        "                                                          Date         12/03/2024",
        "Invoice To:",
        "Bramley Garden Supplies Ltd",
        "Unit 3, Mill Lane, Ipswich IP1 2AB",
        "",
        "Date        Consignment   Sender         Receiver        Charge",
        "04/03/2024  CN-88121      Bramley        J. Watts         12.50",
        "                                               Total due  15.00"
      ]).customer
    ).toBe("Bramley Garden Supplies Ltd")
  })

  it("takes a legal form's abbreviation and its words for one name where asked", () => {
    expect(sameName("Deccan Softworks Pvt. Ltd.", "Deccan Softworks Private Limited", true)).toBe(true)
    expect(sameName("Harbour Trading Co.", "Harbour Trading Company", true)).toBe(true)
    expect(sameName("Deccan Softworks Pvt. Ltd.", "Deccan Logistics Private Limited", true)).toBe(false)
    expect(sameName("Deccan Softworks Pvt. Ltd.", "Deccan Softworks Private Limited")).toBe(false)
  })

  it("keeps a customer billed under its own name's other spelling (a company's two tax registrations)", () => {
    expect(
      parties([
        "                                  TAX INVOICE",
        "",
        " DECCAN SOFTWORKS PRIVATE LIMITED                                  Invoice No.     DS/24-25/0412",
        " Office 12, Senapati Bapat Road, Pune 411016                       Invoice Date    12/07/2024",
        " GSTIN 27AAKCD1234M1Z8",
        "",
        " Bill To:",
        " Deccan Softworks Pvt. Ltd.",
        " Unit 4, SEZ, Chennai 600113",
        " GSTIN 33AAKCD1234M1Z2",
        "",
        "S.No Description                          HSN/SAC    Qty       Rate    Taxable Value",
        "1    Cross-charge, shared services         998313       1   85,000.00      85,000.00",
        "                                                       Total Invoice Value (INR)        1,00,300.00"
      ]).customer
    ).toBe("Deccan Softworks Pvt. Ltd.")
  })

  it("reads each line's taxable value as its amount", () => {
    expect(itemRowsOf(taxInvoice("Details of Receiver (Billed to)", "Deccan Softworks Pvt. Ltd."))).toEqual([
      ["Software licence, annual", 1, 85000],
      ["Barcode scanner, USB", 4, 29800]
    ])
  })
})
