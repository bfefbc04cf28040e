import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const currencyOf = (lines: ReadonlyArray<string>) =>
  valueOf(extractLines(lines, "invoice", { currency: "ISO 4217 currency code of the amounts" })["currency"])

const invoice = (seller: ReadonlyArray<string>, buyer: ReadonlyArray<string>) => [
  "TAX INVOICE",
  ...seller,
  "",
  "Bill To",
  ...buyer,
  "",
  "Invoice No: 4410        Date: 05/02/2031",
  "Description                                   Total",
  "Garden design                               1,200.00",
  "                              Total due    $1,320.00"
]

describe("which dollar a bare '$' is", () => {
  it("is the Australian dollar on an invoice with an ABN and an Australian address", () => {
    expect(currencyOf(invoice(
      ["Wattle Landscapes Pty Ltd", "ABN 51 824 753 556", "7 Ocean St, Byron Bay NSW 2481"],
      ["Kookaburra Cafe", "2 Jonson St, Byron Bay NSW 2481"]
    ))).toBe("AUD")
  })

  it("is the Canadian dollar on an invoice with an HST number and a Canadian postcode", () => {
    expect(currencyOf(invoice(
      ["Maple Ridge Design Inc.", "45 King St W, Toronto ON M5H 1J8", "HST # 81234 5678 RT0001"],
      ["Lakeshore Bakery", "9 Queen St E, Toronto ON M5C 1R5"]
    ))).toBe("CAD")
  })

  it("stays the US dollar on an American invoice, and when nothing names a country", () => {
    expect(currencyOf(invoice(
      ["Cascade Gardens LLC", "500 Pine St, Seattle, WA 98101"],
      ["Rainier Coffee Co.", "12 1st Ave, Seattle, WA 98104"]
    ))).toBe("USD")
    expect(currencyOf(invoice(["Cascade Gardens"], ["Rainier Coffee"]))).toBe("USD")
  })

  it("stays the US dollar when the seller's and the buyer's countries are named as often", () => {
    expect(currencyOf(invoice(
      ["Wattle Landscapes Pty Ltd", "7 Ocean St, Byron Bay NSW 2481"],
      ["Rainier Coffee Co.", "12 1st Ave, Seattle, WA 98104", "United States"]
    ))).toBe("USD")
  })

  it("reads no country from words that only look like a state ('Companies Act 2006', 'ABN AMRO')", () => {
    expect(currencyOf(invoice(
      ["Cascade Gardens", "Registered under the Companies Act 2006", "Bank: ABN AMRO"],
      ["Rainier Coffee"]
    ))).toBe("USD")
  })

  it("stays the US dollar for a US seller billing a buyer abroad, however often the buyer's country is named", () => {
    expect(currencyOf(invoice(
      ["Cascade Gardens LLC", "500 Pine St, Seattle, WA 98101"],
      ["Lakeshore Bakery", "9 Queen St E, Toronto ON M5C 1R5", "Ship to: 9 Queen St E, Toronto ON M5C 1R5", "Canada"]
    ))).toBe("USD")
    expect(currencyOf(invoice(
      ["Cascade Gardens LLC", "500 Pine St, Seattle, WA 98101"],
      ["Kookaburra Holdings Pty Ltd", "2 Jonson St, Byron Bay NSW 2481"]
    ))).toBe("USD")
  })

  it("reads no country from a place named in an item ('Product shoot, Hong Kong office')", () => {
    const lines = invoice(["Cascade Gardens"], ["Rainier Coffee"])
    lines.splice(lines.length - 1, 0, "Product shoot, Hong Kong office            1,200.00")
    expect(currencyOf(lines)).toBe("USD")
  })
})

describe("which crown a bare 'kr' is", () => {
  const nordic = (seller: ReadonlyArray<string>, labels: readonly [string, string]) => [
    ...seller,
    "",
    `Faktura nr 2031-118        ${labels[0]} 05.02.2031`,
    "Beskrivning                                   Belopp",
    "Trädgårdsdesign                          12 000,00 kr",
    `                              ${labels[1]}   15 000,00 kr`
  ]

  it("is the Swedish, Danish or Norwegian crown as the seller's account, registers and labels say", () => {
    expect(currencyOf(nordic(
      ["Lindqvist & Berg Trädgård AB", "Kopparbergsvägen 12, 721 30 Västerås", "Bankgiro 5312-7788"],
      ["Fakturadatum", "Att betala"]
    ))).toBe("SEK")
    expect(currencyOf(nordic(["Østervang Kaffe ApS", "Skanderborgvej 22, 8270 Højbjerg", "CVR 31 22 44 55"], [
      "Fakturadato",
      "At betale"
    ]))).toBe("DKK")
    expect(currencyOf(nordic(["Fjordlys Design AS", "Org.nr. 912 345 678 MVA"], ["Fakturadato", "Å betale"])))
      .toBe("NOK")
  })

  it("is no currency when nothing says which, or when the page names two countries", () => {
    expect(currencyOf(nordic(["Nordic Garden Design"], ["Date", "Total"]))).toBeNull()
    expect(currencyOf(nordic(["Nordic Garden Design", "Bankgiro 5312-7788 · CVR 31 22 44 55"], ["Date", "Total"])))
      .toBeNull()
  })
})
