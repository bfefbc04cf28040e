import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from "pdf-lib"
import { afterEach, vi } from "vitest"
import type { Page } from "../../src/Domain/PageModel.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { pdfjs } from "../../src/Reading/PdfJs.js"

const invoices = "/work/shared/corpora/invoices-dev/files"
const haveInvoices = fs.existsSync(invoices)

/**
 * The pages of `sources` in turn until `pages` pages, and where each came from. With `ownFonts`
 * every page is copied on its own and brings its own fonts (as in a batch merged from many files);
 * otherwise a source's pages share one copy of its fonts.
 */
const concatenate = async (sources: ReadonlyArray<Uint8Array>, pages: number, ownFonts: boolean) => {
  const docs = await Promise.all(sources.map((s) => PDFDocument.load(s)))
  const origin: Array<{ source: number; page: number }> = []
  while (origin.length < pages) {
    for (const [source, doc] of docs.entries()) {
      for (const page of doc.getPageIndices()) if (origin.length < pages) origin.push({ source, page })
    }
  }
  const out = await PDFDocument.create()
  // One copyPages call copies the objects its pages share (fonts) once.
  const copies = ownFonts
    ? await Promise.all(origin.map(({ page, source }) => out.copyPages(docs[source]!, [page]).then(([copy]) => copy!)))
    : await Promise.all(
      docs.map((doc, source) => out.copyPages(doc, origin.filter((o) => o.source === source).map((o) => o.page)))
    ).then((bySource) => origin.map(({ source }) => bySource[source]!.shift()!))
  for (const copy of copies) out.addPage(copy)
  return { bytes: await out.save(), origin }
}

/**
 * Small invoice-like documents with standard (not embedded) fonts. With `distinct`, each document's
 * font dictionaries carry an entry of their own, so that no two documents' fonts are the same.
 */
const generatedSources = (count = 3, distinct = false) =>
  Promise.all(Array.from({ length: count }, async (_, d) => {
    const doc = await PDFDocument.create()
    const regular = await doc.embedFont(StandardFonts.Helvetica)
    const bold = await doc.embedFont(StandardFonts.HelveticaBold)
    const page = doc.addPage([595, 842])
    page.drawText(`INVOICE ${1000 + d}`, { x: 60, y: 780, size: 20, font: bold })
    for (let r = 0; r < 30; r++) {
      page.drawText(`Item ${r + 1} delivered goods`, { x: 60, y: 700 - 16 * r, size: 10, font: regular })
      page.drawText(`${(12.5 * (r + 1) + d).toFixed(2)} EUR`, { x: 450, y: 700 - 16 * r, size: 10, font: regular })
    }
    if (!distinct) return doc.save()
    const saved = await PDFDocument.load(await doc.save())
    for (const [, object] of saved.context.enumerateIndirectObjects()) {
      if (object instanceof PDFDict && object.get(PDFName.of("Type")) === PDFName.of("Font")) {
        object.set(PDFName.of("SourceDocument"), PDFNumber.of(d))
      }
    }
    return saved.save()
  }))

const read = (bytes: Uint8Array) => Effect.runPromise(readPdf(bytes, { maxPages: 1000 }))
const withoutNumber = ({ page: _, ...rest }: Page) => rest

/** Spies on pdf.js's release of a document's caches (PDFDocumentProxy.cleanup). */
const spyOnCleanup = async () => {
  const doc = await pdfjs.getDocument({ data: await PDFDocument.create().then((d) => (d.addPage(), d.save())) }).promise
  const spy = vi.spyOn(Object.getPrototypeOf(doc) as { cleanup: () => Promise<void> }, "cleanup")
  await doc.destroy()
  return spy
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("readPdf on long documents", () => {
  const sameAsSources = async (sources: ReadonlyArray<Uint8Array>, pages: number, ownFonts: boolean) => {
    const alone = await Promise.all(sources.map(read))
    const { bytes, origin } = await concatenate(sources, pages, ownFonts)
    const model = await read(bytes)
    expect(model.pages.map((p) => p.page)).toEqual(origin.map((_, i) => i + 1))
    model.pages.forEach((page, i) => {
      const { source, page: n } = origin[i]!
      expect(withoutNumber(page)).toEqual(withoutNumber(alone[source]!.pages[n]!))
    })
    return model
  }

  it("reads every page of a document merged from many files exactly as the files alone, converting each repeated font once", async () => {
    const cleanup = await spyOnCleanup()
    const model = await sameAsSources(await generatedSources(), 300, true)
    expect(model.pages).toHaveLength(300)
    // 600 font dictionaries, 2 distinct fonts: far below the release threshold.
    expect(cleanup).not.toHaveBeenCalled()
  })

  it("releases pdf.js's caches as it goes when the fonts keep changing, and reads every page as its file alone", async () => {
    const cleanup = await spyOnCleanup()
    const model = await sameAsSources(await generatedSources(150, true), 150, true)
    expect(model.pages).toHaveLength(150)
    expect(cleanup).toHaveBeenCalled()
  })

  it("keeps the fonts of a document that reuses them (no release)", async () => {
    const cleanup = await spyOnCleanup()
    await sameAsSources(await generatedSources(), 300, false)
    expect(cleanup).not.toHaveBeenCalled()
  })

  it.skipIf(!haveInvoices)("reads 300 pages of concatenated real invoices exactly as each invoice alone", async () => {
    const sources = fs.readdirSync(invoices).filter((f) => f.endsWith(".pdf")).sort()
      .map((f) => new Uint8Array(fs.readFileSync(path.join(invoices, f))))
    const cleanup = await spyOnCleanup()
    const model = await sameAsSources(sources, 300, true)
    expect(model.pages.reduce((n, p) => n + p.lines.length, 0)).toBeGreaterThan(300 * 20)
    // Every copy of an invoice's fonts is the same font: each is converted once, nothing piles up.
    expect(cleanup).not.toHaveBeenCalled()
  })
})
