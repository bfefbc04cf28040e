import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { SplitSection } from "../../../src/Domain/Extraction.js"
import { Splitter } from "../../../src/Engine/Engine.js"
import { LocalSplitter, splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { INVOICE_AND_RECEIPT_TEMPLATES, INVOICE_LINES, invoicePage, receiptPage, spec } from "../fixtures.js"

const shape = (sections: ReadonlyArray<SplitSection>) => sections.map((s) => [s.documentType, [...s.pages]])
/** The local split of pages of lines by the invoice and receipt templates, as (type, pages) pairs. */
const split = (...pages: ReadonlyArray<ReadonlyArray<string>>) =>
  shape(splitDocument(pageModelFromLines(pages), INVOICE_AND_RECEIPT_TEMPLATES))

const invoiceA = invoicePage("ACME Supplies GmbH", "acme-supplies.de", "INV-2023-0042", "20 March 2023", "57.72")
const invoiceB = invoicePage("Initech Solutions Ltd", "initech.co.uk", "2023/117", "02/04/2023", "1,250.00")
const receipt = receiptPage("KEDAI MAJU JAYA SDN BHD", "25/12/2018", "19.90")
const letter = [
  "Dear Sir or Madam,",
  "",
  "We write to let you know that our office moves next month.",
  "",
  "Yours sincerely,",
  "The Management"
]

describe("LocalSplitter", () => {
  it("splits a packet of two invoices and a receipt into three sections", () => {
    const model = pageModelFromLines([invoiceA, invoiceB, receipt])
    expect(shape(splitDocument(model, INVOICE_AND_RECEIPT_TEMPLATES))).toEqual([
      ["invoice", [1]],
      ["invoice", [2]],
      ["receipt", [3]]
    ])
  })

  it("names each section by the template it was matched to", () => {
    const sections = splitDocument(pageModelFromLines([receipt, invoiceA]), INVOICE_AND_RECEIPT_TEMPLATES)
    expect(sections.map((s) => s.templateId)).toEqual(["t-receipt", "t-invoice"])
  })

  it("splits consecutive receipts from different stores", () => {
    const other = receiptPage("RESTORAN SRI MELAKA", "26/12/2018", "8.40")
    expect(split(receipt, other)).toEqual([
      ["receipt", [1]],
      ["receipt", [2]]
    ])
  })

  it("keeps an invoice's next page whole though dates of its table stand at the page's top", () => {
    const first = [...invoiceA.slice(0, 8), "Consulting March           1          57.72         57.72"]
    const next = [
      "Date         Description               Qty      Amount",
      "02.03.2023   On-site support             1       20.00",
      "09.03.2023   Remote support              2       30.00",
      "16.03.2023   Travel                      1        7.72",
      "                                   Total EUR      57.72",
      "Payment terms: 30 days, IBAN DE89370400440532013000"
    ]
    expect(split(first, next)).toEqual([
      ["invoice", [1, 2]]
    ])
    // A dated page of another seller, its date labelled, still starts a document.
    expect(split(first, next, invoiceB)).toEqual([
      ["invoice", [1, 2]],
      ["invoice", [3]]
    ])
  })

  it("keeps an invoice's next page whole though a sentence at its top ends in 'invoice:'", () => {
    const first = [...invoiceA.slice(0, 8), "Consulting March           1          57.72         57.72"]
    const items = [
      "On-site support 2 March                          20.00",
      "Remote support 9 March                           37.72",
      "                                   Total EUR      57.72"
    ]
    const next = ["Delivery notes", "For the work done in March we", "now invoice:", ...items]
    expect(split(first, next)).toEqual([
      ["invoice", [1, 2]]
    ])
    // The type's name alone before a colon is a title: that page starts a document.
    expect(split(first, ["INVOICE:", ...items])).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("splits consecutive receipts of one store, the same day or with their dates unread", () => {
    // Another purchase: other items, so the pages share their letterhead but not most of their words.
    const sameDay = [
      ...receipt.slice(0, 5),
      "Gardenia bread          1        3.80",
      "Eggs grade A (10)       2        9.60",
      "Sunlight soap 900g      1        6.20",
      "Nescafe 3in1 sachets    1       12.90",
      "Item count 5",
      "TOTAL (RM):                     32.50",
      "CASH                           40.00",
      "CHANGE                          7.50",
      "   THANK YOU, PLEASE COME AGAIN"
    ]
    expect(split(receipt, sameDay)).toEqual([
      ["receipt", [1]],
      ["receipt", [2]]
    ])
    const undated = sameDay.map((line) => line.replace(/25\/12\/2018/, "2S/I2/2Ol8"))
    expect(split(receipt, undated)).toEqual([
      ["receipt", [1]],
      ["receipt", [2]]
    ])
  })

  it("keeps the pages of one invoice together when they say page 2 of 2 or repeat its number", () => {
    const page1 = [...invoiceA.slice(0, 9), "Page 1 of 2"]
    const page2 = [
      "ACME Supplies GmbH",
      "Invoice No:  INV-2023-0042",
      "Description   Qty   Amount",
      "Support   1   10.00",
      "Total EUR  67.72",
      "Page 2 of 2"
    ]
    expect(split(page1, page2, receipt)).toEqual([
      ["invoice", [1, 2]],
      ["receipt", [3]]
    ])
    const noPageNumbers = ["Invoice No:  INV-2023-0042", "Support   1   10.00"]
    expect(split(invoiceA, noPageNumbers)).toEqual([
      ["invoice", [1, 2]]
    ])
  })

  it("reads 'continued on page 2' as a reference, not as the page's own number", () => {
    // Two invoices of one seller, one after the other, each first page pointing to its next.
    // Pages of different invoices of one seller differ in their customer and items only.
    const firstPage = (number: string, date: string, pointer: string, customer: string, items: Array<string>) => [
      "Harbour Chandlery Services Ltd",
      "Unit 4, Quayside Works, Falmouth",
      `INVOICE ${number}`,
      `Invoice No.:  ${number}                  Invoice Date: ${date}`,
      customer,
      "#  Description                 Qty    Unit Price     Amount",
      ...items,
      "   Carried forward                                   150.00",
      pointer
    ]
    const nextPage = (number: string, k: string) => [
      `Harbour Chandlery Services Ltd      Invoice ${number}      ${k}`,
      "#  Description                 Qty    Unit Price     Amount",
      "   Brought forward                                    50.00",
      "2  Bilge pump 12 V              1        80.00        80.00",
      "                                         Total due   130.00"
    ]
    for (const pointer of ["Continued on page 2", "Suite page 2", "Fortsetzung auf Seite 2", "Vervolg op pagina 2"]) {
      expect(split(
        firstPage("INV-88213", "3 September 2026", pointer, "Penrose Sailing Club, Harbour Terrace", [
          "1  Stainless shackle 8 mm        4        12.50       50.00",
          "2  Navigation light LED          2        50.00      100.00"
        ]),
        nextPage("INV-88213", "Page 2"),
        firstPage("INV-88214", "4 September 2026", pointer, "Mr Daniel Whitcombe, 12 Trelawney Road", [
          "1  Marine rope 12 mm, 50 m       1       120.00      120.00",
          "2  Fender 60 x 15 cm             1        30.00       30.00"
        ]),
        nextPage("INV-88214", "Page 2 of 2")
      )).toEqual([
        ["invoice", [1, 2]],
        ["invoice", [3, 4]]
      ])
    }
  })

  it("starts a new document after a page that says it is its document's last ('Seite 2 von 2')", () => {
    const first = [
      "Druckerei Nordlicht GmbH",
      "Hafenstraße 7, 24103 Kiel",
      "Rechnung",
      "Rechnungsnr.: 31021                                Datum: 12.09.2031",
      "Pos  Artikel                                 Menge     Preis       Summe",
      "1    Flyer A5                                 5000      0,04      200,00",
      "                                              Übertrag            200,00",
      "Seite 1 von 2"
    ]
    const last = [
      "Druckerei Nordlicht GmbH · Rechnung 31021",
      "Pos  Artikel                                 Menge     Preis       Summe",
      "                                              Übertrag            200,00",
      "2    Roll-up Banner                              2     89,00      178,00",
      "                                              Endbetrag EUR       378,00",
      "Seite 2 von 2"
    ]
    // The next invoice's number and date are there, its date misread: only the page count says it is new.
    const next = [
      "Weinkontor Haller OHG",
      "Rheinallee 8, 55116 Mainz",
      "Empfänger:",
      "Hotel Rheinblick",
      "Rechnung Nr. 31214                                Datum: 02,12.2031",
      "Artikel                                 Menge     Preis       Betrag",
      "Silvaner trocken 2029, 0,75 l              36      8,90       320,40",
      "Netto            MwSt 19 %          Brutto",
      "320,40 €         60,88 €            381,28 €"
    ]
    expect(split(first, last, next)).toEqual([
      ["invoice", [1, 2]],
      ["invoice", [3]]
    ])
  })

  it("keeps an annex that names the document after its last page with it", () => {
    const invoice = [...invoiceA.slice(0, 9), "Page 1 of 1"]
    const annex = [
      "Anlage zur Rechnung INV-2023-0042: Leistungsnachweis",
      "",
      "Date         Description               Qty      Amount",
      "02.03.2023   On-site support             1       20.00",
      "09.03.2023   Remote support              2       30.00",
      "                                   Total EUR      50.00"
    ]
    expect(split(invoice, annex)).toEqual([["invoice", [1, 2]]])
  })

  it("starts a document at its title line as OCR misread it ('Facturc n° … du …')", () => {
    const next = [
      "ATELIER MOREL SARL",
      "12 rue des Tanneurs",
      "69002 Lyon",
      "Facturc n° F-2031-0312 du 3 août 2031",
      "Client : Boulangerie Petit",
      "Désignation                          Qté     Montant HT",
      "Réparation vitrine                     1         420,00",
      "                                     Net à payer   504,00 EUR"
    ]
    expect(split(invoiceA, next)).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("keeps an invoice's next page that repeats its letterhead and title, with no number of its own", () => {
    const head = ["Druckerei Nordlicht GmbH", "Hafenstraße 7, 24103 Kiel", ""]
    const first = [
      ...head,
      "RECHNUNG",
      "Rechnungsnr.: 31021                                Datum: 12.09.2031",
      "Kunde: Ostsee Reisen KG",
      "",
      "Pos  Artikel                                 Menge     Preis       Summe",
      "1    Flyer A5                                 5000      0,04      200,00",
      "2    Plakat A1                                  50      3,20      160,00"
    ]
    const next = [
      ...head,
      "RECHNUNG",
      "",
      "Pos  Artikel                                 Menge     Preis       Summe",
      "3    Visitenkarten                            1000      0,05       50,00",
      "                                              Endbetrag EUR       487,90"
    ]
    // The item's position under the title ("3") numbers no document.
    expect(split(first, next)).toEqual([["invoice", [1, 2]]])
    // Another seller's invoice under the same words ("RECHNUNG", "Rechnungsnr.") is a document of its own.
    const other = first.map((l) =>
      l.replace("Druckerei Nordlicht", "Glaserei Brandt").replace("Hafenstraße 7", "Am Deich 3")
    )
      .map((l) => l.replace("31021", "31022"))
    expect(split(first, other)).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("types a page by its title as OCR misread it ('Rcchnung')", () => {
    const page = [
      "Hofladen Lindenfeld GbR",
      "Feldweg 3, 97070 Würzburg",
      "Kita Sonnenblume e.V.",
      "Mainkai 4, 97070 Würzburg",
      "Rcchnung Nr.: 3187",
      "Datum: 5.11.2031",
      "Artikel                       Menge   Einzelpreis   MwSt    Gesamt",
      "Äpfel Boskoop (kg)              12         2,80      7%      33,60",
      "                                  MwSt 7%                      2,20",
      "                                  Summe brutto                35,80"
    ]
    expect(split(page, receipt)).toEqual([
      ["invoice", [1]],
      ["receipt", [2]]
    ])
  })

  it("starts a document at a title line with its number and date, even when the number repeats the previous one's", () => {
    const first = [
      "Papierhandel Nord GmbH",
      "RECHNUNG",
      "Rechnungsnummer 580213",
      "Rechnungsdatum 14.06.2021",
      "Ordnerrücken breit   12   86,40",
      "Rechnungssumme Brutto 102,82"
    ]
    const second = [
      "Handelsrechnung Nr. 580213 vom 02.09.2022",
      "Währung: EUR",
      "Verkäufer",
      "Name: Papierhandel Nord GmbH",
      "Bruttosumme 417,30"
    ]
    expect(split(first, second)).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("tells two invoices of one issuer apart by their numbers", () => {
    const second = invoicePage("ACME Supplies GmbH", "acme-supplies.de", "INV-2023-0043", "21 March 2023", "12.00")
    expect(split(invoiceA, second)).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("makes a second copy of a document a section of its own, even with the same number", () => {
    const copy = invoicePage("ACME Supplies GmbH", "acme-supplies.de", "INV-2023-0042", "20 March 2023", "57.72")
    expect(split(invoiceA, copy)).toEqual([[
      "invoice",
      [1]
    ], ["invoice", [2]]])
    const page1 = [...invoiceA.slice(0, 9), "Page 1 of 2"]
    const page2 = [
      "ACME Supplies GmbH",
      "Invoice No:  INV-2023-0042",
      "Description   Qty   Amount",
      "Support   1   10.00",
      "Total EUR  67.72",
      "Page 2 of 2"
    ]
    expect(split(page1, page2, page1, page2))
      .toEqual([
        ["invoice", [1, 2]],
        ["invoice", [3, 4]]
      ])
    expect(split(receipt, receipt)).toEqual([[
      "receipt",
      [1]
    ], ["receipt", [2]]])
  })

  it("makes a scanned copy of a document a section of its own, though its OCR misread a few words", () => {
    // Every fourth line read with an "e" taken for a "c".
    const scanned = invoiceA.map((line, i) => (i % 4 === 1 ? line.replace(/e/g, "c") : line))
    expect(split(invoiceA, scanned)).toEqual([
      ["invoice", [1]],
      ["invoice", [2]]
    ])
  })

  it("keeps numbered continuation pages together even when their words are almost all the same", () => {
    const filler = [
      "Terms and conditions apply to every delivery",
      "Goods remain our property until paid in full",
      "Questions: accounts@acme-supplies.de"
    ]
    const page1 = [...invoiceA.slice(0, 9), "Page 1 of 4"]
    const next = (k: number) => ["ACME Supplies GmbH", ...filler, ...filler, `Page ${k} of 4`]
    expect(split(page1, next(2), next(3), next(4)))
      .toEqual([
        ["invoice", [1, 2, 3, 4]]
      ])
    // The same page twice is still a second copy.
    expect(split(page1, next(2), page1, next(2)))
      .toEqual([
        ["invoice", [1, 2]],
        ["invoice", [3, 4]]
      ])
  })

  it("starts a new document at a page that says it is page 1, whatever its number", () => {
    const one = [...invoiceA, "Page 1 of 1"]
    const again = [
      ...invoicePage("ACME Supplies GmbH", "acme-supplies.de", "INV-2023-0042", "20 March 2023", "60.00"),
      "Page 1 of 1"
    ]
    expect(split(one, again)).toEqual([["invoice", [
      1
    ]], ["invoice", [2]]])
  })

  it("joins blank pages to the section before them, and leading blank pages to the first section", () => {
    expect(split(invoiceA, [], invoiceB, ["  "]))
      .toEqual([
        ["invoice", [1, 2]],
        ["invoice", [3, 4]]
      ])
    expect(split([], receipt)).toEqual([[
      "receipt",
      [1, 2]
    ]])
  })

  it("types a page by a title that shares its row with the letterhead", () => {
    const order = [
      "Atlas Electronics Lda.                               NOTA DE ENCOMENDA",
      "Avenida da Liberdade 134",
      "4000-322 Porto                            Encomenda n.º  2023-478",
      "                                          Data: 24-12-2023",
      "Fornecedor:                   Morada de entrega:",
      "Pioneer Systems Lda.          Atlas Electronics Lda.",
      "Descrição     Qtd.    Preço unit.    Valor",
      "Laptop stand   2       10,00         20,00",
      "                       Total         20,00 €"
    ]
    const templates = [
      INVOICE_AND_RECEIPT_TEMPLATES[0]!,
      spec("purchase order", {
        po_number: "The purchase order number",
        vendor: "Name of the supplier",
        total: "number"
      })
    ]
    expect(shape(splitDocument(pageModelFromLines([invoiceA, order]), templates))).toEqual([["invoice", [1]], [
      "purchase order",
      [2]
    ]])
  })

  it("types a till receipt titled TAX INVOICE (as Malaysian receipts are) as a receipt, and a business tax invoice as an invoice", () => {
    const till = [...receipt.slice(0, 3), "        TAX INVOICE", ...receipt.slice(3)]
    const business = ["Lim Hardware Corp.                        TAX INVOICE", ...invoiceA.slice(1)]
    expect(split(till, business)).toEqual([[
      "receipt",
      [1]
    ], ["invoice", [2]]])
  })

  it("leaves out a page that fits no requested type", () => {
    expect(split(invoiceA, letter, receipt))
      .toEqual([
        ["invoice", [1]],
        ["receipt", [3]]
      ])
  })

  it("never invents a type that was not requested", () => {
    const receiptsOnly = [INVOICE_AND_RECEIPT_TEMPLATES[1]!, spec("bank statement", { closing_balance: "number" })]
    const sections = splitDocument(pageModelFromLines([invoiceA, receipt]), receiptsOnly)
    expect(sections.every((s) => ["receipt", "bank statement"].includes(s.documentType))).toBe(true)
    expect(shape(sections)).toEqual([["receipt", [2]]])
  })

  describe("a single template", () => {
    const invoiceOnly = [INVOICE_AND_RECEIPT_TEMPLATES[0]!]

    it("makes a single document one section of all its pages, even a page that scores low", () => {
      const model = pageModelFromLines([INVOICE_LINES, [
        "Terms and conditions",
        "Goods remain our property until paid in full."
      ], []])
      expect(shape(splitDocument(model, invoiceOnly))).toEqual([["invoice", [1, 2, 3]]])
    })

    it("makes a document that matches nothing one section too", () => {
      expect(shape(splitDocument(pageModelFromLines([letter]), invoiceOnly))).toEqual([["invoice", [1]]])
    })

    it("still splits documents that announce themselves (a new invoice number)", () => {
      expect(shape(splitDocument(pageModelFromLines([invoiceA, invoiceB]), invoiceOnly))).toEqual([
        ["invoice", [1]],
        ["invoice", [2]]
      ])
    })
  })

  it("returns no section for an empty document or no template", () => {
    expect(splitDocument({ mediaType: "application/pdf", pages: [] }, INVOICE_AND_RECEIPT_TEMPLATES)).toEqual([])
    expect(splitDocument(pageModelFromLines([invoiceA]), [])).toEqual([])
  })

  it("keeps a first page too faint to type with the page that continues it ('Seite 1 von 2' before 'Seite 2 von 2')", () => {
    const faintFirst = [
      "Großhandel Wübbelmann KG · Gewerbering 9 · 26789 Leer · USt-IdNr. DE 117 445 209",
      "Wübbelmann KG · Gewerbering 9 · 26789 Leer               SAMMELRECHNUNG",
      "Haustechnik Ocken & Frerichs GmbH                        Nr. 25-100347",
      "Norderstraße 41                                          Kunden-Nr.: 70 215",
      "26603 Aurich                                             Seite 1 von 2",
      "",
      "Für die im Abrechnungszeitraum erfolgten Lieferungen berechnen wir:",
      "Pos.  Bezeichnung                          Menge         E-Preis          G-Preis",
      "001   Kupferrohr 15 x 1 mm, Stange 5 m     20 Stg          31,40           628,00",
      "002   Kupferrohr 22 x 1 mm, Stange 5 m     10 Stg          47,85           478,50",
      "003   Pressfitting Bogen 90° 15 mm         60 Stk           3,12           187,20"
    ]
    const second = [
      "Sammelrechnung Nr. 25-100347 vom 31.01.2025",
      "Seite 2 von 2",
      "",
      "Übertrag von Seite 1                                                     1.293,70",
      "004   Pressfitting Bogen 90° 22 mm         40 Stk           4,36           174,40",
      "Summe netto                                                              1.468,10",
      "19 % USt.                                                                  278,94",
      "Rechnungsbetrag                                                          1.747,04 €"
    ]
    expect(split(invoiceA, faintFirst, second)).toEqual([["invoice", [1]], ["invoice", [2, 3]]])
    // A terms page numbered apart ("Page 1 of 1") or a cover sheet without the document's number is no such page.
    const terms = ["Terms and Conditions", "1. Payment is due within 30 days.", "Page 1 of 1"]
    expect(split(invoiceA, terms, second)).toEqual([["invoice", [1]], ["invoice", [3]]])
  })

  it("reads a register's 'Folio 44' as no page number: the invoice it ends is a document of its own", () => {
    const spanish = [
      "Gráficas Albaicín, S.L.",
      "C/ San Juan de los Reyes, 27, 18010 Granada",
      "",
      "Bodegas Quesada, S.A.                      Factura nº F-2025/118",
      "Ctra. de Jaén, km 4,2                      Fecha 03/03/2025",
      "",
      "Concepto                          Cantidad     Precio      Importe",
      "Catálogo corporativo                  1.500     1,860     2.790,00",
      "                                            Total factura 3.375,90 €",
      "",
      "Inscrita en el Registro Mercantil de Granada, Tomo 812, Folio 44, Hoja GR-9981."
    ]
    expect(split(invoiceA, spanish)).toEqual([["invoice", [1]], ["invoice", [2]]])
  })

  it.effect("is provided as the Splitter service", () =>
    Effect.gen(function*() {
      const splitter = yield* Splitter
      const sections = yield* splitter.split(pageModelFromLines([invoiceA, receipt]), INVOICE_AND_RECEIPT_TEMPLATES)
      expect(shape(sections)).toEqual([["invoice", [1]], ["receipt", [2]]])
    }).pipe(Effect.provide(LocalSplitter)))
})
