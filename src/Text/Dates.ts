/**
 * Date reading: numeric dates (ISO, d/m/y and m/d/y with / . -, two-digit years) and dates with
 * written months in English, French, German, Dutch, Spanish, Italian, Portuguese, Malay, Polish, Czech and the
 * Scandinavian languages.
 */
import { LRUCache } from "lru-cache"
import { misreadDistance } from "./Misreads.js"
import { fold } from "./Tokens.js"

export type DateOrder = "dmy" | "mdy"

export interface DateMatch {
  /** Position and length in the text given (folding keeps positions for the characters dates use). */
  readonly index: number
  readonly length: number
  readonly iso: string
}

const MONTH_NAMES: ReadonlyArray<readonly [number, string]> = [
  [1, "january jan janvier janv januar janner jaenner januari enero ene gennaio gen janeiro"],
  [2, "february feb febr fevrier fevr fev februar februari febrero febbraio fevereiro"],
  [3, "march mar mars marts marz maerz mrz maart mrt marzo marco mac"],
  [4, "april apr avril avr abril abr aprile"],
  [5, "may mai mei mayo maggio mag maio maj"],
  [6, "june jun juin juni junio giugno giu junho"],
  [7, "july jul juillet juil juli julio luglio lug julho julai"],
  [8, "august aug aout augustus augusti agosto ago ogos ogo"],
  [9, "september sep sept septembre septiembre setiembre settembre set setembro"],
  [10, "october oct octobre oktober okt octubre ottobre ott outubro out"],
  [11, "november nov novembre noviembre novembro"],
  [
    12,
    "december dec decembre dezember dez desember diciembre dic dicembre dezembro disember dis"
  ]
]
/**
 * Polish and Czech months, declined as a date declines them: streets are named after dates there ("ul. 3
 * Maja 12", "17. listopadu 15"), so these are read only before a four-digit year.
 */
const DECLINED_MONTH_NAMES: ReadonlyArray<readonly [number, string]> = [
  [1, "styczen stycznia ledna"],
  [2, "luty lutego unora"],
  [3, "marzec marca brezna"],
  [4, "kwiecien kwietnia dubna"],
  [5, "maja kvetna"],
  [6, "czerwiec czerwca cervna"],
  [7, "lipiec lipca cervence"],
  [8, "sierpien sierpnia srpna"],
  [9, "wrzesien wrzesnia zari"],
  [10, "pazdziernik pazdziernika rijna"],
  [11, "listopad listopada listopadu"],
  [12, "grudzien grudnia prosince"]
]
const DECLINED = new Set(DECLINED_MONTH_NAMES.flatMap(([, names]) => names.split(" ")))

const MONTHS: ReadonlyMap<string, number> = new Map(
  [...MONTH_NAMES, ...DECLINED_MONTH_NAMES].flatMap(([m, names]) => names.split(" ").map((n) => [n, m] as const))
)

/** Whether a word is a month's name as dates print it ("March", "März", "août"; not a declined one). */
export const isMonthName = (word: string): boolean => MONTHS.has(fold(word)) && !DECLINED.has(fold(word))

/** Month names long enough to be known with one letter OCR confused ("novcmber"). */
const LONG_MONTHS = [...MONTHS.keys()].filter((n) => n.length >= 5)

/**
 * The month a name stands for, read as printed or, before a four-digit year, with one letter OCR confused for
 * a like one or "rn" read for "m" ("Novcmber 5th, 2024", "3 decernber 2024"; a name such as "Julie 06 12"
 * stays a name).
 */
const monthOf = (name: string, year: string): number | undefined => {
  if (DECLINED.has(name) && year.length !== 4) return undefined
  const known = MONTHS.get(name)
  if (known !== undefined || name.length < 5 || year.length !== 4) return known
  // "rn" read for "m" ("decernber", "septernber") is one confusion of two letters.
  const read = name.replace(/rn/g, "m")
  const whole = MONTHS.get(read)
  if (whole !== undefined) return whole
  const near = LONG_MONTHS.find((n) => misreadDistance(read, n, 0.5) <= 0.5)
  return near === undefined ? undefined : MONTHS.get(near)
}

const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th|er|e|o)?`
const YEAR = String.raw`'?(\d{4}|\d{2})`
const MONTH = String.raw`(\p{L}+)`
/** "20 March 2023", "19. April 2014", "20-Mar-23", "20 de marzo de 2023", "1er janvier 2020". */
const DAY_MONTH_YEAR = new RegExp(
  String
    .raw`(?<![\p{L}\p{N}])${DAY}\.?[\s\-/.]*(?:de\s+)?${MONTH}\.?[\s\-/.,]*(?:de\s+|del\s+)?${YEAR}(?![\p{N}]|[.,]\d)`,
  "gu"
)
/** "Mar 20, 2023", "March 20th 2023", "Jan-01-2022". */
const MONTH_DAY_YEAR = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${MONTH}\.?\s*[\-/]?\s*${DAY}(?:\s*,\s*|\s+|\s*[\-/]\s*)${YEAR}(?![\p{N}]|[.,]\d)`,
  "gu"
)
/**
 * "2023-03-20", "20/03/2023", "20.03.23", "12-01-19": the same separator twice. A comma and a digit after
 * a dotted one make it part of a number ("1.10.2023,5"); after a dash or a slash, a time OCR glued to
 * the date ("14-05-19,2 9:41").
 */
const NUMERIC = /(?<![\p{N}])(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})(?![\p{N}]|[./]\d)/gu

const pad = (n: number) => String(n).padStart(2, "0")

const fullYear = (y: string): number => {
  const n = Number(y)
  if (y.length === 4) return n
  // Two-digit years: documents are recent, so 00-69 is 20xx.
  return n < 70 ? 2000 + n : 1900 + n
}

const isoOf = (year: number, month: number, day: number): string | undefined => {
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return undefined
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return day > days ? undefined : `${year}-${pad(month)}-${pad(day)}`
}

/**
 * A numeric date's ISO form. Dotted dates ("06.12.2018") are day first wherever they are written;
 * with / or - an ambiguous date follows the order the document uses (day first when nothing says).
 */
const numericIso = (a: string, sep: string, b: string, c: string, hint: DateOrder | undefined): string | undefined => {
  if (a.length === 4) return c.length <= 2 ? isoOf(Number(a), Number(b), Number(c)) : undefined
  if (a.length > 2 || (c.length !== 2 && c.length !== 4)) return undefined
  const x = Number(a), y = Number(b), year = fullYear(c)
  if (x > 12 && y <= 12) return isoOf(year, y, x)
  if (y > 12 && x <= 12) return isoOf(year, x, y)
  return hint === "mdy" && sep !== "." ? isoOf(year, x, y) : isoOf(year, y, x)
}

/** Texts already searched, by day/month order: the same lines recur on every page and in every request. */
const datesMemo = new LRUCache<string, ReadonlyArray<DateMatch>, readonly [text: string, hint: DateOrder | undefined]>({
  max: 50_000,
  memoMethod: (_key, _stale, { context }) => searchDates(...context)
})

/** Every date in the text, in text order. */
export const findDates = (text: string, hint?: DateOrder): ReadonlyArray<DateMatch> =>
  datesMemo.memo(`${hint ?? ""}\u0000${text}`, { context: [text, hint] })

/**
 * Short runs of digits with letters OCR reads for digits among them, as digits ("l2 septembre 2o24" →
 * "12 septembre 2024"): a day's or a year's number with a misread character. Lengths are kept.
 */
const digitsRepaired = (text: string): string =>
  firstRepaired(
    /\d[ol]|[ol]\d/.test(text)
      ? text.replace(
        /(?<![\p{L}\p{N}])[\dol]{2,4}(?![\p{L}\p{N}])/gu,
        (run) => (/\d/.test(run) ? run.replace(/o/g, "0").replace(/l/g, "1") : run)
      )
      : text
  )

/** French "1er" (the first of a month) as OCR reads its digit: "ler mars 2024", "Ier juillet" (lower-cased). */
const firstRepaired = (text: string): string => text.replace(/(?<![\p{L}\p{N}])[li]er(?=\s+\p{L})/gu, "1er")

const searchDates = (text: string, hint?: DateOrder): Array<DateMatch> => {
  // Folding can change lengths ("ß", ligatures); dates only use characters it keeps, so a
  // same-length fold keeps positions and a different length falls back to the raw text.
  const folded = fold(text)
  const source = folded.length === text.length ? folded : text.toLowerCase()
  let found = datesIn(source, hint)
  // The dates OCR's misreads hid: where the text as read has none, or only a part of one ("1.12.2024" of
  // "l1.12.2024").
  const repaired = digitsRepaired(source)
  if (repaired !== source) {
    for (const d of datesIn(repaired, hint)) {
      const end = d.index + d.length
      const overlapping = found.filter((f) => d.index < f.index + f.length && f.index < end)
      if (overlapping.every((f) => f.length < d.length && d.index <= f.index && f.index + f.length <= end)) {
        found = [...found.filter((f) => !overlapping.includes(f)), d]
      }
    }
  }
  found.sort((p, q) => p.index - q.index || q.length - p.length)
  const kept: Array<DateMatch> = []
  for (const d of found) {
    const last = kept[kept.length - 1]
    if (last === undefined || d.index >= last.index + last.length) kept.push(d)
  }
  return kept
}

const datesIn = (source: string, hint: DateOrder | undefined): Array<DateMatch> => {
  const found: Array<DateMatch> = []
  for (const m of source.matchAll(NUMERIC)) {
    // A short year run into a letter is a house number or a code ("43-45-47G"), not a date.
    const after = source.slice(m.index + m[0].length)
    if (m[1]!.length <= 2 && m[4]!.length <= 2 && /^\p{L}/u.test(after)) continue
    if (m[2] === "." && /^,\d/.test(after)) continue
    const iso = numericIso(m[1]!, m[2]!, m[3]!, m[4]!, hint)
    if (iso !== undefined) found.push({ index: m.index, length: m[0].length, iso })
  }
  for (const m of source.matchAll(DAY_MONTH_YEAR)) {
    const month = monthOf(m[2]!, m[3]!)
    const iso = month === undefined ? undefined : isoOf(fullYear(m[3]!), month, Number(m[1]))
    if (iso !== undefined) found.push({ index: m.index, length: m[0].length, iso })
  }
  for (const m of source.matchAll(MONTH_DAY_YEAR)) {
    const month = monthOf(m[1]!, m[3]!)
    const iso = month === undefined ? undefined : isoOf(fullYear(m[3]!), month, Number(m[2]))
    if (iso !== undefined) found.push({ index: m.index, length: m[0].length, iso })
  }
  return found
}

/** The first date in the text as `YYYY-MM-DD`; `hint` decides 03/04/2023 (default day first). */
export const parseDate = (text: string, hint?: DateOrder): string | undefined => findDates(text, hint)[0]?.iso

/** The date when the whole text (edge punctuation aside) is one date, else undefined. */
export const parseWholeDate = (text: string, hint?: DateOrder): string | undefined => {
  const trimmed = text.replace(/^[\s(\[]+|[\s)\].,;:]+$/g, "")
  const first = findDates(trimmed, hint)[0]
  return first !== undefined && first.index === 0 && first.length === trimmed.length ? first.iso : undefined
}

/**
 * The day/month order the texts use, from their unambiguous numeric dates (13/01 vs 01/13), else from
 * two dates a payment term apart in one order only, else from American signs (a state and ZIP code,
 * "March 20, 2023"); undefined when nothing says.
 */
export const inferDateOrder = (input: Iterable<string>): DateOrder | undefined => {
  const texts = [...input]
  let dmy = 0, mdy = 0
  for (const text of texts) {
    for (const m of text.matchAll(NUMERIC)) {
      // Dotted dates are day first anyway; they say nothing about the others.
      if (m[1]!.length > 2 || m[2] === ".") continue
      const x = Number(m[1]), y = Number(m[3])
      if (x > 12 && x <= 31 && y <= 12) dmy++
      else if (y > 12 && y <= 31 && x <= 12) mdy++
    }
  }
  if (dmy !== mdy) return dmy > mdy ? "dmy" : "mdy"
  // A payment term between two of its dates settles it ("Invoice date 11/03/2017", "30 days", "Due date 12/03/2017").
  const byTerm = orderByTerm(texts)
  if (byTerm !== undefined) return byTerm
  // No numeric date settles it: an American address or a written "March 20, 2023" says month first.
  for (const text of texts) if (US_ZIP.test(text) || US_WRITTEN.test(text)) return "mdy"
  return undefined
}

/** A payment term in days ("30 days", "à 30 jours", "14 Tage", "net 30", "30 días", "60 giorni", "14 dagen"). */
const TERM_DAYS =
  /\b(\d{1,3})\s*(?:days?|jours?|tagen?|d[ií]as|giorni|dagen|dni)\b|\bnet(?:to)?\s*(\d{1,3})\b(?![.,]\d)|\b(\d{1,3})\s*(?:days?|tage)\s+net/giu

/** A due date's label, on the date's line before it ("Due Date", "Échéance", "Zahlbar bis", "Fällig am"). */
const DUE_LABEL =
  /\b(?:due|payable|pay by|[ée]ch[ée]ance|[àa] r[ée]gler|f[äa]llig|zahlbar|vencimiento|scadenza|vervaldatum|vervaldag|forfallsdato|f[öo]rfallodatum|termin p[łl]atno[śs]ci|splatnost)/iu

const DAY_MS = 86_400_000

type NumericDate = readonly [x: number, y: number, year: number, due: boolean]

/**
 * The order in which an ambiguous numeric date and a due date after it lie a payment term apart, when only
 * one order does ("Invoice date 11/03/2017", "30 days", "Due date 12/03/2017": November to December, not
 * one day in March). Only a date its line labels as due counts as the later one.
 */
const orderByTerm = (texts: ReadonlyArray<string>): DateOrder | undefined => {
  const terms = new Set<number>()
  const dates: Array<NumericDate> = []
  for (const text of texts) {
    for (const m of text.matchAll(TERM_DAYS)) terms.add(Number(m[1] ?? m[2] ?? m[3]))
    for (const m of text.matchAll(NUMERIC)) {
      if (m[1]!.length > 2 || m[2] === "." || m[4]!.length !== 4) continue
      const x = Number(m[1]), y = Number(m[3])
      const line = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index)
      if (x >= 1 && x <= 12 && y >= 1 && y <= 12 && x !== y) dates.push([x, y, Number(m[4]), DUE_LABEL.test(line)])
    }
  }
  terms.delete(0)
  if (terms.size === 0 || dates.length < 2) return undefined
  const apart = (order: DateOrder): boolean => {
    const time = ([x, y, year]: NumericDate) => order === "dmy" ? Date.UTC(year, y - 1, x) : Date.UTC(year, x - 1, y)
    return dates.some((a) => !a[3] && dates.some((b) => b[3] && terms.has(Math.round((time(b) - time(a)) / DAY_MS))))
  }
  const dmy = apart("dmy"), mdy = apart("mdy")
  return dmy === mdy ? undefined : dmy ? "dmy" : "mdy"
}

/** A US state and ZIP code ("Austin, TX 78701"). */
const US_ZIP =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?\s+\d{5}(?:-\d{4})?\b/
/** An English month before the day, with a comma before the year. */
const US_WRITTEN =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?,\s+\d{4}\b/i
