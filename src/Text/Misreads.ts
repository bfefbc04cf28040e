/**
 * What OCR typically misreads, and how the local engine reads through it: label words with a
 * letter confused ("T0TAL", "Tota1", "Tatal", "lnvoice", "Raunding"), split ("TOT AL") or glued
 * together or to a currency ("TOTALRM", "DocNo"), and digits read as letters in amounts and dates
 * ("1O.5O", "11Z.46", "19/1O/2O18").
 * Label repairs only ever map a word that is not a label word itself onto the one label word it is
 * closest to, within a bound that grows with the word's length, so ordinary short words stay apart; a
 * word with digits read for its letters ("T0", "5ubtotal") is the label word its letters spell, if any.
 * Postcodes with a letter read for a digit ("55l16") are repaired where an address's end is looked for.
 */
import { tokensOf } from "./Tokens.js"
import { LEXICON } from "./Vocabulary.js"

/** Characters OCR mistakes for each other: a substitution inside one group costs half. */
const CONFUSABLE: ReadonlyArray<string> = ["o0qdaec", "il1|!j", "s5$", "b8h6", "g69q", "z2", "uv", "nmh", "rf", "ft"]

/** Each character's confusable characters (itself included when it is in a group). */
const CONFUSABLE_WITH: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const m = new Map<string, Set<string>>()
  for (const group of CONFUSABLE) {
    for (const a of group) {
      const set = m.get(a) ?? new Set<string>()
      for (const b of group) set.add(b)
      m.set(a, set)
    }
  }
  return m
})()

const confusable = (a: string, b: string): boolean => CONFUSABLE_WITH.get(a)?.has(b) ?? false

/**
 * Edit distance where a substitution between OCR-confusable characters costs `near`, any other
 * substitution `far`, and an insertion or deletion `indel`; stops early above `limit`.
 */
export const misreadDistance = (a: string, b: string, limit = 2, far = 1, near = 0.5, indel = 1): number => {
  if (Math.abs(a.length - b.length) * indel > limit) return limit + 1
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j * indel)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i * indel]
    let rowMin = cur[0]!
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!, y = b[j - 1]!
      const sub = x === y ? 0 : confusable(x, y) ? near : far
      cur[j] = Math.min(prev[j]! + indel, cur[j - 1]! + indel, prev[j - 1]! + sub)
      if (cur[j]! < rowMin) rowMin = cur[j]!
    }
    if (rowMin > limit) return limit + 1
    prev = cur
  }
  return prev[b.length]!
}

/** Every word of the label vocabulary. */
const WORDS: ReadonlySet<string> = new Set([...LEXICON.values()].flatMap((entries) => entries.flatMap((e) => e.tokens)))
/** The same words by length. */
const VOCABULARY: ReadonlyMap<number, ReadonlyArray<string>> = (() => {
  const byLength = new Map<number, Array<string>>()
  for (const w of WORDS) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w])
  return byLength
})()
/** Whether a token is a word of the label vocabulary (any language). */
export const isVocabulary = (token: string): boolean => WORDS.has(token)

/** Currency marks a total's label is often glued to ("TOTALRM", "AMOUNTUSD"). */
const GLUED_CURRENCY = /^(.{4,}?)(rm|usd|eur|gbp|sgd|myr|inr|rs)$/

/**
 * How far a word of `length` letters (five or more) may be from a label word: only OCR's confusions
 * count (one below seven letters, two from seven on), a letter lost or added only from nine letters
 * on, and the first and last letters must agree, so inflections ("amounts", "services") and other
 * words ("contract", "shopping", "taman") stay what they are.
 */
const budget = (length: number): { limit: number; indel: number } =>
  length >= 9 ? { limit: 1, indel: 1 } : length >= 7 ? { limit: 1, indel: 2 } : { limit: 0.5, indel: 2 }

const sameEdges = (a: string, b: string): boolean =>
  (a[0] === b[0] || confusable(a[0]!, b[0]!)) && (a.at(-1) === b.at(-1) || confusable(a.at(-1)!, b.at(-1)!))

/** Words already compared with the vocabulary, and the label word each stands for ("" for none). */
const nearest = new Map<string, string>()
const MAX_NEAREST = 50_000

/** The label word a misread word stands for, when exactly one is closest within the bound (remembered per word). */
const nearestLabelWord = (token: string): string | undefined => {
  const known = nearest.get(token)
  if (known !== undefined) return known === "" ? undefined : known
  const found = searchNearest(token)
  if (nearest.size >= MAX_NEAREST) nearest.clear()
  nearest.set(token, found ?? "")
  return found
}

const searchNearest = (token: string): string | undefined => {
  if (token.length < 4 || !/\p{L}/u.test(token) || /^\d+$/.test(token)) return undefined
  // Four letters: only a digit or mark read for a letter ("t0ta"), never one letter for another ("rate" is no "date").
  if (token.length < 5) {
    const hits = (VOCABULARY.get(token.length) ?? []).filter((w) => digitForLetter(token, w))
    return hits.length === 1 ? hits[0] : undefined
  }
  const { limit, indel } = budget(token.length)
  const spread = indel <= limit ? 1 : 0
  let best: string | undefined, bestD = limit + 1, tie = false
  for (let len = token.length - spread; len <= token.length + spread; len++) {
    for (const word of VOCABULARY.get(len) ?? []) {
      if (word.length < 5 || !sameEdges(token, word)) continue
      const d = misreadDistance(token, word, limit, 2, 0.5, indel)
      if (d < bestD) {
        best = word
        bestD = d
        tie = false
      } else if (d === bestD) tie = true
    }
  }
  return best !== undefined && bestD <= limit && !tie ? best : undefined
}

/** Same length, and the one difference is a digit or mark in the misread word for a letter of the label word. */
const digitForLetter = (token: string, word: string): boolean => {
  if (token.length !== word.length) return false
  let diffs = 0
  for (let i = 0; i < token.length; i++) {
    if (token[i] === word[i]) continue
    if (!/[\d|!$]/.test(token[i]!) || !confusable(token[i]!, word[i]!)) return false
    diffs++
  }
  return diffs === 1
}

/** Whether a label phrase of the vocabulary (of a concept `accepted`, if given) starts with these words. */
const startsPhrase = (words: ReadonlyArray<string>, accepted?: (concept: string) => boolean): boolean =>
  (LEXICON.get(words[0]!) ?? []).some((e) =>
    words.every((w, i) => e.tokens[i] === w) && (accepted === undefined || [...e.concepts].some(accepted))
  )

/**
 * A word that is label words glued together, as OCR reads a label whose spaces it lost: two words
 * of three letters or more ("docno", "taxinvoice"; "no" aside), a label word and the short word a label
 * phrase goes on with ("billto", "facturea" for "facturé à"), or three whose first and last have
 * three letters or more that start a label phrase ("netapayer" for "net à payer"; "telesales" is no
 * "tel e sales").
 */
const gluedWords = (token: string): Array<string> | undefined => {
  for (let i = 3; i <= token.length - 1; i++) {
    const a = token.slice(0, i), b = token.slice(i)
    if (!isVocabulary(a)) continue
    if (b === "no" || (b.length >= 3 && isVocabulary(b))) return [a, b]
    if (b.length <= 2 && startsPhrase([a, b])) return [a, b]
  }
  for (let i = 3; i <= token.length - 4; i++) {
    const a = token.slice(0, i)
    if (!isVocabulary(a)) continue
    for (let j = i + 1; j <= token.length - 3; j++) {
      const words = [a, token.slice(i, j), token.slice(j)]
      if (startsPhrase(words)) return words
    }
  }
  return undefined
}

/**
 * A label word glued to the "N" of a "N°" whose mark OCR lost ("FACTUREN", "RechnungN"): the word as
 * printed ends in a capital N after six letters or more, and the label word and "no" start the label
 * of a document's or a party's number. A plural in small letters ("Steuern", "facturen") is a word of
 * its own.
 */
export const numberedLabel = (text: string): readonly [string, "no"] | undefined => {
  const m = /^(\p{L}{6,})N$/u.exec(text.replace(/[\s:.]+$/, ""))
  if (m === null || !/\p{Ll}N$|^\p{Lu}+$/u.test(m[0])) return undefined
  const word = tokensOf(m[1]!)[0]
  return word !== undefined && isVocabulary(word) && startsPhrase([word, "no"], (c) => c.endsWith("_number"))
    ? [word, "no"]
    : undefined
}

/**
 * A label word OCR glued to the amount after it ("payer530,00", "Total1.614,99"): the label word, when the
 * letters are one (or its misread) and an amount with its cents follows them. A code ("INV2024") is none.
 */
export const labelBeforeAmount = (text: string): string | undefined => {
  const m = /^(\p{L}{3,})[€$£¥]?\d{1,3}(?:[.,'’ ]?\d{3})*[.,]\d{2}[€$£¥]?$/u.exec(text)
  if (m === null) return undefined
  const word = tokensOf(m[1]!)[0]
  if (word === undefined) return undefined
  return isVocabulary(word) ? word : nearestLabelWord(word)
}

/** Letter pairs OCR reads for one letter: "rn" for "m" ("Daturn", "Nurnmer"), "vv" for "w", "cl" for "d". */
const PAIRS: ReadonlyArray<readonly [string, string]> = [["rn", "m"], ["vv", "w"], ["cl", "d"]]

/**
 * The label word a word of six letters or more is once OCR's letter pairs are read as the letter they
 * stand for (shorter words are too often words of their own: "clays", "terns").
 */
const joinedLetters = (token: string): string | undefined => {
  if (token.length < 6) return undefined
  for (const [pair, letter] of PAIRS) {
    if (!token.includes(pair)) continue
    const joined = token.replaceAll(pair, letter)
    if (joined.length >= 4 && isVocabulary(joined)) return joined
    const near = nearestLabelWord(joined)
    if (near !== undefined) return near
  }
  return undefined
}

/** Digits OCR reads for letters in a word, and the letter each stands for. */
const LETTER_FOR: Readonly<Record<string, string>> = { "0": "o", "1": "l", "5": "s", "8": "b" }

/** The label word a word with digits read for its letters is ("T0" → "to", "T0TAL" → "total"), if any. */
const lettersForDigits = (token: string): string | undefined => {
  const digits = token.replace(/\D/g, "").length
  if (digits === 0 || digits > token.length - digits || /[^\p{L}0158]/u.test(token)) return undefined
  const word = token.replace(/[0158]/g, (d) => LETTER_FOR[d]!)
  // Of two characters only "to" and "no" ("SHIP T0", "N0."): "a5", "c0", "1a" are codes and house numbers.
  if (token.length < 3 && word !== "to" && word !== "no") return undefined
  return isVocabulary(word) ? word : undefined
}

const repairs = new Map<string, ReadonlyArray<string>>()
const MAX_REMEMBERED = 50_000

/**
 * The label tokens a word's match token stands for: itself when it is a label word or nothing
 * close; else the label word OCR misread, the two label words it glues together, or the label
 * word glued to a currency mark ("totalrm" → "total").
 */
export const labelTokens = (token: string): ReadonlyArray<string> => {
  const known = repairs.get(token)
  if (known !== undefined) return known
  let out: ReadonlyArray<string> = [token]
  if (!isVocabulary(token)) {
    const head = GLUED_CURRENCY.exec(token)?.[1]
    const beforeCurrency = head === undefined ? undefined : isVocabulary(head) ? head : nearestLabelWord(head)
    // A stray digit or mark OCR glued to a label word's end ("TAX7", "TOTAL1").
    const stray = /^(\p{L}{3,})\d$/u.exec(token)?.[1]
    const near = (stray !== undefined && isVocabulary(stray) ? stray : undefined) ?? lettersForDigits(token) ??
      nearestLabelWord(token) ?? joinedLetters(token) ?? beforeCurrency
    out = near !== undefined ? [near] : gluedWords(token) ?? [token]
  }
  if (repairs.size >= MAX_REMEMBERED) repairs.clear()
  repairs.set(token, out)
  return out
}

/**
 * The label word two words make when OCR split one apart ("TOT AL", "T OTAL"): their tokens joined
 * are a label word of five letters or more (or its misread), and the first is no label word of three
 * letters or more itself ("TOTAL O" stays "total").
 */
export const splitLabelWord = (left: string, right: string): string | undefined => {
  const joined = left + right
  if (joined.length < 5 || (left.length >= 3 && isVocabulary(left)) || /^\d|\d$/.test(left) || /^\d/.test(right)) {
    return undefined
  }
  return isVocabulary(joined) ? joined : nearestLabelWord(joined)
}

/** Letters OCR reads for digits in a number, and the digit each stands for. */
const DIGIT_FOR: Readonly<Record<string, string>> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  l: "1",
  I: "1",
  "|": "1",
  S: "5",
  Z: "2",
  B: "8"
}
/**
 * A postcode or ZIP code with one letter OCR read for a digit, repaired ("55l16 Mainz" → "55116 Mainz",
 * "Austin, TX 7870l" → "… 78701"): a word of four to six characters, all digits but one such letter.
 */
export const repairPostcodes = (text: string): string =>
  text.replace(/(?<![\p{L}\p{N}])[\dOolISB]{4,6}(?![\p{L}\p{N}])/gu, (run) => {
    const letters = run.replace(/\d/g, "").length
    // A letter S or B at a number's end or start is a house number's or a flat's ("221B", "B123").
    return letters === 1 && !/^[SB]|[SB]$/.test(run) ? run.replace(/[OolISB]/g, (c) => DIGIT_FOR[c]!) : run
  })

/** Letters that may also be a currency sign misread ("S" for "$"): repaired only after a digit. */
const NOT_FIRST = new Set(["S", "Z", "B"])

/**
 * An amount word with digits misread as letters, repaired ("1O.5O" → "10.50", "11Z.46" → "112.46"),
 * and a misread "RM" glued to it dropped ("RH60.30"): only a word shaped like money (digits, one
 * decimal mark, two decimals) with more real digits than letters, so words and codes stay words.
 */
export const repairAmountWord = (text: string): string => {
  const m = /^([^\dA-Za-z|]*)(?:R[MHNWKY])?([\dODQlI|SZB]+[.,][\dODQlI|SZB]{2})((?:[A-Z]{1,2}|[a-z])?[^\dA-Za-z|]*)$/
    .exec(text)
  if (m === null) return text
  const body = m[2]!
  if (/^[\d.,]+$/.test(body)) return m[1]! + body + m[3]!
  const digits = (body.match(/\d/g) ?? []).length, letters = body.length - 1 - digits
  if (digits < 2 || letters > digits || letters > 2 || NOT_FIRST.has(body[0]!)) return text
  return m[1]! + body.replace(/[ODQlI|SZB]/g, (c) => DIGIT_FOR[c]!) + m[3]!
}

/** An amount split by OCR at its decimal mark ("170. 00", "40 .60"): the two words read as one. */
export const joinsAtDecimalMark = (a: string, b: string): boolean =>
  (/\d[.,]$/.test(a) && /^\d{2}(?:[^\d.,]|$)/.test(b)) || (/\d$/.test(a) && /^[.,]\d{2}(?:[^\d.,]|$)/.test(b))

/**
 * An amount whose decimal mark OCR lost or misread, at the end of a row's words: "61-40", "5- 00",
 * "RM12 40", "3 00" (a dash, a colon or a gap where the mark was), or a thousands group with its cents
 * run on ("2.35043" for "2.350,43"). A guess: a caller takes it only when other amounts of the document
 * confirm it.
 */
export const lostDecimalMark = (texts: ReadonlyArray<string>): number | undefined => {
  const text = texts.slice(-3).join(" ").trim()
  const m = /(?:^|[^\d.,])(\d{1,4})(?:\s*[-–:;~]\s*|\s+)(\d{2})$/.exec(text)
  if (m !== null) return Number(m[1]) + Number(m[2]) / 100
  const grouped = /(?:^|[^\d.,])([1-9]\d{0,2})[.,'’](\d{3})(\d{2})\D{0,2}$/.exec(text)
  return grouped === null ? undefined : Number(`${grouped[1]}${grouped[2]}`) + Number(grouped[3]) / 100
}

/**
 * A numeric date as OCR may break it, repaired: letters read for digits ("2O18", "l9/10/2018"),
 * spaces around its separators ("19 /10/ 2018"), mixed separators ("19/10-2018", four-digit
 * years only) and a time glued on ("10.07.2019,12:56"). Text not shaped like a date comes back unchanged.
 */
export const repairDateText = (input: string): string => {
  // A time glued on by a comma ("10.07.2019,12:56:22") reads as decimals after the year.
  const text = input.replace(/^(\S*\d)[,T](\d{1,2}:\d{2}(?::\d{2})?)$/, "$1 $2").replace(
    / \d{1,2}:\d{2}(?::\d{2})?$/,
    ""
  )
  const m = /^([^\dA-Za-z|]*)([\dODQlI|]{1,4}\s?[/.-]\s?[\dODQlI|]{1,2}\s?[/.-]\s?[\dODQlI|]{2,4})([^\dA-Za-z|]*)$/
    .exec(text)
  if (m === null) return text
  const body = m[2]!.replace(/\s/g, "")
  const digits = (body.match(/\d/g) ?? []).length
  if (digits < 4 || body.replace(/[\d/.-]/g, "").length > 2) return text
  const fixed = body.replace(/[ODQlI|]/g, (c) => DIGIT_FOR[c]!)
  const parts = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(fixed)
  if (parts === null) return text
  const seps = fixed.replace(/\d/g, "")
  const unified = seps[0] === seps[1]
    ? fixed
    : parts[1]!.length <= 2 && parts[3]!.length === 4
    ? `${parts[1]}/${parts[2]}/${parts[3]}`
    : fixed
  return m[1]! + unified + m[3]!
}

/** Legal forms written as two words, whose misreads are repaired in company names. */
const LEGAL_PAIRS: ReadonlyArray<readonly [string, string]> = [["sdn", "bhd"]]

/** A word as its last run of letters and digits, with what comes before and after it ("DAYA)SDN", "SON."). */
const WORD_PARTS = /^(.*?)([\p{L}\p{N}]+)([^\p{L}\p{N}]*)$/u

/** `core` (the canonical lower-case form) in the letter case of `word`: "SDN", "Sdn", "sdn". */
const inCaseOf = (word: string, core: string): string =>
  /\p{Ll}/u.test(word) ? (/^\p{Lu}/u.test(word) ? core[0]!.toUpperCase() + core.slice(1) : core) : core.toUpperCase()

/** "Co." with its o read as a zero ("C0."). */
const COMPANY_ZERO = /^([(]?)C0\.(?=$|[),])/

/**
 * A company name with a misread legal form repaired: a two-word form with one of its words as printed
 * and the other within one misread of its form ("SON BHD", "SDN 8HD", "SDY BHD", "(TAMAN DAYA)SDN 8HD"
 * → "… SDN BHD"), and "Co." read with a zero ("HARBOUR BOOKS C0. (M)"). Everything else is left as read.
 */
export const repairLegalForm = (name: string): string => {
  const capitals = !/\p{Ll}/u.test(name)
  const words = name.split(" ").map((w) =>
    w.replace(COMPANY_ZERO, (_, open: string) => `${open}${capitals ? "CO" : "Co"}.`)
  )
  for (let i = 0; i + 1 < words.length; i++) {
    const a = WORD_PARTS.exec(words[i]!), b = WORD_PARTS.exec(words[i + 1]!)
    if (a === null || b === null || b[1] !== "") continue
    const x = a[2]!.toLowerCase(), y = b[2]!.toLowerCase()
    for (const [first, second] of LEGAL_PAIRS) {
      if ((x === first) === (y === second)) continue
      if (misreadDistance(x, first, 1) > 1 || misreadDistance(y, second, 1) > 1) continue
      // Both words take the letter case of the one read right.
      const model = x === first ? a[2]! : b[2]!
      words[i] = a[1]! + inCaseOf(model, first) + a[3]!
      words[i + 1] = inCaseOf(model, second) + b[3]!
    }
  }
  return words.join(" ")
}
