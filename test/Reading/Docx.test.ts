import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import type { PageModel } from "../../src/Domain/PageModel.js"
import { pageText } from "../../src/Domain/PageModel.js"
import { toMarkdown } from "../../src/Export/Markdown.js"
import { Ocr } from "../../src/Ocr/Ocr.js"
import { ConversionFailed, OfficeConverter } from "../../src/Office/Converter.js"
import { InProcessReaderWithoutDependencies } from "../../src/Reading/DocumentReader.js"
import { DOCX_MEDIA_TYPE, readDocx } from "../../src/Reading/Docx.js"
import { readFile } from "../../src/Reading/Reader.js"
import { inUnit } from "../support/boxes.js"
import {
  deflated,
  deflatedZeros,
  docxParts,
  heading,
  makeDocx,
  makeZip,
  pageBreak,
  paragraph,
  rawZip,
  table
} from "../support/docx.js"
import { makeTextPdf } from "../support/pdfs.js"

/** The reader with no office converter: the tests choose the converter, never the machine. */
const ReaderWithoutConverter = InProcessReaderWithoutDependencies.pipe(
  Layer.provide([Ocr.Default, OfficeConverter.none])
)
const read = (bytes: Uint8Array, maxPages = 500) =>
  readFile(bytes, { maxPages }).pipe(Effect.provide(ReaderWithoutConverter))
const readDocxAlone = (bytes: Uint8Array, options: { maxPages: number }) =>
  readDocx(bytes, options).pipe(Effect.provide(OfficeConverter.none))

const expectSaneBoxes = (model: PageModel) => {
  for (const page of model.pages) {
    let previousTop = -1
    for (const line of page.lines) {
      expect(inUnit(line.box)).toBe(true)
      expect(line.box[1]).toBeGreaterThanOrEqual(previousTop) // top to bottom
      previousTop = line.box[1]
      for (const w of line.words) expect(inUnit(w.box)).toBe(true)
    }
  }
}

/**
 * Runs `f` with a fake `soffice` (a shell script, given its own folder, visible read-only in the cage)
 * as the converter, in the real bubblewrap cage.
 */
const withFakeSoffice = <A, E>(
  script: (dir: string) => string,
  f: Effect.Effect<A, E, OfficeConverter>,
  files: Record<string, Uint8Array> = {}
) =>
  Effect.acquireUseRelease(
    Effect.promise(async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fake-soffice-"))
      await fs.writeFile(path.join(dir, "soffice"), `#!/bin/sh\n${script(dir)}\n`, { mode: 0o755 })
      for (const [name, bytes] of Object.entries(files)) await fs.writeFile(path.join(dir, name), bytes)
      return dir
    }),
    (dir) => f.pipe(Effect.provide(OfficeConverter.libreOffice({ program: path.join(dir, "soffice"), bwrap: BWRAP }))),
    (dir) => Effect.promise(() => fs.rm(dir, { recursive: true, force: true }))
  )

const BWRAP = "/usr/bin/bwrap"

const elapsed = <A, E>(f: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const start = Date.now()
    const result = yield* f
    return [result, Date.now() - start] as const
  })

describe("readDocx without LibreOffice (mammoth, synthetic pages)", () => {
  it.effect("reads headings, paragraphs and tables into text pages", () =>
    Effect.gen(function*() {
      const docx = yield* Effect.promise(() =>
        makeDocx([
          heading("Invoice 42"),
          paragraph("ACME GmbH, Hauptstrasse 1, Berlin"),
          table([["Item", "Qty", "Price"], ["Widget", "2", "10.00"], ["Gadget with a long name", "1", "5.50"]]),
          paragraph("Total: 25.50 EUR")
        ].join(""))
      )
      const model = yield* read(docx)
      expect(model.mediaType).toBe(DOCX_MEDIA_TYPE)
      expect(model.pages).toHaveLength(1)
      const [page] = model.pages
      expect(page!.source).toBe("text")
      expect(page!.geometry).toBe("synthetic")
      expect(page!.lines.map((l) => l.text)).toEqual([
        "Invoice 42",
        "ACME GmbH, Hauptstrasse 1, Berlin",
        "Item                      Qty   Price",
        "Widget                    2     10.00",
        "Gadget with a long name   1     5.50",
        "Total: 25.50 EUR"
      ])
      // Table columns stay aligned: the quantities start at the same x.
      const qty = page!.lines.slice(2, 5).map((l) => l.words.find((w) => /^(Qty|2|1)$/.test(w.text))!.box[0])
      expect(new Set(qty.map((x) => x.toFixed(9))).size).toBe(1)
      // The heading is set larger, so markdown makes it a heading.
      expect(page!.lines[0]!.fontSize!).toBeGreaterThan(1.8 * page!.lines[1]!.fontSize!)
      expect(toMarkdown(model)).toMatch(/^<!-- page 1 -->\n# Invoice 42\n\nACME GmbH/)
      expectSaneBoxes(model)
    }))

  it.effect("starts a new page at explicit page breaks and paginates long text at about 50 lines", () =>
    Effect.gen(function*() {
      const long = Array.from({ length: 60 }, (_, i) => paragraph(`Paragraph ${i + 1} of the terms.`)).join("")
      const docx = yield* Effect.promise(() =>
        makeDocx(paragraph("Cover letter") + pageBreak + paragraph("Invoice 7") + pageBreak + long)
      )
      const model = yield* read(docx)
      expect(model.pages.map((p) => p.page)).toEqual(model.pages.map((_, i) => i + 1))
      expect(pageText(model.pages[0]!)).toBe("Cover letter")
      expect(pageText(model.pages[1]!)).toBe("Invoice 7")
      // 60 paragraphs with blank lines between them are 119 rows: three pages of at most 50.
      const rest = model.pages.slice(2)
      expect(rest).toHaveLength(3)
      expect(rest.map((p) => p.lines.length)).toEqual([25, 25, 10])
      expect(rest[0]!.lines[0]!.text).toBe("Paragraph 1 of the terms.")
      expect(rest[2]!.lines.at(-1)!.text).toBe("Paragraph 60 of the terms.")
      expectSaneBoxes(model)
    }))

  it.effect("enforces the page limit", () =>
    Effect.gen(function*() {
      const docx = yield* Effect.promise(() =>
        makeDocx([paragraph("a"), pageBreak, paragraph("b"), pageBreak, paragraph("c")].join(""))
      )
      expect(yield* Effect.flip(read(docx, 2))).toMatchObject({
        _tag: "PayloadTooLarge",
        detail: "document has 3 pages; the limit is 2"
      })
    }))
})

describe("readDocx with a converter (a fake soffice in the real cage)", () => {
  it.effect("converts to PDF and reads its real pages", () =>
    Effect.gen(function*() {
      const pdf = yield* Effect.promise(() => makeTextPdf([["Converted page one"], ["Page two"]]))
      // Like soffice: writes <outdir>/<input name>.pdf.
      const script = (dir: string) =>
        `out=""; prev=""; for a in "$@"; do [ "$prev" = "--outdir" ] && out="$a"; prev="$a"; done
cp "${dir}/converted.pdf" "$out/input.pdf"`
      const docx = yield* Effect.promise(() => makeDocx(paragraph("Flow text")))
      const model = yield* withFakeSoffice(script, readDocx(docx, { maxPages: 500 }), { "converted.pdf": pdf })
      expect(model.mediaType).toBe(DOCX_MEDIA_TYPE)
      expect(model.pages.map(pageText)).toEqual(["Converted page one", "Page two"])
      expect(model.pages[0]!.geometry).toBeUndefined() // measured boxes
      expect(model.pages[0]!.width).toBe(595)
    }))

  it.effect("falls back to the text layout when the conversion fails", () =>
    Effect.gen(function*() {
      const docx = yield* Effect.promise(() => makeDocx(paragraph("Flow text")))
      const model = yield* withFakeSoffice(() => "echo broken >&2; exit 3", readDocx(docx, { maxPages: 500 }))
      expect(model.pages.map(pageText)).toEqual(["Flow text"])
      expect(model.pages[0]!.geometry).toBe("synthetic")
    }))

  it.effect("does not run LibreOffice on a zip bomb", () =>
    Effect.gen(function*() {
      const bomb = rawZip([
        { name: "[Content_Types].xml", deflated: deflated("<Types/>"), declaredSize: 8 },
        { name: "word/document.xml", deflated: deflatedZeros(300), declaredSize: 300 << 20 }
      ])
      let converted = 0
      const counting = Layer.succeed(OfficeConverter, {
        description: "counting fake",
        setup: undefined,
        toPdf: Option.some(() =>
          Effect.sync(() => converted++).pipe(Effect.zipRight(Effect.fail(new ConversionFailed({ reason: "fake" }))))
        )
      })
      const error = yield* Effect.flip(readDocx(bomb, { maxPages: 500 }).pipe(Effect.provide(counting)))
      expect(error.detail).toMatch(/looks like a zip bomb/)
      expect(converted).toBe(0)
      // The same fake is called for a sound DOCX (so the count above means something).
      yield* readDocx(yield* Effect.promise(() => makeDocx(paragraph("x"))), { maxPages: 500 }).pipe(
        Effect.provide(counting)
      )
      expect(converted).toBe(1)
    }))
})

describe("readDocx refuses hostile and broken files quickly", () => {
  it.effect("a zip bomb (declared sizes): 415 without inflating", () =>
    Effect.gen(function*() {
      const entries = docxParts(paragraph("x"))
      const bomb = rawZip([
        ...Object.entries(entries).filter(([n]) => n !== "word/document.xml")
          .map(([name, xml]) => ({ name, deflated: deflated(xml), declaredSize: Buffer.byteLength(xml) })),
        { name: "word/document.xml", deflated: deflatedZeros(300), declaredSize: 300 << 20 }
      ])
      expect(bomb.byteLength).toBeLessThan(400_000)
      const [error, ms] = yield* elapsed(Effect.flip(read(bomb)))
      expect(error._tag).toBe("UnsupportedMediaType")
      expect(error.detail).toMatch(/^DOCX looks like a zip bomb: it inflates to 300\.0 MB/)
      expect(ms).toBeLessThan(2000)
    }))

  it.effect("a zip bomb by ratio: 40 MB from a few KB", () =>
    Effect.gen(function*() {
      const entries = docxParts(paragraph("x"))
      const bomb = rawZip([
        ...Object.entries(entries).map(([name, xml]) => ({
          name,
          deflated: deflated(xml),
          declaredSize: Buffer.byteLength(xml)
        })),
        { name: "word/media/image1.png", deflated: deflatedZeros(40), declaredSize: 40 << 20 }
      ])
      const error = yield* Effect.flip(readDocxAlone(bomb, { maxPages: 500 }))
      expect(error.detail).toMatch(/looks like a zip bomb: .* inflate to 40\.0 MB, more than 100×/)
    }))

  it.effect("a zip that lies about its sizes: inflating stops at the declared size", () =>
    Effect.gen(function*() {
      const entries = docxParts(paragraph("x"))
      const liar = rawZip([
        ...Object.entries(entries).filter(([n]) => n !== "word/document.xml")
          .map(([name, xml]) => ({ name, deflated: deflated(xml), declaredSize: Buffer.byteLength(xml) })),
        { name: "word/document.xml", deflated: deflatedZeros(500), declaredSize: 1000 }
      ])
      const before = process.memoryUsage().rss
      const [error, ms] = yield* elapsed(Effect.flip(readDocxAlone(liar, { maxPages: 500 })))
      expect(error.detail).toBe("DOCX looks like a zip bomb: word/document.xml inflates past its declared 1000 bytes")
      expect(ms).toBeLessThan(2000)
      expect(process.memoryUsage().rss - before).toBeLessThan(200 << 20)
    }))

  it.effect("too many entries", () =>
    Effect.gen(function*() {
      const tiny = deflated("")
      const many = rawZip(
        Array.from({ length: 10_001 }, (_, i) => ({ name: `word/p${i}.xml`, deflated: tiny, declaredSize: 0 }))
      )
      const error = yield* Effect.flip(readDocxAlone(many, { maxPages: 500 }))
      expect(error.detail).toBe("DOCX looks like a zip bomb: 10001 entries (the limit is 10000)")
    }))

  it.effect("corrupt and truncated archives", () =>
    Effect.gen(function*() {
      const docx = yield* Effect.promise(() => makeDocx(paragraph("Some text to make the archive longer. ".repeat(50))))
      const truncated = docx.slice(0, Math.floor(docx.byteLength / 2))
      expect(yield* Effect.flip(readDocxAlone(truncated, { maxPages: 500 }))).toMatchObject({
        _tag: "UnsupportedMediaType",
        detail: "corrupt or truncated DOCX (zip): no end of central directory record"
      })
      // Through the reader it is still a 415, whatever the sniffer makes of the front of the zip.
      expect((yield* Effect.flip(read(truncated)))._tag).toBe("UnsupportedMediaType")
      // Garbage where the compressed document should be.
      const garbled = rawZip([
        { name: "[Content_Types].xml", deflated: deflated("<Types/>"), declaredSize: 8 },
        { name: "word/document.xml", deflated: Uint8Array.from([0xff, 0xff, 0xff, 0x00, 0x13]), declaredSize: 100 }
      ])
      const error = yield* Effect.flip(readDocxAlone(garbled, { maxPages: 500 }))
      expect(error.detail).toMatch(/^corrupt or truncated DOCX \(zip\): word\/document\.xml: /)
    }))

  it.effect("a zip that is not a DOCX", () =>
    Effect.gen(function*() {
      const plainZip = yield* Effect.promise(() => makeZip({ "notes.txt": "hello" }))
      expect(yield* Effect.flip(read(plainZip))).toMatchObject({
        _tag: "UnsupportedMediaType",
        detail: "unsupported file type application/zip"
      })
      const { ["word/document.xml"]: _, ...noDocument } = docxParts("")
      const almost = yield* Effect.promise(() => makeZip({ ...noDocument, "word/other.xml": "<x/>" }))
      expect(yield* Effect.flip(read(almost))).toMatchObject({
        _tag: "UnsupportedMediaType",
        detail: "zip archive without word/document.xml: not a DOCX"
      })
    }))

  it.effect("a DOCX whose document is not XML", () =>
    Effect.gen(function*() {
      const broken = yield* Effect.promise(() =>
        makeZip({ ...docxParts(""), "word/document.xml": "<w:document><unclosed" })
      )
      const error = yield* Effect.flip(readDocxAlone(broken, { maxPages: 500 }))
      expect(error._tag).toBe("UnsupportedMediaType")
      expect(error.detail).toMatch(/^unreadable DOCX: /)
    }))

  it.effect("zero bytes and garbage", () =>
    Effect.gen(function*() {
      expect(yield* Effect.flip(read(new Uint8Array(0)))).toMatchObject({ detail: "empty file" })
      const garbage = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)
      expect((yield* Effect.flip(read(garbage)))._tag).toBe("UnsupportedMediaType")
      // Zip magic followed by junk.
      const junk = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...garbage.slice(0, 200)])
      expect((yield* Effect.flip(read(junk)))._tag).toBe("UnsupportedMediaType")
    }))
})
