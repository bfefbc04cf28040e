/**
 * Which dollar a bare "$" is, and which crown a bare "kr". The dollar sign is the same in the United
 * States, Australia, Canada, New Zealand, Singapore and Hong Kong, "kr" in Sweden, Denmark, Norway and
 * Iceland; the document says which by the addresses, tax numbers, accounts and labels it prints.
 */
import type { PageLayout } from "./Layout.js"

const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"

/**
 * What names each country for sure: a state or province before its postcode's own shape, a tax number, a
 * legal form. A country's name alone ("Hong Kong office" in an item) is no such sign.
 */
const CUES: ReadonlyArray<readonly [string, RegExp]> = [
  ["USD", new RegExp(`\\b(?:${US_STATES})\\s+\\d{5}(?:-\\d{4})?(?!\\d)|\\bEIN\\b`)],
  [
    "AUD",
    /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}(?!\d)|\bA\.?B\.?N\b(?!\s*AMRO)|\b[Pp][Tt][Yy]\.?\s?[Ll][Tt][Dd]\b/
  ],
  ["CAD", /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\bGST\/HST\b|\bHST\b|\bTPS\b/],
  ["NZD", /\bNZBN\b/],
  ["SGD", /\bUEN\b|\b[Pp][Tt][Ee]\.?\s?[Ll][Tt][Dd]\b/],
  ["HKD", /\bHong Kong\s+(?:SAR|Ltd|Limited)\b|\bKowloon\b/]
]

/**
 * The one dollar the pages' text names, or undefined when it names none, or several (a seller in one
 * country billing a buyer in another says no more than the sign), or the United States among them.
 */
export const dollarOf = (layouts: ReadonlyArray<PageLayout>): string | undefined => {
  const named = namedBy(layouts, CUES)
  return named.size === 1 && !named.has("USD") ? [...named][0] : undefined
}

/** The currencies whose cues the pages' rows print. */
const namedBy = (
  layouts: ReadonlyArray<PageLayout>,
  cues: ReadonlyArray<readonly [string, RegExp]>
): ReadonlySet<string> => {
  const named = new Set<string>()
  for (const layout of layouts) {
    for (const row of layout.rows) {
      const text = row.words.map((w) => w.text).join(" ")
      for (const [code, cue] of cues) if (cue.test(text)) named.add(code)
    }
  }
  return named
}

/** What names each crown's country: its IBAN or VAT number, its registers, its postcodes, its invoice labels. */
const CROWN_CUES: ReadonlyArray<readonly [string, RegExp]> = [
  [
    "SEK",
    /\bSE\d{2}\s?\d{4}|\bSE\d{10}01\b|\bmomsreg|\bbankgiro\b|\bplusgiro\b|\bfakturadatum\b|\batt betala\b|(?:^|\s)\d{3}\s\d{2}\s+\p{Lu}\p{Ll}/iu
  ],
  ["DKK", /\bDK\d{2}\s?\d{4}|\bDK\s?\d{8}\b|\bCVR\b|\bat betale\b|\bi alt\b|\bforfaldsdato\b|\bmomsnr\b/iu],
  ["NOK", /\bNO\d{2}\s?\d{4}|\bMVA\b|\bforetaksregisteret\b|\bforfallsdato\b/iu],
  ["ISK", /\bIS\d{2}\s?\d{4}|\bkennitala\b|\bgjalddagi\b/iu]
]

/** The one crown the pages' text names, or undefined when it names none or several. */
export const crownOf = (layouts: ReadonlyArray<PageLayout>): string | undefined => {
  const named = namedBy(layouts, CROWN_CUES)
  return named.size === 1 ? [...named][0] : undefined
}
