import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const lines = (taxRow: string) => [
  "Atelier Exemple SARL                              FACTURE N° F-2024-031",
  "4 rue des Tilleuls, 69003 Lyon                    Date : 3 avril 2024",
  "",
  "Désignation                    Qté    Prix unitaire HT    Montant HT",
  "Reliure cuir                     4            25,00 €      100,00 €",
  "",
  "                                            Total HT         100,00 €",
  taxRow,
  "                                            Total TTC        120,00 €"
]

const read = (taxRow: string) =>
  extractLines(lines(taxRow), "invoice", {
    tax_amount: "number",
    tax_rate: { type: "number", description: "VAT rate in percent" }
  })

describe("a tax row", () => {
  it("gives its amount, never the rate written apart from its % sign", () => {
    expect(valueOf(read("                                            TVA 20 %          24,00 €")["tax_amount"])).toBe(
      24
    )
  })

  it("gives its rate to a rate field, glued to its % sign or apart", () => {
    expect(valueOf(read("                                            TVA 20 %          24,00 €")["tax_rate"])).toBe(20)
    expect(valueOf(read("                                            VAT 5.5%          24,00 €")["tax_rate"])).toBe(5.5)
  })

  it("gives the tax after its base on a row that prints both, never a total that includes the tax", () => {
    const german = [
      "Muster Handwerk GmbH                           Rechnung Nr. 2031-0815",
      "Lindenweg 7, 34117 Kassel                      Datum: 14.03.2031",
      "",
      "Pos.  Bezeichnung                  Menge     Gesamt",
      "1     Montage Fenster                  3     360,00",
      "",
      "Summe netto (ohne USt.)                        360,00",
      "Umsatzsteuer 19 %                     360,00    68,40",
      "Gesamtbetrag (inkl. USt.)                      428,40"
    ]
    const got = extractLines(german, "invoice", { tax_amount: "number" })
    expect(valueOf(got["tax_amount"])).toBe(68.4)
  })

  it("gives a tax's own total written after a total's word, but not a tax a total's brackets name", () => {
    const rows = (taxRow: string) =>
      extractLines(
        [
          ...lines("").slice(0, 7),
          taxRow,
          "Gesamtbetrag                                   120,00"
        ],
        "invoice",
        { tax_amount: "number" }
      )["tax_amount"]
    expect(valueOf(rows("Total MwSt.                                     20,00"))).toBe(20)
    expect(valueOf(rows("TOTAL SST                                       20.00"))).toBe(20)
    expect(valueOf(rows("SUBTOTAL (GST)                                 100.00"))).toBeNull()
    expect(valueOf(rows("Total (reverse charge, VAT 0%)          EUR 11,100.00"))).toBeNull()
  })
})

describe("a rate asked for where an amount is printed", () => {
  it("is the rate when the field's name asks for one", () => {
    const got = extractLines(
      [...lines("").slice(0, 7), "Rabatt 10 %                                    -10,00"],
      "invoice",
      { discount_percent: "number", discount: "number" }
    )
    expect(valueOf(got["discount_percent"])).toBe(10)
    expect(valueOf(got["discount"])).toBe(-10)
  })
})

describe("a tax label that is no tax amount's", () => {
  it("is a tax breakdown's column header, one row per rate, or a tax number's label", () => {
    const german = [
      "Muster Handwerk GmbH                           Rechnung Nr. 2031-0815",
      "USt-IdNr: DE 123 456 789                       Datum: 14.03.2031",
      "",
      "Pos.  Bezeichnung                  Menge     Gesamt",
      "1     Montage Fenster                  3     360,00",
      "2     Dichtband                        1      40,00",
      "",
      "Art      Basisbetrag      Steuersatz [%]      Steuerbetrag",
      "S             360,00               19               68,40",
      "AA             40,00                7                2,80",
      "",
      "Steuerbetrag gesamt                                  71,20",
      "Gesamtbetrag                                        471,20"
    ]
    const got = extractLines(german, "invoice", { tax_amount: "number" })
    expect(valueOf(got["tax_amount"])).toBe(71.2)
    const noTotal = german.filter((l) => !l.startsWith("Steuerbetrag gesamt"))
    const none = extractLines(noTotal, "invoice", { tax_amount: "number" })
    expect(valueOf(none["tax_amount"])).not.toBe(68.4)
    const vatOnly = ["Maison Exemple SARL", "TVA :FR 12 345 678 901", "Facture F-2031-0042", "Total TTC   120,00 €"]
    const noTax = extractLines(vatOnly, "invoice", { tax_amount: "number" })
    expect(valueOf(noTax["tax_amount"])).toBeNull()
  })
})
