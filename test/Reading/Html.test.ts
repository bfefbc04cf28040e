import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { pageText } from "../../src/Domain/PageModel.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { htmlToSections, MAX_HTML_DEPTH, nestsDeeperThan, readHtml as readHtmlEffect } from "../../src/Reading/Html.js"
import { readFile } from "../../src/Reading/Reader.js"

const readHtml = (bytes: Uint8Array) => Effect.runSync(readHtmlEffect(bytes))
import { toMarkdown } from "../../src/Export/Markdown.js"
import { inUnit } from "../support/boxes.js"

const utf8 = (s: string) => new TextEncoder().encode(s)

const invoice = `<!DOCTYPE html>
<html><head><title>Invoice</title><style>td { padding: 4px }</style><script>track()</script></head>
<body>
  <h1>Invoice 2024-017</h1>
  <p>Thank you for your order at <a href="https://shop.example.com/orders/17?utm=mail">our shop</a>.</p>
  <img src="logo.png" alt="ACME logo">
  <table>
    <tr><th>Item</th><th>Qty</th><th>Amount</th></tr>
    <tr><td>Coffee beans</td><td>2</td><td>25.00</td></tr>
    <tr><td>Filter papers</td><td>10</td><td>3.50</td></tr>
  </table>
  <h2>Payment</h2>
  <p>Total: <b>28.50 EUR</b></p>
</body></html>`

describe("readHtml", () => {
  it("turns HTML into readable text: no markup, scripts, styles, URLs or images; tables aligned", () => {
    const model = readHtml(utf8(invoice))
    expect(model.mediaType).toBe("text/html")
    expect(model.pages).toHaveLength(1)
    const page = model.pages[0]!
    expect(page.source).toBe("text")
    expect(page.geometry).toBe("synthetic")
    expect(page.lines.map((l) => l.text)).toEqual([
      "Invoice 2024-017",
      "Thank you for your order at our shop.",
      "Item            Qty   Amount",
      "Coffee beans    2     25.00",
      "Filter papers   10    3.50",
      "Payment",
      "Total: 28.50 EUR"
    ])
    for (const line of page.lines) {
      expect(inUnit(line.box)).toBe(true)
      for (const w of line.words) expect(inUnit(w.box)).toBe(true)
    }
    // The amounts column is aligned.
    const amountX = page.lines.slice(2, 5).map((l) => l.words.at(-1)!.box[0].toFixed(9))
    expect(new Set(amountX).size).toBe(1)
  })

  it("keeps headings as headings in markdown", () => {
    const md = toMarkdown(readHtml(utf8(invoice)))
    expect(md).toContain("# Invoice 2024-017\n")
    expect(md).toContain("## Payment\n")
    expect(md).not.toContain("https://")
  })

  it("paginates long HTML like text", () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<div>Row ${i + 1}</div>`).join("")
    const model = readHtml(utf8(`<html><body>${rows}</body></html>`))
    expect(model.pages.map((p) => p.lines.length)).toEqual([50, 50, 20])
    expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3])
    expect(pageText(model.pages[2]!).split("\n").at(-1)).toBe("Row 120")
  })

  it("an HTML file without text is one empty page", () => {
    expect(readHtml(utf8("<html><body><img src=x></body></html>")).pages).toEqual([
      expect.objectContaining({ page: 1, lines: [] })
    ])
  })

  it.effect("is recognised by its bytes and read by the DocumentReader", () =>
    Effect.gen(function*() {
      const model = yield* readFile(utf8(invoice), { maxPages: 500 }).pipe(
        Effect.provide(InProcessReader)
      )
      expect(model.mediaType).toBe("text/html")
      expect(pageText(model.pages[0]!)).toContain("Total: 28.50 EUR")
    }))
})

describe("readHtml on hostile nesting", () => {
  it("refuses 200k nested elements at once with a 422 naming the depth, without overflowing the stack", () => {
    const deep = "<html><body>" + "<div>".repeat(200_000) + "x" + "</div>".repeat(200_000) + "</body></html>"
    const started = Date.now()
    const exit = Effect.runSync(Effect.either(readHtmlEffect(utf8(deep))))
    expect(exit._tag).toBe("Left")
    expect(exit._tag === "Left" ? exit.left.detail : "").toBe("HTML nests elements more than 500 deep (the limit)")
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it("counts depth as the tree has it: void elements and implied closes do not nest", () => {
    expect(nestsDeeperThan("<p>a<p>b<p>c", 1)).toBe(false)
    expect(nestsDeeperThan("<br><br><img src=x><div><span>x</span></div>", 2)).toBe(false)
    expect(nestsDeeperThan("<br><br><img src=x><div><span>x</span></div>", 1)).toBe(true)
    expect(nestsDeeperThan("<li>a<li>b".repeat(10_000), 2)).toBe(false)
  })

  it("converts deep content elsewhere (e-mail bodies) without failing: below the limit it is left out", () => {
    const deep = "<div>top</div>" + "<div>".repeat(MAX_HTML_DEPTH + 50) + "hidden" +
      "</div>".repeat(MAX_HTML_DEPTH + 50)
    const lines = htmlToSections(deep).flat().map((l) => l.text).join("\n")
    expect(lines).toContain("top")
  })
})
