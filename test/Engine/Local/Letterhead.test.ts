import { describe, expect, it } from "@effect/vitest"
import { lexiconHits } from "../../../src/Engine/Local/Labels.js"
import { layoutOf } from "../../../src/Engine/Local/Layout.js"
import { lineWords, looksLikeName } from "../../../src/Engine/Local/NameLines.js"
import { pageModelFromLines } from "../../support/pageModel.js"

/** Whether the engine takes a line, alone on its row, for a name. */
const nameLike = (line: string): boolean => {
  const layout = layoutOf(pageModelFromLines([[line]]).pages[0]!)
  const row = layout.rows[0]!
  return looksLikeName(layout, row, row.words)
}

describe("looksLikeName", () => {
  it("takes no street, suite or floor line of an address for a name", () => {
    for (
      const line of [
        "14 camino del puerto",
        "738 Harbor St",
        "12 Harbour Rd.",
        "318 chemin des vignes",
        "Suite 200",
        "Building B",
        "Level 9, Menara Seri",
        "FLOOR B3, RIVER PLAZA"
      ]
    ) expect(nameLike(line), line).toBe(false)
  })

  it("takes no label with its value for a name, whatever OCR made of the label", () => {
    for (const line of ["Gcschäftsführer: Tobias Lenz", "Inhaber: Jan Brandt", "Director: Mary Hale"]) {
      expect(nameLike(line), line).toBe(false)
    }
    expect(nameLike("Re:Source Consulting GmbH")).toBe(true)
  })

  it("takes a house number before a square's or a road's name for a street, not names and items like it", () => {
    for (const line of ["14 place du Marché", "3 cours Mirabeau", "12 bis route de Lyon", "Lijnbaansgracht 120"]) {
      expect(nameLike(line), line).toBe(false)
    }
    for (const line of ["Bakkerij Hoogendijk", "2 cours de piano", "Blockade Records", "Vandersteeg Consulting"]) {
      expect(nameLike(line), line).toBe(true)
    }
  })

  it("takes no letter's closing and no line with a price for a name", () => {
    for (
      const line of [
        "Mit freundlichen Grüßen",
        "Kind regards,",
        "Cordialement,",
        "Met vriendelijke groet",
        "Massage, 6 Behandlungen à 38,00 €",
        "Consulting 2.50"
      ]
    ) expect(nameLike(line), line).toBe(false)
    for (const line of ["Regards Hair Studio Ltd", "Studio 54 GmbH"]) expect(nameLike(line), line).toBe(true)
  })

  it("keeps a company's name with a street's word and no number, and no street line with a number", () => {
    for (const line of ["MAPLE STREET WEB STUDIO LLC", "Park Avenue Dental Inc.", "Rue du Commerce SAS"]) {
      expect(nameLike(line), line).toBe(true)
    }
    for (const line of ["Maple Street Web Studio", "12 Maple Street Studio LLC"]) {
      expect(nameLike(line), line).toBe(false)
    }
  })

  it("keeps names that start with a number or with a building word", () => {
    for (const line of ["88 Fresh Mart S/B", "Level Up Cafe", "Building Supplies Ltd", "Casa del sol"]) {
      expect(nameLike(line), line).toBe(true)
    }
  })
})

describe("lineWords", () => {
  /** One page of positioned lines, its paper as wide and tall as given (points). */
  const pageOf = (lines: ReadonlyArray<string>, width: number, height: number) => {
    const model = pageModelFromLines([lines])
    return layoutOf({ ...model.pages[0]!, width, height })
  }

  it("keeps a name whole on a till roll's tall page, where a word space is a wide share of the width", () => {
    // Six characters apart: on paper as tall as three widths, about one letter's height.
    const layout = pageOf(["   GOLDEN      LOTUS", "   NO. 12, JALAN BESAR 3"], 612, 1836)
    expect(lineWords(layout, layout.rows[0]!).map((s) => s.map((w) => w.text).join(" "))).toEqual([
      "GOLDEN LOTUS"
    ])
  })

  it("still cuts a row into its columns on a letter-size page", () => {
    const layout = pageOf(["ACME Supplies GmbH                          INVOICE"], 612, 792)
    expect(lineWords(layout, layout.rows[0]!).map((s) => s.map((w) => w.text).join(" "))).toEqual([
      "ACME Supplies GmbH",
      "INVOICE"
    ])
  })
})

describe("label words in a row", () => {
  it("measure the gap before a label word in the page's true proportions: a till roll's gaps are narrow", () => {
    // On an A4 page the gap of five characters before "CASH" sets it apart as a label; on a roll five
    // times as tall as it is wide, the same share of the width is under a text height.
    const hits = (width: number, height: number) => {
      const model = pageModelFromLines([["GOLDEN     CASH 12.00"]])
      const layout = layoutOf({ ...model.pages[0]!, width, height })
      return lexiconHits(layout, layout.rows[0]!).map((h) => h.labelLike)
    }
    expect(hits(612, 792)).toEqual([true])
    expect(hits(300, 1500)).toEqual([false])
  })
})
