/**
 * The languages OCR reads: one tesseract model each (@tesseract.js-data/<code>, shipped as dependencies),
 * all loaded by every OCR worker. A word is read with the first language's model, and with the next
 * ones when that one doubts it, so a German "Bäckerei" keeps the "ä" that the English model alone reads
 * as "a". The other models also read words of English or Malay text that the English model doubts,
 * now and then into a letter those languages do not have ("AFÜN" for "AEON"), and cost CPU on every
 * doubtful word: English alone is the default, the others an operator's choice (OCR_LANGUAGES).
 */

/** The models shipped: English, German, French, Spanish, Italian, Dutch, Portuguese, Polish. */
export const OCR_LANGUAGES = ["eng", "deu", "fra", "spa", "ita", "nld", "por", "pol"] as const

export type OcrLanguage = (typeof OCR_LANGUAGES)[number]

/** The languages read when OCR_LANGUAGES is not set. */
export const DEFAULT_OCR_LANGUAGES: ReadonlyArray<OcrLanguage> = ["eng"]

export const isOcrLanguage = (code: string): code is OcrLanguage =>
  (OCR_LANGUAGES as ReadonlyArray<string>).includes(code)

/** "eng+deu+fra" or "eng, deu, fra" as a list of codes, in order. */
export const parseOcrLanguages = (text: string): Array<string> =>
  text.split(/[+,\s]+/).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0)
