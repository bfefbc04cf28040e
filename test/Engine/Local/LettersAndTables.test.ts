import { describe, expect, it } from "@effect/vitest"
import { extractLines, itemRowsOf, partiesOf as parties, valueOf } from "../fixtures.js"

const TOTAL = { amount: { type: "number", description: "Total amount to pay, taxes included" } }

describe("a letterhead's brand over the company's legal name", () => {
  it("names the company by the legal name printed right under the brand its web address names, in its column", () => {
    expect(
      parties([
        "KESTREL s t u d i o                                         INVOICE",
        "Kestrel Creative LLC",
        "2210 E Main St, Suite 104                       Invoice #      1047",
        "Austin, TX 78702                                Invoice Date   Sept. 3, 2031",
        "billing@kestrel-studio.com",
        "",
        "BILL TO",
        "Pinecone Outfitters, Inc.",
        "1480 Westlake Dr",
        "Bellevue, WA 98004",
        "",
        "                                                Balance Due    $3,888.01"
      ]).issuer
    ).toBe("Kestrel Creative LLC")
    expect(
      parties([
        "Birch Hollow IT                                             INVOICE",
        "Managed IT for professional offices",
        "Birch Hollow Technical Services Inc.            Invoice No.: BH-5521",
        "340 Albert Street, Suite 1200",
        "Ottawa, ON K1R 7Y6                              Date: 2031-01-31",
        "ar@birchhollow-it.ca · birchhollow-it.ca",
        "",
        "BILL TO",
        "Rideau Dental Group Professional Corporation",
        "1525 Carling Avenue, Unit 3",
        "Ottawa, ON K1Z 8R9"
      ]).issuer
    ).toBe("Birch Hollow Technical Services Inc.")
  })

  it("keeps the brand when the company sharing its word stands in another column (the customer's window)", () => {
    expect(
      parties([
        "Cuisines Lumen",
        "conception · fabrication · pose",
        "                                              Lumen Habitat SARL",
        "                                              22 avenue Janvier",
        "                                              35000 Rennes",
        "contact@cuisines-lumen.fr",
        "",
        "Facture n° 2031-F-0042                        Rennes, le 18 février 2031",
        "Total TTC                                               1 200,00 €"
      ]).issuer
    ).toBe("Cuisines Lumen")
  })
})

describe("the recipient in a letter's window", () => {
  it("is the name under the line that addresses it, whatever label the next column prints beside it", () => {
    expect(
      parties([
        "                                          Malerbetrieb Krause",
        "                                          Lindenallee 240 • 34128 Kassel",
        "",
        "Malerbetrieb Jens Krause • Lindenallee 240 • 34128 Kassel",
        "                                          Rechnungs-Nr.:           R-2031-031",
        "Herrn                                     Rechnungsdatum:          17.02.2031",
        "Tobias Wendland                           Kunden-Nr.:                    0877",
        "Am Rammelsberg 12                         Ausführung:              10.02.2031",
        "34131 Kassel",
        "",
        "Rechnungsbetrag                                              2.176,39 EUR"
      ]).customer
    ).toBe("Tobias Wendland")
  })

  it("is the company a line of 'Firma' addresses, not the block that names the seller's owner", () => {
    expect(
      parties([
        "MUTTERN-MAIER Muttern-Maier Befestigungstechnik e.K.",
        "                                                            Inh. Rainer Maier",
        "                                                            Sigmundstraße 212",
        "Befestigungstechnik · Normteile · Werkzeug                  90431 Nürnberg",
        "",
        "Muttern-Maier Befestigungstechnik e.K. · Sigmundstraße 212 · 90431 Nürnberg",
        "Firma                                        Rechnungs-Nr. : 2503117",
        "Stahlbau Ziegler GmbH                        Datum : 04.03.2031",
        "Kurgartenstraße 51                           Kunden-Nr. : 14022",
        "                                             Ihre Bestellung : B-5521/Zi",
        "90762 Fürth                                  vom : 26.02.31",
        "",
        "Rechnungsbetrag                                          1.235,00 EUR"
      ]).customer
    ).toBe("Stahlbau Ziegler GmbH")
  })

  it("is the company under its label, not the heading of the column beside the label", () => {
    expect(
      parties([
        "Greenlane Fleet Care Limited                    INVOICE",
        "Unit 4, Ballybrit Business Park                 Invoice No.  GFC-10293",
        "Galway H91 X2K7                                 Invoice Date 21-Jan-2031",
        "",
        "INVOICE TO                                      VEHICLE",
        "Atlantic Coach Hire Ltd                         Volvo 9700, reg. 221-G-4410",
        "Attn: Fleet Manager                             Odometer: 60,412 km",
        "Monivea Road",
        "Athenry, Co. Galway H65 P920",
        "",
        "Total due                                       €2,466.35"
      ]).customer
    ).toBe("Atlantic Coach Hire Ltd")
  })
})

describe("an invoice's total beside a block of payment details", () => {
  it("is the invoice total, not the net total on the row a payment heading starts", () => {
    const total = extractLines(
      [
        "Payment details                                       Goods total (net)      £8,855.90",
        "Northern Counties Bank · Sort code 40-18-27           VAT @ 20% on £8,810.90 £1,762.18",
        "Please quote TL-INV-30418 as your reference.          VAT @ 0% on £45.00     £0.00",
        "",
        "Goods remain our property until paid in full.         INVOICE TOTAL          £10,618.08"
      ],
      "invoice",
      TOTAL
    )["amount"]
    expect(valueOf(total)).toBe(10618.08)
  })
})

describe("an item table's columns and end", () => {
  it("reads a column headed by its label and the tax it leaves out ('Total ex GST')", () => {
    expect(itemRowsOf([
      "Item Code   Description                 Qty  UOM  Unit Price ex GST  Total ex GST",
      "GN-1/1-65   Gastronorm pan 1/1 65 mm     12  ea               18.50        222.00",
      "KN-CH21     Chef's knife 21 cm            4  ea               46.00        184.00",
      "",
      "                                                   Subtotal (ex GST)    $406.00",
      "                                                   GST 10%               $40.60",
      "                                                   TOTAL (inc GST)      $446.60"
    ])).toEqual([
      ["Gastronorm pan 1/1 65 mm", 12, 222],
      ["Chef's knife 21 cm", 4, 184]
    ])
  })

  it("ends at a sum set beside a note under the table, its tax named as Canada or India name it", () => {
    expect(
      itemRowsOf([
        "Réf.     Désignation                          Qté          PU HT   TVA   Montant HT",
        "LOGO-01  Création logo et charte graphique      1         850,00  20 %     850,00 €",
        "IMP-120  Cartes de visite 350 g             1 000          0,085  20 %      85,00 €",
        "Conditions de règlement : à 30 jours, soit le          Total HT          935,00 €",
        "5 mars 2031 par virement — IBAN FR76 3004 7141         TVA 20 %          187,00 €",
        "BIC BRSAFRPPXXX                                        Total TTC       1 122,00 €"
      ]).map((r) => r[2])
    ).toEqual([850, 85])
    expect(
      itemRowsOf([
        "Description                                         Qty  Unit  Unit Price     Amount",
        "Managed IT services – January (per workstation)      12  ea        65.00     780.00",
        "Firewall appliance with 1-yr support                  1  ea     1,045.00   1,045.00",
        "",
        "Payment terms: Net 30. Please pay by e-Transfer to              Subtotal  $1,825.00",
        "Account 1205583                                                 HST (ON) 13% $237.25",
        "GST/HST No. 81234 5678 RT0001                           TOTAL DUE (CAD) $2,062.25"
      ]).map((r) => r[2])
    ).toEqual([780, 1045])
  })
})
