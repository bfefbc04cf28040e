/**
 * A reading worker's first document would pay for compiling the readers' code (pdf.js above all): a new
 * worker reads this small text PDF of its own a few times before it says it is ready, so that cost is
 * paid before a user's document arrives (bench/notes/speed.md has the numbers). Its lines are set in the
 * three kinds of font most PDFs users send use (a standard font, an embedded TrueType font, a composite
 * font with a Unicode map), its page compressed, so pdf.js's font, CMap and inflate code is compiled
 * too, not only its parser.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { resourceDir } from "../PdfJs.js"
import { type PdfLine, smallTextPdf } from "../SmallPdf.js"

const LINES: ReadonlyArray<PdfLine> = [
  { text: "INVOICE No. 1001", font: "truetype" },
  { text: "Date: 01.02.2024", font: "truetype" },
  { text: "Example Supplies Ltd, 12 Harbour Road", font: "composite" },
  { text: "Item 2 x 10.00 20.00", font: "composite" },
  { text: "Total EUR 20.00", font: "standard" }
]

/**
 * Reads of the warm-up PDF before a worker is ready: the first compiles, the next ones optimize (a
 * document of a page takes several reads to reach the optimizing compiler: about 0.3 s at start).
 */
export const WARM_UP_READS = 24

/** The TrueType font pdf.js ships for Helvetica, embedded as a user's PDF embeds its fonts. */
const fontProgram = (): Uint8Array =>
  fs.readFileSync(path.join(resourceDir("standard_fonts"), "LiberationSans-Regular.ttf"))

/** The warm-up PDF: its lines in the three kinds of font. */
export const warmUpPdf = (): Uint8Array => smallTextPdf(LINES, fontProgram())
