import { describe, expect, it } from "@effect/vitest"
import type { ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

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

const value = (v: ExtractedValue | undefined) => (v === null || v === undefined ? null : (v as Grounded).value)

const read = (taxRow: string) =>
  extractSection(
    pageModelFromLines([lines(taxRow)]),
    [1],
    spec("invoice", { tax_amount: "number", tax_rate: { type: "number", description: "VAT rate in percent" } })
  )

describe("a tax row", () => {
  it("gives its amount, never the rate written apart from its % sign", () => {
    expect(value(read("                                            TVA 20 %          24,00 €")["tax_amount"])).toBe(24)
  })

  it("gives its rate to a rate field, glued to its % sign or apart", () => {
    expect(value(read("                                            TVA 20 %          24,00 €")["tax_rate"])).toBe(20)
    expect(value(read("                                            VAT 5.5%          24,00 €")["tax_rate"])).toBe(5.5)
  })

  it("gives the tax after its base on a row that prints both, never a total that includes the tax", () => {
    const german = [
      "Muster Handwerk GmbH                           Rechnung Nr. 2024-0815",
      "Lindenweg 7, 34117 Kassel                      Datum: 14.03.2024",
      "",
      "Pos.  Bezeichnung                  Menge     Gesamt",
      "1     Montage Fenster                  3     360,00",
      "",
      "Rechnungssumme Netto (excl. USt.)              360,00",
      "Steuerbasisbetrag USt. 19%            360,00    68,40",
      "Rechnungssumme Brutto (inkl. USt.)             428,40"
    ]
    const got = extractSection(pageModelFromLines([german]), [1], spec("invoice", { tax_amount: "number" }))
    expect(value(got["tax_amount"])).toBe(68.4)
  })
})
