/**
 * Comparison of an extracted value with the expected one, by the rules a manifest's `compare` line
 * states in words, e.g. "strings: case, spacing and edge punctuation ignored; issuer: fuzzy (most
 * words shared); numbers: within 0.01; dates: ISO YYYY-MM-DD".
 */

export interface Rules {
  /** Punctuation ignored only at the edges of a string, or everywhere. */
  readonly punctuation: "edge" | "all"
  /** Fields compared by shared words rather than exactly. */
  readonly fuzzy: ReadonlySet<string>
  /** Largest difference between numbers that still counts as equal. */
  readonly tolerance: number
}

export const DEFAULT_RULES: Rules = { punctuation: "edge", fuzzy: new Set(), tolerance: 0.01 }

/**
 * The rules a compare line states. Clauses are ";"-separated `subject: rule`; a subject may name
 * several fields ("address/company"). Unstated parts keep the defaults.
 */
export const rulesOf = (compare: string | undefined): Rules => {
  if (compare === undefined) return DEFAULT_RULES
  const text = compare.toLowerCase()
  const fuzzy = new Set<string>()
  let punctuation: Rules["punctuation"] = DEFAULT_RULES.punctuation
  let tolerance = DEFAULT_RULES.tolerance
  for (const clause of text.split(";")) {
    const at = clause.indexOf(":")
    if (at < 0) continue
    const subject = clause.slice(0, at).trim()
    const rule = clause.slice(at + 1)
    if (/\bfuzzy\b|most words shared/.test(rule)) {
      for (const f of subject.split(/[/,]|\band\b/)) if (f.trim() !== "") fuzzy.add(f.trim())
    }
    if (/punctuation/.test(rule)) punctuation = /edge\s+punctuation/.test(rule) ? "edge" : "all"
    const within = /within\s+([\d.]+)/.exec(rule)
    if (within !== null) tolerance = Number(within[1])
  }
  return { punctuation, fuzzy, tolerance }
}

const PUNCT = /[^\p{L}\p{N}\s]/gu
const EDGE_PUNCT = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu

/** A string as the rules compare it: case folded, accents kept, punctuation dropped (edges or all), no spaces. */
export const normalizeString = (s: string, rules: Pick<Rules, "punctuation"> = DEFAULT_RULES): string => {
  let t = s.normalize("NFKC").toLowerCase().trim()
  t = rules.punctuation === "all" ? t.replace(PUNCT, "") : t.replace(EDGE_PUNCT, "")
  return t.replace(/\s+/g, "")
}

/** Words for the fuzzy rule: punctuation inside a word dropped ("B.V." → "bv"). */
export const wordsOf = (s: string): Array<string> =>
  s.normalize("NFKC").toLowerCase().split(/\s+/).map((w) => w.replace(PUNCT, "")).filter((w) => w !== "")

/** Most words shared: at least half of the longer side's words appear in the other side. */
export const fuzzyMatch = (expected: string, got: string): boolean => {
  const a = wordsOf(expected), b = wordsOf(got)
  if (a.length === 0 || b.length === 0) return a.length === b.length
  if (a.join("") === b.join("")) return true
  const pool = [...b]
  let shared = 0
  for (const w of a) {
    const i = pool.indexOf(w)
    if (i >= 0) {
      shared++
      pool.splice(i, 1)
    }
  }
  return shared * 2 >= Math.max(a.length, b.length)
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A number from a value as the API returns it (a JSON number, or a numeric string). */
const numberOf = (v: unknown): number | undefined => {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined
  if (typeof v !== "string") return undefined
  const s = v.replace(/[^\d.,-]/g, "")
  if (!/^-?\d+(?:[.,]\d+)?$/.test(s)) return undefined
  return Number(s.replace(",", "."))
}

export interface Verdict {
  readonly ok: boolean
  /** How it was compared: number, date, string, fuzzy, absent. */
  readonly rule: string
}

/** Whether `got` (the plain extracted value, null when nothing was found) counts as `expected`. */
export const compareValue = (field: string, expected: unknown, got: unknown, rules: Rules = DEFAULT_RULES): Verdict => {
  if (expected === null || expected === undefined) return { ok: got === null || got === undefined, rule: "absent" }
  if (got === null || got === undefined) return { ok: false, rule: typeof expected === "number" ? "number" : "string" }
  if (typeof expected === "number") {
    const n = numberOf(got)
    return { ok: n !== undefined && Math.abs(n - expected) <= rules.tolerance + 1e-9, rule: "number" }
  }
  if (typeof expected === "boolean") return { ok: got === expected, rule: "boolean" }
  const e = String(expected)
  if (ISO_DATE.test(e)) return { ok: String(got).trim() === e, rule: "date" }
  if (rules.fuzzy.has(field.toLowerCase())) return { ok: fuzzyMatch(e, String(got)), rule: "fuzzy" }
  return { ok: normalizeString(e, rules) === normalizeString(String(got), rules), rule: "string" }
}
