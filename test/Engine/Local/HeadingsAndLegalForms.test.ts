/**
 * Party headings in two words or two languages, name labels set a column apart, legal forms written
 * before the name or joined to it, and the letterhead's lines a till or a web site adds.
 */
import { describe, expect, it } from "@effect/vitest"
import { extractLines, partiesOf as parties, valueOf } from "../fixtures.js"

const INVOICE_TEMPLATE = {
  invoice_number: "The invoice number (identifier of this invoice)",
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer (buyer) billed"
}

const invoice = (lines: ReadonlyArray<string>) => {
  const out = extractLines(lines, "invoice", INVOICE_TEMPLATE)
  return {
    invoice_number: valueOf(out["invoice_number"]),
    issuer: valueOf(out["issuer"]),
    customer: valueOf(out["customer"])
  }
}

const receipt = (lines: ReadonlyArray<string>) => {
  const out = extractLines(lines, "receipt", {
    company: "Name of the store or company that issued the receipt",
    address: "Address of the store"
  })
  return { company: valueOf(out["company"]), address: valueOf(out["address"]) }
}

describe("a party's heading", () => {
  it("in two languages or two words is one heading: the name is under it", () => {
    expect(
      parties([
        "Northgate Plumbing Ltd.                           INVOICE / FACTURE",
        "1560 Bank Street, Ottawa, ON K1H 7Z1",
        "",
        "CUSTOMER / CLIENT                        SERVICE LOCATION / LIEU",
        "Harbour View Condominium Corporation     88 Harbour Terrace, Ottawa",
        "340 Albert Street, Suite 1100",
        "Ottawa, ON K1R 7Y6"
      ]).customer
    ).toBe("Harbour View Condominium Corporation")
    expect(
      parties([
        "Elektro Sommerfeld GmbH                        RECHNUNG",
        "Kaiserstraße 58 · 66111 Saarbrücken",
        "",
        "AUFTRAGGEBER / RECHNUNGSEMPFÄNGER              RECHNUNGS-NR.        KUNDEN-NR.",
        "Frau                                           R 31-0662            K-8830",
        "Jutta Obermeier",
        "Am Staden 12",
        "66121 Saarbrücken"
      ]).customer
    ).toBe("Jutta Obermeier")
  })

  it("heads a box whose name label is set a column apart, and the name's legal form wrapped alone under it", () => {
    expect(parties([
      "                           FACTURE",
      "  VENDEUR                                   ACHETEUR",
      "Raison sociale   Arpenteurs du Vexin          Raison sociale   Commune de Valmont",
      "                 SELARL                       Adresse          1 rue de la Mairie",
      "Adresse          6 place de l'Église                           95450 Valmont",
      "                 95420 Magny-en-Vexin         SIRET            219 506 771 00012"
    ])).toEqual({ issuer: "Arpenteurs du Vexin SELARL", customer: "Commune de Valmont" })
  })
})

describe("an invoice's number", () => {
  it("is read after the document's other name set after a slash and its number sign", () => {
    expect(
      invoice([
        "Hôtel du Vieux Port",
        "9 quai des Marins · 35400 Saint-Malo",
        "",
        "Facturé à :                         Facture / Note n°      2025-001733",
        "Cabinet Morvan SA                   Date                   14/03/2025",
        "Parc d'activités du Moulin",
        "35510 Cesson-Sévigné"
      ]).invoice_number
    ).toBe("2025-001733")
  })
  it("is read after a title's numero sign as OCR reads it (\"Ne\" for \"№\")", () => {
    expect(
      invoice([
        "Schreinerei Vollmer & Söhne OHG",
        "Werkstraße 4 · 79100 Freiburg",
        "",
        "Zahnarztpraxis Dr. Ilka Brandauer",
        "Kaiser-Joseph-Straße 12",
        "79098 Freiburg",
        "",
        "Rechnung Ne 2025/0087 (Ihr Auftrag vom 02.12.2024, Angebot Ne 2024/311)"
      ]).invoice_number
    ).toBe("2025/0087")
  })
})

describe("the issuer", () => {
  it("is the company its French legal form names before the name, not the brand over it", () => {
    expect(
      invoice([
        "GARAGE DU CARREFOUR                                  FACTURE N° 25/00318",
        "SARL Bellanger Automobiles · Agent toutes marques    Date : 22/02/2025",
        "128 avenue de la République, 37100 Tours",
        "",
        "                                     Monsieur Olivier Ranchère",
        "                                     9 rue des Tanneurs",
        "                                     37000 Tours"
      ]).issuer
    ).toBe("SARL Bellanger Automobiles")
  })

  it("is the company whose legal form is joined to its name by a hyphen, not a till's line above the tax number", () => {
    expect(receipt([
      "      Frischmarkt am Westpark",
      "    Reinholt Einzelhandels-OHG",
      "        Westparkstraße 33",
      "          52074 Aachen",
      "",
      "Butter 250g                 2,39 A",
      "SUMME EUR                   2,39",
      "14.03.2025 09:12   Bon-Nr. 6620",
      "Markt 0417 Kasse 1 Bed. 5",
      "     USt-IdNr. DE 301 774 298"
    ])).toEqual({ company: "Reinholt Einzelhandels-OHG", address: "Westparkstraße 33 52074 Aachen" })
  })
})

describe("the issuer in a footer", () => {
  it("is the footer's company name ending at its legal form where its street follows on the row", () => {
    expect(parties([
      "steinblau                                         Rechnung Datum: 21.01.2025",
      "gärten, die bleiben.                              № KG-0042/25",
      "",
      "",
      "",
      "Wohnbau Terhalle GmbH",
      "Hausverwaltung",
      "Parkstraße 10",
      "48143 Münster",
      "",
      "Rechnung",
      "Gesamtbetrag                                            2.615,62 €",
      ...Array<string>(32).fill(""),
      "Steinblau Garten- und Landschaftsbau GmbH Hammer Straße 201 48153 Münster Tel. 0251 7730 914",
      "Geschäftsführung: Lena Dorrhofer   Amtsgericht Münster HRB 21977   USt-IdNr. DE 327 640 118"
    ])).toEqual({ issuer: "Steinblau Garten- und Landschaftsbau GmbH", customer: "Wohnbau Terhalle GmbH" })
  })
})

describe("the company behind a brand", () => {
  it("is the one an \"Owned by\" line names, and the address is still the letterhead's", () => {
    expect(receipt([
      "       PIZZA CORNER",
      "    PIZZA CORNER RAWANG",
      " Lot 12, Jalan Bunga Raya 3",
      "     Taman Rawang Perdana",
      "    48000 Rawang",
      "",
      "Grand Total :              41.20",
      "Payment :                  60.00",
      "",
      "     Please Come Again!",
      "   www.pizzacorner.com.my",
      ...Array<string>(34).fill(""),
      "        Owned by",
      "  Kedai Roti Maju Sdn Bhd",
      "    Co. No. 883104-K"
    ])).toEqual({
      company: "Kedai Roti Maju Sdn Bhd",
      address: "Lot 12, Jalan Bunga Raya 3 Taman Rawang Perdana 48000 Rawang"
    })
  })
})

describe("the store's address", () => {
  it("starts at a house number before an English street's name and ends before a web site's host name", () => {
    expect(
      receipt([
        "   Hargreaves Hardware Ltd",
        "       17 Market Place",
        "       Hexham NE46 1XG",
        "  VAT No. GB 284 6610 93",
        "14/02/2025 13:07     Till 1"
      ]).address
    ).toBe("17 Market Place Hexham NE46 1XG")
    expect(
      receipt([
        "   Bluestone Coffee Roasters",
        "     311 Atlantic Avenue",
        "    Brooklyn, NY 11201",
        "   bluestonecoffee.com",
        "03/14/2025 08:41"
      ]).address
    ).toBe("311 Atlantic Avenue Brooklyn, NY 11201")
  })
})

describe("the customer without a label", () => {
  it("is the address block under the sender's lines, not a row of the item table under it", () => {
    expect(
      parties([
        "KFZ-TEILE BROCKMANN e.K.           Inh. Gerd Brockmann",
        "Zum Bahnhof 7 - 31582 Nienburg/Weser - Tel. 05021 91447",
        "",
        "Autohaus Seidlitz GmbH",
        "Verdener Landstr. 150",
        "31582 Nienburg",
        "",
        "RECHNUNG     Nr.: 0025-3317    Datum: 20.03.2025",
        "+--------------------------------------------------------+",
        "|Pos Art.-Nr. Bezeichnung             Menge E-Preis  Betrag|",
        "+--------------------------------------------------------+",
        "| 1 BR-44120 Bremsscheibe belüftet        4   38,60  154,40|",
        "| 2 MO-50W30 Motoröl 5W-30 LL, 20 l       1   89,00   89,00|",
        "| 3 ZK-07715 Zahnriemensatz, 31582 Nienburg 1  49,00   49,00|"
      ]).customer
    ).toBe("Autohaus Seidlitz GmbH")
  })

  it("is the address block left of an item table that starts higher up the page", () => {
    expect(
      parties([
        "Pemberley Consulting Ltd",
        "Unit 4, Marshall's Mill",
        "Holbeck Lane                        Date        Activity                  Hours   Rate    Net",
        "Leeds LS11 9QF                      06/01/2025  Stakeholder interviews      6.5  95.00  617.50",
        "                                    08/01/2025  Data review                   7  95.00  665.00",
        "                                    13/01/2025  Workshop                    7.5  95.00  712.50",
        "Wexford Housing Trust               15/01/2025  Options appraisal             6  95.00  570.00",
        "Finance Department                  20/01/2025  Draft report                7.5  95.00  712.50",
        "12 Furnival Gate                    27/01/2025  Board presentation            4  95.00  380.00",
        "Sheffield S1 4QP"
      ]).customer
    ).toBe("Wexford Housing Trust")
  })
})

describe("names these rules leave as they are", () => {
  it("keeps a shop named after a terminal, a number or a street word, and a sack's weight as no legal form", () => {
    expect(
      receipt([
        "   Caffe Nero Terminal 5",
        "     Heathrow Airport",
        "   Hounslow TW6 2GA",
        "14/02/2025 13:07"
      ]).company
    ).toBe("Caffe Nero Terminal 5")
    expect(
      receipt([
        "   2 Brothers Pizza Place",
        "     88 Queen Street",
        "   Cardiff CF10 2GP",
        "14/02/2025 13:07"
      ]).company
    ).toBe("2 Brothers Pizza Place")
    expect(
      receipt([
        "       Mühle Brandl",
        "   Mehl im 25-kg Sack",
        "    Mühlweg 3",
        "   84028 Landshut",
        "06.02.2025"
      ]).company
    ).toBe("Mühle Brandl")
  })

  it("keeps a French company's capital line and a customer's department apart from the names", () => {
    expect(
      invoice([
        "Boulangerie Martin                                  FACTURE N° 2025-014",
        "SARL au capital de 7 500 €",
        "12 rue du Four, 37000 Tours"
      ]).issuer
    ).toBe("Boulangerie Martin")
    expect(
      parties([
        "Harbour Consulting Ltd                          INVOICE 2025-118",
        "2 Quay Street, Exeter EX1 1AA",
        "",
        "Bill To:",
        "Westshire County Council",
        "Trading Standards Service",
        "County Hall",
        "Exeter EX2 4QD"
      ]).customer
    ).toBe("Westshire County Council")
  })

  it("reads the customer's block under a note that names quantities and prices", () => {
    expect(
      parties([
        "Großbäckerei Huber GmbH · Mühlstraße 4 · 84028 Landshut",
        "Menge und Preis gemäß Rahmenvertrag",
        "Bäckerei Wolff",
        "Hauptplatz 2",
        "84028 Landshut",
        "",
        "Rechnung Nr. 2025-044       Datum: 03.03.2025"
      ]).customer
    ).toBe("Bäckerei Wolff")
  })
})

describe("another party named after \"managed by\" or \"a subsidiary of\"", () => {
  it("is not the issuer", () => {
    expect(
      parties([
        "Kingfisher Plumbing Ltd                          INVOICE 2025-0193",
        "7 Wharf Road, Bristol BS1 6QA                    Date: 11/03/2025",
        "",
        "Bill To:",
        "Riverside Court Residents Association",
        "managed by Harbour Estates Ltd",
        "2 Quay Street, Bristol BS1 4DJ",
        "",
        "Description                          Qty     Price     Amount",
        "Replace stopcock, flat 4              1     85.00      85.00",
        "",
        "                                    Total GBP            85.00"
      ]).issuer
    ).toBe("Kingfisher Plumbing Ltd")
    expect(
      parties([
        "Northwind Freight Ltd                            INVOICE NF-55021",
        "Unit 4, Dockside Park, Felixstowe IP11 3TW       Date: 02/04/2025",
        "",
        "Description                          Qty     Price     Amount",
        "Container haulage FXT-BHM              1    640.00     640.00",
        "                                    Total GBP           640.00",
        ...Array<string>(36).fill(""),
        "Northwind Freight Ltd is a subsidiary of Northwind Holdings plc",
        "Our yard is operated by",
        "Dockside Services Ltd"
      ]).issuer
    ).toBe("Northwind Freight Ltd")
  })
})
