/**
 * The local engine on what OCR makes of a scanned invoice: specks read as characters, labels whose
 * spaces were lost, a currency mark read in doubt at the total. Page models as OCR gives them
 * (words with their boxes and reading confidences).
 */
import { describe, expect, it } from "@effect/vitest"
import { DEFAULT_MIN_CONFIDENCE } from "../../../src/Config.js"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import type { PageModel, Word } from "../../../src/Domain/PageModel.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromPlaced, type PlacedText } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const TEMPLATE = {
  invoice_number: "The invoice number",
  amount: { type: "number", description: "Total amount to pay" },
  currency: "ISO 4217 currency code",
  issuer: "Name of the company that issued the invoice"
}

const read = (pages: ReadonlyArray<ReadonlyArray<PlacedText>>, edit?: (model: PageModel) => void) => {
  const model = { ...pageModelFromPlaced(pages), mediaType: "image/png" }
  for (const p of model.pages) Object.assign(p, { source: "ocr" })
  edit?.(model)
  return extractSection(model, model.pages.map((p) => p.page), spec("invoice", TEMPLATE)) as Record<
    string,
    Grounded | null
  >
}

const lines = (texts: ReadonlyArray<string>, confidence = 0.93): Array<PlacedText> =>
  texts.map((text, y) => ({ text, x: 0, y, confidence }))

/** Adds a word to the line holding `after`: a speck, one character in a box of `size` of the page each way. */
const speck = (model: PageModel, page: number, after: string, text: string, x: number) => {
  const line = model.pages[page - 1]!.lines.find((l) => l.words.some((w) => w.text === after))!
  const y = line.box[1] + 0.004
  const word: Word = { text, box: [x, y, x + 0.001, y + 0.001], confidence: 0.2 }
  Object.assign(line, { words: [...line.words, word], text: `${line.text} ${text}` })
}

describe("the local engine on scanned pages", () => {
  it("reads a total at a label whose spaces OCR lost, not the deposit above it", () => {
    const out = read([lines([
      "ATELIER DUPONT                                FACTURE N: AD-2031-118",
      "35000 Rennes",
      "",
      "Maintenance annuelle                                       200,00",
      "TOTAL HT                                                   180,00",
      "Acompte :                                                    0,00",
      "NETAPAYER                                              216,00 EUR"
    ])])
    expect(out.amount?.value).toBe(216)
    expect(out.amount!.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
  })

  it("reads a total OCR glued to its label ('Total€1,614.99', 'TTC3 936,00', 'payer530,00')", () => {
    const total = (row: string) =>
      read([lines([
        "ATELIER DUPONT                                FACTURE N: AD-2031-118",
        "35000 Rennes",
        "",
        "Maintenance annuelle                                     1 313,00",
        "TVA 20 %                                                   262,60",
        row
      ])]).amount?.value
    expect(total("Invoice Total€1,575.60")).toBe(1575.6)
    expect(total("Total TTC1 575,60 €")).toBe(1575.6)
    expect(total("Net à payer1 575,60 €")).toBe(1575.6)
    expect(total("Net à payer1575,60 €")).toBe(1575.6)
  })

  it("reads a code after its label as the code, not as a label glued to a number ('Invoice No. INV2031118')", () => {
    const out = read([lines([
      "ATELIER DUPONT                                Invoice No. INV2031118",
      "35000 Rennes",
      "Total                                                 216,00 EUR"
    ])])
    expect(out.invoice_number?.value).toBe("INV2031118")
  })

  it("takes the seller's name under its heading past a speck beside it, never the seller's bank code", () => {
    const page1 = lines([
      "Handelsrechnung Nr. 41230 vom 12.08.2031",
      "",
      "Verkäufer",
      "Nummer:                                     776655",
      "Name:                                       Beispiel Datentechnik AG",
      "Anschrift:                                  Kastanienallee 18",
      "",
      "Käufer",
      "Name:                                       Kundenfirma Nord GmbH"
    ])
    const page2 = lines([
      "Zahlungsinformationen",
      "Verkäufer-BIC:                              EXMPDEFF",
      "Verkäufer-IBAN:                             DE21 3006 0601 0007 7100 12",
      "Gesamtbetrag                                1.250,00 EUR"
    ])
    const out = read([page1, page2], (model) => speck(model, 1, "Verkäufer", "9", 0.6))
    expect(out.issuer?.value).toBe("Beispiel Datentechnik AG")
    expect(out.issuer!.page).toBe(1)
    // On page 2 alone, the bank code is still no seller's name, and no label gives one.
    const alone = read([page2]).issuer
    expect(alone?.value).not.toBe("EXMPDEFF")
    expect((alone?.evidence as { labelled?: number } | undefined)?.labelled ?? 0).toBe(0)
  })

  it("is as sure of a currency mark read in doubt at the total as the page's other amounts make it", () => {
    const page = lines([
      "Moulin d'Exemple SARL                            Facture FB-2031-0007",
      "",
      "Huile de noix          10 Liter(s)        18,60 €        186,00 €",
      "Calissons               5 unit(s)          4,55 €         22,75 €",
      "Livraison offerte dès 300 € HT"
    ])
    page.push({ text: "Solde à payer 208,75€", x: 30, y: 6, confidence: 0.42 })
    const out = read([page])
    expect(out.currency?.value).toBe("EUR")
    expect(out.currency!.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
  })

  it("is no surer of a dollar read in doubt for other dollar signs: several currencies print them", () => {
    const page = lines([
      "Harbor Hardware Inc.                             Invoice INV-2291",
      "",
      "Cable ties             10 pcs        $1.20          $12.00",
      "Drill bits              2 sets       $8.50          $17.00"
    ])
    page.push({ text: "Total amount due $29.00", x: 30, y: 5, confidence: 0.42 })
    const out = read([page])
    expect(out.currency?.value).toBe("USD")
    expect(out.currency!.confidence).toBeLessThan(DEFAULT_MIN_CONFIDENCE)
  })

  it("takes no currency from a sign read in doubt with no number beside it (a speck in the margin read as '£')", () => {
    const page = [
      ...lines([
        "Beispielwerk GmbH                       Rechnungsnummer 580213",
        "",
        "KL2207 Klemmordner A4               20 Stk.     9,90     198,00",
        "",
        "Gesamtbetrag (inkl. USt.)                               235,62",
        "",
        "IBAN: DE21 3006 0601 0007 7100 12   BIC: EXMPDEFF"
      ]),
      { text: "£ GTIN: 4099999001234", x: 0, y: 3, confidence: 0.69 }
    ]
    const out = read([page])
    expect(out.currency?.value).toBe("EUR")
  })
})
