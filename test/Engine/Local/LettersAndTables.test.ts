import { describe, expect, it } from "@effect/vitest"
import { extractLines, itemRowsOf, partiesOf as parties, valueOf } from "../fixtures.js"

const receiptTotal = (lines: Array<string>) =>
  valueOf(extractLines(lines, "receipt", { total: { type: "number", description: "Total amount paid" } })["total"])
const receiptCompany = (lines: Array<string>) =>
  valueOf(
    extractLines(lines, "receipt", { company: "Name of the store or company that issued the receipt" })["company"]
  )

const TOTAL = { amount: { type: "number", description: "Total amount to pay, taxes included" } }

describe("a letterhead's brand over the company's legal name", () => {
  it("names the company by the legal name printed right under the brand its web address names, and again below", () => {
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
        "                                                Balance Due    $3,888.01",
        "",
        "Please make checks payable to Kestrel Creative LLC."
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
        "Ottawa, ON K1Z 8R9",
        "",
        "Birch Hollow Technical Services Inc. · 340 Albert Street, Suite 1200, Ottawa"
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

  it("is the name before another column's label set apart without its colon, not the street under it", () => {
    expect(
      parties([
        "                                          Huber Holzwerk KG",
        "                                          Moosstraße 61 | 5020 Salzburg",
        "",
        "Huber Holzwerk KG, Moosstraße 61, 5020 Salzburg   Rechnungsnummer   RE-31-0417",
        "Herrn                                             Rechnungsdatum    15.10.2031",
        "Markus Leitner    Kundennummer    K-2291",
        "Hellbrunner Allee 7b                              Angebot           AN-31-0388",
        "5081 Anif",
        "",
        "Rechnungsbetrag                                              6.048,00 €"
      ]).customer
    ).toBe("Markus Leitner")
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

describe("what these rules must not take (found by a review)", () => {
  it("a column of the tax's amount ('Montant TVA') is no line amount", () =>
    expect(
      itemRowsOf([
        "Désignation                 Qté       PU HT    Montant TVA     Montant TTC",
        "Pose parquet chêne           25       40,00         200,00        1 200,00",
        "Plinthes MDF                 30        5,00          30,00          180,00",
        "                                                  Total TTC      1 380,00 €"
      ]).map((r) => r[2])
    ).toEqual([1200, 180]))
  it("a tax code in a column of its own ('HST') does not end the items", () =>
    expect(
      itemRowsOf([
        "Description                         Qty     Rate    Tax        Amount",
        "Snow removal – December contract      1   510.00    HST        510.00",
        "Salt and sand                         1    80.00    HST         80.00",
        "                                              Subtotal         590.00",
        "                                              HST 13%           76.70",
        "                                              Total            666.70"
      ]).length
    ).toBe(2))
  it("'Payment Details  CASH  50.00' on a till roll is the cash handed over", () =>
    expect(receiptTotal([
      "      KEDAI RUNCIT AH SENG",
      "   NO. 12, JALAN BESAR 3, 43650 BANDAR BAIDURI",
      "Tepung 1kg             1       9.80",
      "Gula 2kg               1       5.60",
      "Minyak 5kg             1      13.30",
      "SUB TOTAL                     28.70",
      "DISCOUNT                       0.00",
      "Payment Details  CASH         50.00",
      "CHANGE                        21.30"
    ])).toBe(28.7))
  it("a customer's name in the brand's column, sharing its word, is no issuer", () =>
    expect(
      parties([
        "Harbour Cleaning                                           INVOICE",
        "",
        "Harbour View Apartments Ltd                      Invoice No.  HC-0042",
        "12 Quay Road, Poole BH15 1HJ                     Date         14/03/2031",
        "info@harbour-cleaning.co.uk",
        "                                                 Total due    £480.00"
      ]).issuer
    ).toBe("Harbour Cleaning"))
  it("a store's name set with wide spaces stays one name", () =>
    expect(receiptCompany([
      "  MEGA        MART        SDN BHD",
      "   NO. 12, JALAN BESAR 3, 43650 BANDAR BAIDURI",
      "Date: 05/01/2031 13:20        Cashier: ALI",
      "Tepung 1kg             1       9.80",
      "TOTAL (RM):                    9.80",
      "CASH                          10.00",
      "CHANGE                         0.20"
    ])).toBe("MEGA MART SDN BHD"))
  it("'Ihre Bestellung vom …' gives no order number", () =>
    expect(valueOf(
      extractLines(
        [
          "Schreinerei Holzmann GmbH · Werkstr. 3 · 80331 München",
          "",
          "Firma                                      Rechnung Nr.  2031-117",
          "Baumann Bau GmbH                           Datum         04.03.2031",
          "Industriestr. 9",
          "80995 München",
          "",
          "Ihre Bestellung vom 26.02.2031",
          "Pos  Bezeichnung              Menge   Einzelpreis     Gesamt",
          "1    Einbauschrank Eiche          1      2.400,00   2.400,00",
          "                                      Gesamtbetrag  2.856,00"
        ],
        "invoice",
        { order: "Order number (purchase order)" }
      )["order"]
    )).toBe(null))
  it("one word after 'SOLD TO:' is the customer", () =>
    expect(
      parties([
        "Harbor Print Co.                                           INVOICE",
        "55 Dock Street, Portland, ME 04101               Invoice No.  HP-7781",
        "                                                 Date         03/14/2031",
        "SOLD TO:          COSTCO",
        "c/o Pacific Freight Forwarding Inc.",
        "999 Lake Drive, Issaquah, WA 98027",
        "                                                 Total due    $2,480.00"
      ]).customer
    ).toBe("COSTCO"))
  it("the seller's contact under 'Herr' is no customer", () =>
    expect(
      parties([
        "Malerbetrieb Jens Krause                   Rechnung",
        "Lindenallee 240 • 34128 Kassel",
        "",
        "                                           Ihr Ansprechpartner:",
        "                                           Herr",
        "                                           Jens Krause",
        "Rechnungs-Nr.: R-2031-031                  Tel. 0561 123456",
        "Rechnungsdatum: 17.02.2031",
        "",
        "Malerarbeiten Treppenhaus                               2.176,39 EUR"
      ]).customer
    ).not.toBe("Jens Krause"))
  it("a total read with a lost decimal mark is confirmed by 'PAYMENT DETAILS 20.00' less the change", () =>
    expect(receiptTotal([
      "      KEDAI RUNCIT AH SENG",
      "   NO. 12, JALAN BESAR 3, 43650 BANDAR BAIDURI",
      "Tepung 1kg             1       9.80",
      "Gula 2kg               1       5.60",
      "SUBTOTAL                      15.40",
      "TOTAL INCL SST                16.32",
      "TOTAL                         16-30",
      "PAYMENT DETAILS               20.00",
      "CHANGE                         3.70"
    ])).toBe(16.3))
})
