/**
 * Numbers whose one mark could be a decimal mark or a thousands mark ("1.500", "1,860"): what the
 * document's own amounts say its decimal mark is, and such a number read by it.
 */

export type DecimalMark = "," | "."

/** The decimal mark of an amount as written ("1.234,56 €": ","), from its last two-figure decimals. */
export const decimalMarkOfAmount = (text: string): DecimalMark | undefined => {
  const m = /\d([.,])\d{2}\D*$/.exec(text)
  return m === null ? undefined : (m[1] as DecimalMark)
}

/** The decimal mark most of a text's amounts are written with ("12,80 … 64,00"), none on a tie. */
export const decimalMarkOfText = (text: string): DecimalMark | undefined => {
  const comma = (text.match(/\d,\d{2}(?!\d)/g) ?? []).length
  const dot = (text.match(/\d\.\d{2}(?!\d)/g) ?? []).length
  return comma === dot ? undefined : comma > dot ? "," : "."
}

/**
 * A number of one to three figures, one mark and three figures ("1.500"): as a decimal and as a whole
 * number in thousands. Undefined for any other shape, and for a first group of "0" ("0,210" is never
 * in thousands).
 */
export const threeAfterOneMark = (
  text: string
): { readonly mark: DecimalMark; readonly decimal: number; readonly whole: number } | undefined => {
  const m = /^(\d{1,3})([.,])(\d{3})$/.exec(text)
  if (m === null || m[1] === "0") return undefined
  return { mark: m[2] as DecimalMark, decimal: Number(`${m[1]}.${m[3]}`), whole: Number(`${m[1]}${m[3]}`) }
}

/** Such a number read by the document's decimal mark ("1.500" is 1.5 where amounts are "64.00", 1500 where "64,00"). */
export const readByDecimalMark = (text: string, mark: DecimalMark): number | undefined => {
  const n = threeAfterOneMark(text)
  return n === undefined ? undefined : n.mark === mark ? n.decimal : n.whole
}
