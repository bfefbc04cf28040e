/**
 * Values a narrow cell broke over two lines: an identifier wrapped at its hyphen ("NW-2025-" over "0142")
 * goes on with the word under it.
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
