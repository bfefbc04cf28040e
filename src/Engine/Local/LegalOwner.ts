/**
 * The company a legal line names (its registration, registered office or tax id): the block of rows the
 * line closes, in its column, is the company's, and its company-like, registered or first name-like line is
 * the name; a letterhead's name set beside its address block, or a footer's first column, names it too.
 * The letterhead's regions, and what a name line is, are shared with Letterhead.ts.
 */
import { fold } from "../../Text/Tokens.js"
import { centsWord } from "../../Text/Values.js"
import { isStreetLine } from "./AddressLines.js"
import { itemHeaderRow } from "./LabelContext.js"
import type { PageLayout, PlacedWord, Row } from "./Layout.js"
import { endsWithLegalForm, hasLegalForm } from "./LegalForms.js"
import { isLegalLine, LEGAL } from "./LegalLines.js"
import { lineWords, looksLikeName, type NameLine, namePart, segmentOver, withoutRegistration } from "./NameLines.js"

/** A name's letters and digits, folded: two printings of one name compare equal. */
export const compact = (words: ReadonlyArray<PlacedWord>) =>
  fold(words.map((w) => w.text).join("")).replace(/[^a-z0-9]/g, "")

/**
 * The letterhead's rows lie above `TOP_REGION` (page heights), the footer's names below `BOTTOM_REGION`;
 * a footer's legal line of several rows may start higher, below `FOOTER_LINE`.
 */
export const TOP_REGION = 0.35
export const BOTTOM_REGION = 0.8
export const FOOTER_LINE = 0.75

/** A company's name in a legal line: a few words ending with its legal form. */
export const MAX_NAME_WORDS = 6

/** A line of bank details: its name is the bank's. */
export const BANK_LINE = /\b(?:iban|bic|swift|blz|sort code|account (?:no|number)|kontonummer|konto-?nr|rib)\b/i

/**
 * Whether a line is the first part of a street address cut at its comma ("ZI Briffaut Est, 9 rue Latécoère"):
 * no legal form before the comma, a street after it. A company's name before its street keeps its legal form.
 */
const streetBeforeComma = (c: NameLine): boolean => {
  const last = c.words[c.words.length - 1]!
  if (!last.text.endsWith(",") || isCompany(c)) return false
  const rest = c.row.words.slice(c.row.words.indexOf(last) + 1)
  return rest.length > 0 && isStreetLine(rest.map((w) => w.text).join(" "))
}

/** Whether a line without a legal form reads as a phrase: more than one word of it starts in small letters. */
export const isPhrase = (c: NameLine) => !isCompany(c) && c.words.filter((w) => /^\p{Ll}/u.test(w.text)).length > 1

/** Whether a name line carries a company's legal form ("Price Ltd", "Bricolage SA", "Müller Moden GmbH"). */
export const isCompany = (c: NameLine) => hasLegalForm(c.words.map((w) => w.text).join(" "))
/** Whether the words overlap the span from x1 to x2. */
export const overlaps = (a: ReadonlyArray<PlacedWord>, x1: number, x2: number) =>
  a[0]!.box[0] < x2 && a[a.length - 1]!.box[2] > x1

/** Whether two rows stand at the same height: each overlaps the other's middle. */
const sameHeight = (a: Row, b: Row): boolean => {
  const mid = (r: Row) => (r.box[1] + r.box[3]) / 2
  return a.box[1] < mid(b) && mid(b) < a.box[3] && b.box[1] < mid(a) && mid(a) < b.box[3]
}

/**
 * The letterhead's line (near the page's top) of the same name as a line elsewhere, if any; the name at
 * the top may leave out the legal form the footer gives it ("Holzmann & Partner", "… Partner mbB").
 */
const atTheTop = (candidates: ReadonlyArray<NameLine>, line: NameLine): NameLine | undefined => {
  const key = compact(line.words)
  return candidates.find((c) => {
    if (c.row.box[1] > TOP_REGION) return false
    const own = compact(c.words)
    const rest = key.slice(own.length)
    return own === key ||
      (own.length >= 5 && key.startsWith(own) && rest.length <= 8 && endsWithLegalForm(` ${rest}`))
  })
}

/**
 * The name a company's legal line belongs to (registration, registered office, tax id): the block
 * of rows the legal line closes, in its column, is the company's; its company-like, registered or
 * first name-like line is the name. Works for a letterhead with its VAT number and for a footer.
 */
export const legalOwner = (
  layout: PageLayout,
  candidates: ReadonlyArray<NameLine>,
  recipients: ReadonlySet<PlacedWord>
): NameLine | undefined => {
  for (const row of layout.rows) {
    for (const seg of lineWords(layout, row)) {
      if (!isLegalLine(seg.map((w) => w.text).join(" "), row.box[1] >= FOOTER_LINE)) continue
      // A letterhead's or footer's legal line that starts with a company's name ("Weber IT-Service GmbH ·
      // Mainzer Landstraße 50 · … · Geschäftsführer: …"), a recipient's aside.
      const own = withoutRegistration(namePart(seg))
      const ownText = own.map((w) => w.text).join(" ")
      // A parent's line names another company than the issuer.
      if (RELATIVE.test(ownText)) continue
      const edge = row.box[1] <= TOP_REGION || row.box[1] >= FOOTER_LINE
      // Only a name that ends with its legal form, not a sentence naming a company ("Die Forderung ist
      // abgetreten an ABC Factoring GmbH").
      if (
        edge && own.length < seg.length && own.length <= MAX_NAME_WORDS && endsWithLegalForm(ownText) &&
        !/[:：]/.test(ownText) && !LEGAL.test(ownText) && !own.some((w) => recipients.has(w)) &&
        looksLikeName(layout, row, own)
      ) {
        // The letterhead's own line of the same name, when there is one, is the issuer's line.
        return atTheTop(candidates, { layout, row, words: own }) ?? { layout, row, words: own }
      }
      const x1 = seg[0]!.box[0], x2 = seg[seg.length - 1]!.box[2]
      // The block's rows in its column; a row of another column only (a letterhead's address set beside
      // its name) is passed over while the block goes on within two units above it.
      let first = row.index
      for (let k = row.index - 1; k >= 0; k--) {
        const above = layout.rows[k]!
        if (layout.rows[first]!.box[1] - above.box[3] > 2 * layout.unit) break
        const over = segmentOver(layout, above, x1, x2)
        if (over === undefined) continue
        // A company's block holds no item table and no sums: it ends at a table's rows above it.
        const text = over.map((w) => w.text).join(" ")
        if (itemHeaderRow(layout, above) || (over.some((w) => centsWord(w.text)) && !isLegalLine(text, false))) break
        first = k
      }
      // The bank a line of account numbers names is not the company.
      const block = candidates.filter((c) =>
        c.row.index >= first && c.row.index <= row.index && overlaps(c.words, x1, x2) &&
        !LEGAL.test(c.words.map((w) => w.text).join(" ")) && !BANK_LINE.test(
          c.row.words.map((w) => w.text).join(" ")
        ) &&
        !streetBeforeComma(c)
      )
      // A footer in columns sets the name in its first and the legal details in another: the company of
      // the footer's rows, read row by row, is the name.
      // A company's name printed beside the first line of its address block, in another column ("Feinkost
      // Albers KG      Am Wall 148"), is the block's name.
      // (On a skewed scan, OCR may give the two their own rows at the same height.)
      const top = layout.rows[first]!
      const beside = () =>
        candidates.find((c) =>
          (c.row.index === first || sameHeight(c.row, top)) && !overlaps(c.words, x1, x2) && isCompany(c)
        )
      const owner = block.find(isCompany) ?? block.find((c) => c.registered) ?? beside() ??
        (row.box[1] >= FOOTER_LINE ? footerCompany(layout, row, candidates) : undefined) ?? block[0]
      // The letterhead's own line of the same name, when there is one, is the issuer's line (its address under it).
      if (owner !== undefined) return atTheTop(candidates, owner) ?? owner
    }
  }
  return undefined
}

/**
 * Words that open a line naming another company than the issuer: its parent ("Ein Unternehmen der …", "A
 * member of …", "Une société du groupe …", "Filiale de …").
 */
const RELATIVE =
  /^(?:(?:ein(?:e)?\s+)?(?:unternehmen|tochter(?:gesellschaft)?|marke|mitglied|teil)\s+(?:der|des|von)|(?:a\s+)?(?:member|subsidiary|division|brand|part|company)\s+of(?:\s+the)?|(?:une?\s+)?(?:société|filiale|marque|membre)\s+(?:du|de\s+la|de|des)(?:\s+groupe)?)\s/iu

/**
 * The company a footer in columns names: the first line of its first column (no phrase, nor a speck read as
 * words), when it carries a legal form. A bank's or a parent group's name in another column or under it is
 * not the company's.
 */
const footerCompany = (layout: PageLayout, row: Row, candidates: ReadonlyArray<NameLine>): NameLine | undefined => {
  let first = row.index
  while (first > 0 && layout.rows[first]!.box[1] - layout.rows[first - 1]!.box[3] <= 2 * layout.unit) first--
  const footer = candidates.filter((c) => c.row.index >= first && c.row.index <= row.index && !isPhrase(c))
  if (footer.length === 0) return undefined
  const left = Math.min(...footer.map((c) => c.words[0]!.box[0]))
  const head = footer.find((c) => c.words[0]!.box[0] - left <= FOOTER_COLUMN)
  return head !== undefined && isCompany(head) && !BANK_LINE.test(head.words.map((w) => w.text).join(" "))
    ? head
    : undefined
}

/** Lines of a footer's first column start this close to its leftmost line (page widths). */
const FOOTER_COLUMN = 0.03
