/**
 * Typed readers shared by every engine: amounts, integers, booleans, dates, currencies, and the
 * search for typed values inside a line of words (so grounding can union the words' boxes).
 */
import { LRUCache } from "lru-cache"
import type { Box } from "../Domain/PageModel.js"
import { type DateOrder, findDates, parseWholeDate } from "./Dates.js"
import { joinsAtDecimalMark, repairAmountWord, repairDateText } from "./Misreads.js"
import { fold } from "./Tokens.js"

export { type DateOrder, findDates, inferDateOrder, parseDate, parseWholeDate } from "./Dates.js"

/** Symbols and marks read as a currency, longest first so "US$" wins over "$". */
const CURRENCY_SYMBOLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/US\$/, "USD"],
  [/(?:AU|A)\$/, "AUD"],
  [/(?:CA|C)\$/, "CAD"],
  [/(?:SG|S)\$/, "SGD"],
  [/HK\$/, "HKD"],
  [/NZ\$/, "NZD"],
  [/R\$/, "BRL"],
  [/MX\$/, "MXN"],
  [/CN¥|元/, "CNY"],
  [/\$/, "USD"],
  [/€/, "EUR"],
  [/£/, "GBP"],
  [/₹/, "INR"],
  [/¥|円/, "JPY"],
  [/₩/, "KRW"],
  [/₽/, "RUB"],
  [/₺/, "TRY"],
  [/₱/, "PHP"],
  [/฿/, "THB"],
  [/₫/, "VND"],
  [/₪/, "ILS"],
  [/₦/, "NGN"],
  [/(?<!\p{L})Rs\.?(?!\p{L})/u, "INR"],
  [/(?<!\p{L})RM(?!\p{L})/u, "MYR"],
  [/(?<!\p{L})Rp\.?(?!\p{L})/u, "IDR"],
  [/(?<!\p{L})zł(?!\p{L})/u, "PLN"],
  [/(?<!\p{L})Kč(?!\p{L})/u, "CZK"],
  [/(?<!\p{L})RMB(?!\p{L})/u, "CNY"],
  [/(?<!\p{L})SFr\.?(?!\p{L})/iu, "CHF"],
  // "Fr." before an amount with its cents (not before a date: "Fr. 12.06." is a Friday).
  [/(?<!\p{L})Fr\.(?=\s?\d[\d'’.,]*[.,]\d{2}(?![\d.]))/u, "CHF"]
]

/** ISO 4217 codes read as currencies; codes that are also common words or company suffixes (BHD = Berhad) are left out. */
const ISO_CODES = new Set(
  ("USD EUR GBP INR MYR JPY CNY CHF CAD AUD NZD SGD HKD SEK NOK DKK ISK PLN CZK HUF RON BGN TRY RUB UAH " +
    "ZAR BRL MXN ARS CLP COP IDR THB VND PHP KRW TWD AED SAR QAR KWD OMR ILS EGP NGN KES MAD PKR BDT LKR").split(" ")
)

const CURRENCY_WORDS: ReadonlyMap<string, string> = new Map([
  ["euro", "EUR"],
  ["euros", "EUR"],
  ["dollar", "USD"],
  ["dollars", "USD"],
  ["rupee", "INR"],
  ["rupees", "INR"],
  ["ringgit", "MYR"],
  ["sterling", "GBP"],
  ["yen", "JPY"],
  ["yuan", "CNY"],
  ["renminbi", "CNY"]
])

interface CurrencyHit {
  readonly index: number
  readonly length: number
  readonly code: string
}

/** Texts already searched: the same amounts and codes recur on every page of a document and in every request. */
const currencyMemo = new LRUCache<string, ReadonlyArray<CurrencyHit>>({
  max: 50_000,
  memoMethod: (text) => findCurrencyHits(text)
})

const currencyHits = (text: string): ReadonlyArray<CurrencyHit> => currencyMemo.memo(text)

const findCurrencyHits = (text: string): Array<CurrencyHit> => {
  const hits: Array<CurrencyHit> = []
  for (const m of text.matchAll(/(?<![\p{L}])([A-Z]{3})(?![\p{L}])/gu)) {
    if (ISO_CODES.has(m[1]!)) hits.push({ index: m.index, length: 3, code: m[1]! })
  }
  for (const [re, code] of CURRENCY_SYMBOLS) {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes("u") ? "gu" : "g"))) {
      if (!hits.some((h) => m.index < h.index + h.length && h.index < m.index + m[0].length)) {
        hits.push({ index: m.index, length: m[0].length, code })
      }
    }
  }
  for (const m of text.matchAll(/\p{L}+/gu)) {
    const code = CURRENCY_WORDS.get(fold(m[0]))
    if (code !== undefined) hits.push({ index: m.index, length: m[0].length, code })
  }
  return hits.sort((a, b) => a.index - b.index)
}

/** The currency the text names first, as an ISO 4217 code: "EUR", "$" → USD, "RM" → MYR, "Rs." → INR. */
export const currencyCode = (text: string): string | undefined => currencyHits(text)[0]?.code

/**
 * The currency the line's i-th word names, alone or as a mark that names one only before an amount
 * ("Fr." before "1'234.50").
 */
export const currencyOfWord = (words: ReadonlyArray<{ readonly text: string }>, i: number): string | undefined => {
  const mark = words[i]!.text
  const own = currencyCode(mark)
  const next = words[i + 1]?.text
  // Only a short mark right before a number can be one.
  if (own !== undefined || next === undefined || mark.length > 4 || !/^\d/.test(next)) return own
  const hit = currencyHits(`${mark} ${next}`)[0]
  return hit !== undefined && hit.index === 0 && hit.length <= mark.length ? hit.code : undefined
}

const stripCurrency = (text: string): string => {
  let out = text
  for (const h of [...currencyHits(text)].reverse()) out = out.slice(0, h.index) + " " + out.slice(h.index + h.length)
  return out
}

/** A currency's sign glued to an amount's digits ("2.72285€", "£1,04491"). */
const GLUED_SIGN = /\d[€$£¥₹]|[€$£¥₹]\d/

/**
 * A monetary or decimal amount: currency marks and codes ignored, "1.234,56", "1,234.56",
 * "1 234,56", "1'234.56", negatives as "-12", "(12)", "12.50-". "9.000" reads as 9 (three
 * decimals, as on receipts) while "1,234" reads as 1234.
 */
export const parseAmount = (text: string): number | undefined => {
  if (text.includes("%")) return undefined
  // Marks a scan or OCR leaves around a number ("/18.00", "12.50|").
  const marks = (t: string) => t.trim().replace(/^[/|“”"'~_*;:]+|[/|“”"'~_*;:]+$/g, "").trim()
  // Dot leaders before the number ("....*21.20") and a full stop after its two decimals ("21.20.").
  let s = marks(marks(stripCurrency(text)).replace(/^(?:\.{2,}|…)+/, "").replace(/([.,]\d{2})\.$/, "$1"))
  // A one- or two-letter tax code glued to the amount ("75.00SR", "15.00 ZR"), or one stray letter ("54.50w").
  s = s.replace(/(\d[.,]\d{1,3})\s?(?:[A-Z]{1,2}|[a-z])$/, "$1")
  let negative = false
  if (/^\(.*\)$/.test(s)) {
    negative = true
    s = s.slice(1, -1).trim()
  }
  if (/^[-−–]/.test(s)) {
    negative = true
    s = s.slice(1).trim()
  } else if (/^\+/.test(s)) s = s.slice(1).trim()
  if (/[-−–]$/.test(s)) {
    negative = true
    s = s.slice(0, -1).trim()
  }
  if (!/^\d[\d.,'’\s\u00a0\u202f]*$/.test(s) || !/\d$/.test(s)) return undefined
  // A space OCR put before a thousands mark ("1 ,044.91").
  s = s.replace(/(\d)\s+([.,]\d{3}(?![\d]))/, "$1$2")
  const groups = s.split(/[\s\u00a0\u202f'’]+/)
  for (let i = 1; i < groups.length; i++) {
    const ok = i === groups.length - 1 ? /^\d{3}(?:[.,]\d{1,3})?$/.test(groups[i]!) : /^\d{3}$/.test(groups[i]!)
    if (!ok) return undefined
  }
  if (groups.length > 1 && !/^\d{1,3}$/.test(groups[0]!)) return undefined
  s = groups.join("")
  const dot = s.lastIndexOf("."), comma = s.lastIndexOf(",")
  let normalized: string
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? "." : ","
    const at = s.lastIndexOf(decimal)
    const int = s.slice(0, at), frac = s.slice(at + 1)
    // Thousands groups, or the Indian lakh grouping (1,00,000.00).
    const grouped = decimal === "." ? /^\d{1,3}(?:,\d{3})*$|^\d{1,2}(?:,\d{2})+,\d{3}$/ : /^\d{1,3}(?:\.\d{3})*$/
    if (!grouped.test(int)) return undefined
    normalized = int.replace(/[.,]/g, "") + "." + frac
  } else if (dot >= 0 || comma >= 0) {
    const sep = dot >= 0 ? "." : ","
    const parts = s.split(sep)
    if (parts.length > 2) {
      if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1, -1).some((p) => !/^\d{3}$/.test(p))) return undefined
      const last = parts[parts.length - 1]!
      // Cents after thousands marks of the same kind: one of the marks misread ("1.490.00", "12,710,00"). Three
      // digits first are an article's number ("702.611.50").
      if (/^\d{2}$/.test(last) && /^\d{1,2}$/.test(parts[0]!)) normalized = parts.slice(0, -1).join("") + "." + last
      else if (/^\d{3}$/.test(last)) normalized = parts.join("")
      else return undefined
    } else {
      const [int = "", frac = ""] = parts
      const thousands = sep === "," && frac.length === 3 && int !== "0" && int.length <= 3
      // Five digits after a thousands mark in an amount with its currency's sign glued to it: its decimal
      // mark was lost ("2.72285€" for "2.722,85€"). A rate or a price per unit with five decimals is
      // written apart from its currency ("1.08765 USD", "RM 2.05000").
      const lostMark = frac.length === 5 && int !== "0" && int.length <= 3 && GLUED_SIGN.test(text)
      normalized = thousands
        ? int + frac
        : lostMark
        ? `${int}${frac.slice(0, 3)}.${frac.slice(3)}`
        : int + "." + frac
    }
  } else normalized = s
  const n = Number(normalized)
  if (!Number.isFinite(n)) return undefined
  return negative ? -n : n
}

/** A whole number ("12", "1,000", "3.00"); undefined for fractions. */
export const parseInteger = (text: string): number | undefined => {
  const n = parseAmount(text)
  return n !== undefined && Number.isInteger(n) ? n : undefined
}

const TRUE_WORDS = new Set([
  "yes",
  "y",
  "true",
  "t",
  "x",
  "1",
  "on",
  "checked",
  "oui",
  "ja",
  "si",
  "sim",
  "ya",
  "benar",
  "vrai",
  "waar",
  "wahr",
  "vero",
  "verdadero",
  "verdadeiro"
])
const FALSE_WORDS = new Set([
  "no",
  "n",
  "false",
  "f",
  "0",
  "off",
  "unchecked",
  "non",
  "nein",
  "nee",
  "nao",
  "tidak",
  "faux",
  "onwaar",
  "falsch",
  "falso"
])

/** A yes/no answer or a check mark in the supported languages. */
export const parseBoolean = (text: string): boolean | undefined => {
  const t = text.trim()
  if (/^[✓✔☑☒✅]$/u.test(t)) return true
  if (/^[☐✗✘]$/u.test(t)) return false
  const w = fold(t).replace(/^[\s.:;!()[\]-]+|[\s.:;!()[\]-]+$/g, "")
  return TRUE_WORDS.has(w) ? true : FALSE_WORDS.has(w) ? false : undefined
}

// ---------------------------------------------------------------------------------------------
// Typed values inside a line of words

export type ValueKind = "date" | "amount" | "integer" | "boolean" | "currency"

export interface WordText {
  readonly text: string
  /** When given, amounts only join words that sit close together (a thousands gap, not a column gap). */
  readonly box?: Box
}

export interface ValueCandidate {
  /** Word indexes [start, end) of the value. */
  readonly start: number
  readonly end: number
  readonly value: string | number | boolean
  readonly text: string
  /** Amounts: whether the text had a decimal part (a sign that it is money, not a count or a year). */
  readonly decimals?: boolean
}

const isCurrencyWord = (text: string) => {
  const t = text.trim()
  return (t.length <= 4 && currencyCode(t) !== undefined) || /^[-+−(]$/.test(t)
}

/**
 * Whether words i and i+1 may belong to one amount. Boxes are page fractions, so on a portrait page
 * a horizontal unit is ~1.4 vertical ones; a word space read from a PDF run can be ~0.7 em wide.
 */
const joinable = (words: ReadonlyArray<WordText>, i: number): boolean => {
  const a = words[i]!, b = words[i + 1]!
  if (a.box === undefined || b.box === undefined) return true
  const height = Math.max(a.box[3] - a.box[1], b.box[3] - b.box[1], 1e-6)
  const gap = b.box[0] - a.box[2]
  return isCurrencyWord(a.text) || isCurrencyWord(b.text) ? gap <= 2 * height : gap <= 1.0 * height
}

/** `out[i]`: how many of the first `i` words pass the test. */
const countsBefore = (words: ReadonlyArray<WordText>, test: (w: WordText) => boolean): Array<number> => {
  const out = [0]
  for (const w of words) out.push(out[out.length - 1]! + (test(w) ? 1 : 0))
  return out
}

const DATE_SPAN = 6
const AMOUNT_SPAN = 3

/** Date values: the longest word spans that are exactly a date; a single word may also hold one ("Date:25/12/2018"). */
const dateCandidates = (words: ReadonlyArray<WordText>, hint?: DateOrder): Array<ValueCandidate> => {
  const out: Array<ValueCandidate> = []
  // Every date has a digit (its day or year): spans without one are not read.
  const numbered = countsBefore(words, (w) => /\p{N}/u.test(w.text))
  let i = 0
  while (i < words.length) {
    let found: ValueCandidate | undefined
    for (let len = Math.min(DATE_SPAN, words.length - i); len >= 1 && found === undefined; len--) {
      if (numbered[i + len] === numbered[i]) continue
      const text = words.slice(i, i + len).map((w) => w.text).join(" ")
      const read = (t: string) => (len === 1 ? findDates(t, hint)[0]?.iso : parseWholeDate(t, hint))
      // A date OCR broke ("2O18", "19 /10/2018", "l1.12.2024") is read as repaired, before any date
      // inside its text ("1.12.2024" of "l1.12.2024").
      const repaired = len <= 3 ? repairDateText(text) : text
      const iso = repaired !== text ? read(repaired) ?? read(text) : read(text)
      if (iso !== undefined) found = { start: i, end: i + len, value: iso, text }
    }
    if (found !== undefined) {
      out.push(found)
      i = found.end
    } else i++
  }
  return out
}

/**
 * An amount's first digit group with a letter OCR read for a digit, before a group of three digits and cents ("l 980,00",
 * "1O 062,50" → "1 980,00", "10 062,50"); any other word as it is.
 */
const leadingGroup = (text: string, next: string | undefined): string =>
  next !== undefined && /^\d{3}[.,]\d{2}(?!\d)/.test(next) &&
    (text === "l" || (/^[\dOol]{2,3}$/.test(text) && /\d/.test(text) && /[Ool]/.test(text)))
    ? text.replace(/[Oo]/g, "0").replace(/l/g, "1")
    : text

/** The text of words read as one amount, with OCR's misreads repaired ("1O.5O", "170. 00"). */
const amountText = (words: ReadonlyArray<WordText>): string =>
  words.map((w, k) => repairAmountWord(leadingGroup(w.text, words[k + 1]?.text))).reduce(
    (text, w, k) => (k === 0 ? w : text + (joinsAtDecimalMark(text, w) ? "" : " ") + w),
    ""
  )

/** Amount or integer values, never taken from words that form a date. */
const numberCandidates = (
  words: ReadonlyArray<WordText>,
  integer: boolean,
  hint?: DateOrder
): Array<ValueCandidate> => {
  const inDate = new Set<number>()
  for (const d of dateCandidates(words, hint)) for (let k = d.start; k < d.end; k++) inDate.add(k)
  const out: Array<ValueCandidate> = []
  // An amount's text has a digit; OCR's repairs only make digits of letters beside real ones.
  const withDigits = countsBefore(words, (w) => /\d/.test(w.text))
  let i = 0
  while (i < words.length) {
    let found: ValueCandidate | undefined
    if (!inDate.has(i)) {
      for (let len = Math.min(AMOUNT_SPAN, words.length - i); len >= 1 && found === undefined; len--) {
        if (withDigits[i + len] === withDigits[i]) continue
        let ok = true
        for (let k = i; k < i + len; k++) if (inDate.has(k) || (k > i && !joinable(words, k - 1))) ok = false
        if (!ok) continue
        const text = amountText(words.slice(i, i + len))
        if (!/\d/.test(text)) continue
        const n = integer ? parseInteger(text) : parseAmount(text)
        if (n !== undefined) {
          found = { start: i, end: i + len, value: n, text, decimals: /\d[.,]\d{1,3}\D*$/.test(text) }
        }
      }
    }
    if (found !== undefined) {
      out.push(found)
      i = found.end
    } else i++
  }
  return out
}

/** The typed values a line of words holds, left to right, each with the word span it came from. */
export const findValueCandidates = (
  words: ReadonlyArray<WordText>,
  kind: ValueKind,
  hint?: DateOrder
): Array<ValueCandidate> => {
  switch (kind) {
    case "date":
      return dateCandidates(words, hint)
    case "amount":
      return numberCandidates(words, false, hint)
    case "integer":
      return numberCandidates(words, true, hint)
    case "boolean":
    case "currency": {
      const out: Array<ValueCandidate> = []
      words.forEach((w, i) => {
        const value = kind === "boolean" ? parseBoolean(w.text) : currencyOfWord(words, i)
        if (value !== undefined) out.push({ start: i, end: i + 1, value, text: w.text })
      })
      return out
    }
  }
}

/** Whether a word holds an amount in cents ("50,00", "€1,490.00", "12.50-"), never a date ("02.12.2024"). */
export const centsWord = (text: string): boolean => /\d[.,]\d{2}(?![\d.,])/.test(text)

/** A time of day ("18:32:07", "9:05 PM", "9.05.30"): never an identifier ("12.34" alone may be one). */
export const isTimeOfDay = (text: string): boolean => {
  const t = /^(\d{1,2})([:.])(\d{2})(?:\2(\d{2}))?(?:\s?([AP]M))?$/i.exec(text)
  if (t === null || (t[2] === "." && t[4] === undefined && t[5] === undefined)) return false
  return Number(t[1]) < 24 && Number(t[3]) < 60 && (t[4] === undefined || Number(t[4]) < 60)
}
