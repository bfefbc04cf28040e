/**
 * A till receipt's total as OCR leaves it: labels with a letter misread or split, qualifiers saying
 * what the amount includes, payment rows that confirm it, and receipts that print no total row.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import type { Box, Line, PageModel } from "../../../src/Domain/PageModel.js"
import { extractSection, readLabelled, sectionOf } from "../../../src/Engine/Local/Extractor.js"
import { labelTokens } from "../../../src/Text/Misreads.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const totalOf = (model: PageModel) =>
  readLabelled(sectionOf(model, [1], "receipt"), { kind: "leaf", name: "total", type: "number" }, ["total"])?.value

const receipt = (lines: ReadonlyArray<string>) => totalOf(pageModelFromLines([lines]))

describe("a receipt's total", () => {
  it("is the row whose qualifier says the tax is included, not a tax total", () => {
    // "TOTAL (GST INCL)" holds the words of "total gst"; its qualifier says what the total includes.
    expect(receipt([
      "SUBTOTAL              11.32",
      "TOTAL (GST INCL)      12.00",
      "CASH                  12.00"
    ])).toBe(12)
    // A tax's own total is still no total of the receipt.
    expect(receipt([
      "Total Sales           53.00",
      "Total GST              3.00"
    ])).toBe(53)
  })

  it("reads past a tax named after an inclusion word in the middle of the label", () => {
    expect(receipt([
      "Sub-total                      88.97",
      "Total Sales Incl GST           88.97",
      "Rounding Adj                   -0.02",
      "Total After Adj Incl GST       88.95",
      "Item Count 12"
    ])).toBe(88.95)
  })

  it("is the amount after a rounding printed under it, whatever OCR made of that row's label", () => {
    // The rounding's amount unread ("-J.02"): a row moved by no more than a cash rounding.
    expect(receipt([
      "Sub-total                      88.97",
      "Total Sales Incl GST           88,97",
      "Rounding Adj                   -J.02",
      "lotal Atter Adj Incl GST       88.95",
      "CASH                          100.00"
    ])).toBe(88.95)
    // Read, the rounding moves the total by its own amount only; a rounding of nothing changes nothing.
    expect(receipt([
      "Total Sales (Incl GST)         64.13",
      "Rounding Adjustment             0.02",
      "Pay by card                    64.15"
    ])).toBe(64.15)
    expect(receipt([
      "Total Sales (Incl GST)         64.15",
      "Rounding Adjustment             0.00",
      "Tip                             64.10"
    ])).toBe(64.15)
  })

  it("is confirmed by a payment row, even read with its decimal mark lost", () => {
    // "6 00" alone is neither 6 nor 600; the payment and its change say 6.00 was paid.
    expect(receipt([
      "3.00 x 2              6.00",
      "Total Incl. of GST    6 00",
      "Payment               6.00",
      "Change Due            0.00",
      "Total Item(s) : 3"
    ])).toBe(6)
    // Without the payment, the lost mark stays unread.
    expect(receipt([
      "Total Incl. of GST    6 00",
      "Total Item(s) : 3"
    ])).toBeUndefined()
  })

  it("is the subtotal that was paid when the receipt prints no total row", () => {
    expect(receipt([
      "SALTED F.RICE          8.50",
      "SOYA CINCAU            4.30",
      "SUBTOTAL              28.70",
      "RM CASH              100.00",
      "CHANGE                71.30"
    ])).toBe(28.7)
    // A subtotal that is not what was paid is no total.
    expect(receipt([
      "SUBTOTAL              28.70",
      "RM CASH              100.00",
      "CHANGE                70.00"
    ])).toBeUndefined()
  })

  it("reads labels OCR misread a letter of (f for t)", () => {
    expect(labelTokens("fotal")).toEqual(["total"])
    expect(receipt(["Fotal Sales Inclusive GST : 26.82", "Amount 12.51"])).toBe(26.82)
    // Ordinary words stay words.
    expect(labelTokens("taman")).toEqual(["taman"])
    expect(labelTokens("after")).toEqual(["after"])
  })

  it("joins a label OCR split in two on a narrow receipt, measuring the gap against the text's height", () => {
    // A receipt scanned 710 × 2020 px: "TOT" and "AL" are 16 px apart, the text 24 px high.
    const word = (text: string, x1: number, x2: number, y: number) => ({
      text,
      box: [x1 / 710, y / 2020, x2 / 710, (y + 24) / 2020] as Box,
      confidence: 0.95
    })
    const line = (words: ReadonlyArray<ReturnType<typeof word>>): Line => ({
      text: words.map((w) => w.text).join(" "),
      box: [words[0]!.box[0], words[0]!.box[1], words.at(-1)!.box[2], words[0]!.box[3]],
      words: [...words]
    })
    const model: PageModel = {
      mediaType: "image/jpeg",
      pages: [{
        page: 1,
        width: 710,
        height: 2020,
        source: "ocr",
        lines: [
          line([word("SUB-TOTAL", 380, 513, 994), word("6.60", 606, 665, 994)]),
          line([word("GST", 380, 430, 1052), word("0.40", 606, 665, 1052)]),
          line([word("TOT", 102, 180, 1113), word("AL", 196, 245, 1113), word("7- 00", 550, 665, 1113)])
        ]
      }]
    }
    expect(totalOf(model)).toBe(7)
  })

  it("is rounded under a total its own sums confirm, the rounded amount's row read or not", () => {
    // 40.00 + 4.00 + 2.62 make 46.62, the total before its rounding; the rounded row's amount was lost, the cash shows it.
    expect(receipt([
      "Sub Total             40.00",
      "Service Charge 10%     4.00",
      "GST 6%                 2.62",
      "Total Sales           46.62",
      "Rounding Adj          -0.02",
      "TOTAL:",
      "Closed 20:01:23",
      "CASH                  46.60"
    ])).toBe(46.6)
  })

  it("keeps a qualifier whose bracket OCR read with the colon after it ('(Inclusive of GST):')", () => {
    expect(receipt([
      "Total (Excluding GST): 26.60",
      "GST Payable: 1.60",
      "Total (Inclusive of GST): 28.20"
    ])).toBe(28.2)
  })

  it("is as sure of a total no label names as its items' sum makes it", () => {
    const unlabelled = (second: string) => {
      const out = extractSection(
        pageModelFromLines([[
          "KEDAI MAJU",
          "14/05/2019 09:41 0007",
          "DEPT 1          RM 80.00",
          `DEPT 2          RM ${second}`,
          "CASH",
          "RM 92.50"
        ]]),
        [1],
        spec("receipt", { total: { type: "number", description: "Total amount paid" } })
      )
      return out["total"] as Grounded
    }
    // The two items add up to the amount under them: the section's own arithmetic agrees.
    expect(unlabelled("12.50").value).toBe(92.5)
    expect(unlabelled("12.50").confidence).toBeGreaterThan(0.8)
    // They do not: the largest amount is still the guess, and a doubtful one.
    expect(unlabelled("13.50").value).toBe(92.5)
    expect(unlabelled("13.50").confidence).toBeLessThan(0.5)
  })
})
