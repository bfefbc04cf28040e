/**
 * Images → page model by OCR: png, jpeg, webp, gif (first frame), tiff (one page per TIFF page) with
 * sharp, bmp with a small decoder of our own (sharp's libvips has no BMP loader). Sizes are checked
 * from the header before anything is decoded, so a decompression bomb is refused without
 * allocating it. EXIF orientation is applied: width and height are those of the upright image.
 */
import { Effect } from "effect"
import sharp, { type Metadata } from "sharp"
import { PayloadTooLarge, Unprocessable, UnsupportedMediaType } from "../Domain/Errors.js"
import type { ReadError } from "../Domain/Errors.js"
import type { Page, PageModel } from "../Domain/PageModel.js"
import type { OcrFailed, OcrImage } from "../Ocr/Ocr.js"
import { Ocr } from "../Ocr/Ocr.js"
import { firstChannel } from "../Ocr/Preprocess.js"

export interface ReadImageOptions {
  readonly maxPages: number
  /** Told the page count once the header is read. */
  readonly onPageCount?: (pages: number) => void
}

/** Largest image (width × height of one page) we decode: 100 megapixels is ~10× an A4 page at 600 DPI. */
export const MAX_IMAGE_PIXELS = 100_000_000

export const imageMediaTypes = [
  "image/png",
  "image/jpeg",
  "image/tiff",
  "image/webp",
  "image/gif",
  "image/bmp"
] as const

/** Reads every page of an image file (one for all formats but multi-page TIFF) by OCR. */
export const readImage = (
  bytes: Uint8Array,
  options: ReadImageOptions
): Effect.Effect<PageModel, ReadError, Ocr> =>
  Effect.gen(function*() {
    const ocr = yield* Ocr
    const format = isBmp(bytes) ? "bmp" : yield* probe(bytes)
    const pageCount = format === "tiff" ? yield* tiffPageCount(bytes) : 1
    if (pageCount > options.maxPages) {
      return yield* new PayloadTooLarge({ detail: `image has ${pageCount} pages; the limit is ${options.maxPages}` })
    }
    options.onPageCount?.(pageCount)
    const pages = yield* Effect.forEach(
      Array.from({ length: pageCount }, (_, i) => i),
      (index) =>
        Effect.gen(function*() {
          const image = format === "bmp" ? yield* decodeBmp(bytes) : yield* decodePage(bytes, index)
          const { lines } = yield* ocr.recognize(image).pipe(
            Effect.mapError(ocrFailed(pageCount > 1 ? `page ${index + 1}` : "the image"))
          )
          return { page: index + 1, width: image.width, height: image.height, source: "ocr", lines } satisfies Page
        }),
      { concurrency: Math.min(pageCount, ocr.workers) }
    )
    return { mediaType: mediaTypeOf(format), pages } satisfies PageModel
  }).pipe(Effect.withSpan("Image.read", { attributes: { bytes: bytes.byteLength } }))

// ---------------------------------------------------------------------------------------------
// sharp formats

const mediaTypeOf = (format: string) => (format === "jpg" ? "image/jpeg" : `image/${format}`)

const unreadable = (cause: unknown): UnsupportedMediaType =>
  new UnsupportedMediaType({
    detail: `corrupt or unreadable image: ${cause instanceof Error ? cause.message : String(cause)}`
  })

const tooLarge = (width: number, height: number) =>
  new PayloadTooLarge({
    detail: `image is ${width}×${height} pixels (${Math.round((width * height) / 1e6)} megapixels); ` +
      `the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels`
  })

/** Text needs a few pixels of height: a thinner image holds none (and the OCR engine refuses some). */
export const MIN_IMAGE_SIDE = 8
/** Longest side decoded: the OCR engine's own limit is 32767 pixels. */
export const MAX_IMAGE_SIDE = 30_000

/** What is wrong with an image of this size, from its header, before anything is decoded. */
const sizeProblem = (width: number | undefined, height: number | undefined): ReadError | undefined =>
  width === undefined || height === undefined || width < 1 || height < 1
    ? new UnsupportedMediaType({ detail: "corrupt or unreadable image: no size in its header" })
    : width * height > MAX_IMAGE_PIXELS
    ? tooLarge(width, height)
    : Math.min(width, height) < MIN_IMAGE_SIDE
    ? new Unprocessable({
      detail:
        `image is ${width}×${height} pixels, too thin to hold readable text (at least ${MIN_IMAGE_SIDE} pixels each way)`
    })
    : Math.max(width, height) > MAX_IMAGE_SIDE
    ? new PayloadTooLarge({
      detail: `image is ${width}×${height} pixels; the longest side may be ${MAX_IMAGE_SIDE} pixels`
    })
    : undefined

const checkSize = (width: number | undefined, height: number | undefined): Effect.Effect<void, ReadError> => {
  const problem = sizeProblem(width, height)
  return problem === undefined ? Effect.void : Effect.fail(problem)
}

/** An OCR failure on a page: the page's content could not be read (422), saying where and why. */
export const ocrFailed = (where: string) => (e: OcrFailed) =>
  new Unprocessable({ detail: `OCR could not read ${where}: ${e.reason}` })

const SUPPORTED = new Set(["png", "jpeg", "jpg", "tiff", "webp", "gif"])

/** The format and first page's size from the header only. */
const probe = (bytes: Uint8Array) =>
  Effect.gen(function*() {
    // No pixel limit for reading the header: the size is judged here, with a clear answer.
    const meta = yield* Effect.tryPromise({
      try: () => sharp(bytes, { limitInputPixels: false }).metadata(),
      catch: unreadable
    })
    if (meta.format === undefined || !SUPPORTED.has(meta.format)) {
      return yield* new UnsupportedMediaType({ detail: `unsupported image format ${meta.format ?? "unknown"}` })
    }
    yield* checkSize(meta.width, meta.pageHeight ?? meta.height)
    return meta.format
  })

const tiffPageCount = (bytes: Uint8Array) =>
  Effect.tryPromise({ try: () => sharp(bytes, { limitInputPixels: false }).metadata(), catch: unreadable }).pipe(
    Effect.map((m) => m.pages ?? 1)
  )

/**
 * One page, upright (EXIF); its size is checked before decoding. A color page stays in color (without
 * alpha): the OCR's preparation turns it gray and lightens colored marks, such as stamps, on the way.
 */
const decodePage = (bytes: Uint8Array, page: number): Effect.Effect<OcrImage, ReadError> =>
  Effect.gen(function*() {
    const input = () => sharp(bytes, { page, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
    const meta = yield* Effect.tryPromise({
      try: () => sharp(bytes, { page, limitInputPixels: false }).metadata(),
      catch: unreadable
    })
    yield* checkSize(meta.width, meta.pageHeight ?? meta.height)
    const { data, info } = yield* Effect.tryPromise({
      try: () => {
        const upright = input().rotate()
        return (isColor(meta) ? upright.removeAlpha().toColourspace("srgb") : upright.grayscale()).raw({
          depth: "uchar"
        }).toBuffer({ resolveWithObject: true })
      },
      catch: unreadable
    })
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    return info.channels === 3
      ? { width: info.width, height: info.height, pixels, channels: 3 }
      : {
        width: info.width,
        height: info.height,
        pixels: info.channels === 1 ? pixels : firstChannel(pixels, info.channels)
      }
  })

const isColor = (meta: Metadata) => (meta.channels ?? 1) >= 3 && meta.space !== "b-w" && meta.space !== "grey16"

// ---------------------------------------------------------------------------------------------
// BMP: uncompressed (1, 4, 8, 24, 32 bits) and bit-field (16, 32 bits) images, bottom-up or top-down

const isBmp = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d

const BI_RGB = 0
const BI_BITFIELDS = 3

const decodeBmp = (bytes: Uint8Array): Effect.Effect<OcrImage, ReadError> =>
  Effect.suspend((): Effect.Effect<OcrImage, ReadError> => {
    const fail = (why: string) =>
      Effect.fail(new UnsupportedMediaType({ detail: `corrupt or unreadable image: ${why}` }))
    if (bytes.length < 54) return fail("truncated BMP header")
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const dataOffset = view.getUint32(10, true)
    const headerSize = view.getUint32(14, true)
    if (headerSize < 40) return fail("unsupported BMP header (OS/2)")
    const width = view.getInt32(18, true)
    const rawHeight = view.getInt32(22, true)
    const bits = view.getUint16(28, true)
    const compression = view.getUint32(30, true)
    const height = Math.abs(rawHeight)
    if (width < 1 || height < 1) return fail("BMP without a size")
    const problem = sizeProblem(width, height)
    if (problem !== undefined) return Effect.fail(problem)
    if (
      !(compression === BI_RGB && [1, 4, 8, 24, 32].includes(bits)) &&
      !(compression === BI_BITFIELDS && (bits === 16 || bits === 32))
    ) {
      return Effect.fail(
        new UnsupportedMediaType({ detail: `unsupported BMP (${bits} bits, compression ${compression})` })
      )
    }
    const stride = Math.ceil((width * bits) / 32) * 4
    if (dataOffset + stride * height > bytes.length) return fail("truncated BMP pixel data")
    const paletteStart = 14 + headerSize
    const paletteSize = bits <= 8 ? Math.min(1 << bits, Math.floor((dataOffset - paletteStart) / 4)) : 0
    const palette = new Uint8Array(1 << Math.min(bits, 8))
    for (let i = 0; i < paletteSize; i++) {
      const p = paletteStart + 4 * i
      palette[i] = luma(bytes[p + 2]!, bytes[p + 1]!, bytes[p]!)
    }
    const masks = compression === BI_BITFIELDS
      ? [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true)]
      : bits === 16
      ? [0x7c00, 0x03e0, 0x001f]
      : [0xff0000, 0x00ff00, 0x0000ff]
    const channel = (value: number, mask: number) => {
      if (mask === 0) return 0
      const shift = Math.clz32(mask & -mask) ^ 31
      const max = mask >>> shift
      return Math.round((((value & mask) >>> shift) * 255) / max)
    }
    const pixels = new Uint8Array(width * height)
    for (let y = 0; y < height; y++) {
      const row = dataOffset + stride * (rawHeight > 0 ? height - 1 - y : y)
      const out = y * width
      for (let x = 0; x < width; x++) {
        let v: number
        switch (bits) {
          case 1:
            v = palette[(bytes[row + (x >> 3)]! >> (7 - (x & 7))) & 1]!
            break
          case 4:
            v = palette[(bytes[row + (x >> 1)]! >> (x & 1 ? 0 : 4)) & 15]!
            break
          case 8:
            v = palette[bytes[row + x]!]!
            break
          case 24:
            v = luma(bytes[row + 3 * x + 2]!, bytes[row + 3 * x + 1]!, bytes[row + 3 * x]!)
            break
          default: {
            const value = bits === 16 ? view.getUint16(row + 2 * x, true) : view.getUint32(row + 4 * x, true)
            v = luma(channel(value, masks[0]!), channel(value, masks[1]!), channel(value, masks[2]!))
          }
        }
        pixels[out + x] = v
      }
    }
    return Effect.succeed({ width, height, pixels })
  })

/** ITU-R BT.601 luma, as sharp's grayscale. */
const luma = (r: number, g: number, b: number) => Math.round(0.299 * r + 0.587 * g + 0.114 * b)
