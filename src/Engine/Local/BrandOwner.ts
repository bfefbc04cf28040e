/**
 * The owner a letterhead names under its brand: a shop or studio's name at the top ("studio brume", "LEXIS
 * TRADUCCIONES"), a line of what it does, then the company or the person who trades under it ("Camille
 * Roussel EI", "Lucía Ortega Ramírez" over "NIF 47123456K"), then the address. The owner is the issuer.
 */
import { looksLikeAddress, sameAddress } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import { heightOf, type PageLayout, type Row } from "./Layout.js"
import { hasLegalForm, isPlainSpeechForm } from "./LegalForms.js"
import { isCompany, overlaps, TOP_REGION } from "./LegalOwner.js"
import { contactLine, lineWords, type NameLine, segmentHolding } from "./NameLines.js"
import { markedParts } from "./Recipients.js"

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

/** Small words a company's name may hold ("Maison de la Presse", "Van der Berg BV", "Smith & Sons Ltd"). */
const PARTICLE =
  /^(?:de|du|des|la|le|les|d['’]\S*|l['’]\S*|van|von|der|den|di|da|del|y|e|et|und|and|&|of|the|zur|zum)$/u
/** Words that make a line one about the brand's partner, its payments or its network, not its owner. */
const RELATION =
  /^(?:vertragspartner|partner|member|mitglied|powered|payments?|processed|certified|zertifiziert|authorised|authorized|agr[ée][ée])$/iu

/**
 * The owner's name with its legal form on a line under the brand, after the words that lead to it ("ein
 * Unternehmen der Kessler & Töchter Fahrradbau GmbH", "Exploité par Délices du Nord SARL"); none when the
 * line is about a partner or a payment ("Vertragspartner der Mercedes-Benz AG", "Powered by Square, Inc.").
 */
const ownersName = (line: NameLine): NameLine | undefined => {
  if (line.words.some((w) => RELATION.test(w.text.replace(/[,.:]$/, "")))) return undefined
  // The name starts after the last small word that is none of a name's own.
  let start = 0
  line.words.forEach((w, i) => {
    if (/^\p{Ll}/u.test(w.text) && !PARTICLE.test(w.text)) start = i + 1
  })
  const words = line.words.slice(start)
  const text = words.map((w) => w.text).join(" ")
  if (
    words.length < 2 || !/^\p{Lu}/u.test(words[0]!.text) || !hasLegalForm(text) ||
    // A legal form that names a kind of business as often ("Fine Wine Trading", "Cloud Solutions for Enterprise").
    isPlainSpeechForm(words.at(-1)!.text)
  ) {
    return undefined
  }
  return words.length === line.words.length ? line : { ...line, words }
}

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
    // The address has begun, on its lines or as parts of one ("Inh. Thomas Kern · Bahnhofstraße 5 · 34117
    // Kassel"): the owner, if named, was above it.
    const text = inColumn.map((w) => w.text).join(" ")
    const phrase = lineWords(layout, row).find((seg) => seg.includes(inColumn[0]!)) ?? inColumn
    if (looksLikeAddress(text) || markedParts(phrase).slice(1).some((part) => looksLikeAddress(part))) return undefined
    const line = lines.find((c) => c.row === row && overlaps(c.words, x1, x2))
    // A contact's line ("Ihr Ansprechpartner") names a person who is no owner: the block is no owner's.
    if (contactLine(inColumn)) return undefined
    if (line === undefined) continue
    const owner = ownersName(line)
    if (owner !== undefined) return owner
    const next = layout.rows[i + 1]
    if (
      personsName(line) && next !== undefined && next.box[1] - row.box[3] <= BLOCK_GAP * layout.unit &&
      ownersNumber(layout, next, x1, x2)
    ) return line
  }
  return undefined
}

/**
 * The company a legal line names at the letterhead's own address, for a brand without a legal form ("stylwerk"
 * at the top over "Annenstraße 61 · 8020 Graz", "Raumausstattung Pichler-Strohmeier GmbH · Annenstraße 61, 8020
 * Graz · FN …" in the footer): the brand's owner. The address is the proof: a row of the letterhead prints it
 * too.
 */
export const ownerAtItsAddress = (brand: NameLine, owner: NameLine | undefined): NameLine | undefined => {
  if (owner === undefined || hasLegalForm(brand.words.map((w) => w.text).join(" "))) return undefined
  if (!isCompany(owner) || owner.layout !== brand.layout || owner.row.box[1] <= TOP_REGION) return undefined
  const line = segmentHolding(owner) ?? owner.words
  return brand.layout.rows.some((r) => r.box[1] <= TOP_REGION && sameAddress(r.words, line)) ? owner : undefined
}
