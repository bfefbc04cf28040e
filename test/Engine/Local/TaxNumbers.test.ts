import { describe, expect, it } from "@effect/vitest"
import { extractLines, receiptPage, valueOf } from "../fixtures.js"

const INVOICE = [
  "Maison Exemple SARL                               FACTURE N° F-2031-0042",
  "7 allée des Pins, 38000 Grenoble                  Date : 9 mai 2031",
  "N° TVA : FR 71 222 333 444",
  "BIC : Voir RIB joint",
  "",
  "Client : Papeterie des Quais",
  "3 quai Sud, 13002 Marseille",
  "N° TVA client FR40 303 265 045",
  "Adresse : voir conditions générales",
  "",
  "Désignation                    Qté    Prix unitaire HT    Montant HT",
  "Classeurs                        4            25,00 €      100,00 €",
  "                                            Total TTC        120,00 €"
]

const read = (lines: ReadonlyArray<string>, template: Record<string, unknown>) =>
  extractLines(lines, "invoice", template)

const vatOf = (row: string) =>
  valueOf(read([...INVOICE.filter((l) => !l.startsWith("N° TVA")), row], { vat_number: "VAT number" })["vat_number"])

describe("tax numbers, bank codes and addresses have their shape", () => {
  it("reads a tax number printed in groups after its country whole", () => {
    expect(valueOf(read(INVOICE, { vat_number: "Seller VAT id" })["vat_number"])).toBe("FR 71 222 333 444")
    expect(vatOf("VAT No: GB 123 4567 89")).toBe("GB 123 4567 89")
    expect(vatOf("USt-IdNr.: DE 123 456 789")).toBe("DE 123 456 789")
  })

  it("reads the customer's tax number at the customer's label, and never gives it as the issuer's", () => {
    expect(valueOf(read(INVOICE, { buyer_vat_number: "VAT id of the buyer" })["buyer_vat_number"])).toBe(
      "FR40 303 265 045"
    )
    const issuerOnly = INVOICE.filter((l) => !l.startsWith("N° TVA :"))
    expect(valueOf(read(issuerOnly, { vat_number: "VAT number" })["vat_number"])).toBeNull()
  })

  it("takes no street number, postcode or amount for a tax number", () => {
    const noCustomerVat = INVOICE.filter((l) => !l.startsWith("N° TVA client"))
    expect(valueOf(read(noCustomerVat, { customer_vat_number: "string" })["customer_vat_number"])).toBeNull()
    expect(vatOf("MwSt.                                  2.344,60")).toBeNull()
  })

  it("takes only a bank code of a bank code's shape", () => {
    expect(valueOf(read(INVOICE, { bic: "BIC / SWIFT code" })["bic"])).toBeNull()
    const bicRow = (row: string) => INVOICE.map((l) => (l.startsWith("BIC") ? row : l))
    expect(valueOf(read(bicRow("BIC : AGRIFRPP882"), { bic: "BIC / SWIFT code" })["bic"])).toBe("AGRIFRPP882")
    expect(valueOf(read(bicRow("BIC : Postbank Leipzig"), { bic: "BIC / SWIFT code" })["bic"])).toBeNull()
  })

  it("takes no words beside an address label for an address", () => {
    expect(valueOf(read(INVOICE, { address: "Address" })["address"])).toBe("7 allée des Pins, 38000 Grenoble")
    const noLetterhead = INVOICE.slice(2)
    expect(valueOf(read(noLetterhead, { address: "Address" })["address"])).toBeNull()
  })
})

describe("a tax number after the tax's own name", () => {
  it("is read there when it has a tax number's shape", () => {
    const lines = [
      "Maison Exemple SARL - 7 allée des Pins - 38000 Grenoble",
      "TVA : FR55123456789 - SIRET : 12345678900011",
      "Facture F-2031-0042",
      "TVA 20 %                       16,38 €"
    ]
    expect(valueOf(read(lines, { vat_number: "VAT number of the seller" })["vat_number"])).toBe("FR55123456789")
  })
})

describe("a letterhead's ids on the name's row", () => {
  const letter = (first: string) => [
    first,
    "Unit 4, Quayside Works · Falmouth TR11 3XA",
    "",
    "Penrose Sailing Club                          Invoice No.     INV-88213",
    "Harbour Terrace                               Invoice Date    3 September 2026",
    "St Mawes TR2 5DJ",
    "",
    "#  Description                 Qty    Unit Price     Amount",
    "1  Stainless shackle 8 mm        4        12.50       50.00",
    "                                         Total due   50.00"
  ]
  const issuerOf = (first: string) =>
    valueOf(read(letter(first), { issuer: "Name of the company that issued the invoice" })["issuer"])

  it("are no part of the issuer's name, whatever mark OCR made of their separator", () => {
    expect(issuerOf("Harbour Chandlery Services Ltd    VAT Reg. No. GB 284 1193 27 · Company No. 07718234"))
      .toBe("Harbour Chandlery Services Ltd")
    expect(issuerOf("Harbour Chandlery Services Ltd    VAT Reg. No. GB 284 1193 27 . Company No. 07718234"))
      .toBe("Harbour Chandlery Services Ltd")
    expect(issuerOf("Brandt & Söhne Haustechnik GmbH    USt-IdNr. DE 812 345 678 · HRB 70451 Mannheim"))
      .toBe("Brandt & Söhne Haustechnik GmbH")
    // OCR's l for the I of "USt-IdNr.", or no letter at all.
    expect(issuerOf("Brandt & Söhne Haustechnik GmbH    USt-ldNr. DE 812 345 678 . HRB 70451 Mannheim"))
      .toBe("Brandt & Söhne Haustechnik GmbH")
    expect(issuerOf("Brandt & Söhne Haustechnik GmbH    UStdNr DE 812 345 678 . HRB 70451 Mannheim"))
      .toBe("Brandt & Söhne Haustechnik GmbH")
  })

  it("end the name at a registration number whose label OCR lost", () => {
    expect(issuerOf("Bouwbedrijf Van der Meulen B.V. 30187452 - BTW NL812947301B01"))
      .toBe("Bouwbedrijf Van der Meulen B.V.")
    expect(issuerOf("Harbour Chandlery Services Ltd    07718234")).toBe("Harbour Chandlery Services Ltd")
  })

  it("leave a name that starts with a legal word whole", () => {
    expect(issuerOf("Capital Marine Ltd    VAT Reg. No. GB 284 1193 27")).toBe("Capital Marine Ltd")
  })
})

describe("registration labels of other countries", () => {
  const receipt = (second: string) => {
    const page = receiptPage("Kedai Runcit Bunga Raya", "05/01/2031", "49.00")
    return [page[0]!, second, ...page.slice(1)]
  }
  const companyOf = (second: string) =>
    valueOf(
      extractLines(receipt(second), "receipt", {
        company: "Name of the store or company that issued the receipt"
      })["company"]
    )

  it("are no store name, however short their label", () => {
    expect(companyOf("BRN GST No. 000417612345 Manager: Tan")).toBe("Kedai Runcit Bunga Raya")
    expect(companyOf("CRN 12345678  VAT No. GB 284 1193 27")).toBe("Kedai Runcit Bunga Raya")
    expect(companyOf("Org nr 556677-8899  Momsreg.nr SE556677889901")).toBe("Kedai Runcit Bunga Raya")
  })
})
