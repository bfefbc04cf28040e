import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as zlib from "node:zlib"
import type { PageModel } from "../../src/Domain/PageModel.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { flatePagePdf, zlibZeros } from "../support/pdfs.js"

const LINES = Array.from(
  { length: 20 },
  (_, i) => `Line ${i + 1} of the delivered goods ${(12.5 * (i + 1)).toFixed(2)} EUR`
)

/** Drawing LINES in Helvetica, one under the other. */
const content = Buffer.from(
  ["BT", "/F1 11 Tf", "14 TL", "60 780 Td", ...LINES.map((l) => `(${l}) Tj T*`), "ET"].join("\n"),
  "latin1"
)

const COLUMNS = 64
/** TIFF predictor 2 (each byte minus the one before it in its row), as /DecodeParms say. */
const TIFF_PREDICTOR = `/DecodeParms << /Predictor 2 /Colors 1 /BitsPerComponent 8 /Columns ${COLUMNS} >> `
const tiffPredicted = (bytes: Uint8Array): Buffer => {
  const rows = Math.ceil(bytes.byteLength / COLUMNS)
  const padded = Buffer.alloc(rows * COLUMNS, 0x20)
  padded.set(bytes)
  return Buffer.from(padded.map((b, i) => (i % COLUMNS === 0 ? b : (b - padded[i - 1]!) & 0xff)))
}

const read = (bytes: Uint8Array) => Effect.runPromise(readPdf(bytes, { maxPages: 1 }))
const lines = (model: PageModel) => model.pages[0]!.lines.map((l) => l.text)

describe("readPdf on Flate-compressed content", () => {
  const whole = zlib.deflateSync(content)

  it("reads a whole, valid stream", async () => {
    expect(lines(await read(flatePagePdf(whole)))).toEqual(LINES)
  })

  it("reads a stream zlib refuses (no checksum, wrong checksum) exactly as a valid one", async () => {
    const valid = await read(flatePagePdf(whole))
    const noChecksum = whole.subarray(0, whole.byteLength - 4)
    const wrongChecksum = Buffer.from(whole)
    wrongChecksum[wrongChecksum.byteLength - 1]! ^= 0xff
    for (const data of [noChecksum, wrongChecksum]) {
      expect(() => zlib.inflateSync(data)).toThrow()
      expect(await read(flatePagePdf(data))).toEqual(valid)
    }
  })

  it("applies a predictor to what zlib inflates, and to what it refuses", async () => {
    const predicted = zlib.deflateSync(tiffPredicted(content))
    expect(lines(await read(flatePagePdf(predicted, TIFF_PREDICTOR)))).toEqual(LINES)
    const noChecksum = predicted.subarray(0, predicted.byteLength - 4)
    expect(lines(await read(flatePagePdf(noChecksum, TIFF_PREDICTOR)))).toEqual(LINES)
  })

  it("reads what a truncated stream holds before the cut", async () => {
    // The text, then operators that draw nothing, stored in blocks: the cut falls well after the text.
    const padded = Buffer.concat([content, Buffer.from("\nq Q".repeat(50_000), "latin1")])
    const cut = zlib.deflateSync(padded, { level: 0 }).subarray(0, 150_000)
    expect(() => zlib.inflateSync(cut)).toThrow()
    expect(lines(await read(flatePagePdf(cut)))).toEqual(LINES)
  })
})

describe("readPdf on a compression bomb", () => {
  for (const checksum of ["valid", "wrong"] as const) {
    it(
      `a 2 MB stream inflating to 2 GB (${checksum} checksum) stops at the limit: 413 naming it, memory bounded`,
      async () => {
        const bomb = flatePagePdf(zlibZeros(2048, checksum))
        expect(bomb.byteLength).toBeLessThan(4 << 20)
        const before = process.memoryUsage().rss
        const started = Date.now()
        const exit = await Effect.runPromise(Effect.either(readPdf(bomb, { maxPages: 1 })))
        expect(exit._tag).toBe("Left")
        const error = exit._tag === "Left" ? exit.left : undefined
        expect(error?._tag).toBe("PayloadTooLarge")
        expect(error?.detail).toBe("PDF holds a compressed stream that decodes to more than 256 MB (the limit)")
        expect(Date.now() - started).toBeLessThan(20_000)
        expect(process.memoryUsage().rss - before).toBeLessThan(1024 << 20)
      },
      60_000
    )
  }
})
