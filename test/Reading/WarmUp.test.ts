import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { warmUpPdf } from "../../src/Reading/Isolation/WarmUp.js"
import { readFile } from "../../src/Reading/Reader.js"

describe("the reading workers' warm-up PDF", () => {
  it.effect("is a one-page text PDF in three kinds of font that the PDF reader reads line by line", () =>
    Effect.gen(function*() {
      const bytes = warmUpPdf()
      const text = Buffer.from(bytes).toString("latin1")
      // The cross-reference table points at each object exactly (pdf.js would otherwise repair the file).
      const xref = Number(/startxref\n(\d+)/.exec(text)![1])
      expect(text.slice(xref, xref + 4)).toBe("xref")
      for (const [i, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
        expect(text.slice(Number(offset[1])).startsWith(`${i + 1} 0 obj`)).toBe(true)
      }
      const model = yield* readFile(bytes, { maxPages: 1 }).pipe(Effect.provide(InProcessReader))
      expect(model.pages).toHaveLength(1)
      expect(model.pages[0]!.lines.map((l) => l.text)).toContain("Total EUR 20.00")
      expect(model.pages[0]!.lines.map((l) => l.text)).toContain("Example Supplies Ltd, 12 Harbour Road")
      // Its fonts are those of the PDFs users send: a standard one, an embedded TrueType program, and a
      // composite font with a Unicode map; its page is compressed.
      expect(text).toMatch(/\/BaseFont \/Helvetica/)
      expect(text).toMatch(/\/FontFile2 \d+ 0 R/)
      expect(text).toMatch(/\/Subtype \/Type0/)
      expect(text).toMatch(/\/Filter \/FlateDecode/)
    }))
})
