import { describe, expect, it } from "@effect/vitest"
import { Option, Schema } from "effect"
import { DEFAULT_MIN_CONFIDENCE } from "../../../src/Config.js"
import { abstain, type ExtractedObject, type ExtractedValue, type Grounded } from "../../../src/Domain/Extraction.js"
import type { PageModel } from "../../../src/Domain/PageModel.js"
import { PageModelSchema } from "../../../src/Domain/PageModelSchema.js"
import {
  cleanOf,
  confidenceOf,
  type Evidence,
  leastCharacterOf,
  looksMisread,
  shapeOf
} from "../../../src/Engine/Local/Confidence.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { layoutOf, type PlacedWord } from "../../../src/Engine/Local/Layout.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { INVOICE_AND_RECEIPT_TEMPLATES, INVOICE_LINES, receiptPage, spec } from "../fixtures.js"

const leaf = (value: string, confidence: number): Grounded => ({ value, page: 1, box: [0, 0, 0.1, 0.1], confidence })
const conf = (v: ExtractedValue): number => (v as Grounded).confidence
const value = (v: ExtractedValue): unknown => (v === null ? null : (v as Grounded).value)

const evidence = (over: Partial<Evidence>): Evidence => ({
  labelled: 1,
  score: 1,
  margin: 1,
  meaning: 1,
  reading: 1,
  tabular: 0,
  agrees: 0,
  shape: 1,
  intact: 1,
  weakest: 1,
  clean: 1,
  character: 1,
  ...over
})

describe("abstention", () => {
  it("returns null for a value below the threshold, keeps the rest, and keeps everything at 0", () => {
    const extracted: ExtractedObject = { a: leaf("sure", 0.95), b: leaf("doubtful", 0.3), c: null }
    expect(abstain(extracted, 0.5)).toEqual({ a: leaf("sure", 0.95), b: null, c: null })
    expect(abstain(extracted, 0)).toEqual(extracted)
  })

  it("drops list items left with no value, keeps items with one", () => {
    const lines = [{ d: leaf("x", 0.2), n: leaf("1", 0.2) }, { d: leaf("y", 0.9), n: leaf("2", 0.2) }]
    expect(abstain({ lines }, 0.5)).toEqual({ lines: [{ d: leaf("y", 0.9), n: null }] })
  })
})

describe("confidence of the local engine", () => {
  it("ranks a clearly labelled value above a value read by its place alone, and one with a rival below one without", () => {
    // Codes (currencies, enums) are nearly always right on the tune part: their model is the share right alone.
    for (const group of ["amount", "date", "text"] as const) {
      expect(confidenceOf(group, evidence({}))).toBeGreaterThan(
        confidenceOf(group, evidence({ labelled: 0, score: 0, margin: 0.5 }))
      )
      expect(confidenceOf(group, evidence({}))).toBeGreaterThanOrEqual(confidenceOf(group, evidence({ margin: 0 })))
    }
  })

  it("does not take a sentence, a heading or a page number for a name", () => {
    expect(shapeOf("text", "Turnpike Designs Co.")).toBe(1)
    expect(shapeOf("text", "Page 2 de 2")).toBe(0)
    expect(shapeOf("text", "sur les encaissements")).toBeLessThan(0.5)
    expect(shapeOf("text", "encapsulated their company data in the image below")).toBeLessThan(0.5)
    expect(shapeOf("text", "Facture payable par chèque bancaire dès réception")).toBeLessThan(0.5)
    // A short name may be written in small letters after its capital.
    expect(shapeOf("text", "Le petit atelier")).toBe(1)
    expect(shapeOf("text", "La belle cave")).toBe(1)
    expect(shapeOf("date", "1899-01-01")).toBeLessThan(1)
  })

  it("knows a word OCR misread by its shape, not a name's or an address's own spelling", () => {
    for (const misread of ["Blok°3,", "&4310", "3/2l5A,", "Stree1", "C0.", "HARBoUR,", "N0!", "$6200"]) {
      expect(looksMisread(misread), misread).toBe(true)
    }
    for (
      const word of ["Midtown3", "SS14/22,", "2&4,", "‘HARBOUR", "19-G", "2207-B", "NO.32", "(M)", "Sdn.", "B-12,"]
    ) {
      expect(looksMisread(word), word).toBe(false)
    }
    for (const word of ["#03-01", "@", "BrightHarbor", "McKenzie's", "O'Brien", "Straße", "3RD", "G3,Block"]) {
      expect(looksMisread(word), word).toBe(false)
    }
  })

  it("is less sure of an OCR'd address with a misread-looking word, and takes a text layer's words as printed", () => {
    const placed = (text: string, confidence: number) => ({ text, confidence }) as unknown as PlacedWord
    const read = (texts: ReadonlyArray<string>, confidence: number) => texts.map((t) => placed(t, confidence))
    const clean = read(["Level", "6,", "Menara", "Harbour,", "50450", "Kuala", "Lumpur"], 0.9)
    const misread = read(["Leve1", "6,", "Menara", "Harbour,", "50450", "Kuala", "Lumpur"], 0.9)
    expect(cleanOf("text", clean)).toBe(1)
    expect(cleanOf("text", misread)).toBe(0)
    expect(cleanOf("text", read(["Unit", "#03-01", "Leve1"], 1))).toBe(1)
    expect(cleanOf("amount", misread)).toBe(1)
    const sure = (words: ReadonlyArray<PlacedWord>) =>
      confidenceOf("address", evidence({ labelled: 0, intact: 0.5, weakest: 0.9, clean: cleanOf("text", words) }))
    expect(sure(clean)).toBeGreaterThan(sure(misread) + 0.2)
  })

  it("is less sure of an OCR'd address with a letter the reader doubted, though its words' mean confidence is good", () => {
    const placed = (text: string, leastCharacter?: number) =>
      ({ text, confidence: 0.9, ...(leastCharacter === undefined ? {} : { leastCharacter }) }) as unknown as PlacedWord
    const read = [placed("12,"), placed("Harbour", 0.85), placed("Road,"), placed("98765"), placed("Eastfield")]
    const doubted = [placed("12,"), placed("Harbour", 0.3), placed("Road,"), placed("98765"), placed("Eastfield")]
    expect(leastCharacterOf(read)).toBeCloseTo(0.85)
    expect(leastCharacterOf(doubted)).toBeCloseTo(0.3)
    // Words whose characters were not scored count with their own confidence.
    expect(leastCharacterOf([placed("Road")])).toBeCloseTo(0.9)
    const sure = (words: ReadonlyArray<PlacedWord>) =>
      confidenceOf(
        "address",
        evidence({ labelled: 0, intact: 0.6, weakest: 0.9, character: leastCharacterOf(words) })
      )
    expect(sure(read)).toBeGreaterThan(sure(doubted) + 0.2)
  })

  it("keeps a word's least sure letter through the page's layout, a stored parse and the extraction", () => {
    const model = pageModelFromLines([receiptPage("KEDAI MAJU JAYA SDN BHD", "25/12/2018", "19.90")])
    const page = model.pages[0]!
    // The page as OCR reads it: every word at 0.9; "BESAR" holding one letter the recognizer doubted.
    const read = (least: number | undefined) => ({
      ...model,
      pages: [{
        ...page,
        source: "ocr" as const,
        lines: page.lines.map((l) => ({
          ...l,
          words: l.words.map((w) => ({
            ...w,
            confidence: 0.9,
            ...(w.text === "BESAR" && least !== undefined ? { leastCharacter: least } : {})
          }))
        }))
      }]
    })
    const doubted = read(0.2)
    const placed = layoutOf(doubted.pages[0]!).rows.flatMap((r) => r.words).find((w) => w.text === "BESAR")
    expect(placed?.leastCharacter).toBe(0.2)
    const stored = Option.getOrThrow(Schema.decodeUnknownOption(PageModelSchema)(JSON.parse(JSON.stringify(doubted))))
    expect(stored.pages[0]!.lines.flatMap((l) => l.words).find((w) => w.text === "BESAR")?.leastCharacter).toBe(0.2)
    const address = (m: PageModel) => extractSection(m, [1], INVOICE_AND_RECEIPT_TEMPLATES[1]!)["address"] as Grounded
    expect(address(read(undefined)).value).toBe(address(doubted).value)
    expect(conf(address(read(undefined)))).toBeGreaterThan(conf(address(doubted)) + 0.2)
  })

  it("is sure of the labelled values of a clean invoice", () => {
    const out = extractSection(
      pageModelFromLines([INVOICE_LINES]),
      [1],
      spec("invoice", { invoice_number: "The invoice number", total: "number" })
    )
    expect(value(out["invoice_number"]!)).toBe("INV-2023-0042")
    expect(conf(out["invoice_number"]!)).toBeGreaterThanOrEqual(0.9)
    expect(value(out["total"]!)).toBe(57.72)
    expect(conf(out["total"]!)).toBeGreaterThanOrEqual(0.9)
  })

  it("answers null for a field no document has, at the default threshold", () => {
    const template = { invoice_number: "The invoice number", po_box_of_the_moon: "The PO box of the moon base" }
    const out = abstain(
      extractSection(pageModelFromLines([INVOICE_LINES]), [1], spec("invoice", template)),
      DEFAULT_MIN_CONFIDENCE
    ) as ExtractedObject
    expect(value(out["invoice_number"]!)).toBe("INV-2023-0042")
    expect(out["po_box_of_the_moon"]).toBeNull()
  })
})

describe("title lines and party blocks", () => {
  const template = {
    invoice_number: "The invoice number",
    date: { type: "date", description: "Invoice date" },
    issuer: "Name of the company that issued the invoice",
    customer: "Name of the customer"
  }

  it("reads the number and the day-first date of a German title line, not a date printed above it", () => {
    const out = extractSection(
      pageModelFromLines([[
        "Vorlagen-Version: 3.1 vom 22.04.2024",
        "",
        "Schlussrechnung (380) Nr. 2024-0815 vom 06.12.2024",
        "Liefer- und Leistungsdatum: 03.12.2024",
        "",
        "Verkäufer",
        "Nummer: 40 17 2 338",
        "Name:            Brandt Maschinenbau AG",
        "Anschrift: Hafenweg 7",
        "",
        "Käufer/Leistungsempfänger",
        "Nummer: 551208",
        "Name:            Weber Logistik GmbH",
        "",
        "Bruttosumme 119,00"
      ]]),
      [1],
      spec("invoice", template)
    )
    expect(value(out["invoice_number"]!)).toBe("2024-0815")
    expect(value(out["date"]!)).toBe("2024-12-06")
    expect(value(out["issuer"]!)).toBe("Brandt Maschinenbau AG")
    expect(value(out["customer"]!)).toBe("Weber Logistik GmbH")
  })

  it("reads a title line whose number OCR glued to its mark after a code ('(380) Nr.457')", () => {
    const out = extractSection(
      pageModelFromLines([[
        "Vorlagen-Version: 3.1 vom 22.04.2024",
        "",
        "Handelsrechnung (380) Nr.457 vom 14.08.2025",
        "Währung: EUR",
        "",
        "Zahlbetrag 1,00"
      ]]),
      [1],
      spec("invoice", template)
    )
    expect(value(out["invoice_number"]!)).toBe("457")
    expect(value(out["date"]!)).toBe("2025-08-14")
  })

  it("reads a French title line with a written date", () => {
    const out = extractSection(
      pageModelFromLines([[
        "Atelier Vernet SARL",
        "",
        "Facture N° F-2026-118 du 3 août 2026",
        "",
        "Total TTC 120,00 €"
      ]]),
      [1],
      spec("facture", template)
    )
    expect(value(out["invoice_number"]!)).toBe("F-2026-118")
    expect(value(out["date"]!)).toBe("2026-08-03")
  })

  it("reads an unlabelled customer from the address block that is not the seller's", () => {
    const out = extractSection(
      pageModelFromLines([[
        "Initech Systems GmbH · Am Markt 1 · 12345 Neustadt",
        "",
        "Globex Trading Ltd                               Invoice Number: DOC-1",
        "456 Harbour Street                               Invoice Date: 01.10.2023",
        "67890 Altstadt",
        "",
        "Total 163,84 EUR"
      ]]),
      [1],
      spec("invoice", template)
    )
    expect(value(out["customer"]!)).toBe("Globex Trading Ltd")
  })
})
