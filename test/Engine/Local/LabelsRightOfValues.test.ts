import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const INVOICE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay, taxes included" }
}
const fields = (lines: Array<string>) => {
  const out = extractLines(lines, "invoice", INVOICE)
  return { number: valueOf(out["invoice_number"]), date: valueOf(out["date"]), amount: valueOf(out["amount"]) }
}

describe("labels set in a column right of their values", () => {
  it("reads the header's values and the total left of their labels", () => {
    expect(fields([
      "SEEBLICK GARTENBAU                                      Gärten · Pflege",
      "Seeblick Gartenbau AG · Hinterrüti 14 · 6033 Buchrain",
      "",
      "   Verwaltung Brunner GmbH                     24-0318     Rechnung Nr.",
      "   Pilatusstrasse 38                        21.03.2024     Datum",
      "   6003 Luzern                                 20-0875     Kunden-Nr.",
      "",
      "Pos  Beschreibung                         Menge     Preis      Betrag CHF",
      "1    Heckenschnitt                           14     78.00        1'092.00",
      "2    Rasenpflege                            620      0.85          527.00",
      "",
      "                                         1'619.00 Total exkl. MWST",
      "                                           131.14 MWST 8.1% auf 1'619.00",
      "                                             0.01 Rundungsdifferenz",
      "                                         1'750.15 Total CHF inkl. MWST"
    ])).toEqual({ number: "24-0318", date: "2024-03-21", amount: 1750.15 })
    expect(fields([
      "TIMBERLINE SIGNAL                                     Signs · Lighting",
      "Timberline Signal Supply Co. · 1420 E Trent Ave · Spokane, WA 99202",
      "",
      "BILL TO                                       TS-24-1187     Invoice #",
      "Cascadia Brewing LLC                     March 14th, 2024     Invoice Date",
      "811 W Sprague Ave                                  Net 30     Terms",
      "",
      "Description                      Qty     Rate       Amount",
      "Channel letters                   14   165.00     2,310.00",
      "Installation crew                  6   145.00       870.00",
      "",
      "                                          3,180.00 Subtotal",
      "                                            254.40 Sales tax",
      "                                         $3,434.40 TOTAL DUE (USD)"
    ])).toEqual({ number: "TS-24-1187", date: "2024-03-14", amount: 3434.4 })
  })

  it("reads no value left of a label that stands alone at a row's end or heads a table's column", () => {
    expect(fields([
      "Hartley Joinery                                          INVOICE",
      "45 High Street, York YO1 7HH",
      "",
      "Please quote 2024-118 with your payment                  Invoice No.",
      "",
      "Description                          Qty     Price      Amount",
      "Oak shelving                           2    120.00      240.00",
      "",
      "                                      Total due         288.00"
    ])).toEqual({ number: null, date: null, amount: 288 })
  })
})
