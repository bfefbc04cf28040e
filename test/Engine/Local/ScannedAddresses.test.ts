/**
 * A store's address as OCR reads it: a letter of a town or a street word misread, a digit read for a
 * letter. The local engine reads the address through the misreads its lexicon can tell, and a word it
 * confirms no longer makes the value doubtful.
 */
import { describe, expect, it } from "@effect/vitest"
import { DEFAULT_MIN_CONFIDENCE } from "../../../src/Config.js"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import type { PageModel } from "../../../src/Domain/PageModel.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromPlaced } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const receipt = (street: string, town: string): Array<string> => [
  "EXAMPLE TRADING SDN BHD",
  street,
  town,
  "TAX INVOICE",
  "Date: 05/01/2018",
  "Hammer 1 27.00",
  "TOTAL 27.00"
]

const TEMPLATE = { address: "Address of the store" }

const addressOf = (lines: ReadonlyArray<string>, options: { ocr: boolean; doubted?: string }) => {
  const model: PageModel = pageModelFromPlaced([
    lines.map((text, y) => ({ text, x: 0, y, confidence: options.ocr ? 0.93 : 1 }))
  ])
  if (options.ocr) {
    Object.assign(model, { mediaType: "image/png" })
    for (const p of model.pages) Object.assign(p, { source: "ocr" })
  }
  // Every word read sure of its letters but `doubted`, which holds one letter the reader doubted.
  for (const line of model.pages[0]!.lines) {
    Object.assign(line, {
      words: line.words.map((w) => ({ ...w, leastCharacter: w.text === options.doubted ? 0.3 : w.confidence }))
    })
  }
  const got = extractSection(model, [1], spec("receipt", TEMPLATE)) as Record<string, Grounded | null>
  return got["address"]!
}

describe("a scanned receipt's address", () => {
  it("reads a town's or a street word's misread letter as the word", () => {
    const got = addressOf(receipt("NO 8, JALAN CONTOH 3, TAMAN MAJU,", "81200 JOHCR BAHRU, Johor."), {
      ocr: true,
      doubted: "JOHCR"
    })
    expect(got.value).toBe("NO 8, JALAN CONTOH 3, TAMAN MAJU, 81200 JOHOR BAHRU, Johor.")
    // A word the reader was sure of is a place's own name, one letter off an address word or not.
    const sure = addressOf(receipt("NO 8, JALAN KAMPONG PANDAN,", "81200 JOHOR BAHRU, Johor."), { ocr: true })
    expect(sure.value).toBe("NO 8, JALAN KAMPONG PANDAN, 81200 JOHOR BAHRU, Johor.")
    const digits = addressOf(receipt("Leve1 6, Bangunan Contoh,", "&7400 Petaling Jaya, Selangor"), { ocr: true })
    expect(digits.value).toBe("Level 6, Bangunan Contoh, 87400 Petaling Jaya, Selangor")
  })

  it("leaves a text layer's address as printed", () => {
    const got = addressOf(receipt("NO 8, JALAN CONTOH 3, TAMAN MAJU,", "81200 JOHCR BAHRU, Johor."), { ocr: false })
    expect(got.value).toBe("NO 8, JALAN CONTOH 3, TAMAN MAJU, 81200 JOHCR BAHRU, Johor.")
  })

  it("is not made doubtful by a letter the reader doubted in a word the lexicon confirms", () => {
    const lines = receipt("NO 8, JALAN CONTOH 3, TAMAN MAJU,", "81200 JOHOR BAHRU, JOHOR.")
    const confirmed = addressOf(lines, { ocr: true, doubted: "BAHRU," })
    const unknown = addressOf(lines, { ocr: true, doubted: "CONTOH" })
    expect(confirmed.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
    expect(unknown.confidence).toBeLessThan(DEFAULT_MIN_CONFIDENCE)
  })
})
