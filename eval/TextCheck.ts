/**
 * What the reading left for the engine: whether an expected value can be found in the page text at
 * all (if not, the reader or OCR lost it and no extraction rule can get it back), and how far the
 * text is from a ground-truth transcription.
 */
import { currencyCode, findDates, parseAmount } from "../src/Text/Values.js"
import { DEFAULT_RULES, normalizeString, type Rules, wordsOf } from "./Compare.js"

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Whether the expected value occurs in the text, by the same tolerance as the comparison. */
export const inText = (expected: unknown, text: string, rules: Rules = DEFAULT_RULES, fuzzy = false): boolean => {
  if (expected === null || expected === undefined) return true
  if (typeof expected === "number") {
    for (const m of text.matchAll(/\d[\d.,' ]*\d|\d/g)) {
      const n = parseAmount(m[0].trim())
      if (n !== undefined && Math.abs(n - expected) <= rules.tolerance + 1e-9) return true
    }
    return false
  }
  const e = String(expected)
  // A currency code is in the text when a symbol or word naming it is ("€" for EUR).
  if (/^[A-Z]{3}$/.test(e) && text.split(/\s+/).some((w) => w.length <= 12 && currencyCode(w) === e)) return true
  if (ISO_DATE.test(e)) {
    return findDates(text, "dmy").some((d) => d.iso === e) || findDates(text, "mdy").some((d) => d.iso === e)
  }
  const hay = normalizeString(text, { punctuation: "all" })
  if (hay.includes(normalizeString(e, { punctuation: "all" }))) return true
  if (!fuzzy) return false
  const words = wordsOf(e)
  return words.filter((w) => hay.includes(w)).length * 2 >= words.length
}

/** Levenshtein distance over characters, in O(min(a, b)) memory. */
const distance = (a: string, b: string): number => {
  if (a.length < b.length) [a, b] = [b, a]
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}

/** Character error rate of `text` against `truth`, whitespace collapsed and case ignored (0 is perfect). */
export const charErrorRate = (truth: string, text: string): number => {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim()
  const t = norm(truth)
  return t.length === 0 ? 0 : Math.round((distance(t, norm(text)) / t.length) * 1000) / 1000
}
