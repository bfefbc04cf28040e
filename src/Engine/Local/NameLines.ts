/**
 * What a line that names a company or a person looks like on invoices and receipts, and what it never
 * is: an address line (AddressLines.ts), a contact person's line, a title, a greeting, a date. A legal
 * form (LegalForms.ts) makes a line a company's name; a salutation (Salutations.ts) is no part of one.
 * The letterhead, the address blocks and the labelled readings of a party all ask these questions.
 */
import { centsWord } from "../../Text/Values.js"
import { isStreetLine, regionLine } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import { type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import { endsWithLegalForm, hasLegalForm } from "./LegalForms.js"
import { beforeLegalDetails } from "./LegalLines.js"
import { readValue } from "./Readers.js"
import { onlySalutation } from "./Salutations.js"

export const TITLE_WORDS: ReadonlySet<string> = new Set([
  "invoice",
  "invoices",
  "tax",
  "bill",
  "receipt",
  "facture",
  "rechnung",
  "factuur",
  "factura",
  "fattura",
  "fatura",
  "invois",
  "resit",
  "retail",
  "original",
  "copy",
  "duplicate",
  "copie",
  "kopie",
  "duplicata",
  "duplikat",
  "exemplaire",
  "ausfertigung",
  "client",
  "customer",
  "kunde",
  "paid",
  "bezahlt",
  "acquittee",
  "payee",
  "statement",
  "cash",
  "sales",
  "official",
  "simplified",
  "page",
  "of",
  "no",
  "recu",
  "ticket",
  "bon",
  "kassabon",
  "kassenbon",
  "beleg",
  "kassenbeleg",
  "quittung",
  "caisse",
  "kassa",
  "bonnetje",
  "recibo",
  "ricevuta",
  "scontrino",
  "talao",
  // A template's placeholder for the seller's logo, left in the document.
  "logo"
])

/**
 * A registration number after a company name: "(126926-H)", "789417-W", and numbers in brackets, nested
 * ("(201501023456 (1148822-X))").
 */
const REGISTRATION_WORD = /^\(*\d[\d-]*-[A-Z]\)*[.,]?$|^\([\w-]*\d{3,}[\w-]*\)*[.,]?$/

/**
 * The row's phrases, cut at column gaps. A letter-spaced heading ("SAM   SAM   TRADING   CO") has
 * wide but even gaps: a gap only cuts when it is also well above the row's typical gap.
 */
/** A name's letters and digits alone, folded: "Atelier Beaulieu S.A.R.L." → "atelierbeaulieusarl". */
export const squeezed = (words: ReadonlyArray<PlacedWord>): string => words.flatMap((w) => w.tokens).join("")

export const lineWords = (layout: PageLayout, row: Row): ReadonlyArray<ReadonlyArray<PlacedWord>> => {
  let known = phrasesOfRow.get(row)
  if (known === undefined) {
    known = cutAtColumnGaps(layout, row)
    phrasesOfRow.set(row, known)
  }
  return known
}

/** Lines of one address start this close to each other (page widths). */
const SAME_COLUMN = 0.03

/**
 * The row's phrase that starts where a column starts (at `x`, within `near` page widths), if any: the next
 * line of an address.
 */
export const columnSegment = (
  layout: PageLayout,
  row: Row,
  x: number,
  near = SAME_COLUMN
): ReadonlyArray<PlacedWord> | undefined => lineWords(layout, row).find((s) => Math.abs(s[0]!.box[0] - x) <= near)

/** The row's phrase that holds the line's name ("… GmbH · Annenstraße 61, 8020 Graz · FN …" for its "… GmbH"). */
export const segmentHolding = (line: NameLine): ReadonlyArray<PlacedWord> | undefined =>
  lineWords(line.layout, line.row).find((seg) => seg.includes(line.words[0]!))

/** The row's phrase that overlaps the span from x1 to x2 (the column of a line above or under it). */
export const segmentOver = (
  layout: PageLayout,
  row: Row,
  x1: number,
  x2: number
): ReadonlyArray<PlacedWord> | undefined =>
  lineWords(layout, row).find((s) => s[0]!.box[0] < x2 && s.at(-1)!.box[2] > x1)

/** Each row's phrases, made once per row (rows are made once per page object). */
const phrasesOfRow = new WeakMap<Row, ReadonlyArray<ReadonlyArray<PlacedWord>>>()

const cutAtColumnGaps = (layout: PageLayout, row: Row): Array<Array<PlacedWord>> => {
  // Specks a scan leaves at a line's ends ("; HARBOR HARDWARE", "! London EC1A 1BB ’") are no words of it.
  const words = row.words.filter((w) => !SPECK.test(w.text))
  if (words.length === 0) return []
  const gaps = words.slice(1).map((w, i) => w.box[0] - words[i]!.box[2])
  const sorted = [...gaps].sort((a, b) => a - b)
  const typical = words.length < 3 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!
  // A word space grows with the letters: a name printed large ("GOLDEN  LOTUS") is measured by its own
  // height. Gaps are widths and heights are heights: on a till roll's tall page a fraction of its width
  // is far fewer pixels than the same fraction of its height.
  const heights = words.map((w) => w.box[3] - w.box[1]).sort((a, b) => a - b)
  const unit = Math.max(layout.unit, heights[Math.floor((heights.length - 1) / 2)]!)
  const { width, height } = layout.page
  const across = width > 0 && height > 0 ? height / width : 1
  const out: Array<Array<PlacedWord>> = [[words[0]!]]
  gaps.forEach((gap, i) => {
    if (gap > 2.5 * unit * across && gap > 2 * typical) out.push([words[i + 1]!])
    else out[out.length - 1]!.push(words[i + 1]!)
  })
  return out
}

/** A word of nothing but marks that are neither joiners nor separators of a line. */
const SPECK = /^[!¡?¿;:'"‘’“”`´~^*_=<>«»©®°§¶.,/\\]+$/

export const withoutRegistration = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  // The name ends at its registration number, whatever follows it ("KEDAI ABC S/B 123456-U (KSB)").
  const registration = words.findIndex((w, i) => i > 0 && REGISTRATION_WORD.test(w.text))
  // And at a registration or tax id a letterhead sets on the name's row ("… Ltd  VAT Reg. No. GB 123 4567 89").
  let end = Math.min(registration > 0 ? registration : words.length, beforeLegalDetails(words).length)
  // And at a bare number after its legal form, a registration whose label OCR lost ("… B.V. 12345678").
  const number = words.findIndex((w, i) =>
    i > 0 && i < end && /^\d{5,}$/.test(w.text) && endsWithLegalForm(words.slice(0, i).map((x) => x.text).join(" "))
  )
  if (number > 0) end = number
  // A lone small letter after a name in capitals ("HARBOR HARDWARE p") is a speck read as a letter.
  if (
    end > 1 && /^\p{Ll}$/u.test(words[end - 1]!.text) &&
    words.slice(0, end - 1).every((w) => w.text === w.text.toUpperCase())
  ) end--
  return words.slice(0, end)
}

/**
 * Words read with less confidence than this on average are OCR noise, not a name ("— ET E10 DEN", a
 * white-on-black banner misread). Measured on receipts-dev: store names read right or nearly right
 * average 0.40 and more; the one line below was noise.
 */
const MIN_NAME_CONFIDENCE = 0.35

/** Words that open a contact person's line in a party's block ("Contact Acheteur", "Ansprechpartner: …"). */
const CONTACT_WORDS = new Set([
  "contact",
  "contacto",
  "contatto",
  "kontakt",
  "ansprechpartner",
  "ansprechpartnerin",
  "sachbearbeiter",
  "sachbearbeiterin",
  "bearbeiter",
  "interlocuteur",
  "attn",
  "attention",
  "fiskalvertreter",
  "steuervertreter"
])

/**
 * A party's tax or fiscal representative ("SELLER TAX REP", "Représentant fiscal"), or the person a letter is
 * for ("z. Hd.", "t.a.v.", "à l'attention de", "c/o"), in a line's first words.
 */
const REPRESENTATIVE =
  /\b(?:tax|fiscal) rep(?:resentative)?\b|\brepresentant fiscal\b|^(?:z hd|zu handen|t a v|a l attention de|c o)\b/

/** A line naming a party's contact person or representative rather than the party. */
export const contactLine = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.slice(0, 2).some((w) => w.tokens.some((t) => CONTACT_WORDS.has(t))) ||
  REPRESENTATIVE.test(words.slice(0, 4).flatMap((w) => w.tokens).join(" "))

/** Characters of a text, a letter outside the basic plane counted once. */
const codePoints = (text: string): number => {
  let n = 0
  for (let i = 0; i < text.length; i++) if ((text.charCodeAt(i) & 0xfc00) !== 0xdc00) n++
  return n
}

/** A letter's greeting ("Sehr geehrter Herr Olsen,", "Dear Ms Roe,", "Madame, Monsieur,"): never a name. */
const GREETING =
  /^(?:sehr geehrte|liebe[rs]?\b|dear\b|geachte|beste\b|cher|chère|madame,? monsieur|bonjour|estimad[oa]s?\b|gentil[ei]\b|egregi[oa]\b|prezad[oa]s?\b|hallo\b|guten tag)/iu

/** A letter's closing ("Mit freundlichen Grüßen", "Kind regards", "Cordialement"): never a name. */
const CLOSING =
  /^(?:mit freundlichen gr(?:ü|ue|u)(?:ß|ss)en|(?:freundliche|beste|viele|herzliche) gr(?:ü|ue|u)(?:ß|ss)e|hochachtungsvoll|(?:kind|best|warm|kindest) regards|regards|yours (?:sincerely|faithfully|truly)|sincerely|thank you|(?:bien )?cordialement|(?:sincères )?salutations(?: distinguées)?|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|(?:cordiali|distinti) saluti|atentamente|saludos(?: cordiales)?|(?:com os melhores )?cumprimentos|atenciosamente|med venn?lig hilsen|(?:med )?vänliga hälsningar|z poważaniem|s pozdravem)[\s,.!]*$/iu

/** A web site's host name in lower case ("elbgruen-gala.de", "shop.example.fr"): where a company is, not its name. */
const WEB_HOST = /^(?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,}\/?$/
/** A host name in small letters whose dot OCR read as a space ("lemarchand-conseil fr", "beispiel .de"). */
const HOST_READ_APART =
  /^[a-z0-9][a-z0-9.-]*\s+\.?(?:com|net|org|de|fr|eu|uk|it|es|nl|be|ch|at|io|ie|pl|pt|se|dk|no|my|sg)$/

/**
 * A line OCR read without its spaces ("ElectricteBonnafousSARL45bisroutedeNarbone"): a long word whose
 * letters change case twice, or run on after digits. No name's word looks like that.
 */
const runTogether = (text: string): boolean =>
  text.length >= RUN_TOGETHER && /\p{Ll}\p{Lu}.*\p{Ll}\p{Lu}|\p{L}\d+\p{L}/u.test(text)
const RUN_TOGETHER = 20

export const looksLikeName = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  const text = words.map((w) => w.text).join(" ")
  if (words.reduce((sum, w) => sum + w.confidence, 0) < MIN_NAME_CONFIDENCE * words.length) return false
  let letters = 0
  for (const run of text.matchAll(/\p{L}+/gu)) letters += codePoints(run[0])
  // A name has a word of three letters or more: "z O20 4 f" is a smudge read as text.
  if (letters < 3 || letters < text.replace(/\s/g, "").length * 0.5 || !/\p{L}{3}/u.test(text)) return false
  // A street's word in a company's name without a number ("Maple Street Web Studio LLC") leaves it a name.
  const street = isStreetLine(text) && (/\d/.test(text) || !hasLegalForm(text))
  if (/@|www\.|https?:|\.com\b/i.test(text) || street || contactLine(words)) return false
  // A legal name may be its domain ("notebooksbilliger.de AG"): a host name alone, or without a legal form, is none.
  if (words.some((w) => WEB_HOST.test(w.text)) && (words.length === 1 || !hasLegalForm(text))) return false
  if (HOST_READ_APART.test(text)) return false
  if (words.some((w) => runTogether(w.text))) return false
  if (GREETING.test(text) || CLOSING.test(text) || onlySalutation(words)) return false
  // An amount in cents is a price or a sum: its line is an item's or a total's ("Massage, 6 x 38,00 €").
  if (words.some((w) => centsWord(w.text))) return false
  // A label waiting for its value ("BR NO.:", "Bill To:") is not a name, nor is a label with its value
  // ("Geschäftsführer: Tobias Sommer", whatever OCR made of the label's word).
  if (/[:：]\s*$/.test(text) || words[words.length - 1]!.tokens.at(-1) === "no") return false
  if (words.slice(0, -1).some((w) => /\p{L}\.?[:：]$/u.test(w.text))) return false
  const tokens = words.flatMap((w) => w.tokens).filter((t) => !/^\d+$/.test(t))
  if (tokens.length === 0 || tokens.every((t) => TITLE_WORDS.has(t)) || regionLine(words)) {
    return false
  }
  if (readValue("date", words) !== undefined) return false
  const first = lexiconHits(layout, row)[0]
  if (first === undefined || !words.includes(row.words[first.first]!) || !first.labelLike) return true
  // A label word inside a company's name: its legal form after it ("METRO FRESH CASH & CARRY SDN BHD"), or
  // joined to the next word by "&" ("MAJU CASH & CARRY"): a label is followed by its value.
  const at = words.indexOf(row.words[first.first]!)
  if (at > 0 && hasLegalForm(words.slice(at).map((w) => w.text).join(" "))) return true
  // A table's heading word starting a name that ends with its legal form ("Services Informatiques Boréal
  // inc.", "Produkt Design GmbH"): a heading stands alone.
  if (
    at === 0 && words.length >= 3 && [...first.concepts].every((c) => TABLE_HEADINGS.has(c)) &&
    endsWithLegalForm(text)
  ) return true
  if (row.words[first.last + 1]?.text === "&" && words.includes(row.words[first.last + 1]!)) return true
  // "Syarikat Maju Jaya" is a name: a word that starts company names is a label only with its colon.
  const label = row.words.slice(first.first, first.last + 1)
  return label.every((w) => w.tokens.every((t) => NAME_STARTS.has(t))) &&
    !/[:：]/.test(label.map((w) => w.text).join(" ") + (row.words[first.last + 1]?.text.slice(0, 1) ?? ""))
}

/** Concepts that head an item table's columns, never a party's label. */
const TABLE_HEADINGS: ReadonlySet<string> = new Set(["description", "quantity", "unit_price", "line_amount"])

/** Words that begin shop and company names in the languages we read ("Syarikat", "Kedai", "Restoran"). */
export const NAME_STARTS: ReadonlySet<string> = new Set([
  "syarikat",
  "kedai",
  "restoran",
  "restaurant",
  "pasaraya",
  "perniagaan",
  "gerai",
  "toko",
  "company",
  "store",
  "shop"
])

export interface NameLine {
  readonly layout: PageLayout
  readonly row: Row
  readonly words: ReadonlyArray<PlacedWord>
  /** A company registration number follows the name (on its line or the next). */
  readonly registered?: boolean
}

/** The first separator ("-", "|", "·") after the line's first word; -1 when none. */
const separatorAt = (words: ReadonlyArray<PlacedWord>): number =>
  words.findIndex((w, i) => i > 0 && /^[-–|·•]$/.test(w.text))

/** A number or code ("10023", "K-2201", "#4711"): three digits or more, with capitals and marks at most. */
const CODE = /^[#№]?[\p{Lu}\d/.-]*\d[\p{Lu}\d/.-]*[:,]?$/u

/**
 * The words after a party's number that a separator sets before its name ("10023 - Müller Bau GmbH",
 * "K-2201 | Müller Bau GmbH"); the words as they are otherwise ("Smith - Jones Partners LLP", "3M - …").
 */
export const afterItsNumber = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const cut = separatorAt(words)
  const number = cut > 0 ? words.slice(0, cut) : []
  const numbered = number.length > 0 && number.every((w) => CODE.test(w.text)) &&
    number.map((w) => w.text).join("").replace(/\D/g, "").length >= 3
  return numbered ? words.slice(cut + 1) : words
}

/**
 * The name part of a line that goes on with an address or legal details after a separator ("ACME GmbH -
 * Hauptstr. 5"), or after a comma when a street or postcode follows it ("ACME GmbH, Hauptstr. 5, 80333 München").
 */
export const namePart = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const cut = separatorAt(words)
  const named = cut > 0 ? words.slice(0, cut) : words
  const comma = named.findIndex((w, i) =>
    i < named.length - 1 && w.text.endsWith(",") &&
    isStreetLine(named.slice(i + 1).map((x) => x.text).join(" "))
  )
  return comma < 0 ? named : named.slice(0, comma + 1)
}
