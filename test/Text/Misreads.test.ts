import { describe, expect, it } from "@effect/vitest"
import {
  joinsAtDecimalMark,
  labelBeforeAmount,
  labelTokens,
  lostDecimalMark,
  misreadDistance,
  numberedLabel,
  repairAmountWord,
  repairDateText,
  repairLegalForm,
  repairPostcodes,
  splitLabelWord
} from "../../src/Text/Misreads.js"
import { tokensOf } from "../../src/Text/Tokens.js"

const asLabel = (word: string) => tokensOf(word).flatMap((t) => labelTokens(t))

describe("Misreads", () => {
  describe("labelTokens", () => {
    it("reads label words OCR misread as the label word meant", () => {
      expect(asLabel("T0TAL")).toEqual(["total"])
      expect(asLabel("Tota1")).toEqual(["total"])
      expect(asLabel("Tatal")).toEqual(["total"])
      expect(asLabel("lnvoice")).toEqual(["invoice"])
      expect(asLabel("Raunding")).toEqual(["rounding"])
      expect(asLabel("Salesporson")).toEqual(["salesperson"])
    })

    it("reads a short label word with a digit read for a letter, never a house number", () => {
      expect(asLabel("T0")).toEqual(["to"])
      expect(asLabel("N0")).toEqual(["no"])
      expect(asLabel("5ubtotal")).toEqual(["subtotal"])
      expect(asLabel("1a")).toEqual(["1a"])
      expect(asLabel("2031")).toEqual(["2031"])
      expect(asLabel("a5")).toEqual(["a5"])
      expect(asLabel("c0")).toEqual(["c0"])
    })

    it("splits labels glued together or to a currency mark", () => {
      expect(asLabel("TOTALRM")).toEqual(["total"])
      expect(asLabel("DocNo")).toEqual(["doc", "no"])
      expect(asLabel("TAXINVOICE")).toEqual(["tax", "invoice"])
    })

    it("splits a party's label whose short last word OCR glued on ('BILLTO', 'Facturéà')", () => {
      expect(asLabel("BILLTO")).toEqual(["bill", "to"])
      expect(asLabel("SHIPTO")).toEqual(["ship", "to"])
      expect(asLabel("Facturéà")).toEqual(["facture", "a"])
      expect(asLabel("Facturea")).toEqual(["facture", "a"])
      // A word that only ends in a short word is no label ("Pinto", "Lotto", "Bristol").
      expect(asLabel("Pinto")).toEqual(["pinto"])
      expect(asLabel("Lotto")).toEqual(["lotto"])
      expect(asLabel("Totalé")).toEqual(["totale"])
    })

    it("splits a label of three words whose spaces OCR lost", () => {
      expect(asLabel("NETAPAYER")).toEqual(["net", "a", "payer"])
      expect(asLabel("Dateofissue")).toEqual(["date", "of", "issue"])
      // Only label words: a word that is not three of them stays whole.
      expect(asLabel("Lieferantenstrasse")).toEqual(["lieferantenstrasse"])
    })

    it("reads the letter pairs OCR reads for one letter ('rn' for 'm')", () => {
      expect(asLabel("Daturn")).toEqual(["datum"])
      expect(asLabel("Rechnungsdaturn")).toEqual(["rechnungsdatum"])
      expect(asLabel("Arnount")).toEqual(["amount"])
      expect(asLabel("Kundennurnmer")).toEqual(["kundennummer"])
      // Words with such pairs that are no misread label word stay what they are.
      expect(asLabel("Modern")).toEqual(["modern"])
      expect(asLabel("Turnpike")).toEqual(["turnpike"])
      expect(asLabel("Cloud")).toEqual(["cloud"])
    })

    it("splits a three-word label only into words that start a label phrase", () => {
      expect(asLabel("Totalapayer")).toEqual(["total", "a", "payer"])
      // Ordinary words that three label words would spell are left whole.
      expect(asLabel("telesales")).toEqual(["telesales"])
      expect(asLabel("Telenet")).toEqual(["telenet"])
      expect(asLabel("readership")).toEqual(["readership"])
    })

    it("drops a stray digit OCR glued to a label word's end", () => {
      expect(asLabel("TAX7")).toEqual(["tax"])
      expect(asLabel("TOTAL1")).toEqual(["total"])
      // Not from a word that is no label word, nor two digits.
      expect(asLabel("ROOM7")).toEqual(["room7"])
      expect(asLabel("TAX77")).toEqual(["tax77"])
    })

    it("leaves label words, short words and ordinary words as they are", () => {
      expect(asLabel("Total")).toEqual(["total"])
      // One letter for another in a short word is another word, not a misread label.
      expect(asLabel("rate")).toEqual(["rate"])
      expect(asLabel("Dale")).toEqual(["dale"])
      expect(asLabel("mall")).toEqual(["mall"])
      // Other words and inflections one edit from a label word are not that label.
      expect(asLabel("charge")).toEqual(["charge"])
      expect(asLabel("contract")).toEqual(["contract"])
      expect(asLabel("shopping")).toEqual(["shopping"])
      expect(asLabel("amounts")).toEqual(["amounts"])
      expect(asLabel("services")).toEqual(["services"])
      // Address words of receipts.
      expect(asLabel("TAMAN")).toEqual(["taman"])
      expect(asLabel("JALAN")).toEqual(["jalan"])
    })

    it("counts an OCR confusion as half an edit", () => {
      expect(misreadDistance("tatal", "total")).toBe(0.5)
      expect(misreadDistance("tonal", "total")).toBe(1)
    })
  })

  describe("numberedLabel", () => {
    it("reads the capital N of a N° whose mark OCR lost, glued to a document's label word", () => {
      expect(numberedLabel("FACTUREN")).toEqual(["facture", "no"])
      expect(numberedLabel("RechnungN:")).toEqual(["rechnung", "no"])
    })

    it("leaves plurals and other words ending in n alone", () => {
      expect(numberedLabel("Steuern")).toBeUndefined()
      expect(numberedLabel("STEUERN")).toBeUndefined()
      expect(numberedLabel("facturen")).toBeUndefined()
      expect(numberedLabel("Kitchen")).toBeUndefined()
    })
  })

  describe("splitLabelWord", () => {
    it("joins a label word OCR split in two", () => {
      expect(splitLabelWord("tot", "al")).toBe("total")
      expect(splitLabelWord("t", "otal")).toBe("total")
    })

    it("does not join a label word with what follows it", () => {
      expect(splitLabelWord("total", "o")).toBeUndefined()
      expect(splitLabelWord("document", "ho")).toBeUndefined()
      expect(splitLabelWord("mee", "goreng")).toBeUndefined()
    })
  })

  describe("repairAmountWord", () => {
    it("reads letters OCR put for digits in a money-shaped word", () => {
      expect(repairAmountWord("1O.5O")).toBe("10.50")
      expect(repairAmountWord("11Z.46")).toBe("112.46")
      expect(repairAmountWord("l2.00")).toBe("12.00")
      expect(repairAmountWord("RH60.30")).toBe("60.30")
      // A stray letter or a tax code after the cents stays for the amount reader to drop.
      expect(repairAmountWord("37.2Ow")).toBe("37.20w")
      expect(repairAmountWord("12.5OSR")).toBe("12.50SR")
    })

    it("leaves words, codes and a leading S (a dollar sign) alone", () => {
      expect(repairAmountWord("SOLD")).toBe("SOLD")
      expect(repairAmountWord("SR")).toBe("SR")
      expect(repairAmountWord("OO.OO")).toBe("OO.OO")
      expect(repairAmountWord("S12.50")).toBe("S12.50")
      expect(repairAmountWord("12.50")).toBe("12.50")
    })

    it("joins an amount split at its decimal mark", () => {
      expect(joinsAtDecimalMark("170.", "00")).toBe(true)
      expect(joinsAtDecimalMark("40", ".60")).toBe(true)
      expect(joinsAtDecimalMark("13,20", "26,40")).toBe(false)
      expect(joinsAtDecimalMark("2", "13")).toBe(false)
    })
  })

  describe("lostDecimalMark", () => {
    it("reads an amount whose decimal mark was lost or misread at the end of a row", () => {
      expect(lostDecimalMark(["TOTAL", "61-40"])).toBe(61.4)
      expect(lostDecimalMark(["TOTAL", "5-", "00"])).toBe(5)
      expect(lostDecimalMark(["GST", "RM", "9", "30"])).toBe(9.3)
      expect(lostDecimalMark(["RM12", "40"])).toBe(12.4)
      expect(lostDecimalMark(["Total", "3", "00"])).toBe(3)
      // A thousands group with its cents run on, the comma lost ("2.350,43").
      expect(lostDecimalMark(["Totaal", "te", "voldoen", "€", "2.35043"])).toBe(2350.43)
      expect(lostDecimalMark(["Total", "1,23450"])).toBe(1234.5)
    })
    it("leaves amounts printed whole, and other shapes, alone", () => {
      expect(lostDecimalMark(["TOTAL", "61.40"])).toBeUndefined()
      expect(lostDecimalMark(["TOTAL", "1,234.50"])).toBeUndefined()
      expect(lostDecimalMark(["Qty", "3"])).toBeUndefined()
      expect(lostDecimalMark(["12345", "60"])).toBeUndefined()
      expect(lostDecimalMark(["8", "600"])).toBeUndefined()
      expect(lostDecimalMark(["Rate", "0.12345"])).toBeUndefined()
      expect(lostDecimalMark(["IBAN", "12.3456789"])).toBeUndefined()
    })
  })

  describe("repairLegalForm", () => {
    it("repairs a two-word legal form with one word misread", () => {
      expect(repairLegalForm("PUNCAK JAYA HARDWARE (M) SON BHD")).toBe("PUNCAK JAYA HARDWARE (M) SDN BHD")
      expect(repairLegalForm("MOONBEAM STUDIO SDY BHD")).toBe("MOONBEAM STUDIO SDN BHD")
      expect(repairLegalForm("PAPER CRA .F (TAMAN MELATI)SDN 8HD")).toBe("PAPER CRA .F (TAMAN MELATI)SDN BHD")
      expect(repairLegalForm("K.L.W. MOTOR SON. BHD.")).toBe("K.L.W. MOTOR SDN. BHD.")
      expect(repairLegalForm("Flavours Of The Valley Sdn 8hd")).toBe("Flavours Of The Valley Sdn Bhd")
    })

    it("repairs the zero OCR reads for the o of 'Co.', in the name's letter case", () => {
      expect(repairLegalForm("HARBOUR BOOKS C0. (M) SDN BHD")).toBe("HARBOUR BOOKS CO. (M) SDN BHD")
      expect(repairLegalForm("Acme Trading C0.")).toBe("Acme Trading Co.")
      expect(repairLegalForm("ACME (C0.)")).toBe("ACME (CO.)")
      // A code that holds the letters is not the legal form.
      expect(repairLegalForm("UNIT XC0. LTD")).toBe("UNIT XC0. LTD")
      expect(repairLegalForm("ROOM C04 LTD")).toBe("ROOM C04 LTD")
    })

    it("leaves names alone when the form is right, absent, or both of its words are misread", () => {
      for (
        const name of [
          "ACME SDN BHD",
          "ACME SDN. BHD.",
          "SON OF BHD",
          "ACME S0N 8HD",
          "SUNDAY MARKET",
          "BAYU CO. (M) BHD",
          "BHD SON"
        ]
      ) {
        expect(repairLegalForm(name)).toBe(name)
      }
    })
  })

  describe("repairDateText", () => {
    it("repairs dates with letters for digits, spaces at separators and mixed separators", () => {
      expect(repairDateText("19/1O/2O18")).toBe("19/10/2018")
      expect(repairDateText("l9/10/2018")).toBe("19/10/2018")
      expect(repairDateText("19 /10/ 2018")).toBe("19/10/2018")
      expect(repairDateText("19/10-2018")).toBe("19/10/2018")
      expect(repairDateText("10.07.2019,12:56:22")).toBe("10.07.2019")
    })

    it("leaves text not shaped like a date alone", () => {
      expect(repairDateText("INV-2023-0042")).toBe("INV-2023-0042")
      expect(repairDateText("SOLD")).toBe("SOLD")
      expect(repairDateText("12-3-4")).toBe("12-3-4")
    })
  })

  describe("repairPostcodes", () => {
    it("repairs a postcode or ZIP code with one letter for a digit", () => {
      expect(repairPostcodes("Rheinallee 8, 55l16 Mainz")).toBe("Rheinallee 8, 55116 Mainz")
      expect(repairPostcodes("Industriering 9 | 93O55 Regensburg")).toBe("Industriering 9 | 93055 Regensburg")
      expect(repairPostcodes("Austin, TX 7870l")).toBe("Austin, TX 78701")
    })

    it("leaves words, codes with several letters and short numbers alone", () => {
      expect(repairPostcodes("SOLD BOOKS Ill")).toBe("SOLD BOOKS Ill")
      expect(repairPostcodes("Tel 0l 2O")).toBe("Tel 0l 2O")
      expect(repairPostcodes("Ref 12OOl")).toBe("Ref 12OOl")
      expect(repairPostcodes("SB12")).toBe("SB12")
      // A letter at a house number's end or start is the house's.
      expect(repairPostcodes("221B Baker Street")).toBe("221B Baker Street")
      expect(repairPostcodes("Apt 1204B")).toBe("Apt 1204B")
    })
  })

  it("reads a label word glued to the amount after it, never a code's letters", () => {
    expect(labelBeforeAmount("payer530,00")).toBe("payer")
    expect(labelBeforeAmount("Total1.614,99")).toBe("total")
    expect(labelBeforeAmount("TOTAL€12.50")).toBe("total")
    expect(labelBeforeAmount("INV2031118")).toBeUndefined()
    expect(labelBeforeAmount("Widget12.50")).toBeUndefined()
  })
})
