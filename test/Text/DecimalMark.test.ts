import { describe, expect, it } from "vitest"
import {
  decimalMarkOfAmount,
  decimalMarkOfText,
  readByDecimalMark,
  threeAfterOneMark
} from "../../src/Text/DecimalMark.js"

describe("a number whose one mark may be a decimal or a thousands mark", () => {
  it("reads its document's decimal mark from amounts with two decimals", () => {
    expect(decimalMarkOfAmount("2.790,00 €")).toBe(",")
    expect(decimalMarkOfAmount("$1,250.50")).toBe(".")
    expect(decimalMarkOfAmount("1500")).toBeUndefined()
    expect(decimalMarkOfText("12,80  100  64,00  Total 1.064,00")).toBe(",")
    expect(decimalMarkOfText("Qty 1.500 at 2.00 = 3.00")).toBe(".")
    // As many of each: the text does not tell.
    expect(decimalMarkOfText("12,80 and 3.00")).toBeUndefined()
  })

  it("reads \"1.500\" by that mark, and never a first group of 0 in thousands", () => {
    expect(readByDecimalMark("1.500", ",")).toBe(1500)
    expect(readByDecimalMark("1.500", ".")).toBe(1.5)
    expect(readByDecimalMark("1,860", ",")).toBe(1.86)
    expect(readByDecimalMark("1,860", ".")).toBe(1860)
    expect(threeAfterOneMark("0,210")).toBeUndefined()
    expect(threeAfterOneMark("1.500,00")).toBeUndefined()
    expect(threeAfterOneMark("12.50")).toBeUndefined()
  })
})
