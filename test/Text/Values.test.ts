import { describe, expect, it } from "@effect/vitest"
import {
  currencyCode,
  findValueCandidates,
  inferDateOrder,
  parseAmount,
  parseBoolean,
  parseDate,
  parseInteger,
  parseWholeDate
} from "../../src/Text/Values.js"

describe("parseAmount", () => {
  it.each([
    ["279.84", 279.84],
    ["$ 279.84", 279.84],
    ["$127.50", 127.5],
    ["USD 1,234.56", 1234.56],
    ["1.234,56 €", 1234.56],
    ["€ 717,97", 717.97],
    ["56,02 €", 56.02],
    ["EUR34,73", 34.73],
    ["1 234,56", 1234.56],
    ["1'234.50", 1234.5],
    ["1,234,567", 1234567],
    ["1.234.567,89", 1234567.89],
    ["1,234", 1234],
    ["0,750", 0.75],
    ["9.000", 9],
    ["RM33.90", 33.9],
    ["RM 9.00", 9],
    ["Rs. 319.00", 319],
    ["₹ 1,00,000.00", 100000],
    ["£12", 12],
    ["¥1,200", 1200],
    ["-RM 0.02", -0.02],
    ["€ -9,32", -9.32],
    ["(45.00)", -45],
    ["12.50-", -12.5],
    ["−3.10", -3.1],
    ["75.00SR", 75],
    ["15.00 ZR", 15],
    ["...*21.20.", 21.2],
    ["54.50w", 54.5],
    // Cents after thousands marks of their kind: a mark misread ("1,490.00" as "1.490.00").
    ["£1.490.00", 1490],
    ["2,710,00", 2710],
    ["10.07.20", undefined],
    ["1.490.0", undefined],
    // An article's number is no amount.
    ["702.611.50", undefined],
    ["1.25kg", undefined],
    ["20.00.", 20],
    [".50", undefined],
    ["1.234.", undefined],
    ["15.00%", undefined],
    ["03/20/2023", undefined],
    ["INV/2023", undefined],
    ["CUSTREF123", undefined],
    ["1 2", undefined],
    ["", undefined],
    ["abc", undefined]
  ])("%s → %s", (text, expected) => {
    expect(parseAmount(text)).toBe(expected)
  })

  it.each([
    // A space OCR put before a thousands mark.
    ["1 ,044.91", 1044.91],
    ["£1 ,044.91", 1044.91],
    // Five digits after a thousands mark, the currency beside them: the decimal mark was lost.
    ["2.72285€", 2722.85],
    ["£1,04491", 1044.91],
    // Without a currency's sign glued to them, or after a zero, five decimals are what they say (a rate, a
    // price per unit).
    ["1.08345", 1.08345],
    ["1.08765 USD", 1.08765],
    ["RM 2.05000", 2.05],
    ["0,28450 €", 0.2845],
    ["2.722 ,85", undefined]
  ])("reads through OCR's marks: %s → %s", (text, expected) => {
    expect(parseAmount(text)).toBe(expected)
  })
})

describe("parseInteger", () => {
  it.each([
    ["12", 12],
    ["1,000", 1000],
    ["3.00", 3],
    ["-2", -2],
    ["2.5", undefined],
    ["x", undefined]
  ])("%s → %s", (text, expected) => {
    expect(parseInteger(text)).toBe(expected)
  })
})

describe("parseBoolean", () => {
  it.each([
    ["Yes", true],
    ["no", false],
    ["TRUE", true],
    ["false", false],
    ["x", true],
    ["X", true],
    ["✓", true],
    ["✔", true],
    ["☑", true],
    ["☐", false],
    ["oui", true],
    ["non", false],
    ["ja", true],
    ["nein", false],
    ["sí", true],
    ["sim", true],
    ["não", false],
    ["ya", true],
    ["tidak", false],
    ["1", true],
    ["0", false],
    ["maybe", undefined],
    ["", undefined]
  ])("%s → %s", (text, expected) => {
    expect(parseBoolean(text)).toBe(expected)
  })
})

describe("parseDate", () => {
  it.each([
    ["2023-03-20", "2023-03-20"],
    ["2017-12-28 22:17PM", "2017-12-28"],
    ["20/03/2023", "2023-03-20"],
    ["03/20/2023", "2023-03-20"],
    ["20.03.2023", "2023-03-20"],
    ["20-03-23", "2023-03-20"],
    ["12-01-19 21:13", "2019-01-12"],
    ["25/12/2018 8:13:39 PM", "2018-12-25"],
    ["Date: 28/11/2022", "2022-11-28"],
    ["01.05.14-31.05.14", "2014-05-01"],
    ["20 March 2023", "2023-03-20"],
    ["Mar 20, 2023", "2023-03-20"],
    ["March 20th, 2023", "2023-03-20"],
    ["Jan 1, 2022", "2022-01-01"],
    ["20-Mar-23", "2023-03-20"],
    ["05 MAR 2018 18:24", "2018-03-05"],
    ["28 novembre 2022", "2022-11-28"],
    ["1er février 2021", "2021-02-01"],
    ["19. April 2014", "2014-04-19"],
    ["7. Mai 2014", "2014-05-07"],
    ["3. März 2020", "2020-03-03"],
    ["19 april 2014", "2014-04-19"],
    ["3 maart 2021", "2021-03-03"],
    ["20 de marzo de 2023", "2023-03-20"],
    ["5 dic 2022", "2022-12-05"],
    ["14 settembre 2020", "2020-09-14"],
    ["2 gennaio 2019", "2019-01-02"],
    ["20 de março de 2023", "2023-03-20"],
    ["9 Ogos 2019", "2019-08-09"],
    ["1 Disember 2018", "2018-12-01"],
    ["31/02/2020", undefined],
    ["13/13/2020", undefined],
    ["Invoice 12345", undefined],
    ["3/64, Vishwas Khand", undefined],
    ["03-4162-2318", undefined],
    ["INV/2023/03/0008", undefined],
    ["NO 4-4-47G, TAMAN SEJATI", undefined],
    ["2018-01-25T13:22", "2018-01-25"],
    // A time OCR glued to a dashed or slashed date with a comma; a dotted one followed so is a number.
    ["14-05-19,2 9:41 SH07", "2019-05-14"],
    ["12/03/2018,12:30", "2018-03-12"],
    ["1.10.2023,5", undefined],
    ["March 2023", undefined]
  ])("%s → %s", (text, expected) => {
    expect(parseDate(text)).toBe(expected)
  })

  it("reads ambiguous numeric dates day first unless told month first", () => {
    expect(parseDate("03/04/2023")).toBe("2023-04-03")
    expect(parseDate("03/04/2023", "dmy")).toBe("2023-04-03")
    expect(parseDate("03/04/2023", "mdy")).toBe("2023-03-04")
    expect(parseDate("20/03/2023", "mdy")).toBe("2023-03-20")
  })

  it("reads dotted dates day first even where the document writes others month first", () => {
    expect(parseDate("06.12.2018", "mdy")).toBe("2018-12-06")
    expect(parseDate("06/12/2018", "mdy")).toBe("2018-06-12")
    expect(inferDateOrder(["Stand 10.11.2025", "Datum 03.06.2025"])).toBeUndefined()
  })

  it("accepts a whole date only when the text is nothing else", () => {
    expect(parseWholeDate("20 March 2023,")).toBe("2023-03-20")
    expect(parseWholeDate("due 20 March 2023")).toBeUndefined()
  })

  it("infers the day/month order from unambiguous dates", () => {
    expect(inferDateOrder(["Invoice Date: 03/20/2023", "Due: 04/04/2023"])).toBe("mdy")
    expect(inferDateOrder(["25/12/2018", "01/02/2019"])).toBe("dmy")
    expect(inferDateOrder(["01/02/2019"])).toBeUndefined()
  })

  it("infers the order in which two ambiguous dates lie the payment term apart", () => {
    const page = (invoice: string, due: string, term: string) => [`Invoice Date ${invoice}`, term, `Due Date ${due}`]
    expect(inferDateOrder(page("11/03/2017", "12/03/2017", "balance at 30 days"))).toBe("mdy")
    expect(inferDateOrder(page("01/03/2024", "15/03/2024", "zahlbar innerhalb 14 Tagen"))).toBe("dmy")
    expect(inferDateOrder(page("04/01/2024", "05/01/2024", "Net 30"))).toBe("mdy")
    expect(inferDateOrder(page("02/03/2024", "02/04/2024", "paiement à 31 jours"))).toBe("dmy")
    // Nothing apart by the term, or no term: nothing settled.
    expect(inferDateOrder(page("02/03/2024", "05/04/2024", "30 days"))).toBeUndefined()
    expect(inferDateOrder(page("11/03/2017", "12/03/2017", "payable on receipt"))).toBeUndefined()
    // An order's or a delivery's date a term before the invoice's says nothing: only a due date counts.
    expect(
      inferDateOrder(["Invoice Date: 01/12/2023", "Order Date: 02/11/2023", "Payment terms: 30 days", "Leeds LS1 4AP"])
    )
      .toBeUndefined()
    expect(
      inferDateOrder([
        "500 Main St, Austin, TX 78701",
        "Invoice Date: 10/01/2024",
        "Order Date: 09/02/2024",
        "Terms: Net 30"
      ])
    )
      .toBe("mdy")
    // "Net 30.00" is an amount, not a term.
    expect(inferDateOrder(["Invoice Date 01/03/2024", "Net 30.00", "Due Date 31/03/2024"])).toBe("dmy")
    expect(inferDateOrder(["Invoice Date 02/03/2024", "Net 30.00", "Due Date 03/04/2024"])).toBeUndefined()
  })

  it("reads month first when no date settles it but the document is American", () => {
    expect(inferDateOrder(["188 Market St", "Austin, TX 78701", "Date: 09/12/2015"])).toBe("mdy")
    expect(inferDateOrder(["Issued March 20, 2023", "Due 04/05/2023"])).toBe("mdy")
    expect(inferDateOrder(["Issued 20 March 2023", "Due 04/05/2023"])).toBeUndefined()
    expect(inferDateOrder(["Austin, TX 78701", "Date: 25/12/2018"])).toBe("dmy")
  })
})

describe("currencyCode", () => {
  it.each([
    ["EUR", "EUR"],
    ["Total EUR 34,73", "EUR"],
    ["$ 42.00", "USD"],
    ["US$ 5", "USD"],
    ["S$12", "SGD"],
    ["€", "EUR"],
    ["£ 3", "GBP"],
    ["₹ 319", "INR"],
    ["Rs -40.00", "INR"],
    ["Rs. 12", "INR"],
    ["RM 9.00", "MYR"],
    ["-RM0.02", "MYR"],
    ["¥ 500", "JPY"],
    ["CHF 10", "CHF"],
    ["SFr. 45", "CHF"],
    ["Total Fr. 1'234.50", "CHF"],
    ["Fr. 12.06.2031 geliefert", undefined],
    ["Liefertag: Fr. 12.06.", undefined],
    ["R$ 10,00", "BRL"],
    // "R" before an amount is a tax code as often as South Africa's rand: no currency.
    ["Äpfel 1kg R 2.49", undefined],
    ["12 euros", "EUR"],
    ["ringgit", "MYR"],
    ["SDN BHD", undefined],
    ["Firmware", undefined],
    ["usd", undefined],
    ["Rsvp", undefined],
    ["hello", undefined]
  ])("%s → %s", (text, expected) => {
    expect(currencyCode(text)).toBe(expected)
  })
})

describe("findValueCandidates", () => {
  const words = (text: string) => text.split(" ").map((t) => ({ text: t }))

  it("reads a mark that names a currency only before an amount with the word after it", () => {
    expect(findValueCandidates(words("Total Fr. 1'234.50"), "currency").map((c) => c.value)).toEqual(["CHF"])
    expect(findValueCandidates(words("Lieferung Fr. 12.06."), "currency")).toEqual([])
  })

  it("finds a written date spanning several words, with its word indexes", () => {
    expect(findValueCandidates(words("Invoice date: 20 March 2023 due"), "date")).toEqual([
      { start: 2, end: 5, value: "2023-03-20", text: "20 March 2023" }
    ])
    expect(findValueCandidates(words("Date: Jan 1, 2022"), "date")[0]).toMatchObject({
      start: 1,
      end: 4,
      value: "2022-01-01"
    })
  })

  it("finds amounts with their currency words and never inside a date", () => {
    expect(findValueCandidates(words("Total 20 March 2023 $ 279.84"), "amount")).toEqual([
      { start: 4, end: 6, value: 279.84, text: "$ 279.84", decimals: true }
    ])
    expect(findValueCandidates(words("Tax 15% on $ 112.90 $ 16.94"), "amount").map((c) => c.value)).toEqual([
      112.9,
      16.94
    ])
  })

  it("joins digit groups only when the words sit close together", () => {
    const h = 0.014
    const at = (text: string, x: number): { text: string; box: readonly [number, number, number, number] } => ({
      text,
      box: [x, 0.5, x + text.length * 0.007, 0.5 + h]
    })
    const close = [at("1", 0.1), at("234,56", 0.1 + 0.007 + 0.007)]
    expect(findValueCandidates(close, "amount").map((c) => c.value)).toEqual([1234.56])
    const spaced = [at("26", 0.8), at("205,30", 0.8 + 0.014 + 0.9 * h)]
    expect(findValueCandidates(spaced, "amount").map((c) => c.value)).toEqual([26205.3])
    const apart = [at("1", 0.1), at("278.61", 0.2)]
    expect(findValueCandidates(apart, "amount").map((c) => c.value)).toEqual([1, 278.61])
  })

  it("reads amounts OCR broke: letters for digits, a split decimal mark, a misread RM glued on", () => {
    expect(findValueCandidates(words("TOTAL 1O.5O"), "amount").map((c) => c.value)).toEqual([10.5])
    expect(findValueCandidates(words("CASH : 200. 00"), "amount").map((c) => c.value)).toEqual([200])
    expect(findValueCandidates(words("Total RH60.30"), "amount").map((c) => c.value)).toEqual([60.3])
    // A word is not an amount for having letters OCR confuses with digits.
    expect(findValueCandidates(words("GOODS SOLD"), "amount")).toEqual([])
  })

  it("reads an amount whose first digit group OCR read with a letter for a digit, before its thousands", () => {
    expect(findValueCandidates(words("Net à payer l 980,00 €"), "amount").map((c) => c.value)).toEqual([1980])
    expect(findValueCandidates(words("Att betala 1O 062,50 SEK"), "amount").map((c) => c.value)).toEqual([10062.5])
    // A word before a whole number is no digit group of it, nor is a table's rule or a Roman numeral.
    expect(findValueCandidates(words("I 200"), "amount").map((c) => c.value)).toEqual([200])
    expect(findValueCandidates(words("Gesamtbetrag EUR | 980,40 |"), "amount").map((c) => c.value)).toEqual([980.4])
    expect(findValueCandidates(words("Bauabschnitt II 480,00"), "amount").map((c) => c.value)).toEqual([480])
  })

  it("reads dates OCR broke: letters for digits, spaces at separators, mixed separators", () => {
    expect(findValueCandidates(words("Date: 19/1O/2O18 20:49"), "date").map((c) => c.value)).toEqual(["2018-10-19"])
    expect(findValueCandidates(words("Date 19 /10/ 2018"), "date").map((c) => c.value)).toEqual(["2018-10-19"])
    expect(findValueCandidates(words("Date: 19/10-2018"), "date").map((c) => c.value)).toEqual(["2018-10-19"])
    // A day's first digit read as a letter: the whole date, not the one inside it ("1.12.2024").
    expect(findValueCandidates(words("Datum: l1.12.2031"), "date").map((c) => c.value)).toEqual(["2031-12-11"])
    // A written month's day and year with a letter for a digit.
    expect(findValueCandidates(words("Nantes, le l2 septembre 2O31"), "date").map((c) => c.value)).toEqual([
      "2031-09-12"
    ])
    // A month's name with one letter OCR confused for a like one.
    expect(findValueCandidates(words("Date of issue Novcmber 5th, 2031"), "date").map((c) => c.value)).toEqual([
      "2031-11-05"
    ])
    expect(findValueCandidates(words("Member 5, 2031"), "date")).toEqual([])
    // "rn" read for "m".
    expect(findValueCandidates(words("Datum: 3 decernber 2031"), "date").map((c) => c.value)).toEqual(["2031-12-03"])
    expect(findValueCandidates(words("Date: Septernber 9, 2031"), "date").map((c) => c.value)).toEqual(["2031-09-09"])
    // A table's rule beside a date, a name before numbers, a day too long to repair: read as before.
    expect(findValueCandidates(words("Rechnungsdatum: |02.12.2031|"), "date").map((c) => c.value)).toEqual([
      "2031-12-02"
    ])
    expect(findValueCandidates(words("Contact : Julie 06 12 34 56 78"), "date")).toEqual([])
    expect(findValueCandidates(words("l12.03.2031"), "date").map((c) => c.value)).toEqual(["2031-03-12"])
    // Words of letters OCR confuses with digits stay words.
    expect(findValueCandidates(words("Il lo 2031"), "date")).toEqual([])
    // French "1er" with its digit read as a letter.
    expect(findValueCandidates(words("FACTURE N° F-85275 du ler mars 2031"), "date").map((c) => c.value)).toEqual([
      "2031-03-01"
    ])
    expect(findValueCandidates(words("Date : Ier juillet 2031"), "date").map((c) => c.value)).toEqual(["2031-07-01"])
    expect(findValueCandidates(words("Atelier mars 2031"), "date")).toEqual([])
  })

  it("reads months written in Polish, Czech and the Scandinavian languages, as a date's month is declined", () => {
    const date = (text: string) => findValueCandidates(words(text), "date").map((c) => c.value)
    expect(date("Data wystawienia 14 czerwca 2031")).toEqual(["2031-06-14"])
    expect(date("Termin płatności 3 października 2031")).toEqual(["2031-10-03"])
    expect(date("Datum vystavení 12. září 2031")).toEqual(["2031-09-12"])
    expect(date("Fakturadato 14. marts 2031")).toEqual(["2031-03-14"])
    expect(date("Fakturadatum 14 augusti 2031")).toEqual(["2031-08-14"])
    expect(date("Forfallsdato 1. desember 2031")).toEqual(["2031-12-01"])
    // Streets named after dates, with their house numbers: no date without a four-digit year.
    expect(date("ul. 3 Maja 12")).toEqual([])
    expect(date("ul. 11 Listopada 25")).toEqual([])
    expect(date("17. listopadu 15")).toEqual([])
  })

  it("finds integers, booleans and currencies word by word", () => {
    expect(findValueCandidates(words("Qty 1.00 kg"), "integer")).toEqual([{
      start: 1,
      end: 2,
      value: 1,
      text: "1.00",
      decimals: true
    }])
    expect(findValueCandidates(words("Paid: yes"), "boolean")).toEqual([{ start: 1, end: 2, value: true, text: "yes" }])
    expect(findValueCandidates(words("Total EUR 34,73"), "currency")).toEqual([{
      start: 1,
      end: 2,
      value: "EUR",
      text: "EUR"
    }])
  })
})
