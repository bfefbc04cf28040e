import { describe, expect, it } from "@effect/vitest"
import { createCanvas } from "@napi-rs/canvas"
import { otsuThreshold } from "../../src/Ocr/Otsu.js"
import { evenShading } from "../../src/Ocr/Shading.js"

const WIDTH = 800, HEIGHT = 600

/**
 * A page of dark text lines on white paper; the band from y 240 to 330 is paper in a shadow (level
 * `band`) with its own line of text; optionally a black bar (not paper) at the bottom right.
 */
const page = (band: number, bar = false) => {
  const canvas = createCanvas(WIDTH, HEIGHT)
  const ctx = canvas.getContext("2d")
  ctx.fillStyle = "rgb(235,235,235)"
  ctx.fillRect(0, 0, WIDTH, HEIGHT)
  ctx.fillStyle = `rgb(${band},${band},${band})`
  ctx.fillRect(0, 240, WIDTH, 90)
  if (bar) {
    ctx.fillStyle = "rgb(30,30,30)"
    ctx.fillRect(560, 480, 240, 120)
  }
  ctx.font = "28px DejaVu Sans"
  ctx.fillStyle = "rgb(40,40,40)"
  for (const [i, y] of [60, 120, 180, 400, 460].entries()) ctx.fillText(`Line ${i} of plain text here`, 40, y)
  ctx.fillStyle = "rgb(60,60,60)"
  ctx.fillText("Description Quantity Amount", 40, 295)
  const { data } = ctx.getImageData(0, 0, WIDTH, HEIGHT)
  const pixels = new Uint8Array(WIDTH * HEIGHT)
  for (let i = 0; i < pixels.length; i++) pixels[i] = data[4 * i]!
  return { pixels, width: WIDTH, height: HEIGHT }
}

/** Share of the band's pixels darker than the page's Otsu threshold (its text is about a tenth). */
const darkShareOfBand = (pixels: Uint8Array) => {
  const threshold = otsuThreshold(pixels)
  let dark = 0
  for (let y = 245; y < 325; y++) for (let x = 0; x < WIDTH; x++) if (pixels[y * WIDTH + x]! <= threshold) dark++
  return dark / (80 * WIDTH)
}

describe("evenShading", () => {
  it("brings shaded paper to the page's paper level, so that only the print on it thresholds dark", () => {
    const shaded = page(140)
    // As printed, one threshold takes the whole band, paper and print, for ink.
    expect(darkShareOfBand(shaded.pixels)).toBeGreaterThan(0.9)
    const even = evenShading(shaded)
    expect(even.pixels[280 * WIDTH + 700]).toBeGreaterThan(220)
    const share = darkShareOfBand(even.pixels)
    expect(share).toBeGreaterThan(0.02)
    expect(share).toBeLessThan(0.3)
    // Print on white paper keeps its level; the input is not changed.
    expect(even.pixels[60 * WIDTH + 5]).toBe(235)
    expect(shaded.pixels[280 * WIDTH + 700]).toBe(140)
  })

  it("leaves a page with even paper as it is, and a region far darker than paper untouched", () => {
    const plain = page(235)
    expect(evenShading(plain) === plain).toBe(true)
    // Paper a little darker (a soft shadow) still thresholds apart from its print: left as it is.
    const soft = page(190)
    expect(darkShareOfBand(soft.pixels)).toBeLessThan(0.3)
    expect(evenShading(soft) === soft).toBe(true)
    const barred = page(235, true)
    expect(evenShading(barred) === barred).toBe(true)
    const both = evenShading(page(140, true))
    expect(both.pixels[560 * WIDTH + 700]).toBe(30)
  })
})
