/**
 * Real PDFs for tests, written with pdf-lib (Helvetica, so WinAnsi text only).
 * Positions are in PDF points from the TOP-left of the page as displayed (A4 portrait, 595×842),
 * so a text's expected normalized box starts near [x / 595, y / 842].
 */
import { degrees, PDFDocument, StandardFonts } from "pdf-lib"
import { textPng } from "./textImage.js"

export const A4 = { width: 595, height: 842 } as const

export interface PlacedText {
  readonly text: string
  /** Left edge of the text, points from the left of the displayed page. */
  readonly x: number
  /** Top of the text (its ascender), points from the top of the displayed page. */
  readonly y: number
  /** Font size in points; 12 by default. */
  readonly size?: number
}

export interface MakePdfOptions {
  /**
   * /Rotate of every page (0, 90, 180, 270). The page still displays as A4 portrait with the text
   * upright at the given positions: for 90 and 270 the MediaBox is landscape (842×595), as scanners write it.
   */
  readonly rotate?: number
}

/** One A4 page per element; each text drawn at its top-left position. */
export const makePdf = async (
  pages: ReadonlyArray<ReadonlyArray<PlacedText>>,
  options: MakePdfOptions = {}
): Promise<Uint8Array> => {
  const rotate = (((options.rotate ?? 0) % 360) + 360) % 360
  if (rotate % 90 !== 0) throw new Error(`rotate must be a multiple of 90, got ${options.rotate}`)
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const sideways = rotate === 90 || rotate === 270
  for (const texts of pages) {
    const page = sideways ? doc.addPage([A4.height, A4.width]) : doc.addPage([A4.width, A4.height])
    if (rotate !== 0) page.setRotation(degrees(rotate))
    for (const t of texts) {
      const size = t.size ?? 12
      // Baseline position on the displayed page, then mapped back to the unrotated user space.
      const X = t.x
      const Y = t.y + font.heightAtSize(size, { descender: false })
      const at = toUserSpace(rotate, X, Y)
      page.drawText(t.text, { x: at.x, y: at.y, size, font, rotate: degrees(rotate) })
    }
  }
  return doc.save()
}

/** Maps a displayed-page point (top-left origin, A4 portrait) to PDF user space for the given /Rotate. */
const toUserSpace = (rotate: number, X: number, Y: number): { x: number; y: number } => {
  switch (rotate) {
    case 90: return { x: Y, y: X }
    case 180: return { x: A4.width - X, y: Y }
    case 270: return { x: A4.height - Y, y: A4.width - X }
    default: return { x: X, y: A4.height - Y }
  }
}

/** Text layout of makeTextPdf: 12 pt lines, 16 pt apart, from 72 pt below the top, 72 pt from the left. */
export const textLayout = { left: 72, top: 72, size: 12, leading: 16 } as const

/** One page per element, its lines laid out top to bottom (see textLayout). */
export const makeTextPdf = (pages: ReadonlyArray<ReadonlyArray<string>>): Promise<Uint8Array> =>
  makePdf(
    pages.map((lines) =>
      lines.map((text, i) => ({
        text,
        x: textLayout.left,
        y: textLayout.top + i * textLayout.leading,
        size: textLayout.size
      }))
    )
  )

/** A scanned A4 page: an image of black text lines at 150 DPI (DejaVu Sans, ~14 pt). */
export const scanPng = (lines: ReadonlyArray<string>) =>
  textPng(lines, { width: 1240, height: 1754, left: 150, top: 300, fontSize: 30, pitch: 60 })

/** Pages in order: a string array is a scanned page of those lines (no text layer), `{ text }` a text-layer page. */
export const makeMixedPdf = async (pages: ReadonlyArray<ReadonlyArray<string> | { readonly text: string }>): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const content of pages) {
    const page = doc.addPage([A4.width, A4.height])
    if ("text" in content) {
      page.drawText(content.text, { x: 72, y: 760, size: 12, font })
    } else {
      const image = await doc.embedPng(await scanPng(content))
      page.drawImage(image, { x: 0, y: 0, width: A4.width, height: A4.height })
    }
  }
  return doc.save()
}
