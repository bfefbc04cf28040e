import { describe, expect, it } from "@effect/vitest"
import { findLabels } from "../../../src/Engine/Local/Labels.js"
import { layoutOf } from "../../../src/Engine/Local/Layout.js"
import { below } from "../../../src/Engine/Local/ValueAreas.js"
import { conceptPhrases } from "../../../src/Text/Vocabulary.js"
import { pageModelFromLines } from "../../support/pageModel.js"

/** The lines under a party's label (as its heading, bounded by the header row's other cells). */
const under = (lines: ReadonlyArray<string>, label: string, concept: string) => {
  const layout = layoutOf(pageModelFromLines([lines]).pages[0]!)
  const own = new Set([concept])
  const match = findLabels(layout, conceptPhrases(concept), own).find((m) =>
    m.row.words.slice(m.first, m.last + 1).map((w) => w.text).join(" ") === label
  )!
  return below(match, own, 5, true, true).map((a) => a.words.map((w) => w.text).join(" "))
}

describe("the lines under a party's heading", () => {
  it("end where the next cell of a header row of labels starts", () => {
    expect(under(
      [
        "Ship To                Bill To                 Invoice No.   GS-31719",
        "Harborview Marina LLC  Seacoast Boatworks LLC  Invoice Date  March 21, 2031"
      ],
      "Bill To",
      "customer"
    )).toEqual(["Seacoast Boatworks LLC"])
  })

  it("are whole beside a mark OCR read next to the heading, no cell of a header row", () => {
    expect(under(
      [
        "Verkäufer  > ?",
        "Nummer:    22 00 0001 00001",
        "Name:      Lindgren Werkzeuge GmbH"
      ],
      "Verkäufer",
      "issuer"
    )).toEqual(["Nummer: 22 00 0001 00001", "Name: Lindgren Werkzeuge GmbH"])
  })
})
