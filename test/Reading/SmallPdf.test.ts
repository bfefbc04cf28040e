import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { resourceDir } from "../../src/Reading/PdfJs.js"
import { readFile } from "../../src/Reading/Reader.js"
import { smallTextPdf } from "../../src/Reading/SmallPdf.js"

const program = () => fs.readFileSync(path.join(resourceDir("standard_fonts"), "LiberationSans-Regular.ttf"))
const read = (bytes: Uint8Array) =>
  readFile(bytes, { maxPages: 1 }).pipe(
    Effect.map((model) => model.pages[0]!.lines.map((l) => l.text)),
    Effect.provide(InProcessReader)
  )

describe("smallTextPdf", () => {
  it.effect("sets each line in its kind of font, and pdf.js reads every line back as written", () =>
    Effect.gen(function*() {
      const bytes = smallTextPdf([
        { text: "Standard (Helvetica): Größe 1.00", font: "standard" },
        { text: "Embedded TrueType: 2 x 10.00", font: "truetype" },
        { text: "Composite {font} #42 ~ok", font: "composite" }
      ], program())
      expect(yield* read(bytes)).toEqual([
        "Standard (Helvetica): Größe 1.00",
        "Embedded TrueType: 2 x 10.00",
        "Composite {font} #42 ~ok"
      ])
      const text = Buffer.from(bytes).toString("latin1")
      expect(text).toMatch(/\/Subtype \/Type0 .*\/Encoding \/Identity-H/)
      expect(text).toMatch(/\/Subtype \/CIDFontType2/)
      expect(text).toMatch(/\/ToUnicode \d+ 0 R/)
      expect(text).toMatch(/\/FontFile2 \d+ 0 R/)
      // The cross-reference table points at each object exactly (pdf.js would otherwise repair the file).
      const xref = Number(/startxref\n(\d+)/.exec(text)![1])
      expect(text.slice(xref, xref + 4)).toBe("xref")
      for (const [i, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
        expect(text.slice(Number(offset[1])).startsWith(`${i + 1} 0 obj`)).toBe(true)
      }
    }))

  it.effect("without embedded lines needs no font program and embeds none", () =>
    Effect.gen(function*() {
      const bytes = smallTextPdf([{ text: "Total EUR 20.00", font: "standard" }])
      expect(yield* read(bytes)).toEqual(["Total EUR 20.00"])
      expect(Buffer.from(bytes).toString("latin1")).not.toMatch(/FontFile2|Type0/)
    }))

  it("refuses what its fonts cannot show, and an embedded line without a program", () => {
    expect(() => smallTextPdf([{ text: "Größe", font: "composite" }], program())).toThrow(/does not have/)
    expect(() => smallTextPdf([{ text: "Größe", font: "truetype" }], program())).toThrow(/does not have/)
    expect(() => smallTextPdf([{ text: "€ 5", font: "standard" }])).toThrow(/does not have/)
    expect(() => smallTextPdf([{ text: "x", font: "truetype" }])).toThrow(/program/)
  })
})
