/**
 * An address's last line, its postcode and town, in the shapes of the countries documents come from.
 */
import { isMonthName } from "../../Text/Dates.js"
import { repairPostcodes } from "../../Text/Misreads.js"
import { tokensOf } from "../../Text/Tokens.js"
import { labelConcepts } from "../../Text/Vocabulary.js"

/**
 * A postcode and a town: "80333 München", "DE 80333 München", "29000 Quimper, FR", "F-75001 Paris", "31-042 Kraków",
 * "2400-130 Leiria", "01310-100 São Paulo", "721 30 Västerås", "1012 AB Amsterdam", "London EC1A 1BB", "Denver, CO
 * 80202", "Sydney NSW 2000", "Toronto, ON M5V 2T6", "Québec (Québec) G1V 1T6", Ireland's "Cork T23 X2P4", "Cape Town,
 * 7405".
 */
const TOWN_LINE =
  /\p{Lu}\p{L}+.*\s[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s\d[ABCEGHJ-NPRSTV-Z]\d$|\p{Lu}\p{L}+(?:\s\d{1,2})?\s[AC-FHKNPRTV-Y]\d[\dW]\s[\dAC-FHKNPRTV-Y]{4}$|\p{Lu}\p{L}+(?:\s\p{Lu}\p{L}+)?,\s\d{4}$|(?:^|\s)(?:[A-Z]{1,2}[- ]?)?\d{4,5}\s+\p{Lu}\p{L}+|(?:^|\s)(?:\d{2}|\d{4,5})-\d{3}\s+\p{Lu}\p{L}+|(?:^|\s)(?:[A-Z]{1,2}[- ]?)?\d{3}\s\d{2}\s+\p{Lu}\p{L}+|\b\d{4}\s?[A-Z]{2}\s+\p{Lu}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\p{Lu}\p{L}+,?\s[A-Z]{2}\s\d{5}(?:-\d{4})?$|\p{Lu}\p{L}+,?\s(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)\s\d{4}$|\p{Lu}\p{L}+,?\s[A-Z]{2}\s[A-Z]\d[A-Z]\s?\d[A-Z]\d$/u
/** A postcode and a town in the text, its postcode read with a letter for a digit or not. */
export const townLine = (text: string): boolean =>
  (TOWN_LINE.test(repairPostcodes(text)) && !monthAndYear(text)) || townThenCode(text)

/**
 * A town and its postcode alone on a line, the code last: "Christchurch 8052" (New Zealand, South Africa,
 * four digits), "Singapore 188021" (six). A label or title with its number ("Invoice 0312", "Total 1200"),
 * a month's or a season's year, is none.
 */
const TOWN_THEN_CODE = /^(\p{Lu}\p{L}+)(?:[\s-]\p{Lu}\p{L}+)?\s(\d{4}|\d{6})$/u
const townThenCode = (text: string): boolean => {
  const m = TOWN_THEN_CODE.exec(text.trim())
  return m !== null && !/^(?:19|20)\d\d$/.test(m[2]!) && !isMonthName(m[1]!) &&
    labelConcepts(tokensOf(m[1]!)).size === 0
}

/** A month and its year ("March, 2024", "März, 2024"): no town and postcode. */
const monthAndYear = (text: string): boolean => {
  const m = /(\p{L}+)\s*,\s*\d{4}$/u.exec(text)
  return m !== null && isMonthName(m[1]!)
}

/** A line that starts with a postcode and town ("26603 Aurich", "Asheville, NC 28801"): an address's last line. */
export const startsWithTown = (text: string): boolean => {
  const m = TOWN_LINE.exec(repairPostcodes(text))
  return m !== null && m.index <= 1
}

/**
 * A postcode and the town after it, in any of the shapes above or a looser one ("31134 Hildesheim", "3811 CE
 * Amersfoort", "Oxford OX1 4AA", a town in small letters), its postcode read with a letter for a digit or not.
 */
const POSTCODE_AND_TOWN = /(?:^|\s)\d{4,6}\s+(?:[A-Z]{2}\s+)?\p{L}{2}|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/u
export const postcodeAndTown = (text: string): boolean =>
  POSTCODE_AND_TOWN.test(repairPostcodes(text)) || townLine(text)
