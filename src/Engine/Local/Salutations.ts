/**
 * The words an address puts before its recipient's name ("Herrn", "Firma", "An die", "Madame"): a
 * person's title is no part of the name, a line of them alone is no name, and the name is under it.
 */
import { misreadDistance } from "../../Text/Misreads.js"
import type { PlacedWord } from "./Layout.js"
import { hasLegalForm } from "./LegalForms.js"

/** Words an address puts before a company's name, on its own line or before it ("Firma / Gasthof zur Post"). */
const FIRM = new Set(["firma", "messrs"])
/**
 * Titles before a person's name ("Herrn Max Weber", "Madame Claire Dubois"); before a company's name
 * they are part of it ("Mr Price Ltd", "Monsieur Bricolage SA").
 */
const TITLES = new Set([
  "herrn",
  "herr",
  "frau",
  "monsieur",
  "madame",
  "mademoiselle",
  "mme",
  "mlle",
  "mr",
  "mrs",
  "ms",
  "heer",
  "mevrouw",
  "dhr",
  "mevr",
  "exmo",
  "exma",
  "exmos",
  "exmas",
  "ilmo",
  "ilma",
  "senhor",
  "senhora",
  "senhores",
  "sr",
  "sra",
  "srs",
  "sres",
  "srta",
  "señor",
  "señora",
  "señores",
  "spett",
  "spettabile",
  "sig",
  "signor",
  "signora"
])
/** An abbreviated title's ending or plural, written against it: "Exmo(s).", "Senhor(es)", "Spett.le", "Sig.ra". */
const TITLE_ENDINGS = new Set(["s", "es", "as", "os", "le", "ra"])
/** A line that only addresses ("An", "An die", "Familie"): words that may also begin a name ("An der Alster GmbH", "Familie Weber"). */
const ADDRESSING = new Set(["an", "die", "den", "das", "à", "a", "to", "familie", "famille", "eheleute"])

/** The longer addressing words, known with one letter OCR confused ("Familic"). */
const LONG_ADDRESSING = [...ADDRESSING].filter((a) => a.length >= 6)

/** An addressing word, or, read in doubt by OCR, a misread of a long one ("Familic"; not "Familia" as printed). */
const addressing = (w: PlacedWord) => (t: string): boolean =>
  ADDRESSING.has(t) ||
  (w.confidence < 1 && t.length >= 6 && LONG_ADDRESSING.some((a) => misreadDistance(t, a, 0.5) <= 0.5))
const firm = (t: string): boolean => FIRM.has(t)
/** "M/s", Messrs as Indian and Singaporean invoices write it before the customer's name ("M/s: Lim Trading"). */
const MESSRS = /^m\/s\.?:?$/i
const firmWord = (w: PlacedWord): boolean => MESSRS.test(w.text) || (w.tokens.length > 0 && w.tokens.every(firm))
const title = (t: string): boolean => TITLES.has(t)
/** A word that is a title: its first part one, the rest its written ending ("Exmo(s).", "Sig.ra"). */
const titleWord = (w: PlacedWord): boolean =>
  w.tokens.length > 0 && title(w.tokens[0]!) && w.tokens.slice(1).every((t) => TITLE_ENDINGS.has(t))

/** Words joining a couple's titles ("Mme et M.", "Herrn und Frau", "Mr & Mrs"). */
const JOINING = new Set(["et", "und", "and", "y", "e", "en"])
const joins = (w: PlacedWord): boolean => w.text === "&" || (w.tokens.length === 1 && JOINING.has(w.tokens[0]!))
/** "M." and "MM.", Monsieur's and Messieurs' abbreviations, a title only after another ("Mme et M."): alone, an initial. */
const shortTitle = (w: PlacedWord): boolean => /^M{1,2}\.$/.test(w.text)

/**
 * The roles and departments a letter is addressed to before the company's name ("The Manager", "Accounts
 * Payable", "The Accounts Team", "Buchhaltung", "Service comptabilité"), folded.
 */
const ROLES = new Set([
  "manager",
  "director",
  "directors",
  "owner",
  "proprietor",
  "accounts",
  "accounting",
  "payable",
  "receivable",
  "team",
  "department",
  "dept",
  "finance",
  "purchasing",
  "procurement",
  "secretary",
  "treasurer",
  "partners",
  "buchhaltung",
  "finanzbuchhaltung",
  "kreditorenbuchhaltung",
  "rechnungswesen",
  "geschaftsfuhrung",
  "comptabilite",
  "achats",
  "direction",
  "gerant",
  "gerante",
  "directeur",
  "directrice",
  "human",
  "resources",
  "ressources",
  "humaines",
  "personalabteilung"
])
/** Words a role's line may hold beside its roles ("The", "General", "Service", "des"). */
const ROLE_FILLERS = new Set([
  "the",
  "general",
  "managing",
  "office",
  "service",
  "le",
  "la",
  "les",
  "l",
  "des",
  "du",
  "de",
  "d"
])

/** A line naming only a role or a department the document is addressed to (no legal form: "Accounts Team Ltd" is a name). */
const roleLine = (words: ReadonlyArray<PlacedWord>): boolean => {
  const tokens = words.flatMap((w) => w.tokens)
  return tokens.some((t) => ROLES.has(t)) && tokens.every((t) => ROLES.has(t) || ROLE_FILLERS.has(t)) &&
    !hasLegalForm(words.map((w) => w.text).join(" "))
}

/**
 * The line without the salutation it starts with (none of it left when it is only a salutation, or only
 * the role it is addressed to: the recipient's name is under it).
 */
export const withoutSalutation = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const only = (is: (t: string) => boolean) => (w: PlacedWord) => w.tokens.length > 0 && w.tokens.every(is)
  if (words.every((w) => firmWord(w) || titleWord(w) || only(addressing(w))(w)) || roleLine(words)) return []
  let i = 0
  while (i < words.length && firmWord(words[i]!)) i++
  const rest = words.slice(i)
  // A title before a person's name, not before a company's, nor before "&" ("Herr & Co. KG").
  let t = 0
  for (;;) {
    if (t < rest.length && titleWord(rest[t]!)) t++
    else if (t > 0 && t + 1 < rest.length && joins(rest[t]!) && (titleWord(rest[t + 1]!) || shortTitle(rest[t + 1]!))) {
      // A couple's titles ("Mme et M. Le Goff", "Monsieur et Madame Claes", "Herrn und Frau", "Mr & Mrs").
      t += 2
    } else break
  }
  const person = t > 0 && t < rest.length && /^\p{L}/u.test(rest[t]!.text) &&
    !hasLegalForm(rest.map((w) => w.text).join(" "))
  return person ? rest.slice(t) : rest
}

/** A person's line: a title before a name that has no legal form ("Herr M. Gisler", "Mme Claire Roux"). */
export const personTitled = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.length >= 2 && titleWord(words[0]!) &&
  withoutSalutation(words).length < words.length

/** A line that only addresses its recipient ("Herrn", "Firma", "An die"): the recipient's name is under it. */
export const onlySalutation = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.length > 0 && withoutSalutation(words).length === 0
