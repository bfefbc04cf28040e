/**
 * A till receipt's total as OCR leaves it: labels with a letter misread or split, qualifiers saying
 * what the amount includes, payment rows that confirm it, and receipts that print no total row.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import type { Box, Line, PageModel } from "../../../src/Domain/PageModel.js"
import { extractSection, sectionOf } from "../../../src/Engine/Local/Extractor.js"
import { readLabelled } from "../../../src/Engine/Local/LabelReading.js"
import { labelTokens } from "../../../src/Text/Misreads.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { extractLines, spec, valueOf } from "../fixtures.js"

const totalOf = (model: PageModel) =>
  readLabelled(sectionOf(model, [1], "receipt"), { kind: "leaf", name: "total", type: "number" }, ["total"])?.value

const receipt = (lines: ReadonlyArray<string>) => totalOf(pageModelFromLines([lines]))

describe("a receipt's total", () => {
  it("is not the balance left after paying", () => {
    expect(receipt([
      "Apples 1kg             2.40",
      "Milk 2L                1.65",
      "Total savings         -0.50",
      "TOTAL                  4.05",
      "Card                   4.05",
      "Balance due            0.00"
    ])).toBe(4.05)
  })

  it("is the row whose qualifier says the tax is included, not a tax total", () => {
    // "TOTAL (GST INCL)" holds the words of "total gst"; its qualifier says what the total includes.
    expect(receipt([
      "SUBTOTAL              16.04",
      "TOTAL (GST INCL)      17.00",
      "CASH                  17.00"
    ])).toBe(17)
    // A tax's own total is still no total of the receipt.
    expect(receipt([
      "Total Sales           42.40",
      "Total GST              2.40"
    ])).toBe(42.4)
  })

  it("reads past a tax named after an inclusion word in the middle of the label", () => {
    expect(receipt([
      "Sub-total                      57.22",
      "Total Sales Incl GST           57.22",
      "Rounding Adj                   -0.02",
      "Total After Adj Incl GST       57.20",
      "Item Count 7"
    ])).toBe(57.2)
  })

  it("is the amount after a rounding printed under it, whatever OCR made of that row's label", () => {
    // The rounding's amount unread ("-J.01"): a row moved by no more than a cash rounding.
    expect(receipt([
      "Sub-total                      73.46",
      "Total Sales Incl GST           73,46",
      "Rounding Adj                   -J.01",
      "lotal Aftor Adj Incl GST       73.45",
      "CASH                          100.00"
    ])).toBe(73.45)
    // Read, the rounding moves the total by its own amount only; a rounding of nothing changes nothing.
    expect(receipt([
      "Total Sales (Incl GST)         38.48",
      "Rounding Adjustment             0.02",
      "Pay by card                    38.50"
    ])).toBe(38.5)
    expect(receipt([
      "Total Sales (Incl GST)         38.50",
      "Rounding Adjustment             0.00",
      "Tip                             38.45"
    ])).toBe(38.5)
  })

  it("is confirmed by a payment row, even read with its decimal mark lost", () => {
    // "9 00" alone is neither 9 nor 900; the payment and its change say 9.00 was paid.
    expect(receipt([
      "4.50 x 2              9.00",
      "Total Incl. of GST    9 00",
      "Payment               9.00",
      "Change Due            0.00",
      "Total Item(s) : 3"
    ])).toBe(9)
    // Without the payment, the lost mark stays unread.
    expect(receipt([
      "Total Incl. of GST    9 00",
      "Total Item(s) : 3"
    ])).toBeUndefined()
  })

  it("is the subtotal that was paid when the receipt prints no total row", () => {
    expect(receipt([
      "NASI GORENG KG         9.20",
      "LIMAU AIS              3.60",
      "SUBTOTAL              31.40",
      "RM CASH              100.00",
      "CHANGE                68.60"
    ])).toBe(31.4)
    // A subtotal that is not what was paid is no total.
    expect(receipt([
      "SUBTOTAL              31.40",
      "RM CASH              100.00",
      "CHANGE                70.00"
    ])).toBeUndefined()
  })

  it("reads labels OCR misread a letter of (f for t)", () => {
    expect(labelTokens("fotal")).toEqual(["total"])
    expect(receipt(["Fotal Amount Inclusive GST : 41.37", "Amount 15.86"])).toBe(41.37)
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
          line([word("SUB-TOTAL", 380, 513, 994), word("8.49", 606, 665, 994)]),
          line([word("GST", 380, 430, 1052), word("0.51", 606, 665, 1052)]),
          line([word("TOT", 102, 180, 1113), word("AL", 196, 245, 1113), word("9- 00", 550, 665, 1113)])
        ]
      }]
    }
    expect(totalOf(model)).toBe(9)
  })

  it("is rounded under a total its own sums confirm, the rounded amount's row read or not", () => {
    // 35.00 + 3.50 + 2.31 make 40.81, the total before its rounding; the rounded row's amount was lost, the cash shows it.
    expect(receipt([
      "Sub Total             35.00",
      "Service Charge 10%     3.50",
      "GST 6%                 2.31",
      "Total Sales           40.81",
      "Rounding Adj          -0.01",
      "TOTAL:",
      "Closed 19:42:07",
      "CASH                  40.80"
    ])).toBe(40.8)
  })

  it("keeps a qualifier whose bracket OCR read with the colon after it ('(Inclusive of GST):')", () => {
    expect(receipt([
      "Total (Excluding GST): 31.50",
      "GST Payable: 1.89",
      "Total (Inclusive of GST): 33.39"
    ])).toBe(33.39)
  })

  it("is read at the words receipts of other languages print for it ('Gesamt', 'SUMA PLN'), as sure as at 'Total'", () => {
    // As sure as a total read at a label naming it for certain; a word that may name other amounts leaves it near
    // the service's threshold.
    const sure = (lines: ReadonlyArray<string>) => {
      const got = extractSection(pageModelFromLines([lines]), [1], spec("receipt", { total: "number" }))["total"] as
        | Grounded
        | null
      return got !== null && got.confidence !== undefined && got.confidence >= 0.85 ? got.value : null
    }
    expect(sure([
      "Rechnung Nr. 2031-0415",
      "Tisch 3   Datum 14.05.2031",
      "2 x Radler 0,5l          8,40",
      "1 x Brotzeitteller      12,90",
      "Gesamt                  21,30 €",
      "Gegeben Bar             25,00 €",
      "Zurück                   3,70 €",
      "Enthaltene MwSt 19%: 3,40"
    ])).toBe(21.3)
    expect(sure([
      "Bułka kajzerka  4 x 0,60   2,40 A",
      "Mleko 2%                   3,29 C",
      "SUMA PLN                   5,69",
      "Gotówka                   10,00",
      "Reszta                     4,31"
    ])).toBe(5.69)
  })

  it("is as sure of a total no label names as its items' sum makes it", () => {
    const unlabelled = (second: string) => {
      const out = extractSection(
        pageModelFromLines([[
          "KEDAI MAJU",
          "21/06/2019 10:17 0012",
          "DEPT 1          RM 65.00",
          `DEPT 2          RM ${second}`,
          "CASH",
          "RM 83.40"
        ]]),
        [1],
        spec("receipt", { total: { type: "number", description: "Total amount paid" } })
      )
      return out["total"] as Grounded
    }
    // The two items add up to the amount under them: the section's own arithmetic agrees.
    expect(unlabelled("18.40").value).toBe(83.4)
    expect(unlabelled("18.40").confidence).toBeGreaterThan(0.8)
    // They do not: the largest amount is still the guess, and a doubtful one.
    expect(unlabelled("19.40").value).toBe(83.4)
    expect(unlabelled("19.40").confidence).toBeLessThan(0.5)
  })

  it("is the amount the receipt's own figures reach when OCR took one of its digits for a look-alike", () => {
    // A total row above a rounding reaches 21.35; the last total row was read "21.85".
    expect(receipt([
      "Total Incl. GST            21.34",
      "Rounding Adj                0.01",
      "Total                      21.85",
      "Cash                       50.00"
    ])).toBe(21.35)
    // What was paid or summed is no witness of a misread: a split payment, a deposit or a charge the
    // sums do not count make amounts one digit apart from a total read right.
    expect(receipt([
      "TOTAL                      56.00",
      "VISA                       20.00",
      "CASH                       36.00"
    ])).toBe(56)
    expect(receipt([
      "Zwischensumme              13,50",
      "Rabatt                      2,00",
      "Pfand                       6,00",
      "SUMME                      17,50",
      "Bar                        20,00",
      "Rückgeld                    2,50"
    ])).toBe(17.5)
    // A rounded total one digit off the reading, when the reading is what was paid, is no misread either.
    expect(receipt([
      "Total Incl. GST            21.34",
      "Rounding Adj                0.01",
      "Total                      21.85",
      "Cash                       21.85"
    ])).toBe(21.85)
  })

  it("joins a total's thousands OCR set apart from it when the section's sums reach the joined amount", () => {
    const total = (net: string, tax: string) =>
      valueOf(
        extractLines(
          [
            "Plomberie Lemarchal SARL                    FACTURE N° 25-0019",
            `Total HT                                  ${net} €`,
            `TVA 10 %                                    ${tax} €`,
            "Total TTC                             1      141,03 €"
          ],
          "invoice",
          { amount: { type: "number", description: "Total amount to pay, taxes included" } }
        )["amount"]
      )
    expect(total("1 037,30", "103,73")).toBe(1141.03)
    // The sums reach the amount as read: the figure before it is some other column's.
    expect(total("   37,30", "103,73")).toBe(141.03)
  })
})
