import { describe, expect, it, layer } from "@effect/vitest"
import { createCanvas } from "@napi-rs/canvas"
import { Effect, Fiber, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { makeOcr, Ocr, tesseractPaths, toOcrResult } from "../../src/Ocr/Ocr.js"
import { analyseText, cropPrepared, inkOfColors, prepare, unreadRows } from "../../src/Ocr/Preprocess.js"
import { inUnit } from "../support/boxes.js"
import { textImage } from "../support/textImage.js"

/**
 * A worker script that throws on any network use, then runs tesseract.js's own worker: if OCR tried
 * to fetch anything (model, core), the worker would fail to start or to recognize.
 */
const offlineWorkerScript = () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ocr-offline-")), "worker.cjs")
  fs.writeFileSync(
    file,
    [
      `const block = (what) => () => { throw new Error("network use in OCR worker: " + what) }`,
      `globalThis.fetch = block("fetch")`,
      `for (const m of ["http", "https"]) { const mod = require(m); mod.request = block(m); mod.get = block(m) }`,
      `const net = require("net"); net.connect = net.createConnection = block("net")`,
      `require(${JSON.stringify(tesseractPaths().workerPath)})`
    ].join("\n")
  )
  return file
}

const OcrOffline = Layer.scoped(
  Ocr,
  Effect.map(makeOcr({ workers: 1, workerPath: offlineWorkerScript() }), Ocr.make)
)

describe("Ocr", () => {
  it("points tesseract.js at files in node_modules, never a URL", () => {
    const paths = tesseractPaths()
    for (const p of [paths.workerPath, paths.corePath, paths.langPath]) {
      expect(p).not.toMatch(/^[a-z]+:\/\//i)
      expect(fs.existsSync(p)).toBe(true)
    }
    expect(fs.existsSync(path.join(paths.langPath, "eng.traineddata.gz"))).toBe(true)
  })

  layer(OcrOffline, { timeout: 60_000 })("one worker, network blocked", (it) => {
    it.effect("reads lines and words with boxes in 0..1, in reading order, with confidences, without network", () =>
      Effect.gen(function*() {
        // fetch watched in the main thread too (tesseract.js loads URLs given as images with it).
        const saved = globalThis.fetch
        const attempts: Array<string> = []
        globalThis.fetch = (async (input: unknown) => {
          attempts.push(`fetch ${String(input)}`)
          throw new Error("network")
        }) as typeof fetch
        try {
          const ocr = yield* Ocr
          const { image } = textImage(["INVOICE 12345", "Total 99.50"])
          const result = yield* ocr.recognize(image)
          expect(result.lines.map((l) => l.text)).toEqual(["INVOICE 12345", "Total 99.50"])
          expect(result.confidence).toBeGreaterThan(0.5)
          expect(result.confidence).toBeLessThanOrEqual(1)
          const [first, second] = result.lines
          expect(first!.box[3]).toBeLessThan(second!.box[1])
          for (const line of result.lines) {
            expect(inUnit(line.box)).toBe(true)
            for (const w of line.words) {
              expect(inUnit(w.box)).toBe(true)
              expect(w.confidence).toBeGreaterThan(0)
              expect(w.confidence).toBeLessThanOrEqual(1)
            }
            expect(line.words[0]!.box[2]).toBeLessThan(line.words[1]!.box[0])
          }
          // "INVOICE" starts 40 px from the left of 640, its baseline at 60 of 156.
          const invoice = first!.words[0]!
          expect(invoice.box[0]).toBeCloseTo(40 / 640, 1)
          expect(invoice.box[3]).toBeCloseTo(60 / 156, 1)
          expect(attempts).toEqual([])
        } finally {
          globalThis.fetch = saved
        }
      }))

    it.effect("accepts an encoded PNG", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        const { canvas } = textImage(["RECEIPT 2024-05-01"])
        const png = new Uint8Array(yield* Effect.promise(() => canvas.encode("png")))
        const result = yield* ocr.recognize({ width: canvas.width, height: canvas.height, png })
        expect(result.lines.map((l) => l.text)).toEqual(["RECEIPT 2024-05-01"])
      }))

    it.effect("an interrupted recognition leaves the worker usable", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        const { image } = textImage(["first page text", "more words here"])
        const fiber = yield* Effect.fork(ocr.recognize(image))
        // Real time (it.effect's clock is a test clock): the job reaches the worker, then the caller gives up.
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
        yield* Fiber.interrupt(fiber)
        const { image: next } = textImage(["Second 42"])
        const result = yield* ocr.recognize(next)
        expect(result.lines.map((l) => l.text)).toEqual(["Second 42"])
      }))

    it.effect("reads a line printed on a shaded band as well as the lines on white paper", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        const canvas = createCanvas(640, 300)
        const ctx = canvas.getContext("2d")
        ctx.fillStyle = "white"
        ctx.fillRect(0, 0, 640, 300)
        // A header band in grey; its print is dark grey, lighter than the black text around it.
        ctx.fillStyle = "rgb(120,120,120)"
        ctx.fillRect(0, 110, 640, 60)
        ctx.font = "28px DejaVu Sans"
        ctx.fillStyle = "black"
        ctx.fillText("Invoice 4711 from", 40, 60)
        ctx.fillText("Widget 3 pcs 10.00", 40, 230)
        ctx.fillStyle = "rgb(40,40,40)"
        ctx.fillText("Item Quantity Amount", 40, 150)
        const { data } = ctx.getImageData(0, 0, 640, 300)
        const result = yield* ocr.recognize({
          width: 640,
          height: 300,
          channels: 4,
          pixels: new Uint8Array(data.buffer)
        })
        expect(result.lines.map((l) => l.text)).toEqual([
          "Invoice 4711 from",
          "Item Quantity Amount",
          "Widget 3 pcs 10.00"
        ])
      }))

    it.effect("an empty (white) image has no lines", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        const result = yield* ocr.recognize({ width: 50, height: 20, pixels: new Uint8Array(1000).fill(255) })
        expect(result).toEqual({ lines: [], confidence: 0 })
      }))
  })

  describe("amounts split after their decimal point", () => {
    /** One tesseract line of words given as [text, x0, x1] (pixels), 20 px tall, on a 1000×100 image. */
    const read = (...words: Array<[string, number, number]>) =>
      toOcrResult(
        {
          blocks: [{
            paragraphs: [{
              lines: [{
                words: words.map(([text, x0, x1]) => ({ text, confidence: 90, bbox: { x0, y0: 40, x1, y1: 60 } }))
              }]
            }]
          }]
        },
        {
          pixels: new Uint8Array(0),
          width: 1000,
          height: 100,
          scale: 1,
          left: 0,
          top: 0,
          sourceWidth: 1000,
          sourceHeight: 100,
          segmentation: "block",
          tesseractParams: {}
        }
      ).lines.map((l) => l.text)

    it("joins a whole part and its two decimals read as two close words", () => {
      expect(read(["RM", 300, 330], ["170.", 400, 447], ["00", 458, 488])).toEqual(["RM 170.00"])
      expect(read(["CASH", 100, 160], ["170", 400, 440], [".00", 444, 480])).toEqual(["CASH 170.00"])
      const [line] = toOcrResult(
        {
          blocks: [{
            paragraphs: [{
              lines: [{
                words: [
                  { text: "170.", confidence: 66, bbox: { x0: 400, y0: 40, x1: 447, y1: 60 } },
                  { text: "00", confidence: 93, bbox: { x0: 458, y0: 41, x1: 488, y1: 61 } }
                ]
              }]
            }]
          }]
        },
        {
          pixels: new Uint8Array(0),
          width: 1000,
          height: 100,
          scale: 1,
          left: 0,
          top: 0,
          sourceWidth: 1000,
          sourceHeight: 100,
          segmentation: "block",
          tesseractParams: {}
        }
      ).lines
      expect(line!.words).toHaveLength(1)
      expect(line!.words[0]!.confidence).toBeCloseTo(0.66)
      expect(line!.words[0]!.box[0]).toBeCloseTo(0.4)
      expect(line!.words[0]!.box[2]).toBeCloseTo(0.488)
    })

    it("leaves words apart when the gap is a space, or the result would not be an amount", () => {
      // "Lot 38, 39": a real space (1.5 text heights).
      expect(read(["Lot", 100, 140], ["38.", 160, 185], ["39", 215, 240])).toEqual(["Lot 38. 39"])
      // No separator read: which digits are decimals is not known.
      expect(read(["0", 100, 112], ["00", 120, 145])).toEqual(["0 00"])
      expect(read(["170.", 400, 447], ["005", 458, 500])).toEqual(["170. 005"])
      expect(read(["No.", 100, 140], ["12", 150, 175])).toEqual(["No. 12"])
    })
  })

  describe("preparation (Preprocess)", () => {
    it("lightens light marks and darkens deep colored print where each covers a share of the image", () => {
      /** RGB pixels: `n` pink (a stamp's ink), `n` orange (print), one yellow (a highlighter), one black, the rest white. */
      const pixels = (n: number) => {
        const out = new Uint8Array(1000 * 3).fill(255)
        for (let i = 0; i < n; i++) {
          out.set([235, 90, 160], i * 3)
          out.set([240, 120, 20], (100 + i) * 3)
        }
        out.set([255, 240, 100], 900 * 3)
        out.set([0, 0, 0], 901 * 3)
        return out
      }
      const page = pixels(10)
      const out = inkOfColors(page, 3)
      expect([...out.subarray(0, 3)]).toEqual([235, 235, 235])
      expect([...out.subarray(100 * 3, 101 * 3)]).toEqual([20, 20, 20])
      expect([...out.subarray(900 * 3, 902 * 3)]).toEqual([255, 240, 100, 0, 0, 0])
      expect([...page.subarray(0, 3)]).toEqual([235, 90, 160])
      // Three of each in a thousand (JPEG's fringes around print): nothing changes.
      const fringed = pixels(3)
      expect(inkOfColors(fringed, 3)).toBe(fringed)
    })

    /** Text at (600, 400) on a 1000×800 page with speckles in the corners. */
    const speckledPage = (fontPx: number) => {
      const canvas = createCanvas(1000, 800)
      const ctx = canvas.getContext("2d")
      ctx.fillStyle = "white"
      ctx.fillRect(0, 0, 1000, 800)
      ctx.fillStyle = "black"
      for (const [x, y] of [[20, 20], [960, 30], [40, 760], [950, 750]]) ctx.fillRect(x!, y!, 6, 6)
      ctx.font = `${fontPx}px DejaVu Sans`
      ctx.fillText("TOTAL 12.50", 600, 400)
      ctx.fillText("CASH 20.00", 600, 400 + 2 * fontPx)
      const { data } = ctx.getImageData(0, 0, 1000, 800)
      const gray = new Uint8Array(1000 * 800)
      for (let i = 0; i < gray.length; i++) gray[i] = data[4 * i]!
      return gray
    }

    it("finds the text's glyph height and crops to the text, leaving speckles out", () => {
      const { textHeight, textBox } = analyseText(speckledPage(28), 1000, 800)
      expect(textHeight).toBeGreaterThanOrEqual(18)
      expect(textHeight).toBeLessThanOrEqual(22)
      const [x0, y0, x1, y1] = textBox!
      expect(x0).toBeGreaterThan(500)
      expect(x0).toBeLessThan(600)
      expect(y0).toBeGreaterThan(300)
      expect(x1).toBeLessThan(960)
      expect(y1).toBeLessThan(750)
    })

    it.effect("upscales small text and records the crop and scale that map boxes back", () =>
      Effect.gen(function*() {
        const prepared = yield* prepare({ width: 1000, height: 800, pixels: speckledPage(12) }, { enhance: true })
        expect(prepared.scale).toBeGreaterThan(1.3)
        expect(prepared.left).toBeGreaterThan(500)
        // The crop (in source pixels) lies inside the source and is smaller than it.
        expect(prepared.left + prepared.width / prepared.scale).toBeLessThanOrEqual(prepared.sourceWidth + 1)
        expect(prepared.top + prepared.height / prepared.scale).toBeLessThanOrEqual(prepared.sourceHeight + 1)
        expect(prepared.width / prepared.scale).toBeLessThan(500)
        expect(prepared.pixels.length).toBe(prepared.width * prepared.height)
        const raw = yield* prepare({ width: 1000, height: 800, pixels: speckledPage(12) }, { enhance: false })
        expect(raw).toMatchObject({ scale: 1, left: 0, top: 0, width: 1000, height: 800, segmentation: "block" })
      }))

    describe("rows a reading left out", () => {
      /** A large letterhead over two lines of body text, as gray pixels. */
      const letterhead = () => {
        const canvas = createCanvas(800, 320)
        const ctx = canvas.getContext("2d")
        ctx.fillStyle = "white"
        ctx.fillRect(0, 0, 800, 320)
        ctx.fillStyle = "black"
        ctx.font = "28px DejaVu Sans"
        ctx.fillText("TOTAL 12.50", 40, 200)
        ctx.fillText("CASH 20.00", 40, 248)
        ctx.font = "56px DejaVu Sans"
        ctx.fillText("ACME STORES", 60, 90)
        ctx.fillRect(700, 20, 5, 5) // a speck
        const { data } = ctx.getImageData(0, 0, 800, 320)
        const pixels = new Uint8Array(800 * 320)
        for (let i = 0; i < pixels.length; i++) pixels[i] = data[4 * i]!
        return { pixels, width: 800, height: 320 }
      }

      it("finds the text no recognized word covers, as one row with a margin, and nothing else", () => {
        const page = letterhead()
        // The reading found the two body lines (baselines 200 and 248) but not the letterhead.
        const rows = unreadRows(page, [[30, 170, 300, 210], [30, 218, 300, 258]])
        expect(rows).toHaveLength(1)
        const [x0, y0, x1, y1] = rows[0]!
        expect(x0).toBeLessThan(60)
        expect(x1).toBeGreaterThan(400)
        expect(y0).toBeLessThan(45)
        expect(y1).toBeGreaterThan(90)
        expect(y1).toBeLessThan(170)
        // Everything read: nothing left.
        expect(unreadRows(page, [[0, 0, 800, 320]])).toEqual([])
      })

      it("crops a row as an image whose offsets map its boxes back to the source", () => {
        const page = letterhead()
        const prepared = {
          ...page,
          scale: 2,
          left: 10,
          top: 20,
          sourceWidth: 1000,
          sourceHeight: 1000,
          segmentation: "block" as const,
          tesseractParams: {}
        }
        const crop = cropPrepared(prepared, [100, 40, 300, 100])
        expect(crop).toMatchObject({ width: 200, height: 60, left: 60, top: 40, scale: 2 })
        expect(crop.pixels.length).toBe(200 * 60)
        expect(crop.pixels[0]).toBe(page.pixels[40 * 800 + 100])
        expect(crop.pixels[59 * 200 + 199]).toBe(page.pixels[99 * 800 + 299])
      })
    })
  })
})
