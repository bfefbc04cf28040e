/**
 * What a line of an address looks like, so that it is never taken for a name: a street (its words in
 * the corpora's languages, a house number before a street's abbreviation), a unit or floor, a square, a
 * business zone, a postcode, a line of region and country words.
 */
import type { PlacedWord } from "./Layout.js"
import { hasLegalForm } from "./LegalForms.js"

/**
 * Street words (a house number before a street's abbreviation, a suite or a floor too) and postcodes: an
 * address line, not a name.
 */
const STREET =
  /^(?:taman|tmn|bandar|kawasan|seksyen|lot|no\.?)\s|^(?:am|an der|an den|im|in der|in den|auf der|auf dem|zum|zur|unter den|vor dem)\s+\p{L}+(?:[\s-]\p{L}+)?\s+\d{1,4}\s?[a-z]?$|(?:^|\s)(?:c\/|avda\.|pza\.|ctra\.|ul\.|al\.)\s?\p{Lu}|\b(?:jalan|jln|jl|lorong|street|road|avenue|rue|strasse|straße|calle|camino|carretera|ctra|avda|rua|via|avenida|laan|weg|chemin|boulevard|allée|piazza|viale|corso|carrer|highway|parkway|quai|impasse|steenweg|gracht|praça|praca|travessa|paseo|strada|vicolo)\b|(?:^|\s)localit[àa](?=\s|$)|\p{L}(?:straße|strasse|stra\p{L}{1,2}e|str\.|straat|weg|laan|gasse|allee|plein|platz|gatan|vägen|gade|vej)(?=\s|,|$)|\p{L}(?:gracht|kade|singel|dijk|dreef|steeg),?\s+\d|\b\d{5}\b|^\d{1,5}[a-z]?,?\s.*\b(?:st|rd|dr|ln|ave|blvd|hwy)\b\.?/iu
/** Postcodes with letters or a hyphen: Dutch "1012 AB", Portuguese "1100-148", Polish "31-042 Kraków", British "EC1A 1BB". */
const POSTCODE = /\b\d{4}\s?[A-Z]{2}\b|\b\d{4}-\d{3}\b|\b\d{2}-\d{3}\s+\p{Lu}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u

/** A French business zone ("ZA des Landes", "ZI Nord", "Zone de la Gare", "Zone industrielle …"): its capitals or its words. */
const BUSINESS_ZONE =
  /^(?:Z\.?[AI]\.?(?:C\.?|E\.?)?\s+(?:de|du|des|d['’]|\p{Lu})|[Zz]one\s+(?:de|du|des|d['’]|industrielle|artisanale|commerciale|portuaire)\b)/u

/** A street, suite or postcode line of an address: never a name. */
export const isStreetLine = (text: string): boolean =>
  STREET.test(text) || POSTCODE.test(text) || unitLine(text) || squareLine(text) || BUSINESS_ZONE.test(text) ||
  namedStreet(text)

/** A street's name ending with a word such as "Lane", "Close" or "Crescent" (English streets without "Street" or "Road"). */
const NAMED_STREET =
  /^\d{1,5}[a-z]?,?\s+(?:\p{L}+\s+){1,3}(?:lane|drive|close|crescent|terrace|grove|gardens|mews|wynd)\b/iu

/** A house number before such a street's name ("4 Gayfield Lane"); a company's name with its legal form ("4 Seasons Gardens Ltd") is none. */
const namedStreet = (text: string): boolean => NAMED_STREET.test(text) && !hasLegalForm(text)

/** A suite, floor or shop with its number at the line's start ("Suite 400", "Shop 12, 4 Riverside Walk"). */
const UNIT =
  /^(?:suite|ste|building|bldg|floor|flr|level|unit|apt|block|blk|shop|kiosk)\s+(?:[A-Z]?\d[\dA-Z]{0,3}|[A-Z])\b/i

/** Whether the line starts with a suite's, floor's or shop's number: an address's line, whatever label its first word is. */
export const unitLine = (text: string): boolean => UNIT.test(text)

/** Words of a square's or a road's name that only its house number before it makes a street ("14 place du Marché"). */
const SQUARE_WORDS =
  /^(?:place|pl|cours|route|rte|passage|faubourg|fg|chaussée|esplanade|promenade|parvis|praça|plaça)$/i

/**
 * A house number, a square's or a road's word and the name after it, capitalised ("14 place du Marché", "3 cours
 * Mirabeau", "12 bis route de Lyon"): "2 cours de piano" or "2 Place settings" are no address.
 */
const squareLine = (text: string): boolean => {
  const m =
    /^\d{1,5}(?:\s?(?:bis|ter)|[a-z])?,?\s+(\p{L}+)\.?\s+(?:(?:de la|de|du|des|la|le|del|della|do|da)\s+|d['’])?(\S)/iu
      .exec(text)
  return m !== null && SQUARE_WORDS.test(m[1]!) && /^\p{Lu}$/u.test(m[2]!)
}

/**
 * Whether a text read as an address can be one: a street or a postcode, or a number among three words or
 * more ("2ND FLR, EXAMPLE MALL"); never a copyright line ("© Example GmbH 2020").
 */
export const looksLikeAddress = (text: string): boolean =>
  !/©|\(c\)/i.test(text) && (isStreetLine(text) || (/\d/.test(text) && text.trim().split(/\s+/).length >= 3))

/** Countries, in the languages we read: the last line of an address. */
const COUNTRY_WORDS: ReadonlyArray<string> = [
  "malaysia",
  "singapore",
  "singapura",
  "indonesia",
  "brunei",
  "thailand",
  "deutschland",
  "germany",
  "nederland",
  "netherlands",
  "holland",
  "france",
  "belgique",
  "belgië",
  "belgie",
  "belgium",
  "españa",
  "espana",
  "spain",
  "italia",
  "italy",
  "portugal",
  "österreich",
  "osterreich",
  "austria",
  "schweiz",
  "suisse",
  "svizzera",
  "switzerland",
  "luxembourg",
  "united",
  "kingdom",
  "states",
  "america",
  "usa",
  "uk",
  "of"
]
export const COUNTRY: ReadonlySet<string> = new Set(COUNTRY_WORDS.filter((w) => w !== "of" && w !== "united"))

/**
 * Words of region and country lines, the end of an address ("SELANGOR DARUL EHSAN", "Johor D.T.",
 * "KUALA LUMPUR", "MALAYSIA", "Deutschland"): a line of nothing else is never a name.
 */
const REGION_WORDS: ReadonlySet<string> = new Set([
  // Malaysian states and federal territories, with the states' honorifics ("Darul Ehsan", "D.E.").
  "selangor",
  "johor",
  "kedah",
  "perak",
  "pahang",
  "kelantan",
  "terengganu",
  "melaka",
  "malacca",
  "sabah",
  "sarawak",
  "perlis",
  "negeri",
  "sembilan",
  "pulau",
  "pinang",
  "penang",
  "kuala",
  "lumpur",
  "putrajaya",
  "labuan",
  "wilayah",
  "persekutuan",
  "darul",
  "ehsan",
  "takzim",
  "ta'zim",
  "aman",
  "ridzuan",
  "khusus",
  "makmur",
  "naim",
  "iman",
  "d",
  "e",
  "t",
  "de",
  "dt",
  ...COUNTRY_WORDS
])
/** A line of nothing but region and country words ("SELANGOR DARUL EHSAN", "Germany"): the end of an address, never a name. */
export const regionLine = (words: ReadonlyArray<PlacedWord>): boolean => {
  const tokens = words.flatMap((w) => w.tokens).filter((t) => !/^\d+$/.test(t))
  return tokens.length > 0 && tokens.every((t) => REGION_WORDS.has(t))
}

/** A postcode (four or five digits), a house's number, and a street's or town's word: an address's tokens to compare. */
const POSTCODE_TOKEN = /^\d{4,5}$/u
const HOUSE_NUMBER = /^\d{1,3}[a-z]?$/u
const PLACE_WORD = /^\p{L}{5,}$/u

/**
 * Whether two lines print one address: a postcode, a house's number and a street's or town's word in common
 * ("Annenstraße 61 · 8020 Graz" and "… GmbH · Annenstraße 61, 8020 Graz · FN …"); a neighbour in the same
 * town shares its postcode and town, not its street and number.
 */
export const sameAddress = (a: ReadonlyArray<PlacedWord>, b: ReadonlyArray<PlacedWord>): boolean => {
  const x = a.flatMap((w) => w.tokens), y = new Set(b.flatMap((w) => w.tokens))
  const shared = (pattern: RegExp) => x.some((t) => pattern.test(t) && y.has(t))
  return shared(POSTCODE_TOKEN) && shared(HOUSE_NUMBER) && shared(PLACE_WORD)
}
