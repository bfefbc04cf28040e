import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { degrees, PDFDocument, StandardFonts } from "pdf-lib"
import type { Box, Line, Page, Word } from "../../src/Domain/PageModel.js"
import { pageText } from "../../src/Domain/PageModel.js"
import { makeOcr, Ocr } from "../../src/Ocr/Ocr.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { A4, makeMixedPdf, makePdf, makeTextPdf, rawPdf, textLayout } from "../support/pdfs.js"

const read = (bytes: Uint8Array, maxPages = 500) => readPdf(bytes, { maxPages })

const allWords = (page: Page): Array<Word> => page.lines.flatMap((l) => l.words)
const word = (page: Page, text: string): Word => {
  const found = allWords(page).find((w) => w.text === text)
  if (!found) throw new Error(`no word ${text} in ${JSON.stringify(pageText(page))}`)
  return found
}
const inUnit = (b: Box) => b.every((n) => n >= 0 && n <= 1) && b[0] <= b[2] && b[1] <= b[3]
/** Within 1.5% of the page. */
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(0.015)

/** An encrypted-looking PDF: pdf-lib output with an /Encrypt dictionary (RC4, 40-bit) in its trailer. */
const encryptedPdf = async (): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([595, 842]).drawText("Secret", { x: 100, y: 700, size: 12, font })
  const text = Buffer.from(await doc.save({ useObjectStreams: false })).toString("latin1")
  const hex = "0123456789abcdef".repeat(4)
  const id = hex.slice(0, 32)
  const patched = text.replace(
    /trailer\s*<</,
    (m) => `${m}\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <${hex}> /U <${hex}> /P -4 >>\n/ID [<${id}> <${id}>]`
  )
  if (patched === text) throw new Error("no trailer found")
  return new Uint8Array(Buffer.from(patched, "latin1"))
}

const invoices = "/work/shared/corpora/invoices-dev"
const haveInvoices = fs.existsSync(path.join(invoices, "manifest.json"))

describe("readPdf", () => {
  it.effect("hands over each page once it and the pages before it are read, waiting for what onPages returns", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makeTextPdf([["ONE"], ["TWO"], ["THREE"], ["FOUR"]]))
      const events: Array<string> = []
      const given: Array<Page> = []
      const model = yield* readPdf(bytes, {
        maxPages: 10,
        onPagesRead: (n) => void events.push(`read ${n}`),
        onPages: (pages) => {
          given.push(...pages)
          events.push(`given ${pages.map((p) => p.page).join(",")}`)
          // The next page is read only once this has settled.
          return new Promise<void>((resolve) =>
            setTimeout(() => {
              events.push("settled")
              resolve()
            }, 5)
          )
        }
      })
      expect(events).toEqual([
        "read 1",
        "given 1",
        "settled",
        "read 2",
        "given 2",
        "settled",
        "read 3",
        "given 3",
        "settled",
        "read 4",
        "given 4",
        "settled"
      ])
      expect(model.pages.map((p) => pageText(p))).toEqual(["ONE", "TWO", "THREE", "FOUR"])
      model.pages.forEach((page, i) => expect(page).toBe(given[i]))
    }))

  it.effect("reads words at the drawn positions, top-left origin, boxes in 0..1", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[{ text: "Invoice number 12345", x: 100, y: 100 }, { text: "Total 99.50", x: 300, y: 600, size: 18 }]])
      )
      const model = yield* read(bytes)
      expect(model.mediaType).toBe("application/pdf")
      const [page] = model.pages
      expect(page).toMatchObject({ page: 1, width: 595, height: 842, source: "text" })
      expect(page!.lines.map((l) => l.text)).toEqual(["Invoice number 12345", "Total 99.50"])
      for (const l of page!.lines) {
        expect(inUnit(l.box)).toBe(true)
        for (const w of l.words) {
          expect(inUnit(w.box)).toBe(true)
          expect(w.confidence).toBe(1)
        }
      }
      const invoice = word(page!, "Invoice")
      near(invoice.box[0], 100 / A4.width)
      near(invoice.box[1], 100 / A4.height)
      near(invoice.box[3], (100 + 12) / A4.height)
      const total = word(page!, "Total")
      near(total.box[0], 300 / A4.width)
      near(total.box[1], 600 / A4.height)
      // Words of one run share its width in order, without overlapping.
      const [w1, w2, w3] = page!.lines[0]!.words
      expect(w1!.box[2]).toBeLessThan(w2!.box[0])
      expect(w2!.box[2]).toBeLessThan(w3!.box[0])
      near(w3!.box[2], (100 + 118) / A4.width) // Helvetica 12 pt: "Invoice number 12345" is ~118 pt wide
    }))

  it.effect("orders lines top to bottom and words left to right, whatever the drawing order", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[
          { text: "third", x: 72, y: 300 },
          { text: "world", x: 120, y: 100 },
          { text: "first", x: 72, y: 80 },
          { text: "hello", x: 72, y: 100 },
          { text: "fourth", x: 72, y: 320 }
        ]])
      )
      const model = yield* read(bytes)
      expect(model.pages[0]!.lines.map((l) => l.text)).toEqual(["first", "hello world", "third", "fourth"])
    }))

  it.effect("splits a row at a wide gap into separate lines (label column, value column), left first", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[{ text: "Invoice date:", x: 72, y: 100 }, { text: "2023-03-20", x: 400, y: 100 }]])
      )
      const lines = (yield* read(bytes)).pages[0]!.lines
      expect(lines.map((l) => l.text)).toEqual(["Invoice date:", "2023-03-20"])
      near(lines[1]!.box[0], 400 / A4.width)
      expect(lines[0]!.box[2]).toBeLessThan(lines[1]!.box[0])
    }))

  it.effect("keeps lines stacked beside a tall heading apart", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[
          { text: "INVOICE", x: 72, y: 40, size: 30 },
          { text: "Acme Ltd.", x: 400, y: 40, size: 9 },
          { text: "1 Main Street", x: 400, y: 52, size: 9 },
          { text: "Springfield", x: 400, y: 64, size: 9 }
        ]])
      )
      const lines = (yield* read(bytes)).pages[0]!.lines.map((l) => l.text)
      expect(lines).toEqual(["INVOICE", "Acme Ltd.", "1 Main Street", "Springfield"])
    }))

  it.effect("joins runs that touch into one word and keeps overprinted (fake bold) text once", () =>
    Effect.gen(function*() {
      const inv = (278 + 556 + 500) * 12 / 1000 // Helvetica advance widths of "Inv" at 12 pt
      const bytes = yield* Effect.promise(() =>
        makePdf([[
          { text: "Inv", x: 100, y: 100 },
          { text: "oice 7", x: 100 + inv, y: 100 },
          { text: "Total", x: 100, y: 200 },
          { text: "Total", x: 100.3, y: 200 }
        ]])
      )
      const [first, second] = (yield* read(bytes)).pages[0]!.lines
      expect(first!.words.map((w) => w.text)).toEqual(["Invoice", "7"])
      near(first!.words[0]!.box[0], 100 / A4.width)
      expect(second!.text).toBe("Total")
    }))

  it.effect("keeps apart a cell's text that overflows into the next cell's (a header wider than its column)", () =>
    Effect.gen(function*() {
      const quantity = (556 + 556 + 556 + 556 + 278 + 222 + 556 + 556 + 556 + 556) * 9 / 1000 // "Quantidade" at 9 pt
      const bytes = yield* Effect.promise(() =>
        makePdf([[
          { text: "Quantidade", x: 45, y: 80, size: 9 },
          { text: "Artigo", x: 45 + quantity - 4.5, y: 80, size: 9 }
        ]])
      )
      const [header] = (yield* read(bytes)).pages[0]!.lines
      expect(header!.words.map((w) => w.text)).toEqual(["Quantidade", "Artigo"])
    }))

  it.effect("gives line font sizes relative to the page height", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([[{ text: "Title", x: 72, y: 72, size: 24 }, { text: "body text", x: 72, y: 120, size: 10 }]])
      )
      const [title, body] = (yield* read(bytes)).pages[0]!.lines as ReadonlyArray<Line>
      expect(title!.fontSize).toBeCloseTo(24 / 842, 4)
      expect(body!.fontSize).toBeCloseTo(10 / 842, 4)
    }))

  for (const rotate of [90, 180, 270]) {
    it.effect(`respects /Rotate ${rotate}: displayed size and boxes as seen`, () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() =>
          makePdf([[{ text: "Upright heading", x: 100, y: 150 }, { text: "below", x: 100, y: 400 }]], { rotate })
        )
        const [page] = (yield* read(bytes)).pages
        expect(page).toMatchObject({ width: 595, height: 842 })
        expect(page!.lines.map((l) => l.text)).toEqual(["Upright heading", "below"])
        const w = word(page!, "Upright")
        expect(inUnit(w.box)).toBe(true)
        near(w.box[0], 100 / A4.width)
        near(w.box[1], 150 / A4.height)
        near(word(page!, "below").box[1], 400 / A4.height)
        expect(w.box[2]).toBeLessThan(word(page!, "heading").box[0])
      }))
  }

  it.effect("reads a page turned sideways by /Rotate in the text's own direction", () =>
    Effect.gen(function*() {
      // Upright content on a portrait MediaBox, displayed rotated: the text runs down the displayed page.
      const bytes = yield* Effect.promise(async () => {
        const doc = await PDFDocument.create()
        const font = await doc.embedFont(StandardFonts.Helvetica)
        const page = doc.addPage([595, 842])
        page.setRotation(degrees(90))
        page.drawText("a long first line of the letter", { x: 72, y: 770, size: 12, font })
        page.drawText("second", { x: 72, y: 754, size: 12, font })
        page.drawText("value", { x: 400, y: 754, size: 12, font })
        return doc.save()
      })
      const [page] = (yield* read(bytes)).pages
      expect(page).toMatchObject({ width: 842, height: 595 })
      expect(page!.lines.map((l) => l.text)).toEqual(["a long first line of the letter", "second", "value"])
      const first = page!.lines[0]!
      expect(inUnit(first.box)).toBe(true)
      expect(first.box[3] - first.box[1]).toBeGreaterThan(first.box[2] - first.box[0]) // runs down the page
      near(first.box[1], 72 / 595) // user x 72 is 72 pt from the displayed top
    }))

  it.effect("respects the CropBox: size of the crop, boxes relative to it, cropped-away text dropped", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(async () => {
        const doc = await PDFDocument.create()
        const font = await doc.embedFont(StandardFonts.Helvetica)
        const page = doc.addPage([595, 842])
        page.setCropBox(50, 100, 400, 600) // x, y (bottom-left, user space), width, height
        page.drawText("Inside", { x: 150, y: 500, size: 12, font }) // crop-relative: x 100, baseline 200 from top
        page.drawText("Outside", { x: 500, y: 800, size: 12, font })
        return page.doc.save()
      })
      const [page] = (yield* read(bytes)).pages
      expect(page).toMatchObject({ width: 400, height: 600 })
      expect(page!.lines.map((l) => l.text)).toEqual(["Inside"])
      const w = word(page!, "Inside")
      near(w.box[0], 100 / 400)
      near(w.box[3], (200 + 12 * 0.212) / 600) // bottom = baseline + descent
    }))

  it.effect("reads text drawn rotated within an unrotated page as its own line", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(async () => {
        const doc = await PDFDocument.create()
        const font = await doc.embedFont(StandardFonts.Helvetica)
        const page = doc.addPage([595, 842])
        page.drawText("Body line", { x: 72, y: 700, size: 12, font })
        page.drawText("SIDEWAYS MARGIN", { x: 30, y: 400, size: 12, font, rotate: degrees(90) })
        return doc.save()
      })
      const [page] = (yield* read(bytes)).pages
      expect(page!.lines.map((l) => l.text).sort()).toEqual(["Body line", "SIDEWAYS MARGIN"])
      const side = page!.lines.find((l) => l.text === "SIDEWAYS MARGIN")!
      expect(inUnit(side.box)).toBe(true)
      expect(side.box[3] - side.box[1]).toBeGreaterThan(side.box[2] - side.box[0]) // tall and thin
    }))

  it.effect("reads every page in order; a page without text has zero lines and stays source text", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makeTextPdf([["page one"], [], ["page three", "second line"]]))
      const model = yield* read(bytes)
      expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3])
      expect(model.pages.map(pageText)).toEqual(["page one", "", "page three\nsecond line"])
      expect(model.pages[1]).toMatchObject({ source: "text", lines: [] })
      near(model.pages[2]!.lines[1]!.box[1], (textLayout.top + textLayout.leading) / A4.height)
    }))

  it.effect("fails with PayloadTooLarge when the document has more pages than the limit", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makeTextPdf([["a"], ["b"], ["c"]]))
      const error = yield* Effect.flip(read(bytes, 2))
      expect(error._tag).toBe("PayloadTooLarge")
      expect(error.detail).toBe("document has 3 pages; the limit is 2")
      expect((yield* read(bytes, 3)).pages).toHaveLength(3)
    }))

  it.effect("fails with UnsupportedMediaType on truncated or garbage bytes", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makeTextPdf([["hello"]]))
      for (
        const broken of [
          bytes.slice(0, 300),
          new TextEncoder().encode("%PDF-1.7\nnot really a pdf"),
          new Uint8Array(64)
        ]
      ) {
        const error = yield* Effect.flip(read(broken))
        expect(error._tag).toBe("UnsupportedMediaType")
        expect(error.detail).toMatch(/^corrupt or unreadable PDF: /)
      }
    }))

  it.effect("fails with Unprocessable on a well-formed PDF whose page tree has no pages", () =>
    Effect.gen(function*() {
      const empty = rawPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"])
      const error = yield* Effect.flip(read(empty))
      expect(error._tag).toBe("Unprocessable")
      expect(error.detail).toBe("the PDF has no pages: there is nothing in it to read")
    }))

  it.effect("fails with UnsupportedMediaType on a password-protected PDF", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(read(yield* Effect.promise(encryptedPdf)))
      expect(error._tag).toBe("UnsupportedMediaType")
      expect(error.detail).toBe("PDF is encrypted (password-protected)")
    }))

  it.effect("leaves the caller's bytes intact and accepts a Buffer", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() => makeTextPdf([["keep me"]]))
      const length = bytes.byteLength
      yield* read(bytes)
      expect(bytes.byteLength).toBe(length)
      const again = yield* read(Buffer.from(bytes))
      expect(pageText(again.pages[0]!)).toBe("keep me")
    }))

  describe.skipIf(!haveInvoices)("real invoices (invoices-dev corpus)", () => {
    const manifest = haveInvoices
      ? (JSON.parse(fs.readFileSync(path.join(invoices, "manifest.json"), "utf8")) as {
        items: Array<{ file: string; expected: { invoice_number: string } }>
      })
      : { items: [] }
    const squash = (s: string) => s.toLowerCase().replace(/\s+/g, "")
    for (const item of manifest.items) {
      it.effect(`finds the invoice number in ${path.basename(item.file)}`, () =>
        Effect.gen(function*() {
          const bytes = new Uint8Array(fs.readFileSync(path.join(invoices, item.file)))
          const model = yield* read(bytes)
          const text = model.pages.map(pageText).join("\n")
          expect(squash(text)).toContain(squash(item.expected.invoice_number).replace(/^#/, ""))
          for (const page of model.pages) {
            for (const l of page.lines) {
              expect(inUnit(l.box)).toBe(true)
              for (const w of l.words) expect(inUnit(w.box)).toBe(true)
            }
          }
        }))
    }
  })

  describe("scanned and mixed PDFs (OCR)", () => {
    layer(Layer.scoped(Ocr, Effect.map(makeOcr({ workers: 2 }), Ocr.make)), { timeout: 60_000 })("with OCR", (it) => {
      it.effect("reads a scanned page by OCR and keeps text pages on their text layer; source per page", () =>
        Effect.gen(function*() {
          const ocr = yield* Ocr
          const bytes = yield* Effect.promise(() =>
            makeMixedPdf([{ text: "Cover letter for invoice 2024-117" }, ["INVOICE 2024-117", "Total due 1,250.00"]])
          )
          const model = yield* readPdf(bytes, { maxPages: 10, ocr })
          expect(model.pages.map((p) => [p.page, p.source, p.width, p.height])).toEqual([
            [1, "text", 595, 842],
            [2, "ocr", 595, 842]
          ])
          expect(pageText(model.pages[0]!)).toBe("Cover letter for invoice 2024-117")
          const scanned = model.pages[1]!
          expect(pageText(scanned)).toBe("INVOICE 2024-117\nTotal due 1,250.00")
          for (const l of scanned.lines) {
            expect(inUnit(l.box)).toBe(true)
            for (const w of l.words) {
              expect(inUnit(w.box)).toBe(true)
              expect(w.confidence).toBeGreaterThan(0)
              expect(w.confidence).toBeLessThanOrEqual(1)
            }
          }
          // Drawn at x 150 of 1240 px and baseline 300 of 1754 px: the same place on the page.
          const first = scanned.lines[0]!.words[0]!
          near(first.box[0], 150 / 1240)
          near(first.box[3], 300 / 1754)
          expect(scanned.lines[0]!.box[3]).toBeLessThan(scanned.lines[1]!.box[1])
        }))

      it.effect("OCRs a page whose only text is a few characters over a page-sized scan", () =>
        Effect.gen(function*() {
          const ocr = yield* Ocr
          const bytes = yield* Effect.promise(async () => {
            const doc = await PDFDocument.load(await makeMixedPdf([["RECEIPT 88", "Paid in cash"]]))
            const font = await doc.embedFont(StandardFonts.Helvetica)
            doc.getPage(0).drawText("p. 1", { x: 500, y: 30, size: 9, font })
            return doc.save()
          })
          const [page] = (yield* readPdf(bytes, { maxPages: 10, ocr })).pages
          expect(page!.source).toBe("ocr")
          expect(pageText(page!)).toContain("RECEIPT 88\nPaid in cash")
        }))

      it.effect("leaves blank pages as empty text pages (nothing to OCR)", () =>
        Effect.gen(function*() {
          const ocr = yield* Ocr
          const bytes = yield* Effect.promise(() => makeTextPdf([["page one"], []]))
          const model = yield* readPdf(bytes, { maxPages: 10, ocr })
          expect(model.pages.map((p) => [p.source, p.lines.length])).toEqual([["text", 1], ["text", 0]])
        }))
    })

    it.effect("without an OCR service a scanned page keeps its empty text layer", () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() => makeMixedPdf([["INVOICE 1"]]))
        expect((yield* read(bytes)).pages[0]).toMatchObject({ source: "text", lines: [] })
      }))
  })
})
