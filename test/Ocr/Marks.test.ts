import { describe, expect, it } from "@effect/vitest"
import { type Box, type Line, lineOf } from "../../src/Domain/PageModel.js"
import { withMarks } from "../../src/Ocr/Marks.js"

/** One line of words, each 0.1 wide, side by side from the left. */
const line = (y: number, ...texts: ReadonlyArray<string>): Line =>
  lineOf(texts.map((text, i) => ({ text, box: [0.1 + 0.12 * i, y, 0.2 + 0.12 * i, y + 0.02] as Box, confidence: 0.9 })))

describe("withMarks", () => {
  it("spells a word with the marks the other reading gave it in the same place, nothing else", () => {
    const english = [
      line(0.1, "Gasthof", "Zum", "Léwen"),
      line(0.2, "Franz", "Miiller", "MihlenstraBe"),
      line(0.3, "MARCHE", "383,75")
    ]
    const other = [
      line(0.1, "Gasthof", "Zum", "Löwen"),
      line(0.2, "Franz", "Müller", "Mühlenstraße"),
      line(0.3, "MARCHÉ", "38375")
    ]
    expect(withMarks(english, other).map((l) => l.text)).toEqual([
      "Gasthof Zum Löwen",
      "Franz Müller Mühlenstraße",
      // The amount keeps the English reading: only marks are taken from the other.
      "MARCHÉ 383,75"
    ])
  })

  it("takes no word that differs in its unmarked letters, nor one read elsewhere on the page", () => {
    const english = [line(0.1, "Lowan", "Strasse"), line(0.5, "Koln")]
    const other = [line(0.1, "Löwen", "Straße"), line(0.7, "Köln")]
    // "Straße" is "Strasse" with its sharp s; "Löwen" is not "Lowan"; "Köln" is another line's.
    expect(withMarks(english, other).map((l) => l.text)).toEqual(["Lowan Straße", "Koln"])
  })
})
