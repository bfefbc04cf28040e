/**
 * Printed rules read as text. Receipts print dashed, dotted, starred and double lines between their parts,
 * and leader dots between a label and its amount ("Sub Total........ 15.00"); OCR writes them as runs of
 * "-", ".", "*", "=" and the like, glued to the words beside them as often as not ("1.00.....",
 * "--------Total"). They are not text: a word that is only such a run is dropped, a run at a word's edge is
 * cut off, its box narrowed in proportion, and a line left with no word goes.
 * Runs of three or more only: "--" or "=" stand for themselves often enough ("Total Items = 1", "-12.50").
 * Measured on receipts-dev (50 receipts): CER 0.177 → 0.169 (npm run eval), in any order 0.102 → 0.095 (the
 * bench's texts); 0.101 when leader dots are kept, which the truth writes on some receipts and not on
 * others. Fields right unchanged (157 of 192).
 */
import type { Line, Word } from "../Domain/PageModel.js"
import { lineOf } from "../Domain/PageModel.js"

const RUN = "[-‐‑‒–—―=*._~·•…]"
const ONLY_RULE = new RegExp(`^${RUN}{3,}$`, "u")
const EDGES = new RegExp(`^(${RUN}{3,})?(.*?)(${RUN}{3,})?$`, "u")

/** The word without rule runs at its edges; undefined when nothing else is left. */
const withoutRuleEdges = (word: Word): Word | undefined => {
  if (ONLY_RULE.test(word.text)) return undefined
  const [, lead = "", text = "", trail = ""] = EDGES.exec(word.text)!
  if (lead.length === 0 && trail.length === 0) return word
  const chars = [...word.text].length
  const width = word.box[2] - word.box[0]
  const left = word.box[0] + (width * [...lead].length) / chars
  const right = word.box[2] - (width * [...trail].length) / chars
  return { ...word, text, box: [left, word.box[1], right, word.box[3]] }
}

/** The line without printed rules; undefined when it was nothing else. */
export const withoutPrintedRules = (line: Line): Line | undefined => {
  const words = line.words.flatMap((w) => {
    const kept = withoutRuleEdges(w)
    return kept === undefined ? [] : [kept]
  })
  if (words.length === 0) return undefined
  return words.length === line.words.length && words.every((w, i) => w === line.words[i])
    ? line
    : { ...line, ...lineOf(words) }
}
