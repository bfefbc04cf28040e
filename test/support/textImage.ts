/**
 * Black text on a white canvas (DejaVu Sans 28 px, one line per entry, 48 px apart), for OCR tests:
 * the canvas (to encode) and its RGBA pixels as an OCR image.
 */
import { createCanvas } from "@napi-rs/canvas"

export interface TextImageOptions {
  readonly width?: number
  /** Left edge of the text, pixels. */
  readonly left?: number
  /** Baseline of the first line, pixels. */
  readonly top?: number
}

export const textImage = (lines: ReadonlyArray<string>, { left = 40, top = 60, width = 640 }: TextImageOptions = {}) => {
  const height = top + 48 * lines.length
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext("2d")
  ctx.fillStyle = "white"
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = "black"
  ctx.font = "28px DejaVu Sans"
  lines.forEach((line, i) => ctx.fillText(line, left, top + 48 * i))
  const { data } = ctx.getImageData(0, 0, width, height)
  return { canvas, image: { width, height, channels: 4 as const, pixels: new Uint8Array(data.buffer) } }
}

/** The same image encoded as PNG. */
export const textPng = (lines: ReadonlyArray<string>, options?: TextImageOptions): Promise<Buffer> =>
  textImage(lines, options).canvas.encode("png")
