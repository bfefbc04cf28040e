/**
 * Real PDFs for tests, written with pdf-lib (Helvetica, so WinAnsi text only).
 * Positions are in PDF points from the TOP-left of the page as displayed (A4 portrait, 595×842),
 * so a text's expected normalized box starts near [x / 595, y / 842].
 */
import * as zlib from "node:zlib"
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
    case 90:
      return { x: Y, y: X }
    case 180:
      return { x: A4.width - X, y: Y }
    case 270:
      return { x: A4.height - Y, y: A4.width - X }
    default:
      return { x: X, y: A4.height - Y }
  }
}

/** Text layout of makeTextPdf: 12 pt lines, 16 pt apart, from 72 pt below the top, 72 pt from the left. */
/** A one-page invoice with its number (INV-2024-118) on page 1, as the client and spec tests send it. */
export const invoicePdf = (): Promise<Uint8Array> =>
  makePdf([[
    { text: "INVOICE", x: 60, y: 60, size: 20 },
    { text: "Invoice number: INV-2024-118", x: 60, y: 110 },
    { text: "Invoice date: 15 November 2024", x: 60, y: 130 },
    { text: "Total due: 1,249.50 EUR", x: 60, y: 400 }
  ]])

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
export const makeMixedPdf = async (
  pages: ReadonlyArray<ReadonlyArray<string> | { readonly text: string }>
): Promise<Uint8Array> => {
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

/** A PDF written object by object (objects numbered from 1; object 1 is the catalog), with a correct xref table. */
export const rawPdf = (objects: ReadonlyArray<string | Uint8Array>): Uint8Array => {
  const parts: Array<Buffer> = [Buffer.from("%PDF-1.7\n", "latin1")]
  const offsets: Array<number> = []
  let size = parts[0]!.byteLength
  objects.forEach((body, i) => {
    const object = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : Buffer.from(body),
      Buffer.from("\nendobj\n", "latin1")
    ])
    offsets.push(size)
    parts.push(object)
    size += object.byteLength
  })
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(size),
    "%%EOF"
  ].join("\n")
  parts.push(Buffer.from(xref + "\n", "latin1"))
  return new Uint8Array(Buffer.concat(parts))
}

/** A stream object's text (uncompressed). */
export const streamObject = (content: string, dict = ""): string =>
  `<< /Length ${Buffer.byteLength(content, "latin1")} ${dict}>>\nstream\n${content}\nendstream`

/**
 * A few KB that list one drawing-heavy page `copies` times in the page tree: each copy would be
 * rendered and OCR'd (it paints and has no text) were the same page object not read once.
 */
export const repeatedPagePdf = (copies: number, segments = 20_000): Uint8Array => {
  // A compact loop of tiny strokes, drawn by a form XObject painted many times (small file, heavy page).
  const strokes = Array.from(
    { length: 200 },
    (_, i) => `${(i * 2.9) % 500 + 40} ${(i * 7.3) % 700 + 60} m ${(i * 3.1) % 500 + 45} ${(i * 5.7) % 700 + 65} l S`
  ).join("\n")
  const paints = Array.from({ length: Math.ceil(segments / 200) }, (_, i) => `q 1 0 0 1 ${i % 7} ${i % 5} cm /F0 Do Q`)
    .join("\n")
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: copies }, () => "3 0 R").join(" ")}] /Count ${copies} >>`,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /F0 5 0 R >> >> /Contents 4 0 R >>",
    streamObject(paints),
    streamObject(strokes, "/Type /XObject /Subtype /Form /BBox [0 0 595 842] ")
  ])
}

/**
 * `pages` distinct pages, each drawing the same heavy picture (no text): every page is rendered and
 * OCR'd, so reading takes long for a small file.
 */
export const heavyPagesPdf = (pages: number, segments = 20_000): Uint8Array => {
  const strokes = Array.from(
    { length: 200 },
    (_, i) => `${(i * 2.9) % 500 + 40} ${(i * 7.3) % 700 + 60} m ${(i * 3.1) % 500 + 45} ${(i * 5.7) % 700 + 65} l S`
  ).join("\n")
  const paints = Array.from({ length: Math.ceil(segments / 200) }, (_, i) => `q 1 0 0 1 ${i % 7} ${i % 5} cm /F0 Do Q`)
    .join("\n")
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ")}] /Count ${pages} >>`,
    streamObject(paints),
    streamObject(strokes, "/Type /XObject /Subtype /Form /BBox [0 0 595 842] "),
    ...Array.from(
      { length: pages },
      () =>
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /F0 4 0 R >> >> /Contents 3 0 R >>"
    )
  ])
}

/** A zlib stream (header, raw deflate, Adler-32) inflating to `megabytes` MB of zeros, ~1 KB per MB. */
export const zlibZeros = (megabytes: number, checksum: "valid" | "wrong" = "valid"): Uint8Array => {
  const block = zlib.deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  const n = megabytes * (1 << 20)
  // Adler-32 of n zeros: a = 1, b = n mod 65521.
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0)
  if (checksum === "wrong") adler[3]! ^= 0xff
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x78, 0x9c]),
      ...Array.from({ length: megabytes }, () => block),
      Buffer.from([0x03, 0x00]),
      adler
    ])
  )
}

/** A one-page PDF (Helvetica as /F1) whose content stream is `flate` (FlateDecode data, taken as it is). */
export const flatePagePdf = (flate: Uint8Array, decodeParms = ""): Uint8Array =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    new Uint8Array(Buffer.concat([
      Buffer.from(`<< /Length ${flate.byteLength} /Filter /FlateDecode ${decodeParms}>>\nstream\n`, "latin1"),
      flate,
      Buffer.from("\nendstream", "latin1")
    ]))
  ])

/** One page whose text layer holds `items` separate strings (Flate-compressed): pdf.js builds an object for each. */
export const manyItemsPdf = (items: number): Uint8Array =>
  flatePagePdf(zlib.deflateSync(Buffer.from(
    Array.from({ length: items }, (_, i) => `BT /F1 4 Tf ${(i * 13) % 560 + 10} ${(i * 7) % 800 + 20} Td (w${i}) Tj ET`)
      .join("\n"),
    "latin1"
  )))
