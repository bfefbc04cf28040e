import { describe, expect, it, layer } from "@effect/vitest"
import { createCanvas } from "@napi-rs/canvas"
import { Effect, Layer } from "effect"
import { invertDarkBands } from "../../src/Ocr/DarkBands.js"
import { makeOcr, Ocr } from "../../src/Ocr/Ocr.js"

const WIDTH = 1000, HEIGHT = 700

interface Drawing {
  /** A dark bar across the page from y 200 to 236 with a table's header in light letters on it. */
  readonly band?: boolean
  /** A box drawn round the first two lines, 2 px lines. */
  readonly box?: boolean
  /** A dark photo: a block 300 px tall. */
  readonly photo?: boolean
  /** A small dark logo. */
  readonly logo?: boolean
}

/** A form's page: lines of dark print on light paper, and what `drawing` asks for. */
const page = (drawing: Drawing) => {
  const canvas = createCanvas(WIDTH, HEIGHT)
  const ctx = canvas.getContext("2d")
  ctx.fillStyle = "rgb(240,240,240)"
  ctx.fillRect(0, 0, WIDTH, HEIGHT)
  ctx.font = "24px DejaVu Sans"
  ctx.fillStyle = "rgb(30,30,30)"
  ctx.fillText("Northwind Supplies Ltd", 60, 80)
  ctx.fillText("Invoice No. 4471", 60, 130)
  ctx.fillText("Gastronorm pan stainless  12  222.00", 60, 280)
  ctx.fillText("Chef knife 21 cm  4  184.00", 60, 330)
  if (drawing.band === true) {
    ctx.fillStyle = "rgb(55,55,55)"
    ctx.fillRect(40, 200, 900, 36)
    ctx.fillStyle = "rgb(250,250,250)"
    ctx.fillText("Description  Qty  Amount", 60, 226)
  }
  if (drawing.box === true) {
    ctx.strokeStyle = "rgb(20,20,20)"
    ctx.lineWidth = 2
    ctx.strokeRect(45, 45, 500, 110)
  }
  if (drawing.photo === true) {
    ctx.fillStyle = "rgb(40,40,40)"
    ctx.fillRect(600, 380, 380, 300)
  }
  if (drawing.logo === true) {
    ctx.fillStyle = "rgb(20,20,20)"
    ctx.fillRect(800, 50, 120, 40)
  }
  const { data } = ctx.getImageData(0, 0, WIDTH, HEIGHT)
  const pixels = new Uint8Array(WIDTH * HEIGHT)
  for (let i = 0; i < pixels.length; i++) pixels[i] = data[4 * i]!
  return { canvas, gray: { pixels, width: WIDTH, height: HEIGHT } }
}

const at = (image: { pixels: Uint8Array }, x: number, y: number) => image.pixels[y * WIDTH + x]!

describe("invertDarkBands", () => {
  it("makes a dark bar's light print dark on light paper", () => {
    const { gray } = page({ band: true })
    const out = invertDarkBands(gray)
    // The bar's paper is light now, as light as the page's; the print elsewhere is as it was.
    expect(at(out, 900, 218)).toBeGreaterThan(200)
    expect(at(gray, 900, 218)).toBe(55)
    expect(at(out, 5, 5)).toBe(240)
    // Its letters are dark: the row through them holds dark pixels where the bar's paper is light.
    const row = Array.from({ length: 300 }, (_, x) => at(out, 60 + x, 218))
    expect(Math.min(...row)).toBeLessThan(80)
  })

  it("leaves a page without bars, a tall dark photo and a small logo as they are", () => {
    const plain = page({})
    expect(invertDarkBands(plain.gray)).toBe(plain.gray)
    const photo = page({ photo: true, logo: true })
    expect(invertDarkBands(photo.gray)).toBe(photo.gray)
  })
})

const OneWorker = Layer.scoped(Ocr, Effect.map(makeOcr({ workers: 1 }), Ocr.make))

layer(OneWorker, { timeout: 120_000 })("a form's page through OCR", (it) => {
  it.effect("reads the table's header printed light on a dark bar", () =>
    Effect.gen(function*() {
      const ocr = yield* Ocr
      const { canvas } = page({ band: true })
      const { data } = canvas.getContext("2d").getImageData(0, 0, WIDTH, HEIGHT)
      const result = yield* ocr.recognize({
        width: WIDTH,
        height: HEIGHT,
        channels: 4,
        pixels: new Uint8Array(data.buffer)
      })
      const text = result.lines.map((l) => l.text)
      expect(text).toContain("Description Qty Amount")
      expect(text).toContain("Northwind Supplies Ltd")
      expect(text).toContain("Invoice No. 4471")
    }))
})
