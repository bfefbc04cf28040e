/**
 * Invoices written for this test (no corpus file) in the languages and layouts users send: the local
 * engine reads every header field of each, whatever the language of its labels, the form of its
 * dates and amounts, and where its parties stand.
 */
import { describe, expect, it } from "@effect/vitest"
import { DEFAULT_MIN_CONFIDENCE } from "../../../src/Config.js"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines, pageModelFromPlaced } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const TEMPLATE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay" },
  currency: "ISO 4217 currency code",
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer billed"
}

const INVOICES: ReadonlyArray<{
  readonly name: string
  readonly lines: ReadonlyArray<string>
  readonly expected: Record<string, string | number>
}> = [
  {
    name: "Spanish",
    lines: [
      "Suministros Iberia S.L.                                   FACTURA",
      "Calle Mayor 12, 28013 Madrid",
      "CIF: B12345678",
      "",
      "Cliente:                                  Factura nº:     F-2024-0193",
      "Distribuciones Norte S.A.                 Fecha:          14/03/2024",
      "Avenida del Puerto 8, 48001 Bilbao        Vencimiento:    13/04/2024",
      "",
      "Descripción                Cant.     Precio       Importe",
      "Tornillos M6                 100       0,12         12,00",
      "Arandelas                    200       0,05         10,00",
      "                                    Base imponible   22,00",
      "                                    IVA 21%           4,62",
      "                                    Total a pagar    26,62 €"
    ],
    expected: {
      invoice_number: "F-2024-0193",
      date: "2024-03-14",
      amount: 26.62,
      currency: "EUR",
      issuer: "Suministros Iberia S.L.",
      customer: "Distribuciones Norte S.A."
    }
  },
  {
    name: "Italian",
    lines: [
      "Officine Rossi S.r.l.                                     FATTURA",
      "Via Roma 10, 20121 Milano",
      "P.IVA IT01234567890",
      "",
      "Spett.le                                  Fattura n.      245/2024",
      "Bianchi Costruzioni S.p.A.                Data:           05/02/2024",
      "Via Torino 3, 10121 Torino",
      "",
      "Descrizione                Q.tà      Prezzo       Importo",
      "Cemento 25kg                  10       6,50         65,00",
      "                                    Imponibile       65,00",
      "                                    IVA 22%          14,30",
      "                                    Totale documento 79,30 EUR"
    ],
    expected: {
      invoice_number: "245/2024",
      date: "2024-02-05",
      amount: 79.3,
      currency: "EUR",
      issuer: "Officine Rossi S.r.l.",
      customer: "Bianchi Costruzioni S.p.A."
    }
  },
  {
    name: "Dutch",
    lines: [
      "Bakker Installaties B.V.                                  FACTUUR",
      "Kerkstraat 5, 1012 AB Amsterdam",
      "KvK 12345678  BTW NL123456789B01",
      "",
      "Factuuradres:                             Factuurnummer:  2024-0077",
      "De Vries Bouw B.V.                        Factuurdatum:   22-01-2024",
      "Dorpsweg 14, 3511 AA Utrecht              Vervaldatum:    21-02-2024",
      "",
      "Omschrijving               Aantal    Prijs        Bedrag",
      "Arbeid (uren)                  4     55,00        220,00",
      "                                    Subtotaal       220,00",
      "                                    BTW 21%          46,20",
      "                                    Totaal te betalen € 266,20"
    ],
    expected: {
      invoice_number: "2024-0077",
      date: "2024-01-22",
      amount: 266.2,
      currency: "EUR",
      issuer: "Bakker Installaties B.V.",
      customer: "De Vries Bouw B.V."
    }
  },
  {
    name: "German (a window under a sender line)",
    lines: [
      "Müller & Söhne GmbH · Lindenweg 3 · 50667 Köln",
      "",
      "Schmidt Handels KG                                RECHNUNG",
      "Herrn Peter Schmidt",
      "Bahnhofstraße 22",
      "80335 München                             Rechnungsnr.:   RE-24-1187",
      "                                          Datum:          11.03.2024",
      "                                          Kundennr.:      10442",
      "",
      "Pos  Bezeichnung            Menge   Einzelpreis    Gesamt",
      "1    Beratung (Std.)           3        90,00      270,00",
      "                                    Nettobetrag      270,00",
      "                                    zzgl. 19% USt     51,30",
      "                                    Rechnungsbetrag  321,30 EUR",
      "",
      "Müller & Söhne GmbH · Geschäftsführer: H. Müller · Amtsgericht Köln HRB 1234"
    ],
    expected: {
      invoice_number: "RE-24-1187",
      date: "2024-03-11",
      amount: 321.3,
      currency: "EUR",
      issuer: "Müller & Söhne GmbH",
      customer: "Schmidt Handels KG"
    }
  },
  {
    name: "French (a window on the right)",
    lines: [
      "Boulangerie Martin SARL",
      "8 place du Marché",
      "69002 Lyon",
      "SIRET 123 456 789 00010",
      "",
      "                                          Facturé à :",
      "                                          Hôtel des Arts",
      "                                          15 quai Saint-Antoine",
      "                                          69002 Lyon",
      "FACTURE N° 2024-031",
      "Date de facturation : 7 mars 2024",
      "",
      "Désignation                Qté       PU HT        Total HT",
      "Pains au levain               40      1,80         72,00",
      "                                    Total HT         72,00",
      "                                    TVA 5,5 %         3,96",
      "                                    Net à payer      75,96 €"
    ],
    expected: {
      invoice_number: "2024-031",
      date: "2024-03-07",
      amount: 75.96,
      currency: "EUR",
      issuer: "Boulangerie Martin SARL",
      customer: "Hôtel des Arts"
    }
  },
  {
    name: "Swiss (number and date in the title line)",
    lines: [
      "Alpen Software AG",
      "Seestrasse 40, 8002 Zürich",
      "MWST CHE-123.456.789",
      "",
      "Rechnung Nr. 2024-55 vom 2. April 2024",
      "",
      "An: Berner Treuhand GmbH, Marktgasse 1, 3011 Bern",
      "",
      "Leistung                                   Betrag CHF",
      "Lizenz Jahresabo                             1'200.00",
      "MWST 8.1%                                       97.20",
      "Gesamtbetrag                             CHF 1'297.20"
    ],
    expected: {
      invoice_number: "2024-55",
      date: "2024-04-02",
      amount: 1297.2,
      currency: "CHF",
      issuer: "Alpen Software AG",
      customer: "Berner Treuhand GmbH"
    }
  },
  {
    name: "British",
    lines: [
      "Thames Print Ltd",
      "Unit 4, River Park, London SE1 7PB",
      "VAT Reg No. GB 123 4567 89",
      "",
      "Invoice #: TP-10482",
      "Invoice date: March 3rd, 2024",
      "Bill to: Northwind Traders plc",
      "",
      "Item                         Qty    Price      Total",
      "Flyers A5 (1000)               2    £145.00    £290.00",
      "                                 Subtotal    £290.00",
      "                                 VAT 20%      £58.00",
      "                                 Balance due £348.00"
    ],
    expected: {
      invoice_number: "TP-10482",
      date: "2024-03-03",
      amount: 348,
      currency: "GBP",
      issuer: "Thames Print Ltd",
      customer: "Northwind Traders plc"
    }
  },
  {
    name: "American",
    lines: [
      "ACME ROCKETS INC.",
      "1200 Industrial Pkwy, Tucson, AZ 85701",
      "",
      "INVOICE",
      "Invoice Number   INV-000981",
      "Date             04/05/2024",
      "Sold To          Wile E. Coyote Enterprises",
      "",
      "QTY  DESCRIPTION                 UNIT PRICE     AMOUNT",
      "3    Rocket skates                  1,250.00   3,750.00",
      "                                 SUBTOTAL     3,750.00",
      "                                 SALES TAX      300.00",
      "                                 AMOUNT DUE   $4,050.00"
    ],
    expected: {
      invoice_number: "INV-000981",
      date: "2024-04-05",
      amount: 4050,
      currency: "USD",
      issuer: "ACME ROCKETS INC.",
      customer: "Wile E. Coyote Enterprises"
    }
  },
  {
    name: "German (labels on one row)",
    lines: [
      "Elektro Wagner e.K.",
      "Am Markt 7 · 01067 Dresden",
      "",
      "Kunde: Stadtbäckerei Lehmann",
      "",
      "Rechnung",
      "Rechnungsdatum 15.01.2024   Rechnungsnummer 24-0012   Leistungsdatum 10.01.2024",
      "",
      "Pos. Artikel                        Menge    Preis     Summe",
      "1    Steckdose tauschen                 2    35,00     70,00",
      "2    Anfahrt                            1    25,00     25,00",
      "                                Summe netto         95,00 €",
      "                                19 % MwSt.          18,05 €",
      "                                Zu zahlender Betrag 113,05 €"
    ],
    expected: {
      invoice_number: "24-0012",
      date: "2024-01-15",
      amount: 113.05,
      currency: "EUR",
      issuer: "Elektro Wagner e.K.",
      customer: "Stadtbäckerei Lehmann"
    }
  },
  {
    name: "German (labels over their values, the customer under a heading)",
    lines: [
      "Nordwind Logistik GmbH",
      "Hafenallee 2, 28195 Bremen",
      "",
      "RECHNUNG",
      "",
      "Rechnungsnummer     Rechnungsdatum     Kundennummer     Seite",
      "R-7781              04.06.2024         K-2231           1/1",
      "",
      "Rechnungsempfänger",
      "Baumarkt Ost GmbH",
      "Industriestraße 9",
      "04109 Leipzig",
      "",
      "Pos  Beschreibung              Betrag",
      "1    Transport Bremen-Leipzig   850,00",
      "     Gesamtbetrag netto         850,00",
      "     USt 19 %                   161,50",
      "     Gesamtbetrag brutto      1.011,50 EUR"
    ],
    expected: {
      invoice_number: "R-7781",
      date: "2024-06-04",
      amount: 1011.5,
      currency: "EUR",
      issuer: "Nordwind Logistik GmbH",
      customer: "Baumarkt Ost GmbH"
    }
  },
  {
    name: "American (the number in the title, a sender line)",
    lines: [
      "INVOICE 48213",
      "Brightside Studio LLC · 77 Oak Ave · Austin, TX 78701",
      "",
      "Billed to",
      "Riverbend Coffee Co.",
      "5 Elm St, Dallas, TX 75201",
      "",
      "Issued: 2024-05-09        Due: 2024-06-08",
      "",
      "Logo design ........................ $1,800.00",
      "Brand guide ........................ $  950.00",
      "",
      "Total                                $2,750.00"
    ],
    expected: {
      invoice_number: "48213",
      date: "2024-05-09",
      amount: 2750,
      currency: "USD",
      issuer: "Brightside Studio LLC",
      customer: "Riverbend Coffee Co."
    }
  },
  {
    name: "French (number, date and customer in a table of their own)",
    lines: [
      "SAS Les Jardins du Lac",
      "Route du Lac, 74000 Annecy",
      "",
      "Facture",
      "",
      "Numéro      Date         Client",
      "FA-00917    12/07/2024   Camping des Pins",
      "",
      "Prestation                          Montant HT",
      "Entretien espaces verts (juin)        480,00",
      "",
      "Montant HT                             480,00",
      "TVA 20 %                                96,00",
      "Montant TTC                            576,00 €"
    ],
    expected: {
      invoice_number: "FA-00917",
      date: "2024-07-12",
      amount: 576,
      currency: "EUR",
      issuer: "SAS Les Jardins du Lac",
      customer: "Camping des Pins"
    }
  },
  {
    name: "French (a customer heading set over the middle of its name)",
    lines: [
      "SAS Les Jardins du Lac",
      "Route du Lac, 74000 Annecy",
      "",
      "Facture n° FA-00918 du 12/07/2024",
      "",
      "                                  Client",
      "                          Camping des Pins",
      "                          12 chemin des Pins, 74290 Talloires",
      "",
      "Prestation                          Montant HT",
      "Entretien espaces verts (juillet)     480,00",
      "Montant TTC                            576,00 €"
    ],
    expected: {
      invoice_number: "FA-00918",
      date: "2024-07-12",
      amount: 576,
      currency: "EUR",
      issuer: "SAS Les Jardins du Lac",
      customer: "Camping des Pins"
    }
  },
  {
    name: "German (the salutation \"Firma\" over the customer's name; number and date under a header row)",
    lines: [
      "Schreinerei Holzwerk Maier",
      "Am Sägewerk 2, 83022 Rosenheim",
      "",
      "Firma",
      "Gasthof zur Post",
      "Marktplatz 1",
      "83209 Prien am Chiemsee",
      "",
      "RECHNUNG",
      "",
      "Rechnungs-Nr.     Datum         Kunden-Nr.     Seite",
      "2024/117          02.12.2024    4711           1 von 1",
      "",
      "Leistung                                       Betrag",
      "Eckbank Eiche, Maßanfertigung                3.450,00",
      "zzgl. 19 % MwSt.                               655,50",
      "Rechnungsbetrag                              4.105,50 €"
    ],
    expected: {
      invoice_number: "2024/117",
      date: "2024-12-02",
      amount: 4105.5,
      currency: "EUR",
      issuer: "Schreinerei Holzwerk Maier",
      customer: "Gasthof zur Post"
    }
  },
  {
    name: "German (a person under \"Herrn\", the date in the place line)",
    lines: [
      "Malerbetrieb Schuster",
      "Meisterbetrieb seit 1987",
      "Talweg 9 · 79100 Freiburg · Tel. 0761 123456",
      "",
      "Herrn",
      "Max Weber",
      "Talstraße 3",
      "79102 Freiburg",
      "                                                   Freiburg, den 11. Juli 2024",
      "Rechnung Nr. 2024-55",
      "",
      "Für die Malerarbeiten in Ihrer Wohnung erlauben wir uns zu berechnen:",
      "Wohnzimmer streichen, 42 m²                              630,00 €",
      "Material                                                  84,20 €",
      "Summe netto                                              714,20 €",
      "19 % MwSt.                                               135,70 €",
      "Rechnungsbetrag                                          849,90 €"
    ],
    expected: {
      invoice_number: "2024-55",
      date: "2024-07-11",
      amount: 849.9,
      currency: "EUR",
      issuer: "Malerbetrieb Schuster",
      customer: "Max Weber"
    }
  },
  {
    name: "French (a template's logo placeholder over the letterhead; number and date in the title)",
    lines: [
      "LOGO",
      "Transports Garnier & Fils",
      "ZI des Landes, 33700 Mérignac",
      "",
      "                                   Adresse de facturation",
      "                                   SCI Les Tilleuls",
      "                                   4 allée des Tilleuls",
      "                                   33000 Bordeaux",
      "",
      "Facture n° TG-24-0815 du 3 août 2024",
      "Client : C0042",
      "",
      "Prestation                                    Montant HT",
      "Transport palettes Bordeaux                       420,00",
      "Total HT                                         420,00",
      "TVA 20 %                                          84,00",
      "Net à payer                                     504,00 €"
    ],
    expected: {
      invoice_number: "TG-24-0815",
      date: "2024-08-03",
      amount: 504,
      currency: "EUR",
      issuer: "Transports Garnier & Fils",
      customer: "SCI Les Tilleuls"
    }
  },
  {
    name: "German (no letterhead: the seller only in the footer's legal lines, over its bank's line)",
    lines: [
      "",
      "",
      "Kanzlei Dr. Roth & Partner",
      "Bahnhofstraße 12",
      "60329 Frankfurt am Main",
      "                                            Rechnung Nr.:   2024-1187",
      "                                            Datum:          14.10.2024",
      "",
      "Rechnung",
      "",
      "Sehr geehrte Damen und Herren,",
      "für unsere Leistungen im September 2024 berechnen wir:",
      "",
      "Beratung, 6 Stunden à 120,00 €                             720,00 €",
      "Umsatzsteuer 19 %                                          136,80 €",
      "Gesamtbetrag                                               856,80 €",
      "",
      "Zahlbar innerhalb von 14 Tagen ohne Abzug.",
      // The footer at the page's foot (a line is 1.8% of the page).
      ...Array<string>(24).fill(""),
      "Weber IT-Service GmbH · Mainzer Landstraße 50 · 60325 Frankfurt · Geschäftsführer: Jan Weber",
      "Frankfurter Volksbank · IBAN DE12 5019 0000 0012 3456 78 · USt-IdNr. DE287654321"
    ],
    expected: {
      invoice_number: "2024-1187",
      date: "2024-10-14",
      amount: 856.8,
      currency: "EUR",
      issuer: "Weber IT-Service GmbH",
      customer: "Kanzlei Dr. Roth & Partner"
    }
  },
  {
    name: "French (seller and buyer blocks side by side under their headings)",
    lines: [
      "FACTURE N° 2024-F-077",
      "Date : 17/06/2024",
      "",
      "VENDEUR                                  ACHETEUR",
      "Domaine des Trois Chênes                 Cave Saint-Vincent",
      "Lieu-dit Les Vignes                      22 rue Nationale",
      "21200 Beaune                             69002 Lyon",
      "TVA FR44 512345678                       TVA FR12 498765432",
      "",
      "Désignation                Quantité    Prix unitaire     Total HT",
      "Bourgogne rouge 2021          60          12,50           750,00",
      "                                         Total HT          750,00",
      "                                         TVA 20 %          150,00",
      "                                         Total TTC         900,00 €"
    ],
    expected: {
      invoice_number: "2024-F-077",
      date: "2024-06-17",
      amount: 900,
      currency: "EUR",
      issuer: "Domaine des Trois Chênes",
      customer: "Cave Saint-Vincent"
    }
  },
  {
    name: "German (the number as the document's \"Beleg-Nr.\" in a header row)",
    lines: [
      "Glaserei Weitblick GmbH",
      "Fensterweg 3, 50667 Köln",
      "",
      "Kunde:",
      "Praxis am Ring",
      "Ringstraße 40, 50672 Köln",
      "",
      "Beleg-Nr.   Belegdatum   Kunden-Nr.",
      "25-0043     04.03.2025   10077",
      "",
      "Beschreibung                     Menge       Betrag",
      "Scheibe ersetzt                      2       200,00",
      "                            Gesamtbetrag     238,00 €"
    ],
    expected: {
      invoice_number: "25-0043",
      date: "2025-03-04",
      amount: 238,
      currency: "EUR",
      issuer: "Glaserei Weitblick GmbH",
      customer: "Praxis am Ring"
    }
  },
  {
    name: "French (its number on the line under the title 'FACTURE')",
    lines: [
      "Atelier Garnier Reliure",
      "7 rue des Carmes, 86000 Poitiers",
      "",
      "                                      Médiathèque de Chauvigny",
      "                                      2 place du Marché",
      "                                      86300 Chauvigny",
      "",
      "FACTURE",
      "Numéro : AGR-3107",
      "Émise le 9 février 2031",
      "",
      "Désignation                          Qté     Montant HT",
      "Reliure cuir, registres anciens        3         360,00",
      "                                  Total TTC    432,00 €"
    ],
    expected: {
      invoice_number: "AGR-3107",
      date: "2031-02-09",
      amount: 432,
      currency: "EUR",
      issuer: "Atelier Garnier Reliure",
      customer: "Médiathèque de Chauvigny"
    }
  },
  {
    name: "German (the number after a bare \"Beleg:\" beside the title)",
    lines: [
      "Kanzleibedarf Roth GmbH",
      "Am Markt 2, 93047 Regensburg",
      "",
      "Rechnungsadresse:",
      "Notariat Ebner",
      "Donaustraße 5, 93309 Kelheim",
      "",
      "Rechnung                                 Beleg:   R 5120/31",
      "                                         Datum:   30.09.2031",
      "",
      "Menge  Artikel                              Gesamtpreis",
      "  10   Aktenordner breit                          39,90",
      "                                     Zu zahlen   EUR  47,48"
    ],
    expected: {
      invoice_number: "R 5120/31",
      date: "2031-09-30",
      amount: 47.48,
      currency: "EUR",
      issuer: "Kanzleibedarf Roth GmbH",
      customer: "Notariat Ebner"
    }
  },
  {
    name: "Swedish",
    lines: [
      "Glasmästeri Ström AB",
      "Kungsgatan 4",
      "411 19 Göteborg",
      "",
      "FAKTURA",
      "Fakturanummer: 31077",
      "Fakturadatum: 2031-04-02",
      "",
      "Kund:",
      "Restaurang Havsbris",
      "Hamngatan 9, 411 14 Göteborg",
      "",
      "Beskrivning                          Antal     À-pris      Belopp",
      "Fönsterbyte                              2    2 400,00    4 800,00",
      "",
      "                               Summa exkl. moms              4 800,00",
      "                               Moms 25 %                     1 200,00",
      "                               Att betala                6 000,00 SEK"
    ],
    expected: {
      invoice_number: "31077",
      date: "2031-04-02",
      amount: 6000,
      currency: "SEK",
      issuer: "Glasmästeri Ström AB",
      customer: "Restaurang Havsbris"
    }
  },
  {
    name: "Polish",
    lines: [
      "Introligatornia Wiśniewski Sp. z o.o.",
      "ul. Szeroka 7",
      "80-835 Gdańsk",
      "",
      "FAKTURA VAT nr FV/2031/03/014",
      "Data wystawienia: 14.03.2031",
      "",
      "Nabywca:",
      "Biblioteka Miejska",
      "ul. Długa 1, 80-827 Gdańsk",
      "",
      "Nazwa towaru lub usługi          Ilość    Cena netto    Wartość netto",
      "Oprawa ksiąg                        12       25,00           300,00",
      "",
      "                                  Razem netto                300,00",
      "                                  VAT 23%                     69,00",
      "                                  Do zapłaty             369,00 PLN"
    ],
    expected: {
      invoice_number: "FV/2031/03/014",
      date: "2031-03-14",
      amount: 369,
      currency: "PLN",
      issuer: "Introligatornia Wiśniewski Sp. z o.o.",
      customer: "Biblioteka Miejska"
    }
  },
  {
    name: "English (the number written against the title's '#', letters first: 'INVOICE #KW-2031')",
    lines: [
      "Kauri Web Studio",
      "22 Queen St, Auckland 1010",
      "",
      "INVOICE #KW-2031",
      "Date: 12 March 2031",
      "Billed to: Tui Surf School",
      "",
      "Website redesign                                  NZ$3,000.00",
      "GST 15%                                             NZ$450.00",
      "Total                                             NZ$3,450.00"
    ],
    expected: {
      invoice_number: "KW-2031",
      date: "2031-03-12",
      amount: 3450,
      currency: "NZD",
      issuer: "Kauri Web Studio",
      customer: "Tui Surf School"
    }
  },
  {
    name: "German (the number broken at its hyphen in a narrow cell, its end right-aligned under it)",
    lines: [
      "NordHaven Elektro GmbH                                Rechnung",
      "Hafenkante 12 · 20457 Hamburg          Rechnungsnr.   NW-2031-",
      "                                                          0142",
      "                                       Datum        14.03.2031",
      "",
      "Kunde: Wohnbau Elbufer eG",
      "",
      "Montagearbeiten                                         592,70",
      "USt. 19 %                                               112,61",
      "Rechnungsbetrag                                       705,31 €"
    ],
    expected: {
      invoice_number: "NW-2031-0142",
      date: "2031-03-14",
      amount: 705.31,
      currency: "EUR",
      issuer: "NordHaven Elektro GmbH",
      customer: "Wohnbau Elbufer eG"
    }
  },
  {
    name: "Spanish (the title in the right-hand column, its number on the line under it)",
    lines: [
      "Carpintería Arroyo S.L.                         FACTURA",
      "Calle del Pez 14                                Número: 2031/0147",
      "28004 Madrid                                    Fecha: 18/03/2031",
      "",
      "                                                Cliente:",
      "                                                Hostal La Gaviota S.L.",
      "                                                Calle Toledo 61, 28005 Madrid",
      "",
      "Concepto                          Cantidad      Importe",
      "Puerta de roble macizo                   2     960,00 €",
      "                                 TOTAL       1.161,60 €"
    ],
    expected: {
      invoice_number: "2031/0147",
      date: "2031-03-18",
      amount: 1161.6,
      currency: "EUR",
      issuer: "Carpintería Arroyo S.L.",
      customer: "Hostal La Gaviota S.L."
    }
  },
  {
    name: "French (the title in its column, a date at the margin, the number on the line under it)",
    lines: [
      "SAS Atelier Sorbier",
      "18 boulevard Voltaire",
      "75011 Paris",
      "",
      "Facture                                   Paris, le 5 mars 2031",
      "Numéro : AS-31-0305",
      "",
      "Client : Cabinet Roussel Architectes",
      "",
      "Location d'atelier - mars                              450,00",
      "Total HT                                               450,00",
      "TVA 20 %                                                90,00",
      "Montant à payer                                     540,00 EUR"
    ],
    expected: {
      invoice_number: "AS-31-0305",
      date: "2031-03-05",
      amount: 540,
      currency: "EUR",
      issuer: "SAS Atelier Sorbier",
      customer: "Cabinet Roussel Architectes"
    }
  },
  {
    name: "Portuguese (a document code before the series, the VAT summary beside the totals)",
    lines: [
      "Carpintaria Seixal, Lda.                         Fatura n.º FT CS2031/57",
      "Rua do Moinho, 4 · 2840-120 Seixal               Data de emissão 09-05-2031",
      "NIF 509 112 334                                  Vencimento 08-06-2031",
      "",
      "Cliente: Padaria Flor do Tejo, Lda.",
      "Avenida da Liberdade, 10, 1250-140 Lisboa",
      "",
      "Descrição                      Qtd.    Preço unit.    IVA    Valor líquido",
      "Prateleiras de carvalho          4          85,00     23%          340,00",
      "Montagem                         2          40,00     23%           80,00",
      "",
      "Resumo do IVA                                   Total s/ IVA      420,00 €",
      "Taxa    Incidência    Valor IVA                 IVA 23%            96,60 €",
      "23%     420,00        96,60                     Total a pagar     516,60 €"
    ],
    expected: {
      invoice_number: "FT CS2031/57",
      date: "2031-05-09",
      amount: 516.6,
      currency: "EUR",
      issuer: "Carpintaria Seixal, Lda.",
      customer: "Padaria Flor do Tejo, Lda."
    }
  }
]

describe("the local engine on invoices in other languages and layouts", () => {
  for (const invoice of INVOICES) {
    it(`reads every header field of a ${invoice.name} invoice, sure enough to return it`, () => {
      const out = extractSection(pageModelFromLines([invoice.lines]), [1], spec("invoice", TEMPLATE))
      const values = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, (v as Grounded | null)?.value ?? null]))
      expect(values).toEqual(invoice.expected)
      // Sure enough to be returned: none of them would be withheld at the default threshold.
      for (const v of Object.values(out)) {
        expect((v as Grounded).confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
      }
    })
  }
})

describe("a title's number written against its mark", () => {
  const numberOf = (title: string) => {
    const lines = ["Harbour Tools Ltd", "1 Quay Road, Leeds LS1 1AA", "", title, "Total   £1,200.00"]
    const out = extractSection(pageModelFromLines([lines]), [1], spec("invoice", TEMPLATE))
    return (out["invoice_number"] as Grounded | null)?.value ?? null
  }

  it("is the number without its mark, in the letters the title prints", () => {
    expect(numberOf("FACTURA Nº123")).toBe("123")
    expect(numberOf("FACTURA Nº2031-7")).toBe("2031-7")
    expect(numberOf("INVOICE #Nr123")).toBe("123")
    expect(numberOf("INVOICE #KW-2031")).toBe("KW-2031")
    expect(numberOf("INVOICE #1234B")).toBe("1234B")
    expect(numberOf("INVOICE #NO-1234")).toBe("NO-1234")
  })

  it("keeps no word or label printed before the number ('COPY INV-2031-7', 'PO A-778')", () => {
    expect(numberOf("Invoice No: COPY INV-2031-7")).not.toBe("COPY INV-2031-7")
    expect(numberOf("Invoice No: PO A-778")).not.toBe("PO A-778")
    expect(numberOf("Invoice No: TAX INV-12")).not.toBe("TAX INV-12")
  })

  it("keeps a document code set apart by the large print of its title ('Faktura nr FV 236/06/2031')", () => {
    const model = pageModelFromPlaced([[
      { text: "Faktura nr FV 236/06/2031", x: 0, y: 0, size: 3 },
      { text: "Zakład Stolarski Nowicki Sp. z o.o.", x: 0, y: 4 },
      { text: "Data wystawienia 14 czerwca 2031", x: 0, y: 6 },
      { text: "Do zapłaty: 12 250,80 zł", x: 30, y: 10 }
    ]])
    const out = extractSection(model, [1], spec("invoice", TEMPLATE))
    expect((out["invoice_number"] as Grounded | null)?.value).toBe("FV 236/06/2031")
  })

  it("joins a number that ends with a hyphen to no other label's value on the line under it, and returns it cut as none", () => {
    const lines = ["Harbour Tools Ltd", "", "Invoice No:    GB-2031-", "Date:          12.03.2031", "Total   £1,200.00"]
    const out = extractSection(pageModelFromLines([lines]), [1], spec("invoice", TEMPLATE))
    expect(out["invoice_number"]).toBeNull()
    expect((out["date"] as Grounded | null)?.value).toBe("2031-03-12")
  })
})
