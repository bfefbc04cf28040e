import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { Line, Page, PageModel } from "../../src/Domain/PageModel.js"
import { toMarkdown } from "../../src/Export/Markdown.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { readPlainText } from "../../src/Reading/PlainText.js"
import { makePdf } from "../support/pdfs.js"

/** A line at a vertical position (0..1), with a font size in points on an 842 pt page. */
const line = (text: string, top: number, size = 10, left = 0.1): Line => {
  const height = (size * 1.2) / 842
  return {
    text,
    box: [left, top, left + text.length * 0.01, top + height],
    words: [],
    fontSize: size / 842
  }
}
const page = (n: number, lines: Array<Line>): Page => ({ page: n, width: 595, height: 842, source: "text", lines })
const model = (...pages: Array<Page>): PageModel => ({ mediaType: "application/pdf", pages })

describe("toMarkdown", () => {
  it("marks each page with a comment and separates pages by a blank line", () => {
    const md = toMarkdown(model(page(1, [line("first page", 0.1)]), page(2, []), page(3, [line("third", 0.1)])))
    expect(md).toBe("<!-- page 1 -->\nfirst page\n\n<!-- page 2 -->\n\n<!-- page 3 -->\nthird")
  })

  it("turns clearly larger type into # and ## headings, body-size text stays text", () => {
    const md = toMarkdown(model(page(1, [
      line("Annual Report", 0.05, 24),
      line("Overview", 0.1, 14),
      line("Body text one with enough characters to be the body.", 0.13),
      line("Body text two with enough characters to be the body.", 0.145),
      line("Slightly larger", 0.2, 11)
    ])))
    expect(md).toBe([
      "<!-- page 1 -->",
      "# Annual Report",
      "",
      "## Overview",
      "",
      "Body text one with enough characters to be the body.",
      "Body text two with enough characters to be the body.",
      "",
      "Slightly larger"
    ].join("\n"))
  })

  it("keeps close lines in one paragraph and starts a new one after a larger gap", () => {
    const md = toMarkdown(model(page(1, [
      line("one", 0.1),
      line("two", 0.115),
      line("three", 0.2),
      line("four", 0.215)
    ])))
    expect(md).toBe("<!-- page 1 -->\none\ntwo\n\nthree\nfour")
  })

  it("keeps lines side by side on one visual row on one markdown line", () => {
    const md = toMarkdown(model(page(1, [
      line("Invoice date:", 0.1, 10, 0.1),
      line("2023-03-20", 0.1, 10, 0.6),
      line("Due date:", 0.115, 10, 0.1)
    ])))
    expect(md).toBe("<!-- page 1 -->\nInvoice date:   2023-03-20\nDue date:")
  })

  it("merges a heading wrapped over two lines", () => {
    const md = toMarkdown(model(page(1, [
      line("A very long title", 0.05, 24),
      line("that wraps", 0.085, 24),
      line("body text, longer than the title", 0.2)
    ])))
    expect(md).toBe("<!-- page 1 -->\n# A very long title that wraps\n\nbody text, longer than the title")
  })

  it("judges a page with little text against the body size of the whole document", () => {
    const body = Array.from(
      { length: 8 },
      (_, i) => line(`Body line ${i} of the second page, in ordinary type.`, 0.1 + i * 0.015)
    )
    const md = toMarkdown(model(page(1, [line("Cover Title", 0.3, 30)]), page(2, body)))
    expect(md.split("\n").slice(0, 2)).toEqual(["<!-- page 1 -->", "# Cover Title"])
  })

  it("renders plain text without headings, blank lines as paragraph breaks", () => {
    expect(toMarkdown(readPlainText("Title\nline two\n\nnext paragraph"))).toBe(
      "<!-- page 1 -->\nTitle\nline two\n\nnext paragraph"
    )
  })

  it.effect("renders a PDF read by readPdf", () =>
    Effect.gen(function*() {
      const bytes = yield* Effect.promise(() =>
        makePdf([
          [
            { text: "Invoice", x: 72, y: 60, size: 28 },
            { text: "Number:", x: 72, y: 140 },
            { text: "INV-7", x: 300, y: 140 },
            { text: "Thank you.", x: 72, y: 156 }
          ],
          [{ text: "Terms apply.", x: 72, y: 72 }]
        ])
      )
      const md = toMarkdown(yield* readPdf(bytes, { maxPages: 10 }))
      expect(md).toBe(
        "<!-- page 1 -->\n# Invoice\n\nNumber:   INV-7\nThank you.\n\n<!-- page 2 -->\nTerms apply."
      )
    }))
})
