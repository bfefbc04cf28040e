/**
 * Values a narrow cell broke over two lines: an identifier wrapped at its hyphen ("NW-2025-" over "0142")
 * goes on with the word under it, or started on the line above; a date's year set under its day and month.
 */
import type { LabelMatch } from "./Labels.js"
import type { PlacedWord } from "./Layout.js"
import type { ReadValue } from "./Readers.js"

/** An identifier ending with a hyphen, joined to the word right under it, aligned with it. */
export const brokenAtHyphen = (m: LabelMatch, r: ReadValue): ReadValue => {
  const text = String(r.value)
  if (!text.endsWith("-")) return r
  const unit = m.page.unit
  const row = m.page.rows[m.row.index + 1]
  if (row === undefined || row.box[1] - m.row.box[3] > unit) return r
  // Under it, aligned with it on the left or, in a cell set to the right, on the right.
  const first = r.words[0]!, last = r.words[r.words.length - 1]!
  const aligned = (w: PlacedWord) =>
    Math.abs(w.box[0] - first.box[0]) <= unit || Math.abs(w.box[2] - last.box[2]) <= unit
  const next = row.words.find((w) => aligned(w) && /^[\p{L}\p{N}][\p{L}\p{N}/_.-]*$/u.test(w.text))
  if (next === undefined) return r
  // Nothing before it under the label: a word there is the next row's label ("Date:  12.03.2031").
  const labelled = row.words.some((w) => w !== next && w.box[0] >= m.box[0] - unit && w.box[2] <= next.box[0])
  return labelled ? r : { ...r, value: text + next.text, words: [...r.words, next] }
}

/**
 * An identifier whose start a narrow cell set on the line above, ending with a hyphen ("NW-2031-" over
 * "0142", the label between them in the middle of its cell): the value starts there. A word of letters
 * alone ending with a hyphen ("Rechnungs-") is a label's, not a number's.
 */
export const startedAboveAtHyphen = (m: LabelMatch, r: ReadValue): ReadValue => {
  const unit = m.page.unit
  const first = r.words[0]!, last = r.words[r.words.length - 1]!
  const at = m.page.rows.findIndex((row) => row.words.includes(first))
  for (let k = at - 1; k >= 0 && k >= at - 2; k--) {
    const row = m.page.rows[k]!
    if (first.box[1] - row.box[3] > unit) break
    const start = row.words.find((w) =>
      (Math.abs(w.box[0] - first.box[0]) <= unit || Math.abs(w.box[2] - last.box[2]) <= unit) &&
      /^[\p{L}\p{N}][\p{L}\p{N}/_.-]*-$/u.test(w.text) && /\d/.test(w.text) && w.box[3] <= first.box[1]
    )
    if (start !== undefined) return { ...r, value: start.text + String(r.value), words: [start, ...r.words] }
  }
  return r
}

/** A year alone on its line. */
const YEAR = /^(?:19|20)\d{2}$/

/**
 * A date whose year a narrow cell set on the line under its day and month ("3 September" over "2026"): read
 * with the year aligned under its first word, the next line down.
 */
export const withYearBelow = (
  m: LabelMatch,
  words: ReadonlyArray<PlacedWord>,
  read: (words: ReadonlyArray<PlacedWord>) => ReadValue | undefined
): ReadValue | undefined => {
  const first = words[0]
  if (first === undefined || words.length > 3) return undefined
  const unit = m.page.unit
  const at = m.page.rows.findIndex((row) => row.words.includes(first))
  const row = m.page.rows[at + 1]
  if (at < 0 || row === undefined || row.box[1] - m.page.rows[at]!.box[3] > unit) return undefined
  const year = row.words.find((w) => Math.abs(w.box[0] - first.box[0]) <= unit && YEAR.test(w.text))
  return year === undefined ? undefined : read([...words, year])
}

/**
 * An identifier OCR cut in two with a space ("20241 1-199" for "202411-199"): joined with the word after it
 * when the page prints the joined text as one word elsewhere (the number's other printing).
 */
export const cutByOcr = (m: LabelMatch, r: ReadValue): ReadValue => {
  const last = r.words[r.words.length - 1]
  const row = last === undefined ? undefined : m.page.rows.find((x) => x.words.includes(last))
  const next = row === undefined || last === undefined ? undefined : row.words[row.words.indexOf(last) + 1]
  if (next === undefined || !/^[\p{L}\p{N}]/u.test(next.text)) return r
  const joined = String(r.value) + next.text
  const printed = m.page.rows.some((x) => x.words.some((w) => w.text.replace(/[.,;:]$/, "") === joined))
  return printed ? { ...r, value: joined, words: [...r.words, next] } : r
}
