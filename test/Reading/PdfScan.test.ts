import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { renderPdfPage } from "../../src/Reading/PdfScan.js"
import { A4, makePdf } from "../support/pdfs.js"

/** Share of dark pixels (RGBA) in the rectangle [x1, y1, x2, y2) of the image. */
const darkShare = (image: { width: number; pixels: Uint8Array }, x1: number, y1: number, x2: number, y2: number) => {
  let dark = 0
  for (let y = y1; y < y2; y++) {
    for (let x = x1; x < x2; x++) if (image.pixels[(y * image.width + x) * 4]! < 128) dark++
  }
  return dark / ((x2 - x1) * (y2 - y1))
}

describe("renderPdfPage", () => {
  it.effect("renders the asked page as RGBA pixels, its longer side at the given size", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[{ text: "first page", x: 72, y: 72 }], [{ text: "SECOND PAGE", x: 72, y: 400, size: 40 }]])
      )
      const image = yield* renderPdfPage(bytes, 2, { maxSide: 1000 })
      expect(image.height).toBe(1000)
      expect(image.width).toBe(Math.round((1000 * A4.width) / A4.height))
      expect(image.channels).toBe(4)
      expect(image.pixels.byteLength).toBe(image.width * image.height * 4)
      // The heading of page 2 is drawn (dark) where it was placed; the top of the page is blank.
      const scale = 1000 / A4.height
      const at = (pt: number) => Math.round(pt * scale)
      expect(darkShare(image, at(72), at(400), at(300), at(440))).toBeGreaterThan(0.05)
      expect(darkShare(image, 0, 0, image.width, at(300))).toBe(0)
    }))

  it.effect("fails with UnsupportedMediaType for a page the file does not have", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makePdf([[{ text: "only page", x: 72, y: 72 }]]))
      const error = yield* Effect.flip(renderPdfPage(bytes, 2, { maxSide: 500 }))
      expect(error._tag).toBe("UnsupportedMediaType")
      expect(error.detail).toBe("the PDF has no page 2")
    }))
})
