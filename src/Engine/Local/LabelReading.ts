/**
 * Reading a leaf at its labels: every label of the field's concepts on the section's pages, the value
 * right of it or in its column below, typed and scored by the label's strength, place and distance. A
 * total is chosen among its rows by the section's own sums.
 */
import type { LeafField } from "../../Domain/FieldTree.js"
import { documentTypeProfile } from "../../Text/DocumentTypes.js"
import { conceptById, type FieldProfile, fieldProfile, labelConcepts, LATE_CONCEPTS } from "../../Text/Vocabulary.js"
import { addressGoesOn, addressText } from "./AddressBlocks.js"
import { isStreetLine, looksLikeAddress } from "./AddressLines.js"
import { wrappedName } from "./CompanyNames.js"
import { shapeOf } from "./Confidence.js"
import { brokenAtHyphen, cutByOcr, startedAboveAtHyphen, withYearBelow } from "./Continued.js"
import {
  CUSTOMER_QUALIFIED,
  customersLabel,
  headsAColumnOfDates,
  inclusionOf,
  inProse,
  itemHeader,
  itemTableHeader,
  namesATaxNumber,
  namesTheDocument,
  PROSE_KINDS,
  qualifiesAnother
} from "./LabelContext.js"
import { findLabels, goesOnToAnIdentifier, HEADING_WORDS, type LabelMatch, lexiconHits } from "./Labels.js"
import { gapBefore, type PageLayout, type PlacedWord, segmentsOf } from "./Layout.js"
import { hasLegalForm } from "./LegalForms.js"
import { isLegalLine } from "./LegalLines.js"
import { BOTTOM_REGION } from "./LegalOwner.js"
import { afterItsNumber, columnSegment, contactLine, namePart } from "./NameLines.js"
import {
  aName,
  ATTENTION,
  contactAddress,
  isParty,
  NAME_LABELS,
  NAME_QUALIFIERS,
  NAME_SHAPE,
  organisationAbove,
  partyLine,
  segmentTail
} from "./Parties.js"
import { type ReadKind, readKindOf, type ReadValue, readValue } from "./Readers.js"
import { roundedAfter } from "./Rounding.js"
import { onlySalutation } from "./Salutations.js"
import { type Candidate, type Section } from "./Section.js"
import {
  confirmedTotal,
  digitLostTotal,
  groupApartTotal,
  inTaxSummary,
  misreadDigitTotal,
  misreadTotal,
  notTheTotal,
  paidSubtotal,
  plausibleTotal
} from "./Totals.js"
import { startsWithTown } from "./Towns.js"
import { below, isLabelMark, leftOf, rightOf } from "./ValueAreas.js"

/** Words between a label in a sentence and its value, at most ("due date: 30.04.2024", "date of 30.04.2024"). */
const PROSE_REACH = 2

/** Texts wider than this fraction of the page away from their label are someone else's. */
const MAX_TEXT_DISTANCE = 0.4
const MULTI_LINE = new Set(["address", "customer", "shipping"])

const fit = (kind: ReadKind, r: ReadValue): number => {
  if (kind === "amount" || kind === "amountText") return r.decimals === false ? 0.75 : 1
  if (kind === "text") return r.words.length > 12 ? 0.7 : 1
  return 1
}

const readOptions = (section: Section, kind: ReadKind, field: LeafField, late: boolean, unit: number) => ({
  hint: section.hint,
  unit,
  last: late && (kind === "amount" || kind === "amountText"),
  ...(field.enum !== undefined ? { enumValues: field.enum } : {})
})

/** Words that qualify a label without changing what it names ("Net Total", "Grand Total", "Final Amount"). */
const MODIFIERS = new Set(["net", "nett", "grand", "final", "overall", "gross", "rounded"])

/** Whether only qualifying words stand between the label and the start of its column segment. */
const afterModifier = (m: LabelMatch): boolean => {
  let i = m.first
  while (i > 0 && gapBefore(m.row, i) <= 1.5 * m.page.unit) {
    i--
    if (!m.row.words[i]!.tokens.every((t) => MODIFIERS.has(t))) return false
  }
  return i < m.first
}

/** Words before a label in its column segment of the row, at least this many: the label ends a sentence. */
const SENTENCE_WORDS = 3

/** The indices of the words of the label's own column segment of its row. */
const segmentOfLabel = (m: LabelMatch): ReadonlyArray<number> =>
  segmentsOf(m.row, m.page.unit).find((seg) => seg.includes(m.first)) ?? []

/** How many words stand before the label in its own column segment of its row. */
const wordsBefore = (m: LabelMatch): number => segmentOfLabel(m).indexOf(m.first)

/** The text of the label's own column segment of its row. */
const labelSegment = (m: LabelMatch): string => segmentOfLabel(m).map((i) => m.row.words[i]!.text).join(" ")

/** Where a label sits in the section, 0 (its first page's top) to 1 (its last page's bottom). */
const labelPosition = (m: LabelMatch, pageIndex: number, pages: number): number =>
  (pageIndex + (m.box[1] + m.box[3]) / 2) / pages

/**
 * Whether the words beside a party's label start another field's label: a label as the page sets it out,
 * or one a figure follows ("Factuuradres   Factuurnummer 2024-0388").
 */
const startsALabel = (m: LabelMatch, words: ReadonlyArray<PlacedWord>): boolean => {
  const at = words[0] === undefined ? -1 : m.row.words.indexOf(words[0])
  // A company's name may start with a label's word ("Service 24 Ltd", "Total 4 Sports Ltd").
  if (hasLegalForm(words.map((w) => w.text).join(" "))) return false
  const hits = lexiconHits(m.page, m.row)
  // A row of labels over their values ("Nº FACTURA  FECHA  CLIENTE  ALBARÁN  FORMA DE PAGO"), however
  // closely a scan set its cells: each of its labels is one.
  const labelsRow = hits.length >= LABELS_ROW && !m.row.words.some((w) => /\d/.test(w.text))
  return at > m.last &&
    hits.some((h) => h.first === at && (h.labelLike || labelsRow || /\d/.test(m.row.words[h.last + 1]?.text ?? "")))
}

/** Labels on a row without a figure that make it a row of labels. */
const LABELS_ROW = 4

/** Whether the words are all one label of the party's own concepts, on the label's row, after a separator ("/"). */
const sameConceptLabel = (m: LabelMatch, words: ReadonlyArray<PlacedWord>, own: ReadonlySet<string>): boolean => {
  const lettered = words.filter((w) => /\p{L}/u.test(w.text))
  if (lettered.length === 0 || words.indexOf(lettered[0]!) > 1) return false
  const first = m.row.words.indexOf(lettered[0]!), last = m.row.words.indexOf(words[words.length - 1]!)
  return lexiconHits(m.page, m.row).some((h) =>
    h.first === first && h.last === last && [...h.concepts].some((c) => own.has(c))
  )
}

/** A number's sign ending a label ("n°", "No.", "Nr.", "#"). */
const NUMBER_SIGN = /^(?:n[°º]|no\.?|nr\.?|#|num[eé]ro)$/i

/**
 * The words after a label's other name set after a slash ("Facture / Note n° 2025-001733", "Invoice / Bill
 * No. 88"): the value after its number sign.
 */
const afterSlashedLabel = (words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  if (words[0]?.text !== "/") return words
  const sign = words.findIndex((w, i) => i >= 2 && i <= 3 && NUMBER_SIGN.test(w.text))
  return sign > 0 && sign < words.length - 1 && words.slice(1, sign).every((w) => /^\p{L}+$/u.test(w.text))
    ? words.slice(sign + 1)
    : words
}

/** A generic label's share of its score when a word of its own stands between it and its value. */
const QUALIFIED = 0.8

/**
 * A generic label ("Date", "Datum") with a word between it and its value on its row: the word says what
 * the value is ("Date due", "Datum Lieferung", a misread "Date duc"), and it may be another field's.
 */
const qualified = (m: LabelMatch, r: ReadValue): boolean => {
  const at = m.row.words.indexOf(r.words[0]!)
  const concepts = [...labelConcepts(m.phrase.tokens)]
  return at > m.last + 1 && concepts.length > 0 && concepts.every((c) => conceptById(c)?.generic === true) &&
    m.row.words.slice(m.last + 1, at).some((w) => /\p{L}{2}/u.test(w.text))
}

/** Whether an identifier ends with a hyphen: its end was lost ("PR0-", "CMS-2024-"). */
export const cutShort = (r: { readonly value: unknown }): boolean => /[-–]$/.test(String(r.value))

/** A value read left of its label, in a column of labels set right of their values, a little less plain than one right of it. */
const VALUE_LEFT = 0.95

/**
 * The value a label points at, right of it, left of it in a column of labels set right of their values, or in
 * its column below, with a score.
 */
const readAtLabel = (
  section: Section,
  field: LeafField,
  kind: ReadKind,
  profile: FieldProfile,
  m: LabelMatch,
  position: number
): Candidate | undefined => {
  // A generic word in running text ("removed debris from case") is no label.
  if (m.phrase.strength < 0.6 && !m.segmentStart && !m.colon) return undefined
  // A generic word starting a name ("Bank" in "Nordic Bank", "Banque Rhein") is no label of a text without its colon.
  if (m.phrase.strength < 0.6 && kind === "text" && !m.colon) return undefined
  // An amount's or a date's label inside a sentence labels only a value right after it ("… by the due date
  // 30.04.2024 …"), never one further on or below ("… 2 % Skonto innerhalb 7 Tagen bis …").
  const prose = PROSE_KINDS.has(kind) && !m.segmentStart && !m.colon && inProse(m.row)
  const own = new Set(profile.concepts)
  const late = profile.concepts.some((c) => LATE_CONCEPTS.has(c))
  // A tax or discount row prints its base before its amount ("USt. 19 % 360,00 68,40", "Rabais 10 % sur
  // 200,00 -20,00"): its amount is the row's last.
  const lastOnRow = late || profile.concepts[0] === "tax" || profile.concepts[0] === "discount"
  const options = readOptions(section, kind, field, lastOnRow, m.page.unit)
  let base = m.phrase.strength * (m.segmentStart || afterModifier(m) ? 1 : 0.7) * (m.colon ? 1.05 : 1)
  // Later totals win over earlier ones; other fields prefer their first occurrence.
  base += late ? 0.04 * position : -0.04 * position
  const party = isParty(kind, profile)
  // "Attn: Accounts Payable" names the customer's contact; the customer is the organisation on the line above.
  if (party && ATTENTION.test(m.phrase.tokens.join(" "))) {
    const organisation = organisationAbove(m)
    if (organisation !== undefined) {
      const r = readValue(kind, organisation, options)
      if (r !== undefined) return { ...r, layout: m.page, score: base * fit(kind, r) }
    }
  }
  // A party's number before its name on the label's row ("Kunde: 10023 - Müller Bau GmbH") is left out.
  const rightWords = party ? afterItsNumber(rightOf(m, own, true)).filter((w) => !isLabelMark(w)) : rightOf(m, own)
  // "Supplier legal name", "Kunde Name", "Customer Details": words that only name the label's value continue
  // the label; so does the label in another language or another word for it ("CUSTOMER / CLIENT",
  // "Auftraggeber / Rechnungsempfänger").
  const right = party && rightWords.length > 0 &&
      (rightWords.every((w) =>
        w.tokens.every((t) => NAME_LABELS.has(t) || NAME_QUALIFIERS.has(t) || HEADING_WORDS.has(t))
      ) || sameConceptLabel(m, rightWords, own))
    ? []
    : rightWords
  // A party's label starts its line or column, or ends with its colon: mid-line, "Buyer" is a word of an
  // address or a sentence ("Germany - BUYER STATE", "67890 Buyer City").
  if (party && !m.segmentStart && !m.colon && !afterModifier(m)) return undefined
  // "Verkäufer-BIC": a compound that labels the party's code; a label word without its colon inside a
  // company's legal line ("FOURNISSEUR F SARL au capital de 50 000 EUR - RCS …") is a word of its name.
  if (party && (goesOnToAnIdentifier(m) || (!m.colon && isLegalLine(labelSegment(m))))) return undefined
  // Running text after it ("Invoice to pay by wire transfer …") makes a party's label a word of a sentence,
  // whatever other fields' labels the sentence holds ("pay").
  const tail = segmentTail(m)
  const sentence = (words: ReadonlyArray<PlacedWord>) =>
    words.length > 0 && shapeOf("text", words.map((w) => w.text).join(" ")) < NAME_SHAPE
  if (party && (sentence(right) || (right.length > 0 || tail.length > rightWords.length) && sentence(tail))) {
    return undefined
  }
  // "Buyer contact name, …": the party's contact person, not the party; its name is on a line below. A
  // street, postcode or town beside a party's heading is another block's line ("Bill To   Asheville, NC 28801");
  // an e-mail or web address beside it is the party's, and its name is below.
  const named = party ? namePart(right) : kind === "id" ? afterSlashedLabel(right) : right
  const beside = party &&
      (contactLine(right) || isStreetLine(named.map((w) => w.text).join(" ")) ||
        startsWithTown(right.map((w) => w.text).join(" ")) || contactAddress(right) || startsALabel(m, named))
    ? undefined
    : readValue(kind, named, options)
  const r = beside ??
    (kind === "date" ? withYearBelow(m, named, (words) => readValue(kind, words, options)) : undefined)
  if (prose) {
    return r !== undefined && m.row.words.indexOf(r.words[0]!) <= m.last + PROSE_REACH
      ? { ...r, layout: m.page, score: base * fit(kind, r) }
      : undefined
  }
  const besideHeading = party && r !== undefined && headsAnotherColumn(m, r)
  if (r !== undefined && !besideHeading) {
    const dx = Math.max(0, r.words[0]!.box[0] - m.box[2])
    if (!(kind === "text" && dx > MAX_TEXT_DISTANCE)) {
      const read = kind === "text" && profile.concepts[0] === "address"
        ? addressGoesOn(m, r)
        : kind === "id"
        ? cutByOcr(m, brokenAtHyphen(m, startedAboveAtHyphen(m, r)))
        : r
      const near = 1 - 0.3 * Math.min(1, dx / 0.6)
      return { ...read, layout: m.page, score: base * near * fit(kind, read) * (qualified(m, r) ? QUALIFIED : 1) }
    }
  }
  // A column of labels set right of their values ("24-0318   Rechnung Nr."): the value is the cell before the label.
  if (!party && r === undefined) {
    const left = leftOf(m, own)
    const read = left.length > 0 ? readValue(kind, left, options) : undefined
    if (read !== undefined) return { ...read, layout: m.page, score: base * VALUE_LEFT * fit(kind, read) }
  }
  // A party heading alone on its row ("Verkäufer", "Käufer/Leistungsempfänger") heads a block of labelled lines;
  // a label another field's label follows in its segment ("Invoice to pay …") is no heading.
  const heading = party && (right.length === 0 || besideHeading) && tail.length <= rightWords.length
  const areas = below(
    m,
    own,
    kind === "text" && (party || profile.concepts.some((c) => MULTI_LINE.has(c))) ? 5 : 2,
    heading,
    party
  )
  // A party's label that another header cell precedes on its row ("Numéro  Date  Client"): the words
  // below that start under that cell are its column's value, not the party's ("12/07/2024").
  const cellBefore = party && m.segmentStart && m.first > 0 ? m.row.words[m.first - 1]!.box[2] : undefined
  for (const area of areas) {
    const inColumn = cellBefore === undefined ? area.words : area.words.filter((w) => w.box[0] >= cellBefore)
    // Under a party's heading, "Name: …" is its name and "Nummer: …", "Contact: …" are other fields.
    const line = party ? partyLine(inColumn) : inColumn
    // A party's name may wrap onto the next line of its block ("… S.n.c. di Bortolin" over "Marco & C.").
    const words = party && line !== undefined ? wrappedName(m.page, namePart(line)) : line
    if (words === undefined || words.length === 0) continue
    // A contact person's line, a street or a line that only addresses ("Frau", "Herrn", "Firma") under the
    // party's label is not the party's name.
    if (party && (contactLine(words) || isStreetLine(words.map((w) => w.text).join(" ")) || onlySalutation(words))) {
      continue
    }
    const read = readValue(kind, words, options)
    // Read apart from another column's cells on its row, the line may still only address ("Frau   R 31-0662"),
    // or hold only another field's label, its value a column further ("Période        mai 2025").
    if (read === undefined || (party && (onlySalutation(read.words) || anotherFieldsLabel(m.page, read.words, own)))) {
      continue
    }
    const v = kind === "id" ? cutByOcr(m, startedAboveAtHyphen(m, read)) : read
    if (kind === "text" && profile.concepts[0] === "address") {
      // An address runs over the lines below its label: take every line of the column.
      const words = areas.filter((a) => a.depth >= area.depth).flatMap((a) => a.words)
      return { value: addressText(words), words, layout: m.page, score: base * 0.85 }
    }
    // A name its own label introduces under the party's heading is as plain as a value beside its label.
    const named = party && words.length < inColumn.length
    return { ...v, layout: m.page, score: base * (named ? 1.05 : area.depth === 1 ? 0.85 : 0.7) * fit(kind, v) }
  }
  return undefined
}

/** Whether the words are only a label of other concepts than the field's, set as a label ("Contrat", "Période"). */
const anotherFieldsLabel = (page: PageLayout, words: ReadonlyArray<PlacedWord>, own: ReadonlySet<string>): boolean => {
  const row = page.rows.find((r) => r.words.includes(words[0]!))
  if (row === undefined) return false
  const first = row.words.indexOf(words[0]!), last = row.words.indexOf(words[words.length - 1]!)
  return lexiconHits(page, row).some((h) =>
    h.labelLike && h.first === first && h.last === last && [...h.concepts].every((c) => !own.has(c))
  )
}

/** A gap this many text heights wide, or wider, sets a word in another column than the label's. */
const OTHER_COLUMN = 3

/**
 * Whether the one word read beside a party's label heads another column ("INVOICE TO      VEHICLE"): set
 * apart in the label's own capitals, no company's name, with a company named under the label in its column.
 */
const headsAnotherColumn = (m: LabelMatch, r: ReadValue): boolean => {
  // "SOLD TO:  COSTCO": a label with its colon labels what follows it on its row.
  if (r.words.length !== 1 || m.colon) return false
  const word = r.words[0]!
  const label = m.row.words.slice(m.first, m.last + 1).map((w) => w.text).join(" ")
  if (word.box[0] - m.box[2] < OTHER_COLUMN * m.page.unit || hasLegalForm(word.text)) return false
  if (!(label === label.toUpperCase() && word.text === word.text.toUpperCase() && /\p{Lu}{3}/u.test(word.text))) {
    return false
  }
  const next = m.page.rows[m.row.index + 1]
  const under = next === undefined ? undefined : columnSegment(m.page, next, m.box[0])
  return under !== undefined && hasLegalForm(under.map((w) => w.text).join(" "))
}

/** A label below this strength is one of its concept's weak words. */
const STRONG_LABEL = 0.6

/**
 * The best labelled reading of a leaf in the section, if any label leads to a value of the right
 * kind. A document's total is the largest of its plausible total rows (a subtotal or an item-count
 * total comes before it), never a tax summary's total.
 */
export const readLabelled = (
  section: Section,
  field: LeafField,
  path: ReadonlyArray<string>,
  profile = fieldProfile(path, field.description),
  /** A value the field cannot have at a label (the issuer's own name, for the customer). */
  excluded: (value: string, label: string) => boolean = () => false
): Candidate | undefined => {
  const kind = readKindOf(field, profile.concepts)
  const own = new Set(profile.concepts)
  const total = profile.concepts[0] === "total" && kind === "amount"
  const party = isParty(kind, profile)
  const customer = party && profile.concepts[0] === "customer"
  // On a till receipt the store is the issuer; "Vendeur" or "Seller" there names the salesperson.
  const staffNotIssuer = profile.concepts[0] === "issuer" && section.documentType !== undefined &&
    documentTypeProfile(section.documentType).key === "receipt"
  const address = kind === "text" && profile.concepts[0] === "address"
  const taxAmount = profile.concepts[0] === "tax" && (kind === "amount" || kind === "amountText")
  // The customer's tax number, e-mail or phone is labelled as the customer's ("N° TVA client"): not the issuer's.
  const notTheCustomers = CUSTOMER_QUALIFIED.has(kind) &&
    !profile.concepts.some((c) => c === "customer" || c === "shipping")
  const all: Array<Candidate> = []
  // Total rows read with a lost decimal mark: candidates only a confirmation can choose.
  const misread: Array<Candidate> = []
  const n = section.layouts.length
  section.layouts.forEach((layout, pi) => {
    for (const m of findLabels(layout, profile.phrases, own)) {
      if (staffNotIssuer && labelConcepts(m.phrase.tokens).has("staff")) continue
      if (notTheCustomers && customersLabel(m)) continue
      // A footer's "Inhaber: …" names the issuer's owner: a weak label of the customer there names no customer.
      if (customer && m.phrase.strength < STRONG_LABEL && m.row.box[1] >= BOTTOM_REGION) continue
      // Nor is a weak label ending a sentence ("Payment within 14 days by bank transfer to:"): what follows
      // is whom the money goes to.
      if (customer && m.phrase.strength < STRONG_LABEL && wordsBefore(m) >= SENTENCE_WORDS) continue
      // "Total (incl. VAT)", "Summe ohne USt.": a tax named to say an amount includes it or not is not the tax;
      // nor is the tax of "TAX INVOICE", of "SUBTOTAL (GST)", or an item table's tax column.
      if (
        taxAmount &&
        (inclusionOf(m) || namesTheDocument(m) || namesATaxNumber(m) || qualifiesAnother(m) || itemHeader(m))
      ) continue
      // An item table's header ("Datum  Leistung  Anzahl  Betrag") heads the items' columns: its amount is
      // no total, its date no date of the document.
      if (itemTableHeader(m.page, m.row)) continue
      // A label over a column of dates heads a table's dates (a service log's "Datum"), none the document's.
      if ((kind === "date" || kind === "dateText") && headsAColumnOfDates(m)) continue
      const position = labelPosition(m, pi, n)
      const c = readAtLabel(section, field, kind, profile, m, position)
      const lost = total && !inTaxSummary(m) ? misreadTotal(m, own, c) : undefined
      if (lost !== undefined) {
        misread.push({ ...lost, score: c?.score ?? m.phrase.strength * (m.segmentStart ? 1 : 0.7) })
      }
      // A row read with a lost decimal mark has no plain reading: "RM 9 30" is neither 9 nor 30.
      if (c === undefined || (lost !== undefined && c.decimals !== true)) continue
      if (total && notTheTotal(m, c)) continue
      if (
        party && typeof c.value === "string" &&
        (!aName(c.value, c.words) || excluded(c.value, m.phrase.tokens.join(" ")))
      ) continue
      // An address has a street, a postcode or a number among several words ("Adresse : voir ci-dessous" has none).
      if (address && !looksLikeAddress(String(c.value))) continue
      // Page numbering, a label, or escapes a program printed ("'\\r\\n' &#xA") are no text's value.
      if (kind === "text" && shapeOf("text", String(c.value)) === 0) continue
      if (kind === "id" && cutShort(c)) continue
      all.push({ ...c, label: m.phrase.tokens.join(" "), strength: m.phrase.strength, at: m })
    }
  })
  // A total of nothing beside totals of something is what is left after paying ("Balance due 0.00").
  if (total && all.some((c) => typeof c.value === "number" && c.value !== 0)) {
    for (let i = all.length - 1; i >= 0; i--) if (all[i]!.value === 0) all.splice(i, 1)
  }
  let best: Candidate | undefined
  for (const c of all) if (best === undefined || c.score > best.score) best = c
  if (total && best === undefined) {
    best = misread.reduce<Candidate | undefined>((a, c) => (a === undefined || c.score > a.score ? c : a), undefined)
    if (best === undefined) {
      return paidSubtotal(section, (m, pi) => readAtLabel(section, field, kind, profile, m, labelPosition(m, pi, n)))
    }
  }
  if (best === undefined) return undefined
  if (total) {
    // The total its section's own sums confirm, else the most plausible; either may still be rounded on
    // the rows under it.
    const confirmed = confirmedTotal(section, all, best, misread)
    if (confirmed === undefined && all.length === 0) return undefined
    const plausible = confirmed ?? plausibleTotal(all, best)
    const before = confirmed ?? digitLostTotal(section, plausible) ?? groupApartTotal(section, plausible) ??
      misreadDigitTotal(section, all, plausible) ?? plausible
    const rounded = roundedAfter(section, before)
    if (rounded !== undefined) return { ...rounded, rival: 0 }
    if (confirmed !== undefined) return confirmed
    best = before
  }
  const chosen = best
  const others = all.filter((c) => String(c.value) !== String(chosen.value))
  return {
    ...chosen,
    rival: Math.max(0, ...others.map((c) => c.score)),
    agreed: all.some((c) => c !== chosen && String(c.value) === String(chosen.value) && c.at?.row !== chosen.at?.row)
  }
}
