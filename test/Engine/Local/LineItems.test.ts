import { describe, expect, it } from "@effect/vitest"
import type { ExtractedObject, ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines, pageModelFromPlaced } from "../../support/pageModel.js"
import { itemRowsOf, LINES_TEMPLATE as TEMPLATE, spec } from "../fixtures.js"

const linesOf = (page: ReadonlyArray<string>) => {
  const out = extractSection(pageModelFromLines([page]), [1], spec("invoice", TEMPLATE))
  return (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
    Object.fromEntries(
      Object.entries(l).map(([k, v]: [string, ExtractedValue]) => [k, v === null ? null : (v as Grounded).value])
    )
  )
}

describe("line items", () => {
  it("reads past a line printed up the margin across the table's header", () => {
    const model = pageModelFromLines([[
      "Pos  Beschreibung               Menge   Nettobetrag",
      "1    Ordnerrücken breit            12         86,40",
      "",
      "     Rechnungssumme Netto                     86,40"
    ]])
    const page = model.pages[0]!
    // "Muster USt. 19% 86,40 16,42" set sideways in the left margin beside the item.
    const item = page.lines[1]!
    const top = item.box[1] - 0.013
    const sideways = ["Muster", "USt.", "19%", "86,40", "16,42"].map((text, i) => ({
      text,
      box: [0.005, top + 0.01 * i, 0.015, top + 0.01 * i + 0.009] as const,
      confidence: 1
    }))
    const line = {
      text: sideways.map((w) => w.text).join(" "),
      box: [0.005, top, 0.015, top + 0.05] as const,
      words: sideways
    }
    const withMargin = { ...model, pages: [{ ...page, lines: [...page.lines, line] }] }
    const out = extractSection(withMargin, [1], spec("invoice", TEMPLATE))
    const values = (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
      Object.fromEntries(Object.entries(l).map(([k, v]) => [k, v === null ? null : (v as Grounded).value]))
    )
    expect(values).toEqual([{ description: "Ordnerrücken breit", quantity: 12, amount: 86.4 }])
  })

  it("reads a quantity printed with its unit in one word, as OCR also reads it", () => {
    expect(linesOf([
      "Pos  Beschreibung               Nettopreis   Menge   Nettobetrag",
      "1    Rinderhack                     7,2000     1kg          7,20",
      "2    Zaunlatte 2 m lang             4,1500     3m?         12,45",
      "3    Apfelsaft                      1,8500   12Stk         22,20",
      "",
      "     Rechnungssumme ohne USt.                              41,85"
    ])).toEqual([
      { description: "Rinderhack", quantity: 1, amount: 7.2 },
      { description: "Zaunlatte 2 m lang", quantity: 3, amount: 12.45 },
      { description: "Apfelsaft", quantity: 12, amount: 22.2 }
    ])
  })

  it("takes no code, nor a number its price and amount do not bear out, for a quantity with a unit", () => {
    const withPrice = {
      lines: [{
        description: "Description of the billed item",
        quantity: { type: "number", description: "Quantity billed" },
        unit_price: { type: "number", description: "Unit price" },
        amount: { type: "number", description: "Line total amount" }
      }]
    }
    const out = extractSection(
      pageModelFromLines([[
        "Description                     Qty      Unit price      Amount",
        "Router model X                   5G          120.00      120.00",
        "Mineral water                 500ml            1.20        1.20",
        "Drill bits                      2pcs          8.50       17.00",
        "",
        "                               Total                     138.20"
      ]]),
      [1],
      spec("invoice", withPrice)
    )
    const quantities = (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
      l["quantity"] === null ? null : (l["quantity"] as Grounded).value
    )
    expect(quantities).toEqual([null, null, 2])
  })

  it("reads a German table whose amount column is 'Nettobetrag' beside a 'Nettopreis' column", () => {
    expect(linesOf([
      "Pos  Beschreibung               Nettopreis   Menge   Steuersatz   Nettobetrag",
      "1    Bürostuhl grau                 240,00       2   19 %              480,00",
      "2    Schreibtischlampe               35,00       4   19 %              140,00",
      "",
      "     Rechnungssumme ohne USt.                                     620,00"
    ])).toEqual([
      { description: "Bürostuhl grau", quantity: 2, amount: 480 },
      { description: "Schreibtischlampe", quantity: 4, amount: 140 }
    ])
  })

  it("joins an item whose amount wraps onto the line under its description", () => {
    expect(linesOf([
      "Beschreibung                      Menge   Nettobetrag",
      "Gartenschlauch 25 m blau             3",
      "4006381333931                                   13,80",
      "Rasendünger 10 kg                     1",
      "4006381333948                                    6,25",
      "",
      "Positionssumme                                  20,05"
    ])).toEqual([
      { description: "Gartenschlauch 25 m blau", quantity: 3, amount: 13.8 },
      { description: "Rasendünger 10 kg", quantity: 1, amount: 6.25 }
    ])
  })

  it("joins an item whose amount wraps onto a line that holds only an article code in a column of its own", () => {
    expect(linesOf([
      "Pos  Art-Nr.  Beschreibung               Menge   Nettobetrag",
      "1    GS25     Gartenschlauch 25 m blau      3",
      "     4006381333931                                     13,80",
      "2    RD10     Rasendünger 10 kg             1",
      "     4006381333948                                      6,25",
      "",
      "     Positionssumme                                    20,05"
    ])).toEqual([
      { description: "Gartenschlauch 25 m blau", quantity: 3, amount: 13.8 },
      { description: "Rasendünger 10 kg", quantity: 1, amount: 6.25 }
    ])
  })

  it("keeps a header cell whole ('Net Amount excl. tax') and stops at the sums and allowances under the table", () => {
    expect(linesOf([
      "No.   Description            Quantity   Unit Price   Net Amount excl. tax ",
      "1     Office chair, blue            3       191.00                   573.00",
      "2     Desk lamp                     1        27.00                    27.00",
      "      Allowance: Discount                                            -13.50",
      "      Line Total Amount                                              586.50"
    ])).toEqual([
      { description: "Office chair, blue", quantity: 3, amount: 573 },
      { description: "Desk lamp", quantity: 1, amount: 27 }
    ])
  })
})

describe("line items in the tables invoices print", () => {
  it("reads the net column of a table with net, tax and gross columns", () => {
    expect(linesOf([
      "Description            Qty   Unit price   Net      VAT 20%   Gross",
      "Consulting day          2      500.00    1000.00   200.00   1200.00",
      "Travel                  1       80.00      80.00    16.00     96.00",
      "                                         Total     1296.00"
    ])).toEqual([
      { description: "Consulting day", quantity: 2, amount: 1000 },
      { description: "Travel", quantity: 1, amount: 80 }
    ])
  })

  it("reads the gross column when the table has no net one", () => {
    expect(linesOf([
      "Artikel                 Menge    Brutto",
      "Kaffeebohnen 1 kg          2      39,80",
      "                 Gesamt           39,80"
    ])).toEqual([{ description: "Kaffeebohnen 1 kg", quantity: 2, amount: 39.8 }])
  })

  it("keeps an item whose description starts with a sum's or a payment's word when its quantity times a price makes its amount", () => {
    expect(linesOf([
      "Description                  Quantity     Price      Amount",
      "Oil change                          2     45.00       90.00",
      "Tax return preparation              3     80.00      240.00",
      "Total station hire (day)            2    120.00      240.00",
      "                               Total                 570.00"
    ])).toEqual([
      { description: "Oil change", quantity: 2, amount: 90 },
      { description: "Tax return preparation", quantity: 3, amount: 240 },
      { description: "Total station hire (day)", quantity: 2, amount: 240 }
    ])
    // The table's sums stay sums.
    expect(linesOf([
      "Description                  Quantity     Price      Amount",
      "Oil change                          2     45.00       90.00",
      "Discount                                             -10.00",
      "Total                                                 80.00"
    ])).toEqual([{ description: "Oil change", quantity: 2, amount: 90 }])
  })

  it("takes the description from the column the field's name heads, beside an item code's, and to its closing bracket", () => {
    expect(linesOf([
      "Item       Description                  Qty     Price      Amount",
      "BX-12      Archive box (pack of 6)        4     12.50       50.00",
      "TP-3       Packing tape, brown            2      3.25        6.50",
      "                                        Total                56.50"
    ])).toEqual([
      { description: "Archive box (pack of 6)", quantity: 4, amount: 50 },
      { description: "Packing tape, brown", quantity: 2, amount: 6.5 }
    ])
  })

  it("keeps a number written between a description's words before the next column's header", () => {
    expect(linesOf([
      "Leistung                                   Anzahl       Preis         Betrag",
      "Transport Hannover - Hamburg, 18 Paletten      1      980,00         980,00",
      "Maut                                           1       64,50          64,50",
      "                                     Summe netto                   1.044,50"
    ])).toEqual([
      { description: "Transport Hannover - Hamburg, 18 Paletten", quantity: 1, amount: 980 },
      { description: "Maut", quantity: 1, amount: 64.5 }
    ])
  })

  it("reads a French table whose descriptions are headed 'Prestation'", () => {
    expect(linesOf([
      "Prestation                            Qté                  Montant HT",
      "Tenue de comptabilité 2024              1                    1 200,00",
      "Déclaration de résultats                1                      450,00",
      "                                     Total HT                1 650,00"
    ])).toEqual([
      { description: "Tenue de comptabilité 2024", quantity: 1, amount: 1200 },
      { description: "Déclaration de résultats", quantity: 1, amount: 450 }
    ])
  })

  it("runs a description on over its next line, but not over an item's code or the next items' heading", () => {
    expect(linesOf([
      "Description                                   Qty      Price      Amount",
      "Annual maintenance contract for the heating    1   1,200.00    1,200.00",
      "system, including two inspection visits",
      "Separator sheets A4                            2      4.50        9.00",
      "EAN: 4006381333931",
      "Spare parts:",
      "Valve 3/4\"                                    2     45.00       90.00",
      "",
      "Delivered in March",
      "                                          Total              1,299.00"
    ])).toEqual([
      {
        description: "Annual maintenance contract for the heating system, including two inspection visits",
        quantity: 1,
        amount: 1200
      },
      { description: "Separator sheets A4", quantity: 2, amount: 9 },
      { description: "Valve 3/4\"", quantity: 2, amount: 90 }
    ])
    // A short description's next line is a heading of the next items, colon or not.
    expect(linesOf([
      "Beschreibung                                  Menge     Preis      Betrag",
      "Kupferrohr 15 mm                                 10      4,20       42,00",
      "Arbeitsleistung",
      "Monteur                                           3     58,00      174,00",
      "                                          Summe                    216,00"
    ])).toEqual([
      { description: "Kupferrohr 15 mm", quantity: 10, amount: 42 },
      { description: "Monteur", quantity: 3, amount: 174 }
    ])
  })

  it("reads descriptions under a header that names their date too ('Datum / Tätigkeit', 'Date / Description')", () => {
    expect(linesOf([
      " Datum / Tätigkeit                                        Std.        Ansatz        Betrag CHF",
      " 03.06. Kick-off Workshop Suchfunktion                       3        140.00            420.00",
      " 04.06. Konzept Datenmodell                                4.5        140.00            630.00",
      "                                                  Total exkl. MWST                 1'050.00"
    ])).toEqual([
      { description: "03.06. Kick-off Workshop Suchfunktion", quantity: 3, amount: 420 },
      { description: "04.06. Konzept Datenmodell", quantity: 4.5, amount: 630 }
    ])
    expect(
      linesOf([
        "Date / Description                                  Hours        Rate          Amount",
        "12 Mar  Site survey and measurements                   2       65.00          130.00",
        "14 Mar  Install consumer unit                          5       65.00          325.00",
        "                                                    Subtotal                  455.00"
      ]).map((l) => l["description"])
    ).toEqual(["12 Mar Site survey and measurements", "14 Mar Install consumer unit"])
  })

  it("reads a distributor's table: the quantity 'Shipped' beside 'Ordered', the amount the last column ('Extension')", () => {
    expect(linesOf([
      " Ln   Item No.     Description                          Ordered   Shipped   UOM   Unit Price    Extension",
      " 1    HX-0512-2    Hex cap screw 1/2-13 x 2, Gr 5          400       380   pcs       0.2140        81.32",
      " 2    HN-0512-Z    Hex nut 1/2-13, Gr 5 zinc               650       650   pcs       0.0580        37.70",
      "                                                     Merchandise                          $119.02"
    ])).toEqual([
      { description: "Hex cap screw 1/2-13 x 2, Gr 5", quantity: 380, amount: 81.32 },
      { description: "Hex nut 1/2-13, Gr 5 zinc", quantity: 650, amount: 37.7 }
    ])
  })

  it("reads an Italian table whose quantity is headed 'Q.tà'", () => {
    expect(linesOf([
      "Descrizione                        Q.tà     Prezzo     Importo",
      "Olio di semi 5 l                      4      12,00       48,00",
      "Imponibile                                               48,00"
    ])).toEqual([{ description: "Olio di semi 5 l", quantity: 4, amount: 48 }])
  })

  it("reads hours as the quantity of a service", () => {
    expect(linesOf([
      "Leistung                     Stunden  Stundensatz   Betrag",
      "Programmierung                 12      95,00      1.140,00",
      "Projektleitung                  3      95,00        285,00",
      "                          Gesamt netto            1.425,00"
    ])).toEqual([
      { description: "Programmierung", quantity: 12, amount: 1140 },
      { description: "Projektleitung", quantity: 3, amount: 285 }
    ])
  })

  it("reads a line's amount from the last column when no header cell names the amount", () => {
    expect(linesOf([
      "Qty   Description                    Price",
      "2     Coffee beans 1 kg              39.80",
      "1     Filters                         3.20",
      "                 Total               43.00"
    ])).toEqual([
      { description: "Coffee beans 1 kg", quantity: 2, amount: 39.8 },
      { description: "Filters", quantity: 1, amount: 3.2 }
    ])
  })

  it("keeps the letters OCR cut from a header word in its cell ('Montant  H  T')", () => {
    expect(linesOf([
      "Désignation                Quantité      Montant  H  T",
      "Conseil annuel                    2             250,00",
      "Frais de dossier                  1              19,00",
      "",
      "                           Total HT             269,00"
    ])).toEqual([
      { description: "Conseil annuel", quantity: 2, amount: 250 },
      { description: "Frais de dossier", quantity: 1, amount: 19 }
    ])
  })

  it("takes no number of an unnamed last column for the quantity or the unit price when their header is unread", () => {
    expect(linesOf([
      "Description          Q u antite    Amount      Kst",
      "Office chair                  3    573.00     4711",
      "Desk lamp                     1     27.00     4712",
      "",
      "                           Total   600.00"
    ])).toEqual([
      { description: "Office chair", quantity: null, amount: 573 },
      { description: "Desk lamp", quantity: null, amount: 27 }
    ])
    // Nor for the price per unit.
    const priced = extractSection(
      pageModelFromLines([[
        "Description          U n it pr.    Amount      Kst",
        "Office chair              191.00    573.00     4711",
        "",
        "                           Total   573.00"
      ]]),
      [1],
      spec("invoice", {
        lines: [{
          description: "Description of the billed item",
          unit_price: { type: "number", description: "Price per unit" },
          amount: { type: "number", description: "Line total amount" }
        }]
      })
    )
    const [line] = priced["lines"] as ReadonlyArray<ExtractedObject>
    expect((line!["unit_price"] as Grounded | null)?.value ?? null).toBeNull()
    expect((line!["amount"] as Grounded).value).toBe(573)
  })

  it("reads a header set over two lines, the amount's label on the line above the others", () => {
    expect(linesOf([
      "                                                       TOTAL HT",
      "Désignation                 P.U. HT   Qté   TVA",
      "Audit sécurité               450,00    2    20%      900,00",
      "Rapport                      150,00    1    20%      150,00",
      "                                    TOTAL TTC      1 260,00"
    ])).toEqual([
      { description: "Audit sécurité", quantity: 2, amount: 900 },
      { description: "Rapport", quantity: 1, amount: 150 }
    ])
  })

  it("ends the table at a wide empty band: the notes under it are no items", () => {
    expect(linesOf([
      "Description                 Qty      Amount",
      "Cleaning service              1      240.00",
      ...Array.from({ length: 12 }, () => ""),
      "Late fee after 30 days: 2% a month on 240.00   4.80",
      "Thank you for your business"
    ])).toEqual([{ description: "Cleaning service", quantity: 1, amount: 240 }])
  })

  it("keeps a description whole when it runs past its short header into the next column", () => {
    expect(linesOf([
      "Désignation                              Qté     P.U. HT    Total HT",
      "Maintenance annuelle du parc             1       450,00     450,00",
      "Licence logiciel de gestion              3        99,00     297,00",
      "                                        Total HT   747,00"
    ])).toEqual([
      { description: "Maintenance annuelle du parc", quantity: 1, amount: 450 },
      { description: "Licence logiciel de gestion", quantity: 3, amount: 297 }
    ])
  })
})

describe("line items over several pages", () => {
  const linesOfPages = (pages: ReadonlyArray<ReadonlyArray<string>>) => {
    const model = pageModelFromLines(pages)
    const out = extractSection(model, model.pages.map((p) => p.page), spec("invoice", TEMPLATE))
    return (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
      [l["description"], l["amount"]].map((v) => (v === null ? null : (v as Grounded).value))
    )
  }
  const first = [
    "Muster GmbH · Hauptstraße 5 · 10115 Berlin",
    "Rechnung Nr. 2024-118",
    "Pos  Beschreibung               Menge   Gesamtpreis",
    "1    Ordnerrücken breit            12         86,40",
    "2    Druckerpapier A4              10         49,90",
    "                                           Seite 1 von 2"
  ]

  it("reads the items a page without a header of its own carries over from the page before", () => {
    const overleaf = [
      "Muster GmbH · Hauptstraße 5 · 10115 Berlin",
      "Übertrag                                   136,30",
      "3    Heftklammern 24/6              5          7,45",
      "4    Locher schwarz                 1         12,90",
      "     Rechnungssumme Netto                     156,65",
      "                                           Seite 2 von 2"
    ]
    expect(linesOfPages([first, overleaf])).toEqual([
      ["Ordnerrücken breit", 86.4],
      ["Druckerpapier A4", 49.9],
      ["Heftklammern 24/6", 7.45],
      ["Locher schwarz", 12.9]
    ])
  })

  it("reads on under a page's repeated header after the sum carried over, labelled as a sum ('SUMA ANTERIOR')", () => {
    const page1 = [
      "Suministros Levante, S.L.",
      "FACTURA FV25-00731",
      "Código    Descripción                     Cant.     Precio      Importe",
      "PA-60     Paella acero pulido 60 cm           4      24,90        99,60",
      "CU-25     Cuchillo cebollero 25 cm            6      17,40       104,40",
      "                               SUMA Y SIGUE                     204,00",
      "                                                          Página 1 de 2"
    ]
    const page2 = [
      "Suministros Levante, S.L.",
      "FACTURA FV25-00731",
      "Código    Descripción                     Cant.     Precio      Importe",
      "          SUMA ANTERIOR                                          204,00",
      "MEJ-5     Mejillón de roca, saco 5 kg         4      14,50        58,00",
      "GARR-25   Garrofó congelado 2,5 kg           10      12,80       128,00",
      "",
      "                               TOTAL FACTURA                    390,00",
      "                                                          Página 2 de 2"
    ]
    expect(linesOfPages([page1, page2])).toEqual([
      ["Paella acero pulido 60 cm", 99.6],
      ["Cuchillo cebollero 25 cm", 104.4],
      ["Mejillón de roca, saco 5 kg", 58],
      ["Garrofó congelado 2,5 kg", 128]
    ])
    // On a document's first page, a sum before any item still ends the table.
    expect(linesOfPages([page2.map((l) => l.replace("SUMA ANTERIOR", "TOTAL  NETO  "))])).toEqual([])
  })

  it("leaves out the rows that carry the running total over, whatever their words", () => {
    const page1 = [
      "Bouwbedrijf Oost B.V. · Havenweg 12 · Utrecht",
      "Factuur 2031-0412",
      "Nr.  Omschrijving                 Aantal        Bedrag",
      "1    Tegellijm 25 kg                   4         63,60",
      "2    Voegmiddel grijs 5 kg             2         31,80",
      "3    Gipsplaat 260 x 60               10        142,50",
      "     Transport                                  237,90",
      "                                          Pagina 1 van 2"
    ]
    const page2 = [
      "Bouwbedrijf Oost B.V. · Factuur 2031-0412 · Pagina 2 van 2",
      "Nr.  Omschrijving                 Aantal        Bedrag",
      "     Transport                                  237,90",
      "4    Transport en levering             1         45,00",
      "5    Arbeid tegelzetter (uur)           6        237,90",
      "     Subtotaal                                  520,80"
    ]
    // An item may cost what the items above it do together when it is counted (item 5).
    expect(linesOfPages([page1, page2])).toEqual([
      ["Tegellijm 25 kg", 63.6],
      ["Voegmiddel grijs 5 kg", 31.8],
      ["Gipsplaat 260 x 60", 142.5],
      ["Transport en levering", 45],
      ["Arbeid tegelzetter (uur)", 237.9]
    ])
  })

  it("reads a description centred in its cell's height, its figures set between its lines", () => {
    const row = (y: number, cells: ReadonlyArray<[number, string]>) => cells.map(([x, text]) => ({ text, x, y }))
    const model = pageModelFromPlaced([[
      { text: "Quincaillerie Lefèvre SARL", x: 0, y: 0 },
      ...row(1.5, [[0, "Réf."], [6, "Désignation"], [40, "Qté"], [48, "P.U. HT"], [60, "Montant HT"]]),
      ...row(2.5, [[0, "1"], [6, "Cadenas laiton 40 mm"], [41, "4"], [48, "112,38"], [62, "449,52"]]),
      // The second item's description on two lines, its figures half a line below the first.
      { text: "Vis inox A2 4x40 (boîte", x: 6, y: 3.6 },
      ...row(4.1, [[0, "2"], [6, "200)"], [40, "12"], [49, "49,48"], [62, "593,76"]]),
      ...row(5.2, [[0, "3"], [6, "Ruban de masquage 50 m"], [40, "10"], [49, "15,20"], [62, "152,00"]]),
      { text: "Total HT   1 195,28", x: 48, y: 7 },
      { text: "Quincaillerie Lefèvre SARL · SIRET 512 348 907 00021 · TVA FR 41 512348907   Page 1/1", x: 0, y: 9.5 }
    ]])
    const out = extractSection(model, [1], spec("invoice", TEMPLATE))
    expect(
      (out["lines"] as ReadonlyArray<ExtractedObject>).map((l) =>
        [l["description"], l["amount"]].map((v) => (v === null ? null : (v as Grounded).value))
      )
    ).toEqual([
      ["Cadenas laiton 40 mm", 449.52],
      ["Vis inox A2 4x40 (boîte 200)", 593.76],
      ["Ruban de masquage 50 m", 152]
    ])
  })

  it("keeps an item costing what the items above it cost together on a one-page invoice", () => {
    expect(
      linesOf([
        "Description                    Qty      Amount",
        "Inspection, first floor          1       50.00",
        "Inspection, second floor         1       50.00",
        "Call-out fee                             100.00",
        "                              Total     200.00"
      ]).map((l) => [l["description"], l["amount"]])
    ).toEqual([
      ["Inspection, first floor", 50],
      ["Inspection, second floor", 50],
      ["Call-out fee", 100]
    ])
  })

  it("reads no company's legal line under the table as an item", () => {
    const footer = "Brandt & Söhne Haustechnik GmbH · USt-IdNr. DE 812 345 678 · HRB 70451 Mannheim       Seite 1 von 3"
    expect(linesOfPages([[...first.slice(0, 5), "", "", "", footer]])).toEqual([
      ["Ordnerrücken breit", 86.4],
      ["Druckerpapier A4", 49.9]
    ])
  })

  it("reads no page's footer in running text across the table's columns as an item, when the table goes on overleaf", () => {
    const footer = "Muster GmbH · Remit to: PO Box 8841, Berlin 10115 · Invoice 0418832 · Page 1 of 2"
    const next = [
      "Pos  Beschreibung               Menge   Gesamtpreis",
      "3    Heftklammern 24/6              5          9,50",
      "                                Summe        145,80"
    ]
    expect(linesOfPages([[...first.slice(0, 5), "", "", footer], next])).toEqual([
      ["Ordnerrücken breit", 86.4],
      ["Druckerpapier A4", 49.9],
      ["Heftklammern 24/6", 9.5]
    ])
  })

  it("reads nothing from a next page when the table ended before it", () => {
    const closed = [
      ...first.slice(0, 5),
      "     Rechnungssumme Netto                     136,30",
      "     USt. 19%                                  25,90",
      "     Gesamtbetrag EUR                         162,20"
    ]
    const terms = [
      "Allgemeine Geschäftsbedingungen",
      "1    Lieferung ab Lager Berlin, Porto        4,90",
      "2    Zahlbar innerhalb von 14 Tagen netto"
    ]
    expect(linesOfPages([closed, terms])).toEqual([
      ["Ordnerrücken breit", 86.4],
      ["Druckerpapier A4", 49.9]
    ])
  })
})

describe("line items without a header row", () => {
  const read = itemRowsOf

  it("reads the rows above the first total when their amounts add up to it", () => {
    expect(read([
      "Cabinet Martin · 12 rue des Lilas · 69003 Lyon",
      "Facture n° : 2024-0117",
      "Nous vous prions de trouver ci-après le détail de nos honoraires :",
      "Conseil fiscal annuel                              250,00",
      "Frais de dossier et de suivi                         19,00",
      "2  Copies certifiées        3     4,50             13,50",
      "                                  Total HT        282,50",
      "                                  TVA 20 %         56,50",
      "                                  Total TTC       339,00"
    ])).toEqual([
      ["Conseil fiscal annuel", null, 250],
      ["Frais de dossier et de suivi", null, 19],
      ["Copies certifiées", 3, 13.5]
    ])
  })

  it("keeps a whole number written in a description with it when no quantity and price follow", () => {
    expect(read([
      "Facture n° : 2024-0120",
      "Tenue de comptabilité 2024                          1 200,00",
      "Wartung Q3 2024 Serverraum                            450,00",
      "                                  Total HT        1 650,00"
    ])).toEqual([
      ["Tenue de comptabilité 2024", null, 1200],
      ["Wartung Q3 2024 Serverraum", null, 450]
    ])
    // A count right before the amount is no word of the description.
    expect(
      read([
        "Facture n° : 2024-0121",
        "Latte 2 9.00",
        "Muffin 1 3.50",
        "                                  Total HT        12,50"
      ]).map((r) => r[0])
    ).toEqual(["Latte", "Muffin"])
  })

  it("takes no total's row with the terms under it for a table's header ('TOTAL' over '14 days')", () => {
    expect(read([
      "INVOICE No. 0931                               Dated: 5th March 2031",
      "Supply and fit new back door and frame                           £1,150.00",
      "Make good plaster and decorate                                     £340.00",
      "                                                  TOTAL            £1,490.00",
      "Payment within 14 days please."
    ])).toEqual([
      ["Supply and fit new back door and frame", null, 1150],
      ["Make good plaster and decorate", null, 340]
    ])
  })

  it("passes rows of specks a scan left between the items and their total", () => {
    expect(read([
      "Facture n° : 2024-0119",
      "Conseil fiscal annuel                              250,00",
      "Frais de dossier et de suivi                         19,00",
      "                              \\",
      "",
      "                 \\N",
      "                                  Total HT        269,00"
    ])).toEqual([
      ["Conseil fiscal annuel", null, 250],
      ["Frais de dossier et de suivi", null, 19]
    ])
  })

  it("reads none when the rows do not add up to the total", () => {
    expect(read([
      "Facture n° : 2024-0118",
      "Acompte reçu le 12 mars                            100,00",
      "Conseil fiscal annuel                              250,00",
      "                                  Total HT        282,50"
    ])).toEqual([])
  })
})

describe("line items under a header cell over two columns", () => {
  it("leaves the item's position out of its description under a header cell 'Item Description' over both", () => {
    expect(linesOf([
      "Item  Description                                 Qty      Amount",
      "1     Data migration, CRM to new platform           10    1,500.00",
      "2     2 x travel days, Berlin                        1      640.00",
      "                                       Total EUR          2,140.00"
    ])).toEqual([
      { description: "Data migration, CRM to new platform", quantity: 10, amount: 1500 },
      { description: "2 x travel days, Berlin", quantity: 1, amount: 640 }
    ])
    // Under a header that names no position, a number set apart before the text stays with it.
    expect(linesOf([
      "Description                                 Qty      Price      Amount",
      "500     Flyer A5 glossy                       1     400.00      400.00",
      "                                        Total            400.00"
    ])).toEqual([{ description: "500 Flyer A5 glossy", quantity: 1, amount: 400 }])
  })
})

describe("line items under a narrow table's header", () => {
  it("reads header cells set a word's space apart as columns of their own ('Menge Einheit Einzelpreis')", () => {
    expect(linesOf([
      "Pos Bezeichnung            Menge Einheit Einzelpreis Gesamt",
      "1   Dachlatten 30x50         120 m           2,10    252,00",
      "2   Montage                    6 Std.       58,00    348,00",
      "                                 Nettobetrag         600,00"
    ])).toEqual([
      { description: "Dachlatten 30x50", quantity: 120, amount: 252 },
      { description: "Montage", quantity: 6, amount: 348 }
    ])
  })

  it("takes a header word broken at its hyphen over 'Nr.' for the article's number, not the description", () => {
    expect(linesOf([
      "Pos Artikel-    Bezeichnung           Menge    Betrag",
      "    Nr.",
      "1   10-4410     Kabel NYM-J 3x1,5         3    194,70",
      "2   22-0815     Unterputzdose 60 mm      50     21,00",
      "                           Nettobetrag         215,70"
    ])).toEqual([
      { description: "Kabel NYM-J 3x1,5", quantity: 3, amount: 194.7 },
      { description: "Unterputzdose 60 mm", quantity: 50, amount: 21 }
    ])
  })

  it("reads QuickBooks' 'DESCRIPTION' column beside its 'PRODUCT/SERVICE' column as the description", () => {
    expect(linesOf([
      "DATE        PRODUCT/SERVICE  DESCRIPTION                  QTY    RATE   AMOUNT",
      "03/01/2031  Consulting       Backend API implementation     4  100.00   400.00",
      "03/02/2031  Hours            Code review                    2  100.00   200.00",
      "                                                    TOTAL            600.00"
    ])).toEqual([
      { description: "Backend API implementation", quantity: 4, amount: 400 },
      { description: "Code review", quantity: 2, amount: 200 }
    ])
  })

  it("reads QuickBooks' 'ACTIVITY' column as the description", () => {
    expect(linesOf([
      "ACTIVITY                          QTY      RATE     AMOUNT",
      "Spring cleanup                      1    450.00     450.00",
      "Shrub pruning (hours)             3.5     55.00     192.50",
      "                                       TOTAL        642.50"
    ])).toEqual([
      { description: "Spring cleanup", quantity: 1, amount: 450 },
      { description: "Shrub pruning (hours)", quantity: 3.5, amount: 192.5 }
    ])
  })

  it("joins a description's next line when its first word could not have fit on the line above", () => {
    expect(linesOf([
      "Pos Bezeichnung                        Menge   Betrag",
      "1   Montagearbeiten                        6   348,00",
      "    Elektroinstallationsarbeiten",
      "2   Kabel                                  3    54,00",
      "    grau",
      "                               Nettobetrag     402,00"
    ])).toEqual([
      { description: "Montagearbeiten Elektroinstallationsarbeiten", quantity: 6, amount: 348 },
      { description: "Kabel", quantity: 3, amount: 54 }
    ])
  })

  it("reads header cells a label of another kind runs across ('GST  Amount', 'Menge    Gesamt') as cells", () => {
    expect(linesOf([
      "Description                  Quantity  Unit Price  GST  Amount AUD",
      "Wine labels, 5000 pcs               5      120.00  10%      600.00",
      "Die cutting setup                   1       85.00  10%       85.00",
      "                                          TOTAL AUD         753.50"
    ])).toEqual([
      { description: "Wine labels, 5000 pcs", quantity: 5, amount: 600 },
      { description: "Die cutting setup", quantity: 1, amount: 85 }
    ])
    // A cell whose own label holds the other's word, its words spread apart, stays the less sure of the two.
    expect(linesOf([
      "Description      Qty    Price   VAT  Amount   Total",
      "Widget large       4   100.00       80.00    400.00",
      "Gadget small       1   100.00       20.00    100.00",
      "                               Subtotal      500.00"
    ])).toEqual([
      { description: "Widget large", quantity: 4, amount: 400 },
      { description: "Gadget small", quantity: 1, amount: 100 }
    ])
    expect(linesOf([
      "Pos Bezeichnung           Menge    Gesamt",
      "1   Kabel NYM-J 3x1,5         3    194,70",
      "2   Unterputzdose 60 mm      50     21,00",
      "                 Nettobetrag       215,70"
    ])).toEqual([
      { description: "Kabel NYM-J 3x1,5", quantity: 3, amount: 194.7 },
      { description: "Unterputzdose 60 mm", quantity: 50, amount: 21 }
    ])
  })
})

describe("line items as OCR reads them", () => {
  it("reads a count whose unit OCR glued to it over the unit's column ('4Std.' under 'Menge  Einheit')", () => {
    expect(linesOf([
      "Pos. Bezeichnung                 Menge  Einheit  Einzelpreis   Gesamtpreis",
      "1.   Logo-Überarbeitung              1  pauschal    480,00 €      480,00 €",
      "2.   Gestaltung Flyer DIN A5          4Std.          65,00 €      260,00 €",
      "                                  Gesamtbetrag netto              740,00 €"
    ])).toEqual([
      { description: "Logo-Überarbeitung", quantity: 1, amount: 480 },
      { description: "Gestaltung Flyer DIN A5", quantity: 4, amount: 260 }
    ])
  })

  it("reads a count whose decimal mark OCR read as a colon when its price makes the amount ('3:5' × 55.00)", () => {
    expect(linesOf([
      "ACTIVITY                          QTY      RATE     AMOUNT",
      "Shrub pruning (hours)             3:5     55.00     192.50",
      "Hedge trimming (hours)            2:5     55.00     192.50",
      "                                       TOTAL        385.00"
    ])).toEqual([
      { description: "Shrub pruning (hours)", quantity: 3.5, amount: 192.5 },
      { description: "Hedge trimming (hours)", quantity: null, amount: 192.5 }
    ])
  })

  it("reads a description that starts left of its centred header, and no note under the table as an item", () => {
    expect(linesOf([
      "                                                                  Einzelpreis      Betrag",
      "Pos.                  Gegenstand                       Anzahl",
      "                                                                     EUR            EUR",
      "  1  Hochschrank Praxisbedarf, 4 Fachböden, weiß matt    3            1.120,00     3.360,00",
      "  2  Schubkastenelement mit Vollauszug                   2              685,00     1.370,00",
      "",
      "Summe netto      4.730,00 EUR",
      "                                  Zahlungsbedingungen: 14 Tage 2 % Skonto, 30 Tage netto.",
      "19 % USt.          898,70 EUR"
    ])).toEqual([
      { description: "Hochschrank Praxisbedarf, 4 Fachböden, weiß matt", quantity: 3, amount: 3360 },
      { description: "Schubkastenelement mit Vollauszug", quantity: 2, amount: 1370 }
    ])
  })

  it("reads an American table whose line totals are headed EXTENDED AMOUNT", () => {
    expect(linesOf([
      "LN  ITEM NO   DESCRIPTION                  SHIPPED   UM   PRICE   EXTENDED AMOUNT",
      " 1  HX-516    HEX BOLT 5/16-18 X 1 ZINC        250   EA   0.180       45.00",
      " 2  NUT-1/4   HEX NUT 1/4-20 ZINC              500   EA   0.040       20.00",
      "                                                     SUBTOTAL         65.00"
    ])).toEqual([
      // No column names the count ("SHIPPED"): the one number that times its price makes the amount is it.
      { description: "HEX BOLT 5/16-18 X 1 ZINC", quantity: 250, amount: 45 },
      { description: "HEX NUT 1/4-20 ZINC", quantity: 500, amount: 20 }
    ])
  })

  it("leaves a unit or a type in its own column before the description, and reads an extension as an item", () => {
    expect(
      linesOf([
        "Pos  Menge  ME   Bezeichnung                    Einzelpreis    Gesamtpreis",
        "1       20  Stk  Kabelbinder 200 mm schwarz            0,12           2,40",
        "2        2  Rol  Isolierband rot                       1,90           3,80",
        "",
        "                                         Summe netto                  6,20"
      ]).map((l) => l["description"])
    ).toEqual(["Kabelbinder 200 mm schwarz", "Isolierband rot"])
    expect(
      linesOf([
        "Type    Description                     Qty     Rate     Amount",
        "Labour  Replace front brake pads        1.5    60.00      90.00",
        "Sublet  MOT test                          1    54.85      54.85",
        "",
        "                                        Subtotal         144.85"
      ]).map((l) => l["description"])
    ).toEqual(["Replace front brake pads", "MOT test"])
    expect(
      linesOf([
        "Item                                     Qty      Unit      Total",
        "Copier service visit                       1     95.00      95.00",
        "Warranty extension 12 months               1    180.00     180.00",
        "Toner cartridge black                      2     45.00      90.00",
        "",
        "                                   Subtotal                365.00"
      ]).map((l) => l["amount"])
    ).toEqual([95, 180, 90])
  })
})
