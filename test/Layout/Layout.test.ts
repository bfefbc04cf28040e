import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { AppConfig } from "../../src/Config.js"
import type { PageModel } from "../../src/Domain/PageModel.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { readHtml as readHtmlEffect } from "../../src/Reading/Html.js"

const readHtml = (bytes: Uint8Array) => Effect.runSync(readHtmlEffect(bytes))
import { toMarkdown } from "../../src/Export/Markdown.js"
import { analyzeLayout } from "../../src/Layout/Layout.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { readPlainText } from "../../src/Reading/PlainText.js"
import { testConfig } from "../support/app.js"
import { inUnit } from "../support/boxes.js"
import { pageModelFromLines } from "../support/pageModel.js"
import { makePdf, type PlacedText } from "../support/pdfs.js"

const pdfModel = (pages: ReadonlyArray<ReadonlyArray<PlacedText>>) =>
  Effect.promise(() => makePdf(pages)).pipe(Effect.flatMap((pdf) => readPdf(pdf, { maxPages: 50 })))

const texts = (model: PageModel, page = 1) => model.pages[page - 1]!.lines.map((l) => l.text)
/** The same lines, in any order. */
const sameLines = (a: PageModel, b: PageModel) =>
  a.pages.forEach((p, i) =>
    expect([...b.pages[i]!.lines].map((l) => l.text).sort()).toEqual([...p.lines].map((l) => l.text).sort())
  )

const LEFT = [
  "The left column starts here and",
  "continues with more words in it",
  "until the paragraph is over now.",
  "",
  "A second paragraph on the left",
  "side ends the column text here."
]
const RIGHT = [
  "The right column begins at the",
  "top of the page next to the left",
  "one and goes down to its end.",
  "",
  "Its second paragraph closes the",
  "page with a final sentence."
]
const twoColumns = (top: number): Array<PlacedText> => [
  ...LEFT.flatMap((text, i) => (text ? [{ text, x: 72, y: top + i * 16, size: 10 }] : [])),
  ...RIGHT.flatMap((text, i) => (text ? [{ text, x: 320, y: top + i * 16, size: 10 }] : []))
]
const TABLE = [["Item", "Qty", "Price"], ["Coffee beans", "2", "25.00"], ["Filter papers", "10", "3.50"], [
  "Mug",
  "1",
  "8.00"
]]
const tableAt = (top: number): Array<PlacedText> =>
  TABLE.flatMap((row, i) => row.map((text, j) => ({ text, x: 72 + j * 150, y: top + i * 16, size: 10 })))

describe("analyzeLayout: reading order (XY-cut)", () => {
  it.effect("reads a two-column page column by column, the full-width title first", () =>
    Effect.gen(function*() {
      const model = yield* pdfModel([[{ text: "Two Column Report", x: 72, y: 60, size: 20 }, ...twoColumns(120)]])
      // Without layout analysis: rows top to bottom, the columns interleaved.
      expect(texts(model).slice(0, 3)).toEqual(["Two Column Report", LEFT[0], RIGHT[0]])
      const analyzed = analyzeLayout(model)
      expect(texts(analyzed)).toEqual(["Two Column Report", ...LEFT.filter(Boolean), ...RIGHT.filter(Boolean)])
      expect(analyzed.pages[0]!.tables).toBeUndefined() // prose side by side is not a table
      sameLines(model, analyzed)
      for (const line of analyzed.pages[0]!.lines) expect(inUnit(line.box)).toBe(true)
      // Markdown follows the new order; the jump to the right column starts a paragraph.
      expect(toMarkdown(analyzed)).toBe([
        "<!-- page 1 -->",
        "# Two Column Report",
        "",
        LEFT.slice(0, 3).join("\n"),
        "",
        LEFT.slice(4).join("\n"),
        "",
        RIGHT.slice(0, 3).join("\n"),
        "",
        RIGHT.slice(4).join("\n")
      ].join("\n"))
    }))

  it.effect("reads blocks side by side one after the other, and a band below them after both", () =>
    Effect.gen(function*() {
      const model = yield* pdfModel([[
        { text: "ACME GmbH", x: 72, y: 72 },
        { text: "Hauptstrasse 1", x: 72, y: 88 },
        { text: "10115 Berlin", x: 72, y: 104 },
        { text: "Invoice 2024-17", x: 380, y: 72 },
        { text: "Date 2024-03-01", x: 380, y: 88 },
        { text: "This text runs across the whole width of the page below both blocks.", x: 72, y: 160 }
      ]])
      expect(texts(analyzeLayout(model))).toEqual([
        "ACME GmbH",
        "Hauptstrasse 1",
        "10115 Berlin",
        "Invoice 2024-17",
        "Date 2024-03-01",
        "This text runs across the whole width of the page below both blocks."
      ])
    }))

  it("leaves single-column text in its order", () => {
    const model = readPlainText("Invoice 42\n\nDear customer,\nthank you for your order.\n\nTotal 99.00\n")
    expect(analyzeLayout(model)).toEqual(model)
  })
})

describe("analyzeLayout: tables", () => {
  it.effect("finds a table by the column alignment of its words, with cell texts", () =>
    Effect.gen(function*() {
      const model = yield* pdfModel([[
        { text: "Order summary", x: 72, y: 60, size: 16 },
        ...tableAt(100),
        { text: "Total: 36.50 EUR", x: 72, y: 180 }
      ]])
      const analyzed = analyzeLayout(model)
      const page = analyzed.pages[0]!
      expect(page.tables).toHaveLength(1)
      const table = page.tables![0]!
      expect(table.rows).toEqual(TABLE)
      expect(table.firstLine).toBe(1)
      expect(table.lineCount).toBe(12)
      expect(inUnit(table.box)).toBe(true)
      expect(page.lines.slice(1, 13).map((l) => l.text)).toEqual(TABLE.flat())
      expect(toMarkdown(analyzed)).toBe([
        "<!-- page 1 -->",
        "## Order summary",
        "",
        "| Item | Qty | Price |",
        "| --- | --- | --- |",
        "| Coffee beans | 2 | 25.00 |",
        "| Filter papers | 10 | 3.50 |",
        "| Mug | 1 | 8.00 |",
        "",
        "Total: 36.50 EUR"
      ].join("\n"))
      // Without the flag, nothing is a table.
      expect(toMarkdown(model)).not.toContain("|")
    }))

  it.effect("keeps a table whole on a page with two text columns above it", () =>
    Effect.gen(function*() {
      const model = yield* pdfModel([[...twoColumns(72), ...tableAt(220)]])
      const analyzed = analyzeLayout(model)
      expect(analyzed.pages[0]!.tables?.map((t) => t.rows)).toEqual([TABLE])
      expect(texts(analyzed)).toEqual([...LEFT.filter(Boolean), ...RIGHT.filter(Boolean), ...TABLE.flat()])
    }))

  it("finds tables in laid-out text (HTML, DOCX, plain text), with empty cells", () => {
    const html = readHtml(new TextEncoder().encode(
      `<p>Items</p><table><tr><th>Item</th><th>Qty</th><th>Amount</th></tr>` +
        `<tr><td>Coffee beans</td><td>2</td><td>25.00</td></tr><tr><td>Gift wrap</td><td></td><td>1.00</td></tr></table>` +
        `<p>Thank you for shopping with us today.</p>`
    ))
    const analyzed = analyzeLayout(html)
    expect(analyzed.pages[0]!.tables).toEqual([
      expect.objectContaining({
        firstLine: 1,
        lineCount: 3,
        rows: [["Item", "Qty", "Amount"], ["Coffee beans", "2", "25.00"], ["Gift wrap", "", "1.00"]]
      })
    ])
    expect(toMarkdown(analyzed)).toContain("| Gift wrap |  | 1.00 |")
  })

  it("does not make a table of ordinary text or of a single aligned row", () => {
    const model = pageModelFromLines([[
      "Dear customer, thank you for your order of the third of March.",
      "We will ship it  as soon as  possible and send you the tracking number.",
      "Total:      99.00",
      "",
      "Kind regards"
    ]])
    expect(analyzeLayout(model).pages[0]!.tables).toBeUndefined()
  })
})

describe("analyzeLayout: running headers and footers", () => {
  const pages = [1, 2, 3].map((n): Array<PlacedText> => [
    { text: "ACME Corp Quarterly Report", x: 72, y: 30, size: 9 },
    { text: `Section ${n}`, x: 72, y: 100, size: 16 },
    { text: `Body text of section ${n} with its own words.`, x: 72, y: 130 },
    { text: `Page ${n} of 3`, x: 270, y: 800, size: 9 }
  ])

  it.effect("marks the same text at the same place on most pages, headers first and footers last", () =>
    Effect.gen(function*() {
      const model = yield* pdfModel(pages)
      const analyzed = analyzeLayout(model)
      analyzed.pages.forEach((page, i) => {
        const n = i + 1
        expect(page.lines.map((l) => [l.text, l.role])).toEqual([
          ["ACME Corp Quarterly Report", "header"],
          [`Section ${n}`, undefined],
          [`Body text of section ${n} with its own words.`, undefined],
          [`Page ${n} of 3`, "footer"]
        ])
      })
      const md = toMarkdown(analyzed)
      expect(md).toContain("<!-- page 2 -->\n<!-- header: ACME Corp Quarterly Report -->\n\n## Section 2")
      expect(md).toContain("<!-- footer: Page 3 of 3 -->")
    }))

  it.effect("does not mark text that repeats on only one page in three, or a one-page document", () =>
    Effect.gen(function*() {
      const varied = yield* pdfModel([
        [{ text: "Confidential", x: 72, y: 30 }, { text: "one", x: 72, y: 200 }],
        [{ text: "Draft", x: 72, y: 30 }, { text: "two", x: 72, y: 200 }],
        [{ text: "Final", x: 72, y: 30 }, { text: "three", x: 72, y: 200 }]
      ])
      expect(analyzeLayout(varied).pages.flatMap((p) => p.lines).filter((l) => l.role)).toEqual([])
      const single = yield* pdfModel([pages[0]!])
      expect(analyzeLayout(single).pages[0]!.lines.filter((l) => l.role)).toEqual([])
    }))
})

describe("Pipeline.read with document_layout_analysis", () => {
  const PipelineTest = Pipeline.Default.pipe(
    Layer.provide(InProcessReader),
    Layer.provide(Layer.succeed(Splitter, { split: () => Effect.succeed([]) })),
    Layer.provide(Layer.succeed(Extractor, { extract: () => Effect.succeed({}) })),
    Layer.provide(Layer.succeed(AppConfig, testConfig()))
  )

  it.effect("applies layout analysis only when asked", () =>
    Effect.gen(function*() {
      const pipeline = yield* Pipeline
      const pdf = yield* Effect.promise(() => makePdf([twoColumns(72)]))
      const plain = yield* pipeline.read(pdf, { layout: false })
      const laidOut = yield* pipeline.read(pdf, { layout: true })
      expect(texts(plain).slice(0, 2)).toEqual([LEFT[0], RIGHT[0]])
      expect(texts(laidOut)).toEqual([...LEFT.filter(Boolean), ...RIGHT.filter(Boolean)])
    }).pipe(Effect.provide(PipelineTest)))
})
