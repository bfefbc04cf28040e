/**
 * A company's legal details as its letterhead or footer prints them: registration, registered office,
 * share capital, tax ids, each with its number ("SIRET 123 456 789 00012", "USt-IdNr. DE 123 456 789").
 */
import { findDates } from "../../Text/Values.js"
import type { PlacedWord } from "./Layout.js"

/** The words that label a company's legal details, in the languages the vocabulary knows. */
export const LEGAL =
  /\b(?:siret|siren|rcs|rsc|capital|si[eè]ge social|kvk|handelsregister|hrb|hra|amtsgericht|registergericht|gesch[aä]ftsf[uü]hrer|registered (?:office|in|no)|company (?:no|number|reg)|reg(?:istration)?\.? no|vat|tva|ust-?[il1]?d|ust-?[il1]?dnr|uid|steuer-?nr|steuernummer|btw|p\.? ?iva|partita iva|c\.\s?f|codice fiscale|nif|cif|nipc|contribuinte|abn|uen|tax id|gst (?:id|reg|no)|sst (?:no|id|reg)|(?:no\.?|nombor) (?:sst|gst|cukai|syarikat|pendaftaran)|roc|ssm|cin|ein|nip|regon)\b/i

/** A German register court before its register's number ("AG Traunstein HRB 22905"): "AG" is the court, no company. */
export const REGISTER_COURT = /^(?:AG|Amtsgericht)\s+\S+(?:\s+\S+)?\s+HR\s?[AB]\b/

/** A tax number's short label ("St.-Nr."): a company's legal detail in its footer, anyone's elsewhere. */
const TAX_NUMBER = /\bst\.?-?\s?nr\b/i

/**
 * A company's legal line: registration, registered office, share capital or tax ids with their numbers
 * ("F SARL au capital de 50 000 EUR - RCS Paris 987 654 324"). A tax column header or a "VAT 21%" row is
 * none: those carry a rate or an amount.
 */
export const isLegalLine = (text: string, footer = false): boolean =>
  (LEGAL.test(text) || (footer && TAX_NUMBER.test(text))) && !/\d\s?%|\d[.,]\d\d(?!\d)/.test(text) &&
  (withoutDates(text).match(/\d/g) ?? []).length >= 5

/**
 * The text with its dates left out: their digits are no registration's, so a sentence naming a tax and a
 * date ("Not VAT registered. Please pay by 19 May 2031") is no legal line.
 */
const withoutDates = (text: string): string => {
  let out = text
  for (const d of [...findDates(text)].reverse()) out = out.slice(0, d.index) + " " + out.slice(d.index + d.length)
  return out
}

/**
 * Labels of an identifier a letterhead sets on the name's row, after it ("… Ltd   VAT Reg. No. GB 123 4567
 * 89"). Words that also begin names ("Capital", "Roc") are not among them.
 */
const ID_LABEL =
  /^(?:vat|tva|btw|ust-?[il1]?d(?:nr)?|uid|steuer-?nr|steuernummer|siret|siren|rcs|kvk|hrb|hra|handelsregister|amtsgericht|company (?:no|number|reg)|reg(?:istration)?\.? no|registered (?:no|in|office)|abn|acn|uen|tax id|gst (?:id|reg|no)|p\.? ?iva|partita iva|nif|cif|nip|regon)\b/i

/**
 * The words before the legal details a line goes on with after a name (a registration or tax id with its
 * number); all the words when none follow.
 */
export const beforeLegalDetails = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  for (let i = 1; i < words.length; i++) {
    // The label's first word starts with a letter its labels start with: the rest is joined only then.
    if (!ID_LABEL_START.test(words[i]!.text)) continue
    const rest = words.slice(i).map((w) => w.text).join(" ")
    if (ID_LABEL.test(rest) && isLegalLine(rest)) return words.slice(0, i)
  }
  return words
}

/** The first letters of the labels of `ID_LABEL`. */
const ID_LABEL_START = /^[abcghknprstuv]/i
