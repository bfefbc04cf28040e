import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeTextPdf } from "../support/pdfs.js"

// Taken before pdf.js is loaded (it is imported dynamically below).
const natives = {
  push: Array.prototype.push,
  stringify: JSON.stringify,
  parse: JSON.parse,
  toString: Function.prototype.toString
}
const current = () => ({
  push: Array.prototype.push,
  stringify: JSON.stringify,
  parse: JSON.parse,
  toString: Function.prototype.toString
})

describe("PdfJs", () => {
  it("leaves the process's native built-ins in place once pdf.js and its worker are loaded and used", async () => {
    const { readPdf } = await import("../../src/Reading/Pdf.js")
    expect(current()).toEqual(natives)
    const model = await Effect.runPromise(readPdf(await makeTextPdf([["hello"]]), { maxPages: 1 }))
    expect(model.pages[0]!.lines.map((l) => l.text)).toEqual(["hello"])
    expect(current()).toEqual(natives)
  })
})
