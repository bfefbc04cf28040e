/**
 * A reading worker's first document would pay for compiling the readers' code (pdf.js above all): a new
 * worker reads this small text PDF of its own before it says it is ready, so that cost is paid before a
 * user's document arrives (bench/notes/speed.md has the numbers).
 */
const LINES = [
  "INVOICE No. 1001",
  "Date: 01.02.2024",
  "Example Supplies Ltd",
  "Item 2 x 10.00 20.00",
  "Total EUR 20.00"
]

/** A one-page PDF with a few lines of text in a standard font, its cross-reference table exact. */
export const warmUpPdf = (): Uint8Array => {
  const text = LINES.map((line, i) => `BT /F1 12 Tf 72 ${720 - 18 * i} Td (${line}) Tj ET`).join("\n")
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`
  ]
  let body = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}
