/**
 * The words addresses are written with, and an OCR'd address word read through its misreads: a word of
 * letters one letter off an address word ("Johcr", "KUALA LUMFUR", "Perindustrlan"), digits read for a
 * word's letters ("Leve1", "10T", "N0."), letters read for a number's digits ("7/1l8B", "&1200").
 * The lexicon holds the street, building and district words of the supported languages, and the states,
 * federal territories and largest towns of Malaysia, whose addresses end with their town and state in words.
 * A word is only ever read as the one address word it is closest to, so a name of its own stays as printed.
 */
import { misreadDistance } from "./Misreads.js"

const STREETS = [
  // English
  "street road avenue lane drive floor level block building suite unit plaza mall centre center tower park",
  "industrial estate square court place lot no ground north south east west off highway city",
  // German, French, Dutch
  "strasse straße platz weg allee gasse ring damm ufer chaussee",
  "rue boulevard chemin allée impasse quai route cedex bâtiment étage",
  "straat laan plein gracht kade singel",
  // Spanish, Portuguese, Italian
  "calle avenida camino carrer rua travessa praça via viale piazza corso strada vicolo largo",
  // Malay
  "jalan jln lorong lrg persiaran lebuh lebuhraya taman tmn kawasan perindustrian perusahaan industri bandar",
  "baru seksyen kampung bangunan tingkat aras pusat medan desa bukit sungai pulau kuala seri sri utama indah",
  "jaya raya permai satu dua tiga empat lima enam tujuh lapan sembilan sepuluh darul ehsan takzim aman naim",
  "khusus ridzuan makmur wilayah persekutuan"
]

const REGIONS = [
  "malaysia singapore indonesia",
  // Malaysia's states and federal territories
  "johor kedah kelantan melaka malacca negeri pahang perak perlis pinang penang sabah sarawak selangor",
  "terengganu lumpur putrajaya labuan",
  // Malaysia's largest towns
  "george town ipoh shah alam petaling seremban kuching kota kinabalu klang kajang subang ampang alor setar",
  "miri kuantan sandakan iskandar puteri seberang perai bahru"
]

const WORDS: ReadonlySet<string> = new Set([...STREETS, ...REGIONS].flatMap((line) => line.split(" ")))

const BY_LENGTH: ReadonlyMap<number, ReadonlyArray<string>> = (() => {
  const m = new Map<number, Array<string>>()
  for (const w of WORDS) m.set(w.length, [...(m.get(w.length) ?? []), w])
  return m
})()

/** Whether a word (any case) is a word of the address lexicon. */
export const isAddressWord = (word: string): boolean => WORDS.has(word.toLowerCase())

/** Digits OCR reads for a word's letters, and the letters each may stand for. */
const LETTERS_FOR: Readonly<Record<string, ReadonlyArray<string>>> = {
  "0": ["o"],
  "1": ["l", "i"],
  "5": ["s"],
  "8": ["b"]
}
/** Letters OCR reads for a number's digits, and the digit each stands for. */
const DIGIT_FOR: Readonly<Record<string, string>> = { l: "1", I: "1", "|": "1", i: "1", o: "0", O: "0" }

/** Every spelling of a word with each of its digits read as one of the letters it may stand for. */
const spellings = (lower: string): Array<string> =>
  [...lower].reduce<Array<string>>(
    (acc, c) => acc.flatMap((s) => (LETTERS_FOR[c] ?? [c]).map((l) => s + l)),
    [""]
  )

/**
 * The address word one OCR slip away: same length, a look-alike letter below seven letters, any letter from
 * seven on (a shorter word one letter off is too often a name of its own: "PERMAS", "PERMAI").
 */
const nearestAddressWord = (lower: string): string | undefined => {
  // Four letters or fewer, or letters beyond the Latin alphabet's 26: too many places are named so ("Hall",
  // "Laon", "Chaussée").
  if (lower.length < 5 || !/^[a-z]+$/.test(lower)) return undefined
  const limit = lower.length >= 7 ? 1 : 0.5
  const near = (BY_LENGTH.get(lower.length) ?? []).filter((w) => misreadDistance(lower, w, limit, 1, 0.5, 2) <= limit)
  return near.length === 1 ? near[0] : undefined
}

/**
 * The address word a run of letters and digits stands for, if any ("leve1" → "level", "johcr" → "johor"): a
 * word of letters only when the reader `doubted` a letter of it.
 */
const addressWordOf = (run: string, doubted: boolean): string | undefined => {
  const lower = run.toLowerCase()
  if (WORDS.has(lower)) return lower
  const digits = lower.replace(/\D/g, "").length
  if (digits > 0) {
    // A word of letters with a digit or two read for them: never a number with a letter ("12A", "U13").
    if (/[^\p{L}0158]/u.test(lower) || digits * 2 > lower.length + 1 || lower.length < 2) return undefined
    return spellings(lower).find((s) => WORDS.has(s))
  }
  return doubted && /^\p{L}+$/u.test(lower) ? nearestAddressWord(lower) : undefined
}

/** A word in the case the page prints its neighbour in: all capitals, a capital first, or small letters. */
const inCaseOf = (word: string, like: string): string => {
  const letters = like.replace(/[^\p{L}]/gu, "")
  if (letters !== "" && letters === letters.toUpperCase()) return word.toUpperCase()
  return /^\p{Lu}/u.test(like) ? word[0]!.toUpperCase() + word.slice(1) : word
}

/** A number with letters read for its digits ("1l8B" → "118B", "&1200" → "81200"), or the run as it is. */
const numberOf = (run: string): string => {
  const digits = run.replace(/^&(?=\d{3})/, "8")
  return digits.replace(/(?<=\d)[lIi|oO](?=\d)/g, (c) => DIGIT_FOR[c]!)
}

/** A run of a word: letters, digits, and the marks OCR reads for them. */
const RUN = /[\p{L}\p{N}&|]+/gu

export interface AddressWordReading {
  /** The word as the address writes it, its misreads read through. */
  readonly text: string
  /** Every run of letters in it is an address word, and it has no digits: the lexicon confirms it as read. */
  readonly known: boolean
}

/**
 * An OCR'd word of an address, read through its misreads: its digits and marks by their shapes, its
 * letters only when the reader `doubted` one of them (a place's own name one letter off an address word,
 * "Black Lion Lane", "Celle", is read as it is printed).
 */
export const readAddressWord = (text: string, doubted = true): AddressWordReading => {
  let known = true
  const read = text.replace(RUN, (run) => {
    const word = addressWordOf(run, doubted)
    if (word !== undefined) return inCaseOf(word, run)
    known = false
    if (/\d/.test(run)) return numberOf(run)
    // One small letter among capitals is a capital OCR read small ("BESaR").
    return /^\p{Lu}{2,}\p{Ll}\p{Lu}+$/u.test(run) ? run.toUpperCase() : run
  })
  return { text: read, known: known && /\p{L}/u.test(read) }
}
