/**
 * A company's name as letterheads and footers print it. A letterhead often prints a short brand
 * ("Quellenhof", "kestrel.", "feldmann druck") and leaves the legal name, with its legal form, to the footer
 * or the sender's line ("Brauhaus Quellenhof Getränke GmbH", "Kestrel Digital Ltd"): the legal name is the
 * company's name. A footer's columns may sit close enough to read as one line ("… Getränke GmbH
 * Bankverbindung"): a name ends at its legal form when a label follows it.
 */
import { tokensOf } from "../../Text/Tokens.js"
import { lexiconHits } from "./Labels.js"
import type { PageLayout, PlacedWord, Row } from "./Layout.js"
import { endsWithLegalForm, hasLegalForm, type NameLine } from "./NameLines.js"

/** A brand's word shorter than this must be a word of the legal name, not only its start. */
const PREFIX_WORD = 3
/** Letters a brand needs before it is looked for in a legal name: "AB" names nothing. */
const BRAND_LETTERS = 4

const textOf = (line: NameLine) => line.words.map((w) => w.text).join(" ")

/**
 * Whether every word of the brand starts a word of the name, in order, the name having more words
 * ("licht" in "Lichtblick Veranstaltungstechnik GmbH", "feldmann druck" in "Feldmann & Sohn Druckerei KG").
 */
export const brandOf = (brand: string, name: string): boolean => {
  const words = tokensOf(brand), named = tokensOf(name)
  if (words.join("").length < BRAND_LETTERS || named.length <= words.length) return false
  let at = 0
  for (const word of words) {
    while (at < named.length && !(named[at] === word || (word.length >= PREFIX_WORD && named[at]!.startsWith(word)))) {
      at++
    }
    if (at === named.length) return false
    at++
  }
  return true
}

/**
 * The legal name of the company a line without a legal form names, when the page prints one: the first
 * of the candidates (in the order given) with a legal form whose words the line's words start.
 */
export const legalNameOf = (line: NameLine, candidates: ReadonlyArray<NameLine>): NameLine | undefined => {
  const brand = textOf(line)
  if (hasLegalForm(brand)) return undefined
  return candidates.find((c) => c !== line && hasLegalForm(textOf(c)) && brandOf(brand, textOf(c)))
}

/** The name's words up to its legal form when a label's words follow it on the row; all of them otherwise. */
export const endingAtLegalForm = (
  layout: PageLayout,
  row: Row,
  words: ReadonlyArray<PlacedWord>
): ReadonlyArray<PlacedWord> => {
  for (const hit of lexiconHits(layout, row)) {
    const at = words.indexOf(row.words[hit.first]!)
    if (hit.labelLike && at > 1 && endsWithLegalForm(words.slice(0, at).map((w) => w.text).join(" "))) {
      return words.slice(0, at)
    }
  }
  return words
}
