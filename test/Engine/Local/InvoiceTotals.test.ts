/** An invoice's total where its label is a table's: a column of the items, or a row of totals over their amounts. */
import { describe, expect, it } from "@effect/vitest"
import { DEFAULT_MIN_CONFIDENCE } from "../../../src/Config.js"
import type { Grounded } from "../../../src/Domain/Extraction.js"
import { extractLines } from "../fixtures.js"

const TEMPLATE = { amount: { type: "number", description: "Total amount to pay, taxes included" } }

const ITEMS = [
  "Weinkontor Haller OHG",
  "Kaiserstraße 8, 55116 Mainz",
  "",
  "Rechnung Nr. 31902                                Datum: 02.12.2031",
  "",
  "Artikel                                 Menge     Preis       Betrag",
  "Silvaner trocken 2029, 0,75 l              36      8,90       320,40",
  "Dornfelder 2028, 0,75 l                    24     12,50       300,00",
  ""
]

const amountOf = (lines: ReadonlyArray<string>) => extractLines(lines, "invoice", TEMPLATE)["amount"] as Grounded | null

describe("an invoice's total", () => {
  it("is no item's amount under the table's 'Betrag' column: without a total row it is too unsure to return", () => {
    const got = amountOf([...ITEMS, "Zahlbar sofort ohne Abzug."])
    expect(got === null || got.confidence < DEFAULT_MIN_CONFIDENCE).toBe(true)
  })

  it("is read under 'Brutto' in a row of totals over their amounts", () => {
    const got = amountOf([
      ...ITEMS,
      "Netto            MwSt 19 %          Brutto",
      "620,40 €         117,88 €           738,28 €"
    ])
    expect(got?.value).toBe(738.28)
    expect(got!.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
  })

  it("is read under a one-row summary headed like an item table ('Total Hours  Rate  Amount Due')", () => {
    const got = amountOf([
      "Fernhill Consulting LLC",
      "Invoice 3107                                Date: 03/14/2031",
      "",
      "Total Hours        Rate        Amount Due",
      "32                 85.00       2,720.00",
      "",
      "Thank you for your business."
    ])
    expect(got?.value).toBe(2720)
    expect(got!.confidence).toBeGreaterThanOrEqual(DEFAULT_MIN_CONFIDENCE)
  })
})

describe("an invoice's total and the deposit paid on it", () => {
  const withDeposit = (deposit: string, due: string) => [
    ...ITEMS,
    // No net amount and tax to confirm one of the sums: the labels alone decide.
    "                                             Gesamtbetrag    738,28",
    `                                             ${deposit}`,
    `                                             ${due}`
  ]

  it("is the total before the deposit, not what is left to pay after it", () => {
    expect(amountOf(withDeposit("Anzahlung      -300,00", "Zu zahlen       438,28"))?.value).toBe(738.28)
    expect(amountOf(withDeposit("Deposit Received  -300,00", "Amount Due     438,28"))?.value).toBe(738.28)
    expect(amountOf(withDeposit("Acompte versé   -300,00", "Net à payer      438,28"))?.value).toBe(738.28)
  })

  it("is the amount billed on a deposit invoice, where the deposit is what is billed, not taken off", () => {
    expect(
      amountOf([
        ...ITEMS,
        "                                     Gesamtsumme Auftrag     23.800,00",
        "                                     Anzahlung 30 %           6.000,00",
        "                                     zzgl. MwSt. 19 %         1.140,00",
        "                                     Rechnungsbetrag          7.140,00"
      ])?.value
    ).toBe(7140)
  })

  it("is the amount to pay when no deposit comes between", () => {
    expect(amountOf(withDeposit("Skonto 2 % bei Zahlung in 8 Tagen", "Zu zahlen       738,28"))?.value).toBe(738.28)
  })
})
