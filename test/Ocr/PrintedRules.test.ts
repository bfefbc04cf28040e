import { describe, expect, it } from "@effect/vitest"
import type { Line } from "../../src/Domain/PageModel.js"
import { withoutPrintedRules } from "../../src/Ocr/PrintedRules.js"

/** A line of words 0.1 wide, one per text, side by side from x = 0. */
const lineOf = (...texts: ReadonlyArray<string>): Line => {
  const words = texts.map((text, i) => ({ text, box: [i * 0.1, 0.5, i * 0.1 + 0.1, 0.52] as const, confidence: 0.9 }))
  return { text: texts.join(" "), box: [0, 0.5, texts.length * 0.1, 0.52], words }
}

describe("PrintedRules", () => {
  it("drops words that are only a rule, and the line when nothing else is on it", () => {
    expect(withoutPrintedRules(lineOf("Sub", "Total", "........", "15.00"))?.text).toBe("Sub Total 15.00")
    expect(withoutPrintedRules(lineOf("*****", "----------", "=====", "·—·—·"))).toBeUndefined()
  })

  it("cuts a rule off a word's edges, narrowing its box in proportion", () => {
    const line = withoutPrintedRules(lineOf("Items", "=", "1.00.....", "--------Total"))!
    expect(line.words.map((w) => w.text)).toEqual(["Items", "=", "1.00", "Total"])
    // "1.00....." is 9 characters over 0.2..0.3: its first 4 keep 0.2..0.2444.
    expect(line.words[2]!.box[0]).toBeCloseTo(0.2)
    expect(line.words[2]!.box[2]).toBeCloseTo(0.2 + 0.1 * 4 / 9)
    // "--------Total" is 13 characters over 0.3..0.4: the last 5 keep 0.3615..0.4.
    expect(line.words[3]!.box[0]).toBeCloseTo(0.3 + 0.1 * 8 / 13)
    expect(line.text).toBe("Items = 1.00 Total")
    expect(line.box[2]).toBeCloseTo(0.4)
  })

  it("leaves short runs and runs inside a word alone, and returns an untouched line as it is", () => {
    const line = lineOf("Total", "Items", "=", "1", "--12.50", "Sdn...Bhd", "..", "*S")
    expect(withoutPrintedRules(line)).toBe(line)
  })
})
