import { describe, expect, it } from "@effect/vitest"
import { pageText } from "../../src/Domain/PageModel.js"
import { COLUMNS, LINES_PER_PAGE, pagesAtLeast, readPlainText } from "../../src/Reading/PlainText.js"
import { inUnit } from "../support/boxes.js"

describe("readPlainText", () => {
  it("keeps the text as lines and words of one text page", () => {
    const model = readPlainText("Invoice 42\nTotal:  99.50 EUR\n")
    expect(model.mediaType).toBe("text/plain")
    expect(model.pages).toHaveLength(1)
    const [page] = model.pages
    expect(page!.source).toBe("text")
    expect(page!.page).toBe(1)
    expect(page!.lines.map((l) => l.text)).toEqual(["Invoice 42", "Total:  99.50 EUR"])
    expect(page!.lines[1]!.words.map((w) => w.text)).toEqual(["Total:", "99.50", "EUR"])
    for (const line of page!.lines) {
      expect(inUnit(line.box)).toBe(true)
      for (const w of line.words) {
        expect(inUnit(w.box)).toBe(true)
        expect(w.confidence).toBe(1)
      }
    }
  })

  it("places words by character column and lines by row, top-left origin", () => {
    const [page] = readPlainText("ab  cd\n\nefgh").pages
    const [first, second] = page!.lines
    const [ab, cd] = first!.words
    // Same width per character: "cd" starts 4 columns right of "ab", both 2 columns wide.
    const column = (ab!.box[2] - ab!.box[0]) / 2
    expect(cd!.box[0] - ab!.box[0]).toBeCloseTo(4 * column, 9)
    expect(cd!.box[2] - cd!.box[0]).toBeCloseTo(2 * column, 9)
    // The blank line stays as vertical space: "efgh" is two rows below.
    const row = first!.box[3] - first!.box[1]
    expect(second!.box[1] - first!.box[1]).toBeCloseTo(2 * row, 9)
    expect(first!.box[1]).toBeLessThan(second!.box[1])
  })

  it(`paginates every ${LINES_PER_PAGE} lines and at form feeds`, () => {
    const lines = Array.from({ length: 130 }, (_, i) => `line ${i + 1}`)
    const model = readPlainText(lines.join("\n") + "\fafter the form feed\f")
    expect(model.pages.map((p) => p.lines.length)).toEqual([60, 60, 10, 1])
    expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3, 4])
    expect(model.pages[1]!.lines[0]!.text).toBe("line 61")
    expect(pageText(model.pages[3]!)).toBe("after the form feed")
    // Row positions restart on each page.
    expect(model.pages[1]!.lines[0]!.box[1]).toBeCloseTo(model.pages[0]!.lines[0]!.box[1], 9)
  })

  it(`wraps lines longer than ${COLUMNS} characters at a space`, () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ") // 199 characters
    const [page] = readPlainText(long).pages
    expect(page!.lines.length).toBeGreaterThanOrEqual(2)
    expect(page!.lines.every((l) => l.text.length <= COLUMNS)).toBe(true)
    expect(page!.lines.map((l) => l.text).join(" ")).toBe(long) // no word broken
    const unbroken = "x".repeat(250)
    expect(readPlainText(unbroken).pages[0]!.lines.map((l) => l.text.length)).toEqual([100, 100, 50])
  })

  it("handles CRLF, tabs and a BOM; empty text is one page without lines", () => {
    const [page] = readPlainText("\uFEFFName:\tACME\r\nDate:\t2024-01-02\r\n").pages
    expect(page!.lines.map((l) => l.words.map((w) => w.text))).toEqual([["Name:", "ACME"], ["Date:", "2024-01-02"]])
    // The tab stops align the values.
    expect(page!.lines[0]!.words[1]!.box[0]).toBeCloseTo(page!.lines[1]!.words[1]!.box[0], 9)
    expect(readPlainText("").pages).toEqual([
      expect.objectContaining({ page: 1, source: "text", lines: [] })
    ])
  })
})

describe("pagesAtLeast", () => {
  it("never counts more pages than the layout makes, and counts long lines and form feeds", () => {
    const texts = [
      "",
      "one line",
      "a\nb\nc\n",
      "x".repeat(250),
      `${"line\n".repeat(130)}`,
      "page one\fpage two\f",
      `${"word ".repeat(300)}\n${"y".repeat(1000)}\n\f\fz`
    ]
    for (const text of texts) expect(pagesAtLeast(text)).toBeLessThanOrEqual(readPlainText(text).pages.length)
    expect(pagesAtLeast("line\n".repeat(8_000_000))).toBe(Math.ceil(8_000_000 / LINES_PER_PAGE))
    expect(pagesAtLeast("x".repeat(COLUMNS * LINES_PER_PAGE * 3))).toBe(3)
  })
})
