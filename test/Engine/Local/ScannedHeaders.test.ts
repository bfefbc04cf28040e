import { describe, expect, it } from "@effect/vitest"
import { isStreetLine } from "../../../src/Engine/Local/AddressLines.js"
import { extractLines, partiesOf as parties, valueOf } from "../fixtures.js"

const DATE = { date: { type: "date", description: "Invoice date" } }
const AMOUNT = { amount: { type: "number", description: "Total amount to pay, taxes included" } }

const invoiceDate = (lines: Array<string>) => valueOf(extractLines(lines, "invoice", DATE)["date"])
const invoiceAmount = (lines: Array<string>) => valueOf(extractLines(lines, "invoice", AMOUNT)["amount"])

describe("a scan's header whose labels OCR broke", () => {
  // "N° client  CLI-0087" read as a lone "client": the labelled lines under it are other fields'.
  const broken = [
    "Clair'Net                                                FACTURE",
    "Clair'Net Services SAS                     Facture N°     CNS-2025-0311",
    "118 rue Nationale                          client",
    "59000 Lille                                Contrat              CT-2023-014",
    "Tél. 03 20 57 44 18                        Période              mai 2025",
    "",
    "",
    "",
    "                              Agence Immobilière du Beffroi SARL",
    "                              2 rue de la Clef",
    "                              59800 Lille",
    "",
    "Désignation                                  Qté       PU HT      Montant HT",
    "Nettoyage des bureaux                          18       42,00        756,00",
    "                                                     Total TTC     907,20 €"
  ]

  it("takes no other field's label under a customer's word for the customer's name", () => {
    expect(parties(broken).customer).toBe("Agence Immobilière du Beffroi SARL")
  })

  it("still takes the name under a customer's heading, and a name that starts with a label's word", () => {
    const headed = (name: string) => [
      "Clair'Net Services SAS                     Facture N°     CNS-2025-0311",
      "118 rue Nationale                          Client",
      "59000 Lille                                " + name,
      "                                           4 place du Théâtre",
      "                                           59000 Lille",
      "",
      "Désignation                                  Qté       PU HT      Montant HT",
      "Nettoyage des bureaux                          18       42,00        756,00"
    ]
    expect(parties(headed("Cabinet Delattre SARL")).customer).toBe("Cabinet Delattre SARL")
    expect(parties(headed("Période Bleue SAS")).customer).toBe("Période Bleue SAS")
  })
})

describe("a scan's row of labels set close together", () => {
  it("keeps each of its labels a label: the delivery note's beside 'CLIENTE' is no customer", () => {
    expect(
      parties([
        "SUMINISTROS HOSTELEROS LEVANTE                            FACTURA",
        "Suministros Hosteleros Levante, S.L.",
        "46988 Paterna (Valencia) - CIF B97123456",
        "N FACTURA FECHA     CLIENTE ALBARAN FORMA DE PAGO PAGINA",
        "FV25073 1703202 4302 A 250214 d 14032025 | Recbo domiclad 30 da 1de2",
        "",
        "                                        ARROCERÍA LA ALBUFERA, S.L.",
        "                                        Avda. de los Pinares, 8",
        "                                        46012 El Saler (Valencia)",
        "",
        "Codigo Descripcion                  Cant   Precio   Importe",
        "PA-60  Paella acero pulido 60 cm       4    24,90     99,60"
      ]).customer
    ).toBe("ARROCERÍA LA ALBUFERA, S.L.")
  })

  it("reads a Spanish road's abbreviation as OCR spaces it as a street ('Ctra . de Jaen km 4.2')", () => {
    expect(["Ctra . de Jaen km 4.2", "Carretera de Málaga, km 3", "Avda de los Pinares 8"].map(isStreetLine)).toEqual([
      true,
      true,
      true
    ])
  })
})

describe("a document's date where its own label was lost", () => {
  it("is no period's first date", () => {
    const page = (period: string) => [
      "Lumenbühne Veranstaltungstechnik GmbH",
      "Widdersdorfer Straße 190, 50825 Köln",
      "",
      "RECHNUNG",
      "Veranstaltung: Frühjahrskongress, Saal Beethoven",
      period,
      "",
      "Pos  Menge  Bezeichnung                          Einzelpreis   Gesamtpreis",
      "1    1      Line-Array-System                       2.850,00      2.850,00",
      "2    1      Digitalmischpult                          690,00        690,00",
      "                                          Gesamtbetrag            3.540,00"
    ]
    expect(invoiceDate(page("08.05.2025 bis 10.05.2025"))).toBeNull()
    expect(invoiceDate(page("Mietzeitraum 08.05.–10.05.2025"))).toBeNull()
    expect(invoiceDate(page("du 08/05/2025 au 10/05/2025"))).toBeNull()
    // A date alone is the document's, and one followed by a word that is no other date.
    expect(invoiceDate(page("Köln, 14.05.2025"))).toBe("2025-05-14")
    expect(invoiceDate(page("14.05.2025 - Seite 1"))).toBe("2025-05-14")
  })

  it("is no order's or delivery's date", () => {
    const page = (lines: Array<string>) => [
      "Kornkammer Naturkost Vertriebs GmbH",
      "Tullastraße 73, 79108 Freiburg",
      "",
      "Rechnung",
      ...lines,
      "",
      "Menge  Bezeichnung                      Einzelpreis    Gesamt",
      "10     Dinkelmehl Type 630                     1,89     18,90",
      "                                    Gesamtbetrag       18,90"
    ]
    expect(invoiceDate(page(["Bestellt am       27.11.2024", "Geliefert am      29.11.2024"]))).toBeNull()
    expect(invoiceDate(page(["Commandé le 27/11/2024", "Expédié le 29/11/2024"]))).toBeNull()
    expect(invoiceDate(page(["Bestellt am       27.11.2024", "Freiburg, 02.12.2024"]))).toBe("2024-12-02")
  })
})

describe("an item table's header over its echo", () => {
  it("heads the items' column: the first item's amount under 'Betrag' is no total", () => {
    expect(
      invoiceAmount([
        "Nordlicht Digital UG",
        "Rechnung NLD-2025-0027",
        "",
        "Pos. Beschreibung                         Menge   Einheit   Einzelpreis     Betrag",
        "Pos. Beschreibung Menge Ei nne E zepres etag",
        "1    Wartung WordPress-Website              1     pausch.        149,00     149,00",
        "2    Entwicklung Mandantenportal         14,5     Std.            95,00   1.377,50",
        "",
        "                                              Zwischensumme           1.526,50 EUR",
        "                                              Umsatzsteuer 19 %         290,04 EUR",
        "                                                                      1.816,54 EUR"
      ])
    ).toBe(1816.54)
  })

  it("a rule under a summary's header is no echo: the one row under it is the document's values (found by a review)", () => {
    expect(
      invoiceAmount([
        "Lakeside Consulting LLC",
        "Invoice 2031-044",
        "",
        "Total Hours      Rate        Amount Due",
        "-----------------------------------------",
        "32               85.00       2,720.00",
        "",
        "Previous balance             150.00"
      ])
    ).toBe(2720)
  })
})

describe("values OCR parted or cut", () => {
  const header = (numberCell: string, customerLines: [string, string]) => [
    "Loire Tissage SARL                                          FACTURE PROFORMA",
    "12 quai de la Fosse, 44000 Nantes",
    "",
    `Client : ${customerLines[0].padEnd(40)}N° proforma   ${numberCell}`,
    `         ${customerLines[1].padEnd(40)}Date          12/03/2024`,
    "",
    "Désignation                        Qté      P.U. HT      Montant HT",
    "Toile de lin naturel                 40        18,50          740,00",
    "                                             Total TTC       888,00 €"
  ]
  const numberOf = (lines: Array<string>) =>
    valueOf(extractLines(lines, "invoice", { invoice_number: "The invoice number" })["invoice_number"])

  it("joins an identifier OCR parted right after its hyphen, and returns none that ends with it", () => {
    expect(numberOf(header("PRO- 24-031", ["Atelier Brume SAS", "5 rue Kervégan"]))).toBe("PRO-24-031")
    expect(numberOf(header("PR0-", ["Atelier Brume SAS", "5 rue Kervégan"]))).toBeNull()
    expect(numberOf([
      "Coastal Marine Supplies Ltd                               INVOICE",
      "14 Harbour Road, Poole BH15 1HJ",
      "",
      "Invoice No:   CMS-2024-",
      "Date:         12/03/2024",
      "",
      "Description                          Qty     Price      Amount",
      "Mooring rope 20 m                      2     45.00       90.00",
      "                                      Total due        108.00"
    ])).toBeNull()
  })

  it("reads a house number and a street ending with 'Lane', 'Close' or 'Crescent' as an address's line, never a name", () => {
    for (const street of ["4 Gayfield Lane", "17 Orchard Close", "2 Royal Crescent"]) {
      expect(isStreetLine(street), street).toBe(true)
    }
    expect(isStreetLine("Penny Lane Records")).toBe(false)
    expect(isStreetLine("4 Seasons Gardens Ltd")).toBe(false)
  })
})
