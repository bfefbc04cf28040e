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
})
