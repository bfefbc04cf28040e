import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { makeOcr, Ocr } from "../../src/Ocr/Ocr.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { repeatedPagePdf } from "../support/pdfs.js"

const OcrTest = Layer.scoped(Ocr, Effect.map(makeOcr({ workers: 2 }), Ocr.make))

describe("readPdf on a page tree that lists one page many times", () => {
  layer(OcrTest, { timeout: 120_000 })("with OCR", (it) => {
    it.effect("a few KB listing one drawing-heavy page 499 times: the page is rendered and read once, every copy numbered", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        const pdf = repeatedPagePdf(499)
        expect(pdf.byteLength).toBeLessThan(20_000)
        const started = Date.now()
        const model = yield* readPdf(pdf, { maxPages: 500, ocr })
        expect(model.pages).toHaveLength(499)
        expect(model.pages.map((p) => p.page)).toEqual(Array.from({ length: 499 }, (_, i) => i + 1))
        // A page that only draws paths (no text layer) is a page to OCR.
        expect(new Set(model.pages.map((p) => p.source))).toEqual(new Set(["ocr"]))
        expect(Date.now() - started).toBeLessThan(30_000)
      }))
  })
})
