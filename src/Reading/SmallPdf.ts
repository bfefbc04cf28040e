/**
 * A small one-page text PDF made from lines of text, for the reading workers' warm-up: it compiles the
 * PDF reader's code before a user's document arrives. Each line is set in one of three kinds of font,
 * the kinds the PDFs users send use most: a standard font the PDF does not embed (Helvetica), a simple
 * TrueType font it embeds, and a composite (Type0) TrueType font with a Unicode map. The composite font
 * embeds the whole program with its codes standing for ASCII characters (code = character − 31): drawn,
 * its glyphs would be wrong, but its Unicode map makes its text right, and the text is all a reader
 * takes. The embedded kinds need a TrueType program, given by the caller; the page is compressed and
 * the cross-reference table exact.
 */
import { deflateSync } from "node:zlib"

export type FontKind = "standard" | "truetype" | "composite"

export interface PdfLine {
  readonly text: string
  readonly font: FontKind
}

const latin1 = (text: string) => Buffer.from(text, "latin1")

/** A PDF object whose body is a stream: its dictionary, then the bytes. */
const stream = (dictionary: string, bytes: Uint8Array): Array<Uint8Array> => [
  latin1(`<< ${dictionary} /Length ${bytes.length} >>\nstream\n`),
  bytes,
  latin1("\nendstream")
]

/** The composite font's codes: two bytes per character, code = character − 31 (space is 1). */
const FIRST_CHAR = 32
const LAST_CHAR = 126
const compositeCode = (char: string) => (char.charCodeAt(0) - FIRST_CHAR + 1).toString(16).padStart(4, "0")

/** The composite font's Unicode map: codes 1… stand for the printable ASCII characters. */
const toUnicodeMap = (): Uint8Array =>
  latin1([
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    "1 beginbfrange",
    `<0001> <${compositeCode(String.fromCharCode(LAST_CHAR))}> <${FIRST_CHAR.toString(16).padStart(4, "0")}>`,
    "endbfrange",
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end"
  ].join("\n"))

/** A line's text operand in its font's encoding. */
const shown = (line: PdfLine): string =>
  line.font === "composite"
    ? `<${[...line.text].map(compositeCode).join("")}>`
    : `(${line.text.replace(/[\\()]/g, (c) => `\\${c}`)})`

const FONT_NAMES: Record<FontKind, string> = { standard: "F1", truetype: "F2", composite: "F3" }

/**
 * The PDF of `lines`, one below the other from the top of a Letter page. Lines in the embedded kinds
 * need `program` (a TrueType font file); a standard line holds Latin-1, the others printable ASCII.
 */
export const smallTextPdf = (lines: ReadonlyArray<PdfLine>, program?: Uint8Array): Uint8Array => {
  const embedded = lines.some((l) => l.font !== "standard")
  if (embedded && program === undefined) throw new Error("smallTextPdf: an embedded font needs its program")
  // The standard font's WinAnsi encoding agrees with Latin-1 on its letters; the embedded fonts declare
  // ASCII only (their first and last characters, their Unicode map).
  if (lines.some((l) => (l.font === "standard" ? /[^\x20-\x7e\xa0-\xff]/ : /[^\x20-\x7e]/).test(l.text))) {
    throw new Error("smallTextPdf: a character the line's font does not have")
  }
  const content = lines
    .map((line, i) => `BT /${FONT_NAMES[line.font]} 11 Tf 72 ${720 - 16 * i} Td ${shown(line)} Tj ET`)
    .join("\n")
  const descriptor = (name: string, file: string) =>
    `<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [-203 -303 1050 910] ` +
    `/ItalicAngle 0 /Ascent 905 /Descent -212 /CapHeight 716 /StemV 80 /FontFile2 ${file} >>`
  // Objects 1–5 always; the embedded fonts' objects (6–12) only when a line uses one.
  const objects: Array<Array<Uint8Array>> = [
    [latin1("<< /Type /Catalog /Pages 2 0 R >>")],
    [latin1("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")],
    [latin1(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R" +
        (embedded ? " /F2 6 0 R /F3 8 0 R" : "") + " >> >> /Contents 4 0 R >>"
    )],
    stream("/Filter /FlateDecode", deflateSync(latin1(content))),
    [latin1("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")]
  ]
  if (embedded) {
    objects.push(
      [latin1(
        `<< /Type /Font /Subtype /TrueType /BaseFont /LiberationSans /FirstChar ${FIRST_CHAR} /LastChar ${LAST_CHAR} ` +
          "/Encoding /WinAnsiEncoding /FontDescriptor 7 0 R >>"
      )],
      [latin1(descriptor("LiberationSans", "12 0 R"))],
      [latin1(
        "<< /Type /Font /Subtype /Type0 /BaseFont /LiberationSans /Encoding /Identity-H " +
          "/DescendantFonts [9 0 R] /ToUnicode 11 0 R >>"
      )],
      [latin1(
        "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /LiberationSans " +
          "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> " +
          "/FontDescriptor 10 0 R /CIDToGIDMap /Identity /DW 556 >>"
      )],
      [latin1(descriptor("LiberationSans", "12 0 R"))],
      stream("/Filter /FlateDecode", deflateSync(toUnicodeMap())),
      stream("/Filter /FlateDecode", deflateSync(program!))
    )
  }
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
