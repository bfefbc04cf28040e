/**
 * Reading a party's name at its label (the issuer, the customer): what counts as a name there, the name
 * labels of the lines under a party's heading ("Name:", "Firma:"), and the words a label's line goes on with.
 */
import { misreadDistance } from "../../Text/Misreads.js"
import { fieldNameWords, tokensOf } from "../../Text/Tokens.js"
import type { FieldProfile } from "../../Text/Vocabulary.js"
import { regionLine } from "./AddressLines.js"
import { shapeOf } from "./Confidence.js"
import { type LabelMatch, lexiconHits } from "./Labels.js"
import { type PlacedWord, segmentsOf } from "./Layout.js"
import { columnSegment, looksLikeName, namePart } from "./NameLines.js"
import { qualifierEnd } from "./Qualifiers.js"
import { type ReadKind, readValue } from "./Readers.js"
import { isLabelMark } from "./ValueAreas.js"

const PARTIES = new Set(["issuer", "customer"])
/** A text field naming a party of the document (its issuer, its customer). */
export const isParty = (kind: ReadKind, profile: FieldProfile): boolean =>
  kind === "text" && profile.concepts[0] !== undefined && PARTIES.has(profile.concepts[0])
/** A name's shape at least this (shapeOf): a sentence of lower-case words scores below it. */
export const NAME_SHAPE = 0.5
/** A name is mostly letters: an account number or an id after "Verkäufer-IBAN" is none. */
const lettered = (text: string): boolean => {
  const letters = (text.match(/\p{L}/gu) ?? []).length
  return letters >= 3 && letters >= 0.5 * text.replace(/\s/g, "").length
}

/** Labels of a party's name on the lines under its heading ("Name:", "Firma:", "Raison sociale :"). */
export const NAME_LABELS = new Set([
  "name",
  "names",
  "nom",
  "naam",
  "nombre",
  "nome",
  "nama",
  "firma",
  "firmenname",
  "company",
  "societe",
  "raison",
  "sociale",
  "denomination"
])

/** Words that qualify a name label ("trade name", "legal name", "registered name"). */
export const NAME_QUALIFIERS = new Set(["trade", "trading", "legal", "registered", "business", "commercial", "full"])

/** The words after a label in its own column segment (up to a column gap), qualifiers and punctuation apart. */
export const segmentTail = (m: LabelMatch): Array<PlacedWord> => {
  const end = qualifierEnd(m.row, m.last)
  const segment = segmentsOf(m.row, m.page.unit).find((s) => s.includes(end)) ?? []
  return segment.filter((i) => i > end).map((i) => m.row.words[i]!).filter((w) => !isLabelMark(w))
}

/** A line under a party's heading: its words after a name label, none when another field's label starts it. */
export const partyLine = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> | undefined => {
  const colon = words.findIndex((w, i) => i < 3 && /[:：]$/.test(w.text))
  const spaced = colon < 0 ? words.findIndex((w, i) => i > 0 && i < 3 && /^[:：]$/.test(w.text)) : -1
  const end = colon >= 0 ? colon : spaced
  if (end < 0) return setApart(words)
  const label = words.slice(0, end + 1).flatMap((w) => w.tokens)
  return label.length > 0 && label.every((t) => NAME_LABELS.has(t)) ? words.slice(end + 1) : undefined
}

/**
 * A name label without its colon, a column apart from the name ("Name          Hansen Maskin AS",
 * "Raison sociale     Géomètres Associés"): its words, qualifiers among them, then a gap wider than a
 * letter's height.
 */
const setApart = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  for (let n = 1; n <= 3 && n < words.length; n++) {
    const tokens = words.slice(0, n).flatMap((w) => w.tokens)
    if (!tokens.every((t) => NAME_LABELS.has(t) || NAME_QUALIFIERS.has(t))) return words
    const last = words[n - 1]!, next = words[n]!
    if (tokens.some((t) => NAME_LABELS.has(t)) && next.box[0] - last.box[2] > last.box[3] - last.box[1]) {
      return words.slice(n)
    }
  }
  return words
}

/**
 * Whether a value read at a party's label can be its name: not running text ("… à payer dès réception par
 * virement"), mostly letters, not a region or country line, not a date.
 */
export const aName = (value: string, words: ReadonlyArray<PlacedWord>): boolean =>
  shapeOf("text", value) >= NAME_SHAPE && lettered(value) && !regionLine(words) && !contactAddress(words) &&
  readValue("date", words) === undefined

/** An e-mail or web address among the words: a way to reach a party, never its name. */
export const contactAddress = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.some((w) => /@\S|^www\.|^https?:\/\//i.test(w.text))

/** Words of a field's name that ask for an address ("supplier_address", "billing_address", "adresse_client"). */
const ADDRESS_WORDS: ReadonlySet<string> = new Set(
  ["address", "addr", "adresse", "anschrift", "adres", "direccion", "indirizzo", "endereco", "morada", "alamat"]
)

/** The party whose address the field asks for, if it names one ("seller_address", "customer_address"). */
export const partyAddressOf = (
  path: ReadonlyArray<string>,
  profile: FieldProfile
): "issuer" | "customer" | undefined => {
  const leaf = tokensOf(fieldNameWords(path[path.length - 1] ?? "").join(" "))
  if (!leaf.some((w) => ADDRESS_WORDS.has(w))) return undefined
  return profile.concepts.includes("customer") ? "customer" : profile.concepts.includes("issuer") ? "issuer" : undefined
}

/** Letters two readings of one word of a name may differ by, per letter of the longer. */
const MISREAD_SHARE = 0.4
/** Words shorter than this must read the same ("UK" and "US", "B.V." and "N.V." are other companies). */
const FUZZY_WORD = 4

const sameWord = (x: string, y: string): boolean => {
  if (x === y) return true
  if (Math.min(x.length, y.length) < FUZZY_WORD) return false
  const limit = Math.max(1, Math.round(MISREAD_SHARE * Math.max(x.length, y.length)))
  return misreadDistance(x, y, limit) <= limit
}

/** Legal forms' abbreviations and the words they stand for ("Pvt. Ltd." and "Private Limited" are one form). */
const LONG_FORM: ReadonlyMap<string, string> = new Map([
  ["pvt", "private"],
  ["ltd", "limited"],
  ["co", "company"],
  ["corp", "corporation"],
  ["inc", "incorporated"],
  ["bhd", "berhad"]
])
const longForms = (tokens: ReadonlyArray<string>): ReadonlyArray<string> => tokens.map((t) => LONG_FORM.get(t) ?? t)

/**
 * Whether two names are one, as printed or as OCR misread one of them ("Lindqvist Bygg AB" and "Lindqvlst
 * Byg AB"): word by word in order, a long word allowed a few misread letters, a short one none, and one
 * short word more at the end of one of them (a legal form's rest). With `forms`, a legal form's abbreviation
 * and its words are one ("Pvt. Ltd." and "Private Limited"): two names so written may still be two
 * registrations of one company billing each other.
 */
export const sameName = (a: string, b: string, forms = false): boolean => {
  const spelled = (name: string) => (forms ? longForms(tokensOf(name)) : tokensOf(name))
  const x = spelled(a), y = spelled(b)
  const [short, long] = x.length <= y.length ? [x, y] : [y, x]
  if (short.length < 2 || long.length - short.length > 1) return false
  if (long.length > short.length && long[long.length - 1]!.length >= FUZZY_WORD) return false
  return short.every((t, i) => sameWord(t, long[i]!))
}

/** Labels of a bank account's holder, in the customer's vocabulary: on an invoice, the payee's account is the issuer's. */
export const ACCOUNT_HOLDER =
  /^(?:account holder|account name|holder|kontoinhaber|inhaber|titulaire du compte|titulaire|rekeninghouder|titular da conta|titular|intestatario|nama pemegang akaun|pemegang akaun)$/

/** Labels of the person a letter is for, in the customer's vocabulary. */
export const ATTENTION =
  /^(?:attn|for the attention of|à l'attention de|zu händen|z hd|ter attentie van|t a v|a la atención de|all'attenzione di|à atenção de|untuk perhatian)$/

/** The name-like line right above an attention line, starting where it starts: the addressed organisation. */
export const organisationAbove = (m: LabelMatch): ReadonlyArray<PlacedWord> | undefined => {
  const above = m.page.rows[m.row.index - 1]
  if (above === undefined || m.row.box[1] - above.box[3] > m.page.unit) return undefined
  const words = columnSegment(m.page, above, m.box[0])
  return words !== undefined && !lexiconHits(m.page, above).some((h) => words.includes(above.words[h.first]!)) &&
      looksLikeName(m.page, above, words)
    ? namePart(words)
    : undefined
}
