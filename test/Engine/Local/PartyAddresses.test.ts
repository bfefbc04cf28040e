import { describe, expect, it } from "@effect/vitest"
import type { ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractLines } from "../fixtures.js"

const INVOICE = [
  "Northwind Joinery Ltd                                    INVOICE",
  "22 Quarry Street",
  "Sheffield S1 2AB                                         Invoice No: 5521",
  "                                                         Date: 10.06.2024",
  "",
  "Harbour Cafe Ltd",
  "9 Dock Road",
  "Bristol BS1 5UH",
  "",
  "Description                  Qty     Unit price      Amount",
  "Oak shelf                      2          40.00       80.00",
  "",
  "                                       Subtotal       80.00",
  "                                       TVA 20 %       16.00",
  "                                       Total GBP      96.00"
]

const values = (template: Record<string, unknown>) => extractLines(INVOICE, "invoice", template)

const text = (v: ExtractedValue | undefined) => (v === null || v === undefined ? null : String((v as Grounded).value))

describe("a party's address", () => {
  it("is the party's address lines, never its name", () => {
    const got = values({
      supplier_address: "Address of the supplier",
      seller_address: "string",
      store_address: "string",
      customer_address: "Address of the customer",
      billing_address: "string"
    })
    for (const field of ["supplier_address", "seller_address", "store_address"]) {
      expect(text(got[field]), field).toBe("22 Quarry Street Sheffield S1 2AB")
    }
    for (const field of ["customer_address", "billing_address"]) {
      expect(text(got[field]), field).toBe("9 Dock Road Bristol BS1 5UH")
    }
  })

  it("is null when the customer has no address block, not the customer's name", () => {
    const lines = INVOICE.filter((l) => !/^9 Dock Road|^Bristol BS1/.test(l))
      .map((l) => l.replace(/^Harbour Cafe Ltd/, "Customer: Harbour Cafe Ltd"))
    const got = extractLines(lines, "invoice", { customer_address: "string" })
    expect(got["customer_address"]).toBeNull()
  })
})

describe("an address beside its label", () => {
  it("goes on over the lines under it that start where it starts: street, postcode and town, country", () => {
    const lines = [
      "Rechnung Nr. 5521 vom 02.07.2031",
      "",
      "Verkäufer",
      "Name: Beispielwerk GmbH",
      "Anschrift: Ahornweg 14",
      "           DE 34117 Kassel",
      "Telefon: 0561 123456"
    ]
    const got = extractLines(lines, "invoice", { supplier_address: "string" })
    expect(text(got["supplier_address"])).toBe("Ahornweg 14 DE 34117 Kassel")
  })

  it("is the customer's when a customer's address label says so", () => {
    const lines = [...INVOICE.filter((l) => !/^Harbour Cafe|^9 Dock|^Bristol BS1/.test(l))]
    lines.splice(4, 0, "Billing address: 9 Dock Road, Bristol BS1 5UH")
    const got = extractLines(lines, "invoice", { billing_address: "string" })
    expect(text(got["billing_address"])).toBe("9 Dock Road, Bristol BS1 5UH")
  })
})

describe("the supplier's address in a letter's lines", () => {
  it("is the sender line's address after the name, never the recipient's block under it", () => {
    const lines = [
      "Sägewerk Beispiel GmbH · Tannenweg 4 · 79199 Kirchzarten",
      "",
      "Firma",
      "Gärtnerei Muster OHG",
      "Am Anger 17",
      "04109 Leipzig",
      "                                        Rechnungsnummer:  RG-31-0311",
      "Rechnung",
      "Gesamtbetrag                                        305,83 EUR"
    ]
    expect(text(extractLines(lines, "invoice", { supplier_address: "string" })["supplier_address"]))
      .toBe("Tannenweg 4 79199 Kirchzarten")
  })

  it("is no bank's line, nor a register's, under a footer's company", () => {
    const lines = [
      "                                                   RECHNUNG",
      "Rechnungs-Nr.: 7301-C",
      "Endbetrag         214,20 €",
      ...Array<string>(40).fill(""),
      "Klimatechnik Ostholm GmbH · Sitz Ostholm · HRB 99881 · Geschäftsführerin: Ida Lorenz",
      "Kreissparkasse Ostholm · IBAN DE02 1234 5678 0012 3456 78 · BIC ABCDDEFFXXX"
    ]
    expect(extractLines(lines, "invoice", { supplier_address: "string" })["supplier_address"]).toBeNull()
  })
})

describe("the customer's address", () => {
  it("leaves out the lines of the person it is for", () => {
    const address = (contact: string) =>
      text(
        extractLines(
          [
            "Beispiel Druck GmbH",
            "Tannenweg 4, 79199 Kirchzarten",
            "",
            "Rechnung an:",
            "Stadtwerke Musterhausen",
            contact,
            "Kade 3",
            "6811 AA Arnhem",
            "",
            "Rechnung Nr. 2031-17",
            "Gesamtbetrag                                        305,83 EUR"
          ],
          "invoice",
          { customer_address: "string" }
        )["customer_address"]
      )
    expect(address("z. Hd. Frau Petra Klein")).toBe("Kade 3 6811 AA Arnhem")
    expect(address("t.a.v. de administratie")).toBe("Kade 3 6811 AA Arnhem")
    expect(address("Herr Jan Vogt")).toBe("Kade 3 6811 AA Arnhem")
  })
})
