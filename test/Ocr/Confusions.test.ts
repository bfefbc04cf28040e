import { describe, expect, it } from "@effect/vitest"
import { repairConfusions, repairLine } from "../../src/Ocr/Confusions.js"

describe("Confusions", () => {
  it.each([
    ["Peta1ing", "Petaling"],
    ["SET1A", "SETIA"],
    ["GEM8ILANG", "GEMBILANG"],
    ["T0TAL", "TOTAL"],
    ["CH0PPING", "CHOPPING"],
    ["456O0", "45600"],
    ["52oo0", "52000"],
    ["10l", "101"],
    ["2O18-01-25", "2018-01-25"],
    ["(456O0),", "(45600),"]
  ])("repairs %s → %s", (word, repaired) => {
    expect(repairConfusions(word)).toBe(repaired)
  })

  it.each([
    "U13/BG",
    "SS21/39",
    "Uptown3",
    "K3-113",
    "1851-A",
    "C0.",
    "1O",
    "A4",
    "H2O",
    "CO2e",
    "B2B",
    "10T",
    "No1",
    "Win10",
    "USG-99-",
    "RM14.10",
    "TOTAL",
    "EC1A",
    "SW1A"
  ])(
    "leaves %s alone (letters and digits meant together, or too little to tell)",
    (word) => {
      expect(repairConfusions(word)).toBe(word)
    }
  )

  it("gives a British postcode's outward code its digit where a look-alike letter stands, only before an inward code", () => {
    const box = [0.1, 0.2, 0.3, 0.22] as const
    const text = (s: string) =>
      repairLine({ text: s, box, words: s.split(" ").map((t) => ({ text: t, box, confidence: 0.7 })) }).text
    expect(text("Manchester Ml 2AB")).toBe("Manchester M1 2AB")
    expect(text("Bristol BSl 5TR")).toBe("Bristol BS1 5TR")
    expect(text("London ECiA 1BB,")).toBe("London EC1A 1BB,")
    expect(text("London SEO 9LU")).toBe("London SEO 9LU")
    expect(text("London SEo1 9LU")).toBe("London SE01 9LU")
    // Without an inward code after it the word is left alone.
    expect(text("Ml Bristol BSl")).toBe("Ml Bristol BSl")
    expect(text("ALI 2 BOX")).toBe("ALI 2 BOX")
  })

  it("repairs a line's words and text, keeping boxes and confidences, and returns an untouched line as it is", () => {
    const box = [0.1, 0.2, 0.3, 0.22] as const
    const line = {
      text: "JALAN SET1A 4017O",
      box,
      words: ["JALAN", "SET1A", "4017O"].map((text) => ({ text, box, confidence: 0.7 }))
    }
    const repaired = repairLine(line)
    expect(repaired.text).toBe("JALAN SETIA 40170")
    expect(repaired.words.map((w) => w.text)).toEqual(["JALAN", "SETIA", "40170"])
    expect(repaired.words[1]).toEqual({ text: "SETIA", box, confidence: 0.7 })
    const clean = { ...line, text: "JALAN", words: [line.words[0]!] }
    expect(repairLine(clean)).toBe(clean)
  })
})
