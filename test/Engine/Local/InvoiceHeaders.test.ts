/**
 * Invoice headers as invoicing programs lay them out: labels over their values in a grid, a recipient
 * block set beside an info block of another line spacing, a salutation on a line of its own, a footer whose
 * columns sit close. Every name and number is made up.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromPlaced, type PlacedText } from "../../support/pageModel.js"
import { extractLines, itemRowsOf, PARTIES, partiesOf, spec, valueOf } from "../fixtures.js"

const dateOf = (lines: ReadonlyArray<string>) =>
  valueOf(
    extractLines(lines, "invoice", { date: { type: "date", description: "Invoice date (date of issue)" } })["date"]
  )

const ITEMS = [
  "",
  "Description                          Qty     Amount",
  "Consulting                             4     480,00",
  "                             Total TTC       576,00 €"
]

describe("an invoice's date among the other dates of its header", () => {
  it("is the date of issue, not the date of the service, the supply or the tax point", () => {
    expect(dateOf([
      "Atelier Exemple SARL",
      "",
      "  Référence              Date d'émission",
      "  FA-2031-17             2031-11-26",
      "  Interlocuteur          Date de commande",
      "  Mme Martin             2031-11-10",
      "  Date de prestation     À régler avant le",
      "  2031-11-20             2031-12-10",
      ...ITEMS
    ])).toBe("2031-11-26")
    expect(dateOf([
      "Example Catering Ltd",
      "",
      "  Invoice number         Date of issue",
      "  SI-1001                04/03/2031",
      "  Tax point date         Due",
      "  24/02/2031             18/03/2031",
      ...ITEMS
    ])).toBe("2031-03-04")
  })
})

/** The place a service was done at, under its heading, and the items under it. */
const PLACE_OF_SERVICE_AND_ITEMS: ReadonlyArray<PlacedText> = [
  { text: "LEISTUNGSORT", x: 2, y: 12 },
  { text: "Veranstaltungsort: Kulturhalle Beispiel", x: 2, y: 13.5 },
  { text: "Hallenweg 5", x: 2, y: 14.7 },
  { text: "90489 Nürnberg", x: 2, y: 15.9 },
  { text: "Beschreibung                         Menge      Gesamt", x: 2, y: 19 },
  { text: "Servicepersonal                         16      528,00", x: 2, y: 20.5 },
  { text: "Summe brutto                                   628,32 €", x: 20, y: 23 }
]

/** A page laid out by lines at fractional heights (y in lines of print). */
const placed = (texts: ReadonlyArray<PlacedText>) => {
  const model = pageModelFromPlaced([texts])
  return extractSection(model, [1], spec("invoice", PARTIES)) as Record<string, Grounded | null>
}

describe("an invoice's number", () => {
  it("is whole where OCR cut it with a space and the page prints it whole elsewhere", () => {
    const page = [
      "Exemple Épicerie SARL                                        FACTURE",
      "Exemple SARL · 27 cours Exemple · 33000 Bordeaux           20241 1-199",
      "",
      "  Référence              Date d'émission",
      "  202411-199             2031-11-26",
      ...ITEMS
    ]
    const number = (lines: ReadonlyArray<string>) =>
      valueOf(extractLines(lines, "invoice", { invoice_number: "The invoice number" })["invoice_number"])
    expect(number(page)).toBe("202411-199")
    // Printed nowhere else whole, the number is what it reads.
    expect(number(page.map((l) => l.replace("202411-199", "FA-000001"))))
      .not.toBe("202411-199")
  })
})

describe("an invoice's customer", () => {
  it("is the recipient's block beside an info block set at another line spacing", () => {
    const got = placed([
      { text: "Beispiel Catering GmbH · Marktplatz 9 · 90402 Nürnberg", x: 2, y: 0 },
      { text: "RECHNUNG AN", x: 58, y: 3 },
      { text: "Rechnungsnummer     Rechnungsdatum", x: 2, y: 4 },
      { text: "282001              18. März 2031", x: 2, y: 5 },
      { text: "Muster Verlag & Partner GmbH", x: 58, y: 5 },
      { text: "z. Hd. Frau Anna Beispiel", x: 58, y: 6.4 },
      { text: "Bearbeiter          Auftragsdatum", x: 2, y: 7.6 },
      { text: "Beispielstraße 212", x: 58, y: 7.6 },
      { text: "S. Muster           18. Februar 2031", x: 2, y: 8.4 },
      { text: "90429 Nürnberg", x: 58, y: 8.95 },
      ...PLACE_OF_SERVICE_AND_ITEMS
    ])
    expect(got["customer"]?.value).toBe("Muster Verlag & Partner GmbH")
  })

  it("is the block whose town line OCR set beside a piece of another column in a row of its own", () => {
    const got = placed([
      { text: "Beispiel Software GmbH · Hafenweg 22 · 48155 Münster", x: 2, y: 0 },
      { text: "RECHNUNG AN", x: 2, y: 3 },
      { text: "Beleg-Nr.      Rechnungsdatum", x: 40, y: 3 },
      { text: "Muster Praxisbedarf GmbH", x: 2, y: 4 },
      { text: "R2402279       2031-02-07", x: 40, y: 4 },
      { text: "Abteilung Einkauf", x: 2, y: 5 },
      { text: "Musterweg 118", x: 2, y: 6 },
      { text: "0 0250 . Petersen", x: 11, y: 6.95 },
      { text: "48155 Münster", x: 2, y: 7 },
      { text: "Artikel / Leistung                        Gesamtpreis", x: 2, y: 10 },
      { text: "Softwareentwicklung Backend               2.768,50 €", x: 2, y: 11 },
      { text: "Gesamtbetrag                              3.294,52 €", x: 2, y: 13 }
    ])
    expect(got["customer"]?.value).toBe("Muster Praxisbedarf GmbH")
  })

  it("is not joined to the issuer's name over a row of the other column", () => {
    const model = pageModelFromPlaced([[
      { text: "Kestrel Digital Ltd", x: 2, y: 0, size: 1.5 },
      { text: "12 High Street, Leeds LS1 4AP", x: 58, y: 0 },
      { text: "Tel 0113 496 0000", x: 58, y: 1 },
      { text: "Invoice to:", x: 2, y: 2 },
      { text: "Globex Ltd", x: 2, y: 3 },
      { text: "1 Park Row", x: 2, y: 4 },
      { text: "Leeds LS1 5AB", x: 2, y: 5 },
      { text: "Invoice No. INV-0042        Date 12/03/2031", x: 2, y: 7 },
      { text: "Website design                         400.00", x: 2, y: 9 },
      { text: "Total                                  400.00", x: 2, y: 10 }
    ]])
    const got = extractSection(model, [1], spec("invoice", { customer_address: "The customer's address" })) as Record<
      string,
      Grounded | null
    >
    expect(got["customer_address"]?.value).toBe("1 Park Row Leeds LS1 5AB")
  })

  it("is never the heading of the place the service was done at", () => {
    const got = placed([
      { text: "Beispiel Catering GmbH", x: 2, y: 0 },
      { text: "Rechnungsnummer     Rechnungsdatum", x: 2, y: 4 },
      { text: "282001              18. März 2031", x: 2, y: 5 },
      ...PLACE_OF_SERVICE_AND_ITEMS
    ])
    expect(got["customer"]?.value ?? null).not.toBe("LEISTUNGSORT")
  })

  it("is the name under a line that only addresses it", () => {
    const { customer } = partiesOf([
      " Elektro Beispiel e.K.                                        RECHNUNG",
      " Mühlenweg 5",
      " 26122 Oldenburg",
      "",
      " RECHNUNGSEMPFÄNGER                      LIEFERADRESSE",
      " Frau                                    wie Rechnungsanschrift",
      " Dr. Anna Beispiel",
      " Am Beispielesch 4",
      " 26131 Oldenburg",
      "",
      " Leistung                           Anzahl       Betrag (EUR)",
      " Anfahrt                            1 pausch.           31,00",
      "                        Summe brutto                    36,89 EUR"
    ])
    expect(customer).toBe("Dr. Anna Beispiel")
  })
})

describe("an invoice's issuer", () => {
  it("is never a host name whose dot OCR read as a space", () => {
    const page = [
      "                      CABINET EXEMPLE CONSEIL SAS",
      "  18 rue Exemple - 75009 Paris - facturation@exemple-conseil.fr",
      "",
      "Paris, le 18 février 2031                        Groupe Exemple SA",
      "                                                 41 rue La Fayette",
      "                                                 75009 Paris",
      "Objet : Facture n° 222361",
      ...ITEMS,
      ...Array.from({ length: 34 }, () => ""),
      "Cabinet Exemple Conseil SAS - 18 rue Exemple - 75009 Paris - facturation@exemple-conseil. fr",
      "exemple-conseil fr - Banque Exemple - IBAN FR76 3006 6100 4100 0188 1045 772 - SAS au capital de 30 000 €"
    ]
    expect(String(partiesOf(page).issuer).toUpperCase()).toBe("CABINET EXEMPLE CONSEIL SAS")
  })

  it("may start with a word that is also a label's, inside a word of its own", () => {
    const page = [
      "NET'EXEMPLE                          Facture",
      "Net'Exemple Nettoyage SAS",
      "140 rue Exemple                      Référence        F2031/7239          CLIENT :",
      "59000 Lille                                                               Hôtel Exemple SAS",
      "                                     Date de facture  2031-07-29          88 rue Nationale",
      "CONTACT                              N° de devis      D8173               59800 Lille",
      ...ITEMS
    ]
    expect(partiesOf(page).issuer).toBe("Net'Exemple Nettoyage SAS")
    // A label with its currency glued after a colon is still the label.
    expect(
      itemRowsOf([
        "KEDAI CONTOH SDN BHD",
        "Date: 05/01/2018",
        "Item            Qty    Amount",
        "Tepung 1kg        1     12.50",
        "Gula 2kg          1     14.50",
        "TOTAL:RM                27.00"
      ]).map((r) => r[2])
    ).toEqual([12.5, 14.5])
    // The quote's number is a field of its own.
    expect(valueOf(extractLines(page, "invoice", { quote_number: "The quote number" })["quote_number"])).toBe("D8173")
  })
})

describe("an invoice's items under a header of article and description columns", () => {
  const page = (rows: ReadonlyArray<string>) => [
    "Druckerei Beispiel KG",
    "Rechnung 2031/9325",
    "",
    "Pos Artikel  Bezeichnung                        Anzahl Einheit Einzelpreis   Gesamt",
    ...rows,
    "                                                        Summe netto      1.043,00 EUR"
  ]

  it("reads the description from the description's column, not the article's number", () => {
    const rows = itemRowsOf(page([
      "1   31-9089  Datencheck und Druckvorstufe            1  pausch.  26,00 EUR   26,00 EUR",
      "2   53-3782  Plakat DIN A1, 4/0-farbig             100  St.       4,45 EUR  445,00 EUR"
    ]))
    expect(rows.map((r) => r[0])).toEqual(["Datencheck und Druckvorstufe", "Plakat DIN A1, 4/0-farbig"])
  })

  it("reads an English item's description under \"Item\" beside its details", () => {
    const rows = itemRowsOf([
      "Studio Example Ltd",
      "Invoice INV-2031-7",
      "Item           Details     Qty    Rate    Amount",
      "Web design     5 pages       1  400.00    400.00",
      "                            Total          400.00"
    ])
    expect(rows.map((r) => r[0])).toEqual(["Web design"])
  })

  it("reads a quantity in thousands written with a dot as its price and amount bear it out", () => {
    const rows = itemRowsOf(page([
      "1   90-8766  Flyer DIN lang, 135 g               5.000  St.      0,064 EUR  320,00 EUR",
      "2   90-8767  Visitenkarten                           2  St.      1.500 EUR    3.000,00 EUR"
    ]))
    expect(rows.map((r) => r[1])).toEqual([5000, 2])
  })
})

describe("an invoice's total as OCR reads it", () => {
  const total = (sum: string) =>
    valueOf(
      extractLines(
        [
          "Elektro Beispiel e.K.",
          "Rechnung AR-2031-8612",
          "Leistung                          Anzahl      Betrag (EUR)",
          "LED-Panel 62 x 62 cm               12 Stk.         624,00",
          "Anfahrt                             1 pausch.      379,43",
          "                       Warenwert netto          1.003,43 EUR",
          "                       zzgl. 19 % MwSt.           190,65 EUR",
          `                       Summe brutto             ${sum} EUR`
        ],
        "invoice",
        { amount: { type: "number", description: "Total amount to pay" } }
      )["amount"]
    )

  it("is the sum of its net and tax when OCR lost a digit of its cents", () => {
    expect(total("1.194,8")).toBe(1194.08)
    // Printed with its two decimals, the total is what is printed.
    expect(total("1.194,80")).toBe(1194.8)
  })
})

describe("an invoice's currency", () => {
  it("is the one the page names most when the total's row prints two", () => {
    const got = extractLines(
      [
        "Metallbau Beispiel GmbH",
        "Rechnung 2031-17",
        "Montage                    3,00 Std.   125,80 EUR    377,40 EUR",
        "                                    Nettobetrag EUR    557,40",
        "                                 Umsatzsteuer 19 % EUR 105,91",
        "                                Rechnungsbetrag ¥ EUR  663,31"
      ],
      "invoice",
      { currency: "ISO 4217 currency code of the amounts" }
    )
    expect(valueOf(got["currency"])).toBe("EUR")
  })
})

describe("a proforma invoice's number", () => {
  it("is read at the proforma's own number label", () => {
    for (
      const [label, value] of [["Proforma-Nr.", "PF-2024-0077"], ["Proforma invoice no.", "PI-88"], [
        "N° proforma",
        "PRO-24-031"
      ]]
    ) {
      const got = extractLines(
        [
          "Rheinufer Messebau GmbH",
          "Hafenstraße 4, 50668 Köln",
          "",
          `Liebig Feinmechanik AG                          ${label.padEnd(22)}${value}`,
          "Industriestraße 3                               Datum                 2024-04-22",
          ...ITEMS
        ],
        "invoice",
        { invoice_number: "The invoice number" }
      )
      expect(valueOf(got["invoice_number"]), label).toBe(value)
    }
  })
})
