/**
 * The currency each word of a row names (Text/Values' currencyOfWord), found once per row: a section's
 * currency is counted over all its words by every extraction, and no template changes the answer, so
 * it can be found as the page is read (Prepare.ts).
 */
import { besideOwner } from "../../lib/memo.js"
import { currencyOfWord } from "../../Text/Values.js"
import type { Row } from "./Layout.js"

/** Words longer than this are no currency mark or code. */
const LONGEST_MARK = 12

/** The crown's mark ("1.234,56 kr", "kr. 500"): Swedish, Danish, Norwegian or Icelandic, as the document says. */
const CROWN = /^kr\.?$/

/** Whether the word holds digits or its neighbour on the row does ("€ 12,00", "12,00 €", "£12"). */
export const besideANumber = (row: Row, i: number): boolean =>
  [row.words[i - 1], row.words[i], row.words[i + 1]].some((w) => w !== undefined && /\d/.test(w.text))

/** A word of a row that names a currency; a crown's mark beside a number names none by itself. */
export interface CurrencyMark {
  readonly index: number
  /** The ISO 4217 code; undefined for a crown's mark, whose currency the document's language tells. */
  readonly code: string | undefined
}

const memo = besideOwner<Row, ReadonlyArray<CurrencyMark>>()

/** The row's words that name a currency alone or as a mark before an amount, and its crowns' marks, in order. */
export const currenciesOfRow = (row: Row): ReadonlyArray<CurrencyMark> =>
  memo(row, "", () =>
    row.words.flatMap((w, index): Array<CurrencyMark> => {
      if (w.text.length > LONGEST_MARK) return []
      const code = currencyOfWord(row.words, index)
      if (code !== undefined) return [{ index, code }]
      return CROWN.test(w.text) && besideANumber(row, index) ? [{ index, code: undefined }] : []
    }))
