import { describe, expect, it } from "@effect/vitest"
import { isAddressWord, readAddressWord } from "../../src/Text/AddressWords.js"

const text = (word: string) => readAddressWord(word).text

describe("an OCR'd address word read through its misreads", () => {
  it("reads a word one look-alike letter off an address word as that word, in the page's case", () => {
    expect(text("Johcr")).toBe("Johor")
    expect(text("SELANGCR,")).toBe("SELANGOR,")
    expect(text("Perindustrlan")).toBe("Perindustrian")
  })

  it("reads a word's letters again only when the reader doubted one, and never a short or accented word", () => {
    expect(readAddressWord("Johcr", false).text).toBe("Johcr")
    expect(readAddressWord("Leve1", false).text).toBe("Level")
    for (const place of ["Hall", "Lime", "Laon", "Land", "Chaussée"]) expect(text(place)).toBe(place)
  })

  it("reads any one letter wrong only in a word of seven letters or more", () => {
    expect(text("PERINJUSTRIAN")).toBe("PERINDUSTRIAN")
    // "PERMAS" is one letter from "PERMAI", "SATY" from "SATU": names of their own as far as anyone can tell.
    expect(text("PERMAS")).toBe("PERMAS")
    expect(text("SATY")).toBe("SATY")
    expect(text("SRT")).toBe("SRT")
  })

  it("reads digits read for a word's letters as the letters, never a number with a letter", () => {
    expect(text("Leve1")).toBe("Level")
    expect(text("10T")).toBe("LOT")
    expect(text("N0.15,")).toBe("NO.15,")
    for (const code of ["12A", "U13/X", "3RD", "B-F-11,", "S0"]) expect(text(code)).toBe(code)
  })

  it("reads letters read among a number's digits as the digits", () => {
    expect(text("7/1l8B")).toBe("7/118B")
    expect(text("&1200")).toBe("81200")
    // An ampersand between numbers joins them.
    expect(text("19-G&19-1")).toBe("19-G&19-1")
  })

  it("says a word is known only when every run of letters in it is an address word and it has no digits", () => {
    expect(readAddressWord("JALAN").known).toBe(true)
    expect(readAddressWord("LUMFUR").known).toBe(false)
    expect(readAddressWord("PERINJUSTRIAN,").known).toBe(true)
    expect(readAddressWord("NO.53").known).toBe(false)
    expect(readAddressWord("MALURI").known).toBe(false)
    expect(isAddressWord("Selangor")).toBe(true)
  })

  it("writes a capital OCR read small among capitals as a capital", () => {
    expect(text("BESaR")).toBe("BESAR")
    expect(text("McDonald")).toBe("McDonald")
  })
})
