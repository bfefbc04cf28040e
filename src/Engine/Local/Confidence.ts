/**
 * How sure the local engine is of a value: the reasons it has for the value (how it was found, how
 * clearly it beat the other readings, how well the field's meaning is known, how cleanly the words
 * were read) weighed by a small logistic model per kind of value. The weights are fitted on the tune
 * part of the evaluation corpora by `npx tsx eval/fit-confidence.ts` and kept in `confidence.json`.
 */
import model from "./confidence.json" with { type: "json" }
import type { PlacedWord } from "./Layout.js"
import type { ReadKind } from "./Readers.js"

/** The engine's reasons for a value, each in 0..1. */
export type Evidence = {
  /** Read at a label (1) rather than by place and shape alone (0). */
  readonly labelled: number
  /** The label's specificity times how typical the value's place is. */
  readonly score: number
  /** How far the value beat the best reading of another value (1: no other reading). */
  readonly margin: number
  /** How clearly the template's field names a concept the engine knows (0: not at all). */
  readonly meaning: number
  /** The reader's confidence in the value's words (1 for a text layer). */
  readonly reading: number
  /** An item of a table read under its column header. */
  readonly tabular: number
  /** The value agrees with another reading (the lines sum to it, or the same value is labelled twice). */
  readonly agrees: number
  /** How much the value looks like a value of its kind (a name that is not a sentence, a date of a plausible year). */
  readonly shape: number
  /** The chance every word of it was read right (the product of its words' reading confidences): a long value read by OCR is right only when all of it is. */
  readonly intact: number
  /** The reader's confidence in the value's least sure word: one doubtful word makes a long value wrong. */
  readonly weakest: number
  /** No word of a name or address looks misread (1), or one does (0): a reader can be sure of a word it misread. */
  readonly clean: number
  /**
   * The reader's confidence in the value's least sure letter or digit, where it scores characters (else in
   * its least sure word): a word read at a good mean confidence can hold one letter the reader doubted.
   */
  readonly character: number
}

export const FEATURES = [
  "labelled",
  "score",
  "margin",
  "meaning",
  "reading",
  "tabular",
  "agrees",
  "shape",
  "intact",
  "weakest",
  "clean",
  "character"
] as const satisfies ReadonlyArray<keyof Evidence>

export type ValueGroup = "amount" | "date" | "text" | "address" | "code"

/** The kind of value a model weighs: addresses (long, read over several lines) apart from other texts. */
export const groupOf = (kind: ReadKind, concept?: string): ValueGroup => {
  switch (kind) {
    case "amount":
    case "amountText":
    case "integer":
    case "percent":
      return "amount"
    case "date":
    case "dateText":
      return "date"
    case "text":
      return concept === "address" ? "address" : "text"
    default:
      return "code"
  }
}

export interface Weights {
  readonly bias: number
  readonly weights: Readonly<Record<(typeof FEATURES)[number], number>>
}

export type ConfidenceModel = Readonly<Record<ValueGroup, Weights>>

const fitted = model as ConfidenceModel

export const vectorOf = (e: Evidence): Array<number> => FEATURES.map((f) => e[f])

/** The probability the value is right, by the model given (the fitted one by default). */
export const confidenceOf = (group: ValueGroup, e: Evidence, m: ConfidenceModel = fitted): number => {
  const w = m[group]
  const z = FEATURES.reduce((sum, f) => sum + (w.weights[f] ?? 0) * e[f], w.bias)
  return 1 / (1 + Math.exp(-z))
}

/** The chance every word of a value was read right. */
export const intactOf = (words: ReadonlyArray<PlacedWord>): number => words.reduce((p, w) => p * w.confidence, 1)

/** The reading confidence of a value's least sure word. */
export const weakestOf = (words: ReadonlyArray<PlacedWord>): number =>
  words.reduce((m, w) => Math.min(m, w.confidence), 1)

/** The reader's confidence in a value's least sure letter or digit (its least sure word's where characters are not scored). */
export const leastCharacterOf = (words: ReadonlyArray<PlacedWord>): number =>
  words.reduce((m, w) => Math.min(m, w.leastCharacter ?? w.confidence), 1)

/** The reasons that come from a value's words and how they were read, whatever found it. */
export const wordsEvidence = (
  kind: ReadKind,
  value: string | number | boolean,
  words: ReadonlyArray<PlacedWord>
): Pick<Evidence, "reading" | "shape" | "intact" | "weakest" | "clean" | "character"> => ({
  reading: readingOf(words),
  shape: shapeOf(kind, value),
  intact: intactOf(words),
  weakest: weakestOf(words),
  clean: cleanOf(kind, words),
  character: leastCharacterOf(words)
})

/** The mean reading confidence of a value's words. */
export const readingOf = (words: ReadonlyArray<PlacedWord>): number =>
  words.length === 0 ? 0 : words.reduce((n, w) => n + w.confidence, 0) / words.length

/** Words of running text, not of a name: a name's words start with a capital or a digit. */
const LOWER_WORD = /^\p{Ll}{3,}$/u
/** Page numbering, a heading or a label rather than a value. */
const NOT_A_VALUE = /^(?:page|seite|pagina|página)\b|\bpage \d|\d+\s*(?:\/|of|von|de|sur)\s*\d+$|[:：]$/iu
/** Escapes and character references a program printed instead of text ("\\r\\n", "&#xA;"): never a value. */
const MARKUP = /\\[rnt]|&#x?[0-9a-f]+;?/i

/** How much a value looks like one of its kind, 0..1. */
export const shapeOf = (kind: ReadKind, value: string | number | boolean, now = new Date()): number => {
  if (kind === "date") {
    const year = Number(String(value).slice(0, 4))
    return year >= 1990 && year <= now.getUTCFullYear() + 1 ? 1 : 0.3
  }
  if (kind !== "text") return 1
  const text = String(value).trim()
  if (text.length < 2 || NOT_A_VALUE.test(text) || MARKUP.test(text)) return 0
  const words = text.split(/\s+/)
  const lower = words.filter((w) => LOWER_WORD.test(w)).length
  // Running text: most words in small letters, and more of them than a name has or no capital to start
  // ("sur les encaissements" is a fragment of a sentence, "Le petit atelier" a name).
  if (lower / words.length > 0.5 && (words.length >= 4 || !/^[\p{Lu}\d]/u.test(text))) return 0.2
  return words.length > 10 ? 0.6 : 1
}

/** A mark no name or address is written with ("Blok°3", "N0!", "$6200" in a street). */
const STRAY_MARK = /[^\p{L}\p{N}.,\-/&()'’:#+@]/u
/** An ampersand glued before a number ("&4310": a digit read as "&"; "2&4" joins two numbers). */
const SIGN_BEFORE_NUMBER = /^&\d/
/** A letter among a number's digits ("3/2l5A"). */
const LETTER_IN_NUMBER = /\d[lIoO]\d|\d\p{Ll}\d/u
/** A look-alike digit ending or inside a word of small letters, or a "0" after one capital ("Stree1", "C0."). */
const DIGIT_IN_WORD = /\p{Ll}[01586](?:$|\p{L})|^\p{Lu}0$/u
/** A small letter inside a word of capitals ("HARBoUR"). */
const SMALL_IN_CAPITALS = /\p{Lu}{2}\p{Ll}\p{Lu}/u
/** Quotes and brackets at a word's ends, and its end's punctuation. */
const WORD_EDGES = /^[‘’'"“”(\[{<]+|[,.;:'"’”)\]}>]+$/gu

/** Whether a word of a name or address looks misread by its shape alone. */
export const looksMisread = (word: string): boolean => {
  const w = word.replace(WORD_EDGES, "")
  return w !== "" &&
    (STRAY_MARK.test(w) || SIGN_BEFORE_NUMBER.test(w) || LETTER_IN_NUMBER.test(w) || DIGIT_IN_WORD.test(w) ||
      SMALL_IN_CAPITALS.test(w))
}

/**
 * 0 when a word of a text value that OCR read (a text layer's words are as printed, confidence 1) looks
 * misread, else 1; values of other kinds are read by their own rules (1).
 */
export const cleanOf = (kind: ReadKind, words: ReadonlyArray<PlacedWord>): number =>
  kind === "text" && words.some((w) => w.confidence < 1 && looksMisread(w.text)) ? 0 : 1
