/**
 * Rendering synthetic sheets: to a text PDF with pdf-lib (standard fonts, so pdf.js reads the text
 * back), and to a "scan": the PDF page rasterized with pdf.js on @napi-rs/canvas, then skewed,
 * blurred, noised and JPEG-compressed with sharp. Deterministic for a given random source.
 */
import { createCanvas } from "@napi-rs/canvas"
import { createRequire } from "node:module"
import * as path from "node:path"
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib"
import sharp from "sharp"
import { pdfjs } from "../../src/Reading/PdfJs.js"
import type { Random } from "./Random.js"
import type { Font, Sheet } from "./Sheet.js"

const FONTS: Record<Font, StandardFonts> = {
  sans: StandardFonts.Helvetica,
  sansBold: StandardFonts.HelveticaBold,
  mono: StandardFonts.Courier,
  monoBold: StandardFonts.CourierBold,
  serif: StandardFonts.TimesRoman,
  serifBold: StandardFonts.TimesRomanBold
}

/** Draws the sheets onto pages of a new or given PDF. */
export const drawSheets = async (doc: PDFDocument, sheets: ReadonlyArray<Sheet>): Promise<void> => {
  const fonts = new Map<Font, PDFFont>()
  const font = async (f: Font) => {
    let x = fonts.get(f)
    if (x === undefined) {
      x = await doc.embedFont(FONTS[f])
      fonts.set(f, x)
    }
    return x
  }
  for (const s of sheets) {
    const page = doc.addPage([s.width, s.height])
    for (const l of s.rules) {
      page.drawLine({
        start: { x: l.x1, y: s.height - l.y1 },
        end: { x: l.x2, y: s.height - l.y2 },
        thickness: 0.6,
        color: rgb(0.35, 0.35, 0.35)
      })
    }
    for (const t of s.texts) {
      const f = await font(t.font)
      const width = f.widthOfTextAtSize(t.text, t.size)
      const x = t.align === "left" ? t.x : t.align === "right" ? t.x - width : t.x - width / 2
      page.drawText(t.text, {
        x,
        y: s.height - t.y - f.heightAtSize(t.size, { descender: false }),
        size: t.size,
        font: f,
        color: rgb(0.05, 0.05, 0.05)
      })
    }
  }
}

/** The sheets as one text PDF. */
export const textPdf = async (sheets: ReadonlyArray<Sheet>): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  doc.setCreationDate(new Date(0))
  doc.setModificationDate(new Date(0))
  await drawSheets(doc, sheets)
  return doc.save({ useObjectStreams: false })
}

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))
const resource = (name: string) => path.join(pdfjsRoot, name) + path.sep

/** Grey pixels of each page of a PDF at `dpi`. */
const rasterize = async (
  pdf: Uint8Array,
  dpi: number
): Promise<Array<{ width: number; height: number; gray: Uint8Array }>> => {
  const task = pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: resource("standard_fonts"),
    isEvalSupported: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS
  })
  const doc = await task.promise
  try {
    const out: Array<{ width: number; height: number; gray: Uint8Array }> = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const viewport = page.getViewport({ scale: dpi / 72 })
      const width = Math.ceil(viewport.width), height = Math.ceil(viewport.height)
      const canvas = createCanvas(width, height)
      const ctx = canvas.getContext("2d")
      ctx.fillStyle = "#ffffff"
      ctx.fillRect(0, 0, width, height)
      await page.render({ canvasContext: ctx as never, viewport, canvas: canvas as never }).promise
      const rgba = ctx.getImageData(0, 0, width, height).data
      const gray = new Uint8Array(width * height)
      for (let i = 0; i < gray.length; i++) {
        gray[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!)
      }
      out.push({ width, height, gray })
      page.cleanup()
    }
    return out
  } finally {
    await doc.destroy()
  }
}

export interface ScanOptions {
  readonly dpi: number
  /** Skew in degrees (either way). */
  readonly maxSkew: number
  /** Standard deviation of the pixel noise (0..255). */
  readonly noise: number
  readonly quality: number
}

/** Thermal-paper look: uneven darkness, grain, speckles, a little blur, skew, JPEG. */
const degrade = async (
  r: Random,
  page: { width: number; height: number; gray: Uint8Array },
  o: ScanOptions
): Promise<Uint8Array> => {
  const { width, height } = page
  const px = Buffer.from(page.gray)
  const fade = 0.75 + 0.25 * r.next()
  const paper = 225 + r.int(0, 25)
  for (let i = 0; i < px.length; i++) {
    const ink = 255 - px[i]!
    // Box-Muller-free noise: the sum of three uniforms is close enough to normal.
    const n = (r.next() + r.next() + r.next() - 1.5) * 2 * o.noise
    let v = paper - ink * fade + n
    if (r.next() < 0.0004) v = r.int(0, 120)
    px[i] = Math.max(0, Math.min(255, Math.round(v)))
  }
  const skew = (r.next() * 2 - 1) * o.maxSkew
  return sharp(px, { raw: { width, height, channels: 1 } })
    .blur(0.3 + 0.4 * r.next())
    .rotate(skew, { background: { r: paper, g: paper, b: paper } })
    .jpeg({ quality: o.quality })
    .toBuffer()
    .then((b) => new Uint8Array(b))
}

/** A PDF's pages as scanned JPEG images, one per page (an office scanner's copy of a printed document). */
export const scanPdf = async (r: Random, pdf: Uint8Array, o: ScanOptions): Promise<Array<Uint8Array>> => {
  const out: Array<Uint8Array> = []
  for (const p of await rasterize(pdf, o.dpi)) out.push(await degrade(r, p, o))
  return out
}

/** The sheets as scanned JPEG images, one per page. */
export const scanImages = async (
  r: Random,
  sheets: ReadonlyArray<Sheet>,
  o: ScanOptions
): Promise<Array<Uint8Array>> => scanPdf(r, await textPdf(sheets), o)

/** Scanned images as the pages of an image-only PDF (what a scanner writes), each page sized to its image at `dpi`. */
export const imagePdfPages = async (
  doc: PDFDocument,
  images: ReadonlyArray<Uint8Array>,
  dpi: number
): Promise<void> => {
  for (const bytes of images) {
    const img = await doc.embedJpg(bytes)
    const w = (img.width * 72) / dpi, h = (img.height * 72) / dpi
    const page = doc.addPage([w, h])
    page.drawImage(img, { x: 0, y: 0, width: w, height: h })
  }
}
