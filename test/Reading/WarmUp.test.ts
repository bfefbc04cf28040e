import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { warmUpPdf } from "../../src/Reading/Isolation/WarmUp.js"
import { readFile } from "../../src/Reading/Reader.js"

describe("the reading workers' warm-up PDF", () => {
  it.effect("is a well-formed one-page text PDF with an embedded font that the PDF reader reads line by line", () =>
    Effect.gen(function*() {
      const bytes = warmUpPdf()
      const text = Buffer.from(bytes).toString("latin1")
      // The cross-reference table points at each object exactly (pdf.js would otherwise repair the file).
      const xref = Number(/startxref\n(\d+)/.exec(text)![1])
      expect(text.slice(xref, xref + 4)).toBe("xref")
      for (const [i, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].entries()) {
        expect(text.slice(Number(offset[1]), Number(offset[1]) + 7)).toBe(`${i + 1} 0 obj`)
      }
      const model = yield* readFile(bytes, { maxPages: 1 }).pipe(Effect.provide(InProcessReader))
      expect(model.pages).toHaveLength(1)
      expect(model.pages[0]!.lines.map((l) => l.text)).toContain("Total EUR 20.00")
      // Its font is embedded (a TrueType program) and its page compressed, as in the PDFs users send.
      expect(text).toMatch(/\/FontFile2 \d+ 0 R/)
      expect(text).toMatch(/\/Filter \/FlateDecode/)
    }))
})
