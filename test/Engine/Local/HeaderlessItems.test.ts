import { describe, expect, it } from "@effect/vitest"
import { itemRowsOf as read } from "../fixtures.js"

describe("line items whose header the scan lost", () => {
  it("reads the rows above a sum whose row names more than the sum ('Net total')", () => {
    expect(
      read([
        "Invoice No.: HOS-2031-0042",
        "10 Whiteboard markers, assorted     10 pack    4.25      42.50",
        "20 Ergonomic mesh office chair       2 each  189.00     378.00",
        "30 Delivery & installation           1        45.00      45.00",
        "                                   Net total            465.50",
        "                                   VAT (20%)             93.10",
        "                                   Total due            558.60"
      ]).map((r) => r.slice(1))
    ).toEqual([[10, 42.5], [2, 378], [1, 45]])
  })

  it("passes a description's second line under its item, set in or not, right above the sum too", () => {
    expect(
      read([
        "Rechnung Nr. 2031-0915",
        "1 Flyer DIN lang, 4/4-farbig   2 Aufl.   312,00 EUR   624,00 EUR",
        "     Auflage 5.000",
        "2 Visitenkarten 85 x 55 mm     4 Satz     38,50       154,00 EUR",
        "     je Mitarbeiter 250 Stk.",
        "3 Versand DHL                  3 Paket     8,90        26,70 EUR",
        "  Zustellung bis 12. März",
        "                                  Warenwert netto    804,70 EUR",
        "                                  MwSt. 19 %         152,89 EUR",
        "                                  Rechnungsbetrag    957,59 EUR"
      ]).map((r) => r.slice(1))
    ).toEqual([[2, 624], [4, 154], [3, 26.7]])
  })

  it("reads a position number whose dot or dash OCR kept ('20-') as no part of the description", () => {
    expect(read([
      "Factuur 2031/NL/0510",
      "10  Lunchbuffet           45 pers.   17,50   9 %   € 787,50",
      "20- Koffie en thee        30 pers.    4,25   9 %   € 127,50",
      "                                  Subtotaal excl. btw  € 915,00"
    ])).toEqual([["Lunchbuffet", 45, 787.5], ["Koffie en thee", 30, 127.5]])
  })
})

describe("line items under a header whose amount column the scan garbled", () => {
  it("reads the rows adding up to the sum when no item under the header has an amount, article numbers apart", () => {
    expect(read([
      "Facture n°: FAC-2031-256",
      "Code    Desi gnation                  Qte   P.U. H T (EUR)  TVA  M o nta nt H T (EUR)",
      "32-7280 Interrupteur va-et-vient         8 u       9,80    20 %           78,40",
      "32-6850 Diagnostic électrique    1 forfait       150,00    20 %          150,00",
      "                                           Sous-total HT                 228,40",
      "                                           TVA 20 %                       45,68",
      "                                           Total TTC                     274,08"
    ])).toEqual([["Interrupteur va-et-vient", 8, 78.4], ["Diagnostic électrique", 1, 150]])
  })
})

describe("rows the rules above must not take (found by a review)", () => {
  it("keeps a fraction or a size that starts a description", () => {
    expect(
      read([
        "Rechnung Nr. 2031-0915",
        "1/2 Tag Workshop Moderation               450,00",
        "3/4 Zoll Kugelhahn Messing                 18,90",
        "                           Nettobetrag    468,90"
      ]).map((r) => r[0])
    ).toEqual(["1/2 Tag Workshop Moderation", "3/4 Zoll Kugelhahn Messing"])
  })

  it("reads the items above the total when a row at the top names the amount due beside the number", () => {
    expect(
      read([
        "Invoice No.: HOS-2031-0042           Amount due: 558.60",
        "Whiteboard markers, assorted     10 pack    4.25      42.50",
        "Ergonomic mesh office chair       2 each  189.00     378.00",
        "Delivery & installation           1        45.00      45.00",
        "                                   Subtotal             465.50",
        "                                   VAT (20%)             93.10",
        "                                   Total due            558.60"
      ]).map((r) => r.slice(1))
    ).toEqual([[10, 42.5], [2, 378], [1, 45]])
  })

  it("stops at a line passed as a description's when the rows over it do not belong to the list", () => {
    expect(
      read([
        "Café Lindenhof",
        "Tisch 12      12.03.2031     19.22",
        "Bedienung: Anna",
        "Cappuccino                    3,80",
        "Apfelstrudel                  5,50",
        "Summe                         9,30"
      ]).map((r) => [r[0], r[2]])
    ).toEqual([["Cappuccino", 3.8], ["Apfelstrudel", 5.5]])
  })
})

describe("line items printed as a description over a row of its figures", () => {
  it("reads each item's description from the lines above its quantity, price and amount", () => {
    expect(
      read([
        "Rechnung 2031-6186",
        "Hotel Beispiel GmbH",
        "55118 Mainz",
        "",
        "1. Managed Server M, Hosting Monat Dezember",
        "1,00 Mon. × 77,00 EUR                 77,00 EUR",
        "2. Konzeption und Umsetzung der Schnittstelle zum Warenwirtschaftssystem",
        "und Dokumentation",
        "20,00 h × 95,00 EUR                1.900,00 EUR",
        "Nettosumme                         1.977,00 EUR",
        "MwSt. 19 %                           375,63 EUR",
        "Summe brutto                       2.352,63 EUR"
      ])
    ).toEqual([
      ["Managed Server M, Hosting Monat Dezember", 1, 77],
      ["Konzeption und Umsetzung der Schnittstelle zum Warenwirtschaftssystem und Dokumentation", 20, 1900]
    ])
  })

  it("reads a whole quantity over its price with a sign of multiplication, and no position number first", () => {
    expect(
      read([
        "Facture FV-31-7959",
        "Rédaction du rapport de synthèse",
        "1 forfait × 1 045,07 €          1 045,07 €",
        "Atelier collaboratif avec les équipes",
        "4 jour × 153,00 €                 612,00 €",
        "Total HT                        1 657,07 €"
      ])
    ).toEqual([["Rédaction du rapport de synthèse", 1, 1045.07], ["Atelier collaboratif avec les équipes", 4, 612]])
  })

  it("takes no row of figures whose product is not its amount, nor whose sum is not the total", () => {
    expect(
      read([
        "Invoice 2031-17",
        "Window cleaning",
        "2.00 item × €191.43             €191.43",
        "Subtotal                        €191.43"
      ])
    ).toEqual([])
  })

  it("reads a craftsman's list above its net sum, a description's own figures kept", () => {
    expect(read([
      "Arbeitsstunden Geselle                     14 Std. à 52,00        728,00 €",
      "Dispersionsfarbe weiß, 12,5 l               3 Eimer à 48,90        146,70 €",
      "Anfahrt                                    2 x à 28,00             56,00 €",
      "                                               Netto                930,70 €",
      "                                               + 19 % MwSt.         176,83 €",
      "                                               Gesamtbetrag       1.107,53 €"
    ])).toEqual([
      ["Arbeitsstunden Geselle", 14, 728],
      ["Dispersionsfarbe weiß, 12,5 l", 3, 146.7],
      ["Anfahrt", 2, 56]
    ])
  })
})
