/**
 * Letter–digit confusions in OCR'd words, repaired only where the word itself leaves no doubt:
 * - one 0, 1, 5 or 8 inside a word of letters ("Peta1ing", "SET1A", "GEM8ILANG") is the letter it
 *   resembles, in the case of its neighbours;
 * - O, o, l or I among the digits of a number ("456O0", "52oo0", "10l") are the digits they resemble.
 * - a British postcode's outward code before its inward code ("BSl 5TR", "ECiA 1BB", "SWlA 2AA") has the
 *   digit its shape requires where a look-alike letter stands.
 * Words of mixed letters and digits that can be meant so ("U13", "SS21", "Uptown3", "K3-113", "1851-A", "EC1A")
 * are left alone: a rule applies to a run of letters and digits only when it has a single stray character
 * of the other kind (letters) or only confusable letters (numbers).
 */
import type { Line } from "../Domain/PageModel.js"

const AS_UPPER: Record<string, string> = { "0": "O", "1": "I", "5": "S", "8": "B" }
const AS_LOWER: Record<string, string> = { "0": "o", "1": "l", "5": "s" }
const AS_DIGIT: Record<string, string> = { O: "0", o: "0", l: "1", I: "1" }

/** The outward code of a British postcode ("EC1A", "SW1A"): letters around a digit, meant so. */
const POSTCODE_OUTWARD = /^[A-Z]{1,2}\d[A-Z]$/

/** A run of letters with one confusable digit between two letters. */
const repairLetters = (run: string): string => {
  const digits = run.match(/\p{N}/gu) ?? []
  if (run.length < 4 || digits.length !== 1 || POSTCODE_OUTWARD.test(run)) return run
  const at = run.search(/\p{N}/u)
  const before = run[at - 1], after = run[at + 1]
  if (before === undefined || after === undefined || !/\p{L}/u.test(before) || !/\p{L}/u.test(after)) return run
  const lower = before === before.toLowerCase() && after === after.toLowerCase() && before !== before.toUpperCase()
  const letter = (lower ? AS_LOWER : AS_UPPER)[run[at]!]
  return letter === undefined ? run : run.slice(0, at) + letter + run.slice(at + 1)
}

/** A run of at least two digits whose only letters look like digits. */
const repairDigits = (run: string): string => {
  const digits = (run.match(/\d/g) ?? []).length
  if (digits < 2 || digits === run.length || !/^[\dOolI]+$/.test(run)) return run
  return run.replace(/[OolI]/g, (c) => AS_DIGIT[c]!)
}

/** The word with its letter–digit confusions repaired; the word itself when there is nothing to repair. */
export const repairConfusions = (word: string): string =>
  word.replace(/[\p{L}\p{N}]+/gu, (run) => {
    if (!/\p{N}/u.test(run) || !/\p{L}/u.test(run)) return run
    return /^[\dOolI]+$/.test(run) ? repairDigits(run) : repairLetters(run)
  })

/** A British postcode's inward code ("1BB", "5TR"). */
const POSTCODE_INWARD = /^\d[A-Z]{2}[,.]?$/
/** An outward code with a look-alike letter where its digit stands: "BSl", "Ml", "ECiA", "SWlA", "SEl0". */
const MISREAD_OUTWARD = /^([A-Z]{1,2})([liI|]|[oO](?=\d))([A-Z\d]?)$/

/** The outward code with its digit, when the word before an inward code has a look-alike letter for it. */
const repairOutward = (word: string, next: string | undefined): string => {
  if (next === undefined || !POSTCODE_INWARD.test(next)) return word
  const m = MISREAD_OUTWARD.exec(word)
  return m === null ? word : m[1]! + (/[oO]/.test(m[2]!) ? "0" : "1") + m[3]!
}

/** The line with its words' confusions repaired (boxes and confidences unchanged). */
export const repairLine = (line: Line): Line => {
  const words = line.words.map((w, i) => {
    const text = repairOutward(repairConfusions(w.text), line.words[i + 1]?.text)
    return text === w.text ? w : { ...w, text }
  })
  return words.every((w, i) => w === line.words[i])
    ? line
    : { ...line, text: words.map((w) => w.text).join(" "), words }
}
