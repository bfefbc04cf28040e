/** What the OCR reads and answers, shared by the pool, the recognition and the readers that call it. */
import { Data } from "effect"
import type { Line } from "../Domain/PageModel.js"

/** An image to read: 8-bit pixels (grayscale by default), or an encoded image (PNG, JPEG, …). */
export type OcrImage =
  | {
    readonly width: number
    readonly height: number
    /** Row-major, `channels` bytes per pixel, no padding. */
    readonly pixels: Uint8Array
    /** 1 (grayscale, default), 3 (RGB) or 4 (RGBA, as a canvas gives it). */
    readonly channels?: 1 | 3 | 4
  }
  | { readonly width: number; readonly height: number; readonly png: Uint8Array }

/** An 8-bit grayscale image, row-major, no padding. */
export interface GrayImage {
  readonly pixels: Uint8Array
  readonly width: number
  readonly height: number
}

/** Tesseract's page segmentation: how the page is cut into blocks and lines before recognition. */
export type PageSegmentation = "auto" | "column" | "block" | "sparse"

export interface OcrResult {
  /** Lines top to bottom (left to right within a row), each with its words; boxes in 0..1 of the image. */
  readonly lines: ReadonlyArray<Line>
  /** Mean word confidence, 0..1 (0 when nothing was read). */
  readonly confidence: number
}

/** An image the OCR could not read (an engine failed on it, or its worker stopped or overran its time). */
export class OcrFailed extends Data.TaggedError("OcrFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

/** Tesseract's answer as tesseract.js gives it with `blocks: true`: words with pixel boxes of the image it read. */
export interface TesseractBox {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

export interface TesseractWord {
  readonly text: string
  readonly confidence: number
  readonly bbox: TesseractBox
}

export interface TesseractBlocks {
  readonly blocks:
    | ReadonlyArray<{
      readonly paragraphs: ReadonlyArray<
        { readonly lines: ReadonlyArray<{ readonly words: ReadonlyArray<TesseractWord> }> }
      >
    }>
    | null
}
