/**
 * The owner a letterhead names under its brand: a shop or studio's name at the top ("studio brume", "LEXIS
 * TRADUCCIONES"), a line of what it does, then the company or the person who trades under it ("Camille
 * Roussel EI", "Lucía Ortega Ramírez" over "NIF 47123456K"), then the address. The owner is the issuer.
 */
import { looksLikeAddress } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import { heightOf, type PageLayout, type Row } from "./Layout.js"
import { isCompany, overlaps } from "./LegalOwner.js"
import type { NameLine } from "./NameLines.js"

/** Rows under the brand its letterhead's block reaches: a line or two of what it does, then its owner. */
const BLOCK_ROWS = 4
/**
 * A blank this tall (text heights) between two rows ends the letterhead's block; right under the brand,
 * one taller than the brand's letters (a blank line before the recipient's block).
 */
const BLOCK_GAP = 2
/** Labels of a number only the owner has: its tax or registration number. */
const OWNERS_NUMBERS: ReadonlySet<string> = new Set(["vat_id", "registration"])

/** Whether the row, in the brand's column, starts with the label of a tax or registration number ("NIF", "SIRET"). */
const ownersNumber = (layout: PageLayout, row: Row, x1: number, x2: number): boolean =>
  lexiconHits(layout, row).some((h) =>
    overlaps([row.words[h.first]!], x1, x2) && (h.first === 0 || !overlaps(row.words.slice(0, h.first), x1, x2)) &&
    [...h.concepts].some((c) => OWNERS_NUMBERS.has(c))
  )

/** A person's name as written: two to four words, each a capital and small letters ("Lucía Ortega Ramírez"). */
const personsName = (line: NameLine): boolean =>
  line.words.length >= 2 && line.words.length <= 4 && line.words.every((w) => /^\p{Lu}\p{Ll}+[,.]?$/u.test(w.text))

/**
 * The owner's line under a brand without a legal form, in its column and its block (no blank between,
 * before the address starts): a company's name with its legal form, or a name right over the owner's
 * tax or registration number. `lines` are the page's name-like lines at the top.
 */
export const ownerUnderBrand = (
  layout: PageLayout,
  brand: NameLine,
  lines: ReadonlyArray<NameLine>
): NameLine | undefined => {
  if (isCompany(brand)) return undefined
  const x1 = brand.words[0]!.box[0], x2 = brand.words[brand.words.length - 1]!.box[2]
  let previous = brand.row
  let seen = 0
  for (let i = brand.row.index + 1; i < layout.rows.length && seen < BLOCK_ROWS; i++) {
    const row = layout.rows[i]!
    // Rows of another column (the recipient's block beside the letterhead) are passed.
    const inColumn = row.words.filter((w) => overlaps([w], x1, x2))
    if (inColumn.length === 0) continue
    const gap = seen === 0 ? Math.max(layout.unit, heightOf(brand.words)) : BLOCK_GAP * layout.unit
    if (row.box[1] - previous.box[3] > gap) return undefined
    previous = row
    seen++
    // The address has begun: the owner, if named, was above it.
    if (looksLikeAddress(inColumn.map((w) => w.text).join(" "))) return undefined
    const line = lines.find((c) => c.row === row && overlaps(c.words, x1, x2))
    if (line === undefined) continue
    if (isCompany(line)) return line
    const next = layout.rows[i + 1]
    if (
      personsName(line) && next !== undefined && next.box[1] - row.box[3] <= BLOCK_GAP * layout.unit &&
      ownersNumber(layout, next, x1, x2)
    ) return line
  }
  return undefined
}
