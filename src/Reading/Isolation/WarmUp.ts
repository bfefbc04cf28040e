/**
 * A reading worker's first document would pay for compiling the readers' code (pdf.js above all): a new
 * worker reads this small text PDF of its own a few times before it says it is ready, so that cost is
 * paid before a user's document arrives (bench/notes/speed.md has the numbers). Like most PDFs users
 * send, it embeds its TrueType font and compresses its page, so pdf.js's font and inflate code is
 * compiled too, not only its parser.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { deflateSync } from "node:zlib"
import { resourceDir } from "../PdfJs.js"

const LINES = [
  "INVOICE No. 1001",
  "Date: 01.02.2024",
  "Example Supplies Ltd",
  "Item 2 x 10.00 20.00",
  "Total EUR 20.00"
]

/** Reads of the warm-up PDF before a worker is ready: the first compiles, the next ones optimize. */
export const WARM_UP_READS = 3

/** The TrueType font pdf.js ships for Helvetica, embedded as a user's PDF embeds its fonts. */
const fontProgram = (): Uint8Array =>
  fs.readFileSync(path.join(resourceDir("standard_fonts"), "LiberationSans-Regular.ttf"))

const latin1 = (text: string) => Buffer.from(text, "latin1")

/** A PDF object whose body is a stream: its dictionary, then the bytes. */
const stream = (dictionary: string, bytes: Uint8Array): Array<Uint8Array> => [
  latin1(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`),
  bytes,
  latin1("\nendstream")
]

/**
 * A one-page PDF with a few lines of text in an embedded TrueType font, its page compressed, its
 * cross-reference table exact.
 */
export const warmUpPdf = (): Uint8Array => {
  const text = LINES.map((line, i) => `BT /F1 12 Tf 72 ${720 - 18 * i} Td (${line}) Tj ET`).join("\n")
  const objects: Array<Array<Uint8Array>> = [
    [latin1("<< /Type /Catalog /Pages 2 0 R >>")],
    [latin1("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")],
    [latin1(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
    )],
    [latin1(
      "<< /Type /Font /Subtype /TrueType /BaseFont /LiberationSans /FirstChar 32 /LastChar 126 " +
        "/Encoding /WinAnsiEncoding /FontDescriptor 6 0 R >>"
    )],
    stream("/Filter /FlateDecode", deflateSync(latin1(text))),
    [latin1(
      "<< /Type /FontDescriptor /FontName /LiberationSans /Flags 32 /FontBBox [-203 -303 1050 910] " +
        "/ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 716 /StemV 80 /FontFile2 7 0 R >>"
    )],
    stream("", fontProgram())
  ]
  const parts: Array<Uint8Array> = [latin1("%PDF-1.4\n")]
  let size = parts[0]!.length
  const offsets: Array<number> = []
  const push = (bytes: Uint8Array) => {
    parts.push(bytes)
    size += bytes.length
  }
  objects.forEach((object, i) => {
    offsets.push(size)
    push(latin1(`${i + 1} 0 obj\n`))
    for (const bytes of object) push(bytes)
    push(latin1("\nendobj\n"))
  })
  const xref = size
  push(latin1(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
      offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("") +
      `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  ))
  return new Uint8Array(Buffer.concat(parts))
}
