import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const TEMPLATE = { amount: { type: "number", description: "Total amount to pay, taxes included" } }
const amountOf = (lines: Array<string>) => valueOf(extractLines(lines, "invoice", TEMPLATE)["amount"])

describe("a net sum and the gross amount under it", () => {
  it("takes no sum whose label says it leaves the tax out ('Summe Abschlag netto') for the total", () => {
    expect(
      amountOf([
        "Elektro Brandt GmbH",
        "2. Abschlagsrechnung Nr. AR-2024-0044                    Datum 02.05.2024",
        "Pos.  Bezeichnung                          Menge  Einh.        EP €        GP €",
        "1     2. Abschlag gemäß Zahlungsplan           1  psch.   18.000,00   18.000,00",
        "                                 Summe Abschlag netto      18.000,00 €",
        "                                 zzgl. 19 % Umsatzsteuer    3.420,00 €",
        "                                 Abschlagsbetrag brutto    21.420,00 €"
      ])
    ).toBe(21420)
  })

  it("reads an item table's header over a description wrapped onto a second line as the items' columns", () => {
    expect(
      amountOf([
        "Messebau Kessler GmbH",
        "Proforma-Rechnung                                       Datum 2024-04-22",
        "Pos  Leistung                            Menge  Einheit  Einzelpreis €   Betrag €",
        "1    Systemstand 6 x 4 m, Miete              1  pausch.       4.850,00   4.850,00",
        "     Messelaufzeit",
        "2    Auf- und Abbau                          1  pausch.       1.200,00   1.200,00",
        "                                            Summe netto              6.050,00 €",
        "                                            zzgl. USt. 19 %          1.149,50 €",
        "                                            Vorauszahlung brutto     7.199,50 €"
      ])
    ).toBe(7199.5)
  })

  it("keeps 'Net à payer' and a total with its tax in it", () => {
    expect(
      amountOf([
        "Atelier Morvan SARL",
        "Facture n° 2025-014                                   Date 03/03/2025",
        "Désignation                         Qté     P.U. HT      Montant HT",
        "Réparation portail                    1      300,00          300,00",
        "                                  Total HT                  300,00",
        "                                  TVA 20 %                   60,00",
        "                                  Net à payer               360,00 €"
      ])
    ).toBe(360)
  })
})
