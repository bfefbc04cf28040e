/**
 * A page's image for readers that look at the page itself (the model, with MODEL_VISION): an image
 * file's page, or a PDF page rendered, as a JPEG no larger than the model reads at full detail.
 * Other formats (e-mail, DOCX, HTML, text) have no page images. Rendered where files are read (the
 * reading workers); PageImages.ts keeps each page's image for a file once rendered.
 */
import { Effect, Option } from "effect"
import sharp from "sharp"
import type { PageImage } from "../Domain/PageModel.js"
import { MAX_IMAGE_PIXELS } from "../Reading/Image.js"
import { renderPdfPage } from "../Reading/PdfScan.js"

/** Longest side sent: larger images are scaled down by the provider anyway. */
export const MAX_IMAGE_SIDE = 1568
const JPEG_QUALITY = 80

const SHARP_IMAGES = new Set(["image/png", "image/jpeg", "image/tiff", "image/webp", "image/gif"])

const toJpeg = (input: ReturnType<typeof sharp>): Promise<PageImage> =>
  input
    .rotate()
    .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer()
    .then((data) => ({
      mediaType: "image/jpeg" as const,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    }))

/** One page (1-based) as a JPEG; none when the format has no page images. */
export const renderPageImage = (
  bytes: Uint8Array,
  mediaType: string,
  page: number
): Effect.Effect<Option.Option<PageImage>, unknown> => {
  const rendered: Effect.Effect<PageImage, unknown> | undefined = SHARP_IMAGES.has(mediaType)
    ? Effect.tryPromise(() =>
      toJpeg(sharp(bytes, { page: page - 1, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }))
    )
    : mediaType === "application/pdf"
    ? Effect.flatMap(
      renderPdfPage(bytes, page, { maxSide: MAX_IMAGE_SIDE }),
      (gray) =>
        Effect.tryPromise(() =>
          toJpeg(sharp(gray.pixels, { raw: { width: gray.width, height: gray.height, channels: gray.channels } }))
        )
    )
    : undefined
  if (rendered === undefined) return Effect.succeed(Option.none())
  return rendered.pipe(
    Effect.map(Option.some),
    Effect.withSpan("PageImage.render", { attributes: { mediaType, page } })
  )
}
