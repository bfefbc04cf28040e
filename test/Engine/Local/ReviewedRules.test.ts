import { describe, expect, it } from "@effect/vitest"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { extractLines, partiesOf as parties, spec, valueOf } from "../fixtures.js"

const INVOICE = {
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay, taxes included" }
}
const RECEIPT = { date: { type: "date", description: "Date of the purchase" } }
const fieldOf = (lines: Array<string>, field: string, type = "invoice", template: unknown = INVOICE) =>
  valueOf(extractSection(pageModelFromLines([lines]), [1], spec(type, template))[field])

describe("what the brand's owner, the person's company, the date column and the net sums leave alone", () => {
  it("keeps a person billed by name when a company's block is under a delivery or payment heading", () => {
    expect(
      parties([
        "Hartley Joinery                                   INVOICE",
        "",
        "Bill to: Mr. John Carter                          Invoice No. HJ-1021",
        "Ship to:                                          Date 04/03/2024",
        "Carter & Sons Ltd",
        "45 High Street",
        "York YO1 7HH",
        "",
        "Description                          Qty     Price      Amount",
        "Oak shelving                           2    120.00      240.00",
        "                                      Total due         288.00"
      ]).customer
    ).toBe("Mr. John Carter")
  })

  it("takes no partner's, payment processor's or contact's line under a brand for its owner", () => {
    for (
      const [under, after] of [
        ["Vertragspartner der Mercedes-Benz AG", "Industriestraße 4, 04229 Leipzig"],
        ["Powered by Square, Inc.", "88 Market Street, Portland OR 97201"],
        ["Fine Wine Trading", "12 Quay Street, Bristol BS1 4DJ"]
      ]
    ) {
      const issuer = parties([
        "AUTOHAUS NORD",
        under!,
        after!,
        "info@autohaus-nord.example",
        "",
        "",
        "                                               Rechnung Nr. 2024-118",
        "Meier Logistik GmbH                            Datum 04.03.2024",
        "Hafenstr. 2, 20457 Hamburg",
        "",
        "Pos.  Bezeichnung                     Menge      Preis      Betrag",
        "1     Inspektion                          1     420,00      420,00",
        "                                      Gesamtbetrag EUR      499,80"
      ]).issuer
      expect(issuer, under).toBe("AUTOHAUS NORD")
    }
  })

  it("reads an invoice date whose label holds its date, over other labelled dates", () => {
    expect(
      fieldOf([
        "Suministros Ebro S.L.                          FACTURA",
        "                                               Date : 12/03/2024",
        "Talleres Gil S.A.                              Livraison : 08/03/2024",
        "Calle Mayor 12                                 Échéance : 11/04/2024",
        "50001 Zaragoza                                 Date commande : 01/03/2024",
        "",
        "Concepto                       Cantidad      Precio       Total",
        "Tornillería                          10        4,00       40,00",
        "                                        Total factura     48,40 €"
      ], "date")
    ).toBe("2024-03-12")
  })

  it("keeps a till's order line as its date and a 'TOTAL (NETT)' as its total", () => {
    expect(
      fieldOf(
        ["BAR EL RINCON", "Pedido 12/03/2024 21:05  Mesa 4", "2 CAÑAS        4,00", "TOTAL          4,00"],
        "date",
        "receipt",
        RECEIPT
      )
    ).toBe("2024-03-12")
    expect(
      valueOf(
        extractLines(
          [
            "KEDAI MAKAN SRI MAJU",
            "12/03/2018 13:05",
            "NASI LEMAK     5.50",
            "TEH TARIK      2.20",
            "TOTAL (NETT)   7.70",
            "CASH          10.00",
            "CHANGE         2.30"
          ],
          "receipt",
          { total: { type: "number", description: "Total amount paid" } }
        )["total"]
      )
    ).toBe(7.7)
  })
})
