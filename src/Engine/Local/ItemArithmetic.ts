/**
 * A line item's count checked against its arithmetic: its count times its price per unit makes its
 * amount. Where OCR misread the count (its decimal mark read as a colon or lost, its thousands read as
 * a decimal) or set it outside its column, the number the arithmetic names is the count.
 */
import { type DecimalMark, decimalMarkOfAmount, threeAfterOneMark } from "../../Text/DecimalMark.js"
import { findValueCandidates } from "../../Text/Values.js"
import type { ItemCell } from "./HeaderlessItems.js"
import type { PlacedWord, Row } from "./Layout.js"
import type { Section } from "./Section.js"

/**
 * A count whose decimal mark OCR read as a colon ("3:5" for "3.5"), when a price on its row times it
 * makes the line's amount (a time of day, "10:30", has two digits after its colon and no such price).
 */
export const decimalReadAsColon = (
  cell: ReadonlyArray<PlacedWord> | undefined,
  row: Row,
  amount: unknown,
  section: Section
): ItemCell | undefined => {
  const word = cell?.length === 1 ? cell[0]! : undefined
  const m = word === undefined ? null : /^(\d{1,4}):(\d)$/.exec(word.text)
  if (m === null || typeof amount !== "number") return undefined
  const q = Number(`${m[1]}.${m[2]}`)
  const priced = findValueCandidates(row.words, "amount", section.hint).some((c) =>
    typeof c.value === "number" && c.value !== amount && multiplies(q, c.value, amount)
  )
  return priced ? { value: q, words: [word!] } : undefined
}

/**
 * A quantity in thousands written with a dot ("5.000 St." at 0,064 each, 320,00), read as a decimal ("5"):
 * the whole number when a price on its row and its amount bear it out and not the decimal.
 */
export const inThousands = (
  read: ItemCell | undefined,
  cell: ReadonlyArray<PlacedWord> | undefined,
  amount: unknown,
  prices: ReadonlyArray<number>
): ItemCell | undefined => {
  const written = /^(\d{1,3}(?:\.\d{3})+)(?![\d,])/.exec(cell?.map((w) => w.text).join(" ") ?? "")?.[1]
  if (read === undefined || typeof read.value !== "number" || written === undefined || typeof amount !== "number") {
    return undefined
  }
  const decimal = read.value
  const whole = Number(written.replace(/\./g, ""))
  const borne = (q: number) => prices.some((p) => p !== amount && multiplies(q, p, amount))
  return !borne(decimal) && borne(whole) ? { ...read, value: whole } : undefined
}

/** A quantity times its unit price is the line's amount (a cent per unit of rounding). */
export const multiplies = (quantity: number, price: number, amount: number) =>
  Math.abs(quantity * price - amount) <= Math.max(0.011, 0.005 * Math.abs(amount))

/** A count as a word may hold it: a number, its unit or a speck glued after it ("2000ex.", "24·", "20m"). */
const COUNT_WORD = /^(\d{1,5})(?:[.,](\d{1,2}))?(?:\p{L}{1,4}\.?|[·.:;,'´`])?$/u
/** A count in thousands, its groups marked ("1.500", "5'000 Stk"). */
const THOUSANDS_WORD = /^(\d{1,3}(?:[.,'’]\d{3})+)(?:\p{L}{1,4}\.?)?$/u

/** The counts a word of the row may stand for. */
const countsOf = (text: string): Array<number> => {
  const m = COUNT_WORD.exec(text)
  const grouped = THOUSANDS_WORD.exec(text)?.[1]
  return [
    ...(m === null ? [] : [Number(m[2] === undefined ? m[1] : `${m[1]}.${m[2]}`)]),
    ...(grouped === undefined ? [] : [Number(grouped.replace(/\D/g, ""))])
  ]
}

interface Price {
  readonly value: number
  /** Its words in the row. */
  readonly start: number
  readonly end: number
}

/** The decimal mark of a line's amount as printed ("2.790,00": a comma), if it shows one. */
export const decimalMarkOf = (amount: ItemCell | undefined): DecimalMark | undefined =>
  decimalMarkOfAmount(amount?.words.map((w) => w.text).join("") ?? "")

/**
 * A number's readings when three figures follow its one mark ("1,860", "1.500"): a price per unit given to
 * the tenth of a cent, or a count in thousands. The row's amount tells which its mark is; else both.
 */
export const readingsOf = (text: string, value: number, mark: DecimalMark | undefined): Array<number> => {
  const n = threeAfterOneMark(text.replace(/[^\d.,]/g, ""))
  if (n === undefined) return [value]
  return mark === undefined
    ? [value, value === n.decimal ? n.whole : n.decimal]
    : [n.mark === mark ? n.decimal : n.whole]
}

/** Price units a price may be given per ("12,80 € je 100 Stk"), printed as a number of their own on the row. */
const PRICE_UNITS = [10, 100, 1000]

/**
 * The count a line's arithmetic names when the count read does not make its amount with any price on
 * its row: a number of the row (not its first word, a position's number, nor its amount) that times a
 * price with decimals, or that price per a price unit printed between it and the amount, makes the
 * amount; or the count read with its decimal mark lost ("15" for "1.5"). Only when one count alone does,
 * and never in a table with a discount column.
 */
export const countByArithmetic = (
  row: Row,
  given: ItemCell | undefined,
  amountCell: ItemCell | undefined,
  section: Section,
  discounted: boolean
): ItemCell | undefined => {
  const amount = amountCell?.value
  // A table with a discount per line ("Rabatt", "Sconto", "Dto.") makes no amount of its count and price.
  if (discounted || typeof amount !== "number" || amount <= 0) return undefined
  const mark = decimalMarkOf(amountCell)
  const candidates = findValueCandidates(row.words, "amount", section.hint)
  const prices = candidates.flatMap((c): Array<Price> =>
    typeof c.value === "number" && c.decimals === true && c.value > 0 && c.value !== amount
      ? readingsOf(c.text, c.value, mark).map((value) => ({ value, start: c.start, end: c.end }))
      : []
  )
  // The count read as the row's amount writes its numbers ("1.500" is 1500 where "2.790,00" is its amount).
  const read = given?.words.length === 1 && typeof given.value === "number"
    ? { ...given, value: readingsOf(given.words[0]!.text, given.value, mark)[0]! }
    : given
  if (prices.length === 0) return undefined
  const amountWords = new Set(amountCell!.words)
  const amountAt = Math.min(...amountCell!.words.map((w) => row.words.indexOf(w)).filter((i) => i >= 0))
  // A price unit stands between its price and the amount, a number of its own ("12,80  100  64,00"), no rate.
  const unitsAfter = (price: Price) =>
    PRICE_UNITS.filter((u) =>
      row.words.some((w, i) => w.text === String(u) && i >= price.end && i < amountAt && row.words[i + 1]?.text !== "%")
    )
  const makes = (q: number, price: Price) =>
    multiplies(q, price.value, amount) || unitsAfter(price).some((u) => multiplies(q, price.value / u, amount))
  const q = read?.value
  if (typeof q === "number") {
    // The count read makes the amount, or it is one and its price is the amount.
    if (prices.some((p) => makes(q, p)) || (q === 1 && candidates.some((c) => c.value === amount && c.decimals))) {
      return q === given?.value ? undefined : read
    }
  }
  const found = new Map<number, PlacedWord>()
  const priced = (value: number, word: PlacedWord) =>
    prices.some((p) => !row.words.slice(p.start, p.end).includes(word) && makes(value, p))
  if (typeof q === "number" && Number.isInteger(q) && q >= 10 && read!.words.length === 1) {
    for (const lost of [q / 10, q / 100]) if (priced(lost, read!.words[0]!)) found.set(lost, read!.words[0]!)
  }
  row.words.forEach((word, i) => {
    if (i === 0 || amountWords.has(word)) return
    for (const value of countsOf(word.text)) {
      if (value > 0 && priced(value, word)) found.set(value, found.get(value) ?? word)
    }
  })
  if (found.size !== 1) return undefined
  const [[value, word]] = [...found]
  return { value, words: [word!] }
}
