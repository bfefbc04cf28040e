/**
 * Black text on a white canvas (DejaVu Sans, 28 px lines 48 px apart by default, one line per entry),
 * for OCR tests: the canvas (to encode) and its RGBA pixels as an OCR image.
 */
import { createCanvas } from "@napi-rs/canvas"

export interface TextImageOptions {
  readonly width?: number
  /** Left edge of the text, pixels. */
  readonly left?: number
  /** Baseline of the first line, pixels. */
  readonly top?: number
  /** Canvas height; by default just below the last line. */
  readonly height?: number
  readonly fontSize?: number
  /** Distance between baselines, pixels. */
  readonly pitch?: number
}

export const textImage = (
  lines: ReadonlyArray<string>,
  { left = 40, top = 60, width = 640, fontSize = 28, pitch = 48, height = top + pitch * lines.length }:
    TextImageOptions = {}
) => {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext("2d")
  ctx.fillStyle = "white"
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = "black"
  ctx.font = `${fontSize}px DejaVu Sans`
  lines.forEach((line, i) => ctx.fillText(line, left, top + pitch * i))
  const { data } = ctx.getImageData(0, 0, width, height)
  return { canvas, image: { width, height, channels: 4 as const, pixels: new Uint8Array(data.buffer) } }
}

/** The same image encoded as PNG. */
export const textPng = (lines: ReadonlyArray<string>, options?: TextImageOptions): Promise<Buffer> =>
  textImage(lines, options).canvas.encode("png")
