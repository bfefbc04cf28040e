import { describe, expect, it } from "@effect/vitest"
import { layoutOf } from "../../../src/Engine/Local/Layout.js"
import { currenciesOfRow } from "../../../src/Engine/Local/RowCurrencies.js"
import { taxSummaryHeadings } from "../../../src/Engine/Local/Totals.js"
import { pageModelFromLines } from "../../support/pageModel.js"

const layout = (lines: ReadonlyArray<string>) => layoutOf(pageModelFromLines([lines]).pages[0]!)

describe("a row's currency marks", () => {
  it("name the word and its code, a crown's mark beside a number by none, long words never", () => {
    const rows = layout([
      "Total EUR 1.234,56",
      "Subtotal   $ 12.00",
      "Summa 500 kr",
      "kr Eurodollarcurrencies euro"
    ]).rows
    const marks = rows.map((row) => currenciesOfRow(row).map((m) => [row.words[m.index]!.text, m.code ?? "crown"]))
    expect(marks).toEqual([
      [["EUR", "EUR"]],
      [["$", "USD"]],
      [["kr", "crown"]],
      [["euro", "EUR"]]
    ])
  })

  it("are found once per row", () => {
    const row = layout(["Total € 9,99"]).rows[0]!
    expect(currenciesOfRow(row)).toBe(currenciesOfRow(row))
  })
})

describe("a page's tax summary headings", () => {
  it("are the rows naming a summary and a tax, in page order", () => {
    const page = layout([
      "Invoice 1207",
      "VAT Summary",
      "Rate  Net  VAT",
      "Summary of goods",
      "Récapitulatif TVA"
    ])
    expect(taxSummaryHeadings(page).map((r) => r.index)).toEqual([1, 4])
  })
})
