import { describe, expect, it } from "@effect/vitest"
import type { Box } from "../../../src/Domain/PageModel.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromPlaced } from "../../support/pageModel.js"
import { extractLines, spec, valueOf } from "../fixtures.js"

const RECEIPT = [
  "    EXAMPLE HARDWARE SDN BHD",
  "  NO 8, JALAN CONTOH 3, 47000 SUNGAI BULOH",
  "        GST ID: 000123456789",
  "          TAX INVOICE",
  "Doc No: CS00012345       Date: 05/01/2018",
  "Time: 18:32:07           Cashier: ALI",
  "Item     Qty   U/Price   Amount   Tax",
  "Hammer     1     27.00    27.00    SR",
  "Nails      2      1.50     3.00    SR",
  "SUBTOTAL (GST)            30.00",
  "GST 6%                     1.70",
  "TOTAL                     31.70",
  "CASH       RM             50.00",
  "CHANGE     RM             18.30"
]

const read = (template: Record<string, unknown>) => extractLines(RECEIPT, "receipt", template)

/** The store's address read from a receipt written as lines. */
const address = (lines: ReadonlyArray<string>) =>
  valueOf(extractLines(lines, "receipt", { address: "Address of the store" })["address"])

describe("a till receipt's other fields", () => {
  it("reads money asked for as text as the amount, never the currency or a word beside it", () => {
    const got = read({ change: "Change given", cash: "Cash tendered" })
    expect(valueOf(got["change"])).toMatch(/^(?:RM )?18\.30$/)
    expect(valueOf(got["cash"])).toMatch(/^(?:RM )?50\.00$/)
  })

  it("reads the tax from the tax row, not from the title, the subtotal's brackets or the items' tax column", () => {
    expect(valueOf(read({ tax: "number" })["tax"])).toBe(1.7)
    const noTaxRow = RECEIPT.filter((l) => !l.startsWith("GST 6%"))
    expect(valueOf(extractLines(noTaxRow, "receipt", { tax: "number" })["tax"]))
      .toBeNull()
  })

  it("takes an identifier written with a dot, and a time never", () => {
    const dotted = RECEIPT.map((l) => l.replace("Doc No: CS00012345", "Doc No: 12.34     "))
    expect(
      valueOf(extractLines(dotted, "receipt", { doc_no: "Document number" })["doc_no"])
    )
      .toBe("12.34")
  })

  it("never takes a time for an identifier", () => {
    const lines = RECEIPT.map((l) => l.replace("Doc No: CS00012345", "Doc No:           "))
      .map((l) => l.replace(/^Time: /, "Receipt No: "))
    const got = extractLines(lines, "receipt", { receipt_number: "Receipt number" })
    expect(valueOf(got["receipt_number"])).toBeNull()
  })

  it("reads a store's address from a street line of any language to its town, and no item under it", () => {
    expect(address([
      "      BOULANGERIE DU PONT",
      "   9 quai des Tanneurs",
      "      25000 BESANCON",
      "",
      "Le 07/02/2031 à 08:14",
      "2 x Croissant             2,40",
      "TOTAL TTC                 2,40 EUR"
    ])).toBe("9 quai des Tanneurs 25000 BESANCON")
    expect(address([
      "     Drogisterij Voorbeeld",
      "     Brink 5",
      "     7411 BR Deventer",
      "",
      "Tandpasta                  2,19",
      "Shampoo                    3,49",
      "Totaal                     5,68"
    ])).toBe("Brink 5 7411 BR Deventer")
    // A square, a course or a road after its house number is a street as much as a "rue".
    for (const street of ["14 place du Marché", "3 cours Mirabeau", "12 bis route de Lyon"]) {
      expect(
        address([
          "      CAFÉ DES ARTS",
          `      ${street}`,
          "      13100 AIX-EN-PROVENCE",
          "Le 09/03/2031 à 10:02",
          "CAFÉ x2                   3,60",
          "TOTAL TTC                 3,60 €"
        ]),
        street
      ).toBe(`${street} 13100 AIX-EN-PROVENCE`)
    }
  })

  it("starts a store's address at its street, not at a branch's number or the name's second line", () => {
    expect(address([
      "    Getränkemarkt Vogel KG",
      "        Filiale 0427",
      "      Lindenallee 8",
      "     04109 Leipzig",
      "Datum: 14.02.2031  10:12",
      "Mineralwasser 12x1l      5,99",
      "SUMME EUR                5,99"
    ])).toBe("Lindenallee 8 04109 Leipzig")
    expect(address([
      "   PERNIAGAAN CONTOH JAYA",
      "     SDN BHD (123456-K)",
      "  NO 5, JALAN MELATI 2,",
      "  43200 CHERAS, SELANGOR.",
      "DATE: 02/03/2031",
      "TOTAL                   12.50"
    ])).toBe("NO 5, JALAN MELATI 2, 43200 CHERAS, SELANGOR.")
  })

  it("reads a street written the way its country abbreviates it (C/, ul., a shop in a centre)", () => {
    expect(address([
      "     CAFETERÍA LA PLAZA",
      "     C/ Mayor, 41",
      "     28013 Madrid",
      "Fecha: 03/05/2031",
      "TOTAL                  4,20 €"
    ])).toBe("C/ Mayor, 41 28013 Madrid")
    expect(address([
      "     Piekarnia Słoneczna",
      "     ul. Polna 9",
      "     31-042 Kraków",
      "2031-05-03",
      "SUMA PLN               11,40"
    ])).toBe("ul. Polna 9 31-042 Kraków")
    expect(address([
      "   Southbank Juice Bar",
      "   Shop 12, 4 Riverside Walk",
      "   Brisbane QLD 4101",
      "03/05/2031 9:14 AM",
      "TOTAL                  $9.50"
    ])).toBe("Shop 12, 4 Riverside Walk Brisbane QLD 4101")
  })

  it("ends a store's address at a blank line after its town", () => {
    expect(address([
      "      LE PETIT ZINC",
      "   22 rue des Carmes",
      "     45000 ORLEANS",
      "",
      "  Commande 2031-118-07",
      "Le 05/04/2031 12:40",
      "TOTAL TTC                18,20 €"
    ])).toBe("22 rue des Carmes 45000 ORLEANS")
    expect(address([
      "      Blue Door Bistro",
      "     88 Harbor Blvd",
      "  Portland, ME 04101",
      "",
      "  Guest 2   Server Kim",
      "04/05/2031  6:40 PM",
      "Total                    41.20"
    ])).toBe("88 Harbor Blvd Portland, ME 04101")
  })

  it("reads a store's name whole when a narrow receipt wrapped it before its legal form or inside its quotation", () => {
    const company = (lines: ReadonlyArray<string>) =>
      valueOf(extractLines(lines, "receipt", { company: "Name of the store" })["company"])
    expect(company([
      "  Bayside Bagel Co Pty",
      "          Ltd",
      "   12 Marine Parade",
      "   Perth WA 6000",
      "06/05/2031 7:30 AM",
      "TOTAL                  $8.40"
    ])).toBe("Bayside Bagel Co Pty Ltd")
    expect(company([
      "  Kawiarnia \"Pod",
      "     Zegarem\"",
      "   ul. Rynek 4",
      "   50-101 Wrocław",
      "2031-05-06",
      "SUMA PLN               14,00"
    ])).toBe("Kawiarnia \"Pod Zegarem\"")
    // A name that is whole on its row keeps the row under it out ("Sdn Bhd" of the row above, then the street).
    expect(company([
      "   TOKO CONTOH MAJU",
      "   SDN BHD (765432-A)",
      "   NO 3, JALAN RIA 5,",
      "   81200 JOHOR BAHRU",
      "DATE: 06/05/2031",
      "TOTAL                  22.00"
    ])).toBe("TOKO CONTOH MAJU SDN BHD")
  })

  it("reads a wrapped name whole when OCR's box of its last word leaves out the letters below the line", () => {
    const model = pageModelFromPlaced([[
      { text: "Bayside Bagel Co Pty", x: 2, y: 0, size: 1.3, confidence: 0.95 },
      { text: "Ltd", x: 9, y: 1.4, size: 1.3, confidence: 0.95 },
      { text: "12 Marine Parade", x: 3, y: 3, confidence: 0.95 },
      { text: "Perth WA 6000", x: 3, y: 4, confidence: 0.95 },
      { text: "06/05/2031 7:30 AM", x: 0, y: 6, confidence: 0.95 },
      { text: "TOTAL                  $8.40", x: 0, y: 7, confidence: 0.95 }
    ]])
    // "Ltd" has no letter below the line: OCR's box of it is a quarter shorter than the name's ("p", "y").
    const lines = model.pages[0]!.lines.map((l) =>
      l.text !== "Ltd" ? l : {
        ...l,
        box: [l.box[0], l.box[1], l.box[2], l.box[3] - 0.25 * (l.box[3] - l.box[1])] as Box,
        words: l.words.map((w) => ({
          ...w,
          box: [w.box[0], w.box[1], w.box[2], w.box[3] - 0.25 * (w.box[3] - w.box[1])] as Box
        }))
      }
    )
    const got = extractSection(
      { ...model, pages: [{ ...model.pages[0]!, source: "ocr", lines }] },
      [1],
      spec("receipt", {
        company: "Name of the store"
      })
    )
    expect(valueOf(got["company"])).toBe("Bayside Bagel Co Pty Ltd")
  })

  it("takes a name with a square's word for a name, with no house number before it", () => {
    expect(valueOf(
      extractLines(
        [
          "      PIZZA PLACE",
          "   9 quai des Tanneurs",
          "      25000 BESANCON",
          "Le 07/02/2031 à 20:14",
          "TOTAL TTC                12,40 EUR"
        ],
        "receipt",
        { company: "Name of the store or company that issued the receipt" }
      )["company"]
    )).toBe("PIZZA PLACE")
  })
})
