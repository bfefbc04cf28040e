/**
 * The local (deterministic, offline) extractor: every leaf of the
 * template is looked for by its labels on the section's pages, read right of or below the label,
 * typed, scored, and grounded on the words it came from; unlabelled fallbacks fill what labels miss.
 */
import { Effect, Layer } from "effect"
import type { ExtractedObject, ExtractedValue, Grounded } from "../../Domain/Extraction.js"
import type { Field, LeafField, TemplateSpec } from "../../Domain/FieldTree.js"
import { type PageModel, pageText, unionBox } from "../../Domain/PageModel.js"
import { Pacer } from "../../lib/Pacer.js"
import { documentTypeProfile } from "../../Text/DocumentTypes.js"
import { inferDateOrder } from "../../Text/Values.js"
import {
  conceptById,
  conceptPhrases,
  type FieldProfile,
  fieldProfile,
  labelConcepts,
  LATE_CONCEPTS
} from "../../Text/Vocabulary.js"
import { Extractor } from "../Engine.js"
import { addressGoesOn, addressText, blockNameHolding, customerAddress } from "./AddressBlocks.js"
import { readAddress } from "./AddressReading.js"
import { wrappedName } from "./CompanyNames.js"
import { confidenceOf, type Evidence, groupOf, shapeOf, wordsEvidence } from "./Confidence.js"
import { brokenAtHyphen, cutByOcr, startedAboveAtHyphen, withYearBelow } from "./Continued.js"
import { remembered } from "./ExtractionMemo.js"
import { fallbackValue, nameFound } from "./Fallbacks.js"
import { itemCountOf } from "./ItemCount.js"
import {
  CUSTOMER_QUALIFIED,
  customersLabel,
  inclusionOf,
  inProse,
  itemHeader,
  itemTableHeader,
  namesATaxNumber,
  namesTheDocument,
  PROSE_KINDS,
  qualifiesAnother,
  unreadDateLabel
} from "./LabelContext.js"
import {
  below,
  findLabels,
  goesOnToAnIdentifier,
  isLabelMark,
  type LabelMatch,
  lexiconHits,
  rightOf
} from "./Labels.js"
import { gapBefore, layoutOf, type PlacedWord, type Row, segmentsOf } from "./Layout.js"
import { isLegalLine } from "./LegalLines.js"
import { BOTTOM_REGION, marketplaceBrand } from "./Letterhead.js"
import { readLineItems } from "./LineItems.js"
import {
  afterItsNumber,
  columnSegment,
  contactLine,
  endsWithLegalForm,
  hasLegalForm,
  isStreetLine,
  looksLikeAddress,
  namePart,
  onlySalutation
} from "./NameLines.js"
import {
  aName,
  ATTENTION,
  contactAddress,
  isParty,
  NAME_LABELS,
  NAME_QUALIFIERS,
  NAME_SHAPE,
  organisationAbove,
  partyAddressOf,
  partyLine,
  sameName,
  segmentTail
} from "./Parties.js"
import { partyShaped, type ReadKind, readKindOf, type ReadValue, readValue } from "./Readers.js"
import { roundedAfter } from "./Rounding.js"
import { type Candidate, type Found, rememberedPerSection, type Section } from "./Section.js"
import { titleLine } from "./TitleLine.js"
import {
  confirmedTotal,
  digitLostTotal,
  inTaxSummary,
  misreadTotal,
  notTheTotal,
  paidSubtotal,
  plausibleTotal
} from "./Totals.js"
import { startsWithTown } from "./Towns.js"

/** The section's pages, laid out, with the day/month order its dates use. */
export const sectionOf = (model: PageModel, pages: ReadonlyArray<number>, documentType?: string): Section => {
  const wanted = new Set(pages)
  const chosen = model.pages.filter((p) => wanted.has(p.page))
  return {
    layouts: chosen.map(layoutOf),
    hint: inferDateOrder(chosen.map(pageText)),
    ...(documentType !== undefined ? { documentType } : {})
  }
}

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

/** The text of the label's own column segment of its row. */
const labelSegment = (m: LabelMatch): string =>
  (segmentsOf(m.row, m.page.unit).find((seg) => seg.includes(m.first)) ?? [])
    .map((i) => m.row.words[i]!.text).join(" ")

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
  return at > m.last &&
    lexiconHits(m.page, m.row).some((h) =>
      h.first === at && (h.labelLike || /\d/.test(m.row.words[h.last + 1]?.text ?? ""))
    )
}

/**
 * A company's name its column wrapped before its legal form ("Koeriersdienst" over "Snel B.V."): the
 * line right under it, starting where it starts, whose first words end with the legal form the name lacks,
 * when the name's line could not have held the next word (it would have run past the widest line of the
 * address under it). "John Smith" over "Acme Ltd" are a contact and a company.
 */
const withLegalFormBelow = <F extends Found>(found: F): F => {
  const first = found.words[0], end = found.words[found.words.length - 1]
  if (first === undefined || end === undefined || hasLegalForm(String(found.value))) return found
  const layout = found.layout
  const row = layout.rows.find((r) => r.words.includes(first))
  const next = row === undefined ? undefined : layout.rows[row.index + 1]
  if (row === undefined || next === undefined || next.box[1] - row.box[3] > layout.unit) return found
  const inColumn = (r: Row | undefined) =>
    r === undefined ? undefined : columnSegment(layout, r, first.box[0], layout.unit)
  const seg = inColumn(next) ?? []
  // The address lines under it show the column's width (up to another column's label set close after them).
  const rightEdge = (r: Row | undefined): number => {
    const ws = r === undefined ? undefined : inColumn(r)
    if (r === undefined || ws === undefined) return 0
    const label = lexiconHits(layout, r).map((h) => r.words[h.first]!).find((w) => ws.indexOf(w) > 0)
    const own = label === undefined ? ws : ws.slice(0, ws.indexOf(label))
    return own.at(-1)?.box[2] ?? 0
  }
  const widest = Math.max(0, ...[1, 2, 3].map((k) => rightEdge(layout.rows[next.index + k])))
  const wouldReach = end.box[2] + (seg[0] === undefined ? 0 : seg[0].box[2] - seg[0].box[0]) + 0.3 * layout.unit
  if (widest === 0 || wouldReach <= widest) return found
  // Its words up to the legal form, whatever another column set close after them ("Snel B.V. Factuurdatum").
  for (let k = Math.min(seg.length, MAX_WRAPPED_WORDS); k >= 1; k--) {
    const text = seg.slice(0, k).map((w) => w.text).join(" ")
    if (endsWithLegalForm(text)) {
      return { ...found, value: `${String(found.value)} ${text}`, words: [...found.words, ...seg.slice(0, k)] }
    }
  }
  return found
}

/** Words of a name's wrapped end, its legal form included. */
const MAX_WRAPPED_WORDS = 4

/** Words after a party's label that make it a heading ("Customer Details", "Kundendaten", "Coordonnées"). */
const HEADING_WORDS: ReadonlySet<string> = new Set([
  "details",
  "detail",
  "information",
  "informations",
  "info",
  "daten",
  "angaben",
  "coordonnees",
  "gegevens",
  "datos",
  "dati"
])

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

/** The value a label points at, right of it or in its column below, with a score. */
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
  // the label.
  const right = party && rightWords.length > 0 &&
      rightWords.every((w) =>
        w.tokens.every((t) => NAME_LABELS.has(t) || NAME_QUALIFIERS.has(t) || HEADING_WORDS.has(t))
      )
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
  const named = party ? namePart(right) : right
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
  if (r !== undefined) {
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
  // A party heading alone on its row ("Verkäufer", "Käufer/Leistungsempfänger") heads a block of labelled lines;
  // a label another field's label follows in its segment ("Invoice to pay …") is no heading.
  const heading = party && right.length === 0 && tail.length <= rightWords.length
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
    if (read === undefined) continue
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

/**
 * The best labelled reading of a leaf in the section, if any label leads to a value of the right
 * kind. A document's total is the largest of its plausible total rows (a subtotal or an item-count
 * total comes before it), never a tax summary's total.
 */
export const readLabelled = (
  section: Section,
  field: LeafField,
  path: ReadonlyArray<string>,
  profile = fieldProfile(path, field.description)
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
      // "Total (incl. VAT)", "Summe ohne USt.": a tax named to say an amount includes it or not is not the tax;
      // nor is the tax of "TAX INVOICE", of "SUBTOTAL (GST)", or an item table's tax column.
      if (
        taxAmount &&
        (inclusionOf(m) || namesTheDocument(m) || namesATaxNumber(m) || qualifiesAnother(m) || itemHeader(m))
      ) continue
      // An item table's header ("Datum  Leistung  Anzahl  Betrag") heads the items' columns: its amount is
      // no total, its date no date of the document.
      if (itemTableHeader(m.page, m.row)) continue
      const position = labelPosition(m, pi, n)
      const c = readAtLabel(section, field, kind, profile, m, position)
      const lost = total && !inTaxSummary(m) ? misreadTotal(m, own, c) : undefined
      if (lost !== undefined) {
        misread.push({ ...lost, score: c?.score ?? m.phrase.strength * (m.segmentStart ? 1 : 0.7) })
      }
      // A row read with a lost decimal mark has no plain reading: "RM 9 30" is neither 9 nor 30.
      if (c === undefined || (lost !== undefined && c.decimals !== true)) continue
      if (total && notTheTotal(m, c)) continue
      if (party && typeof c.value === "string" && !aName(c.value, c.words)) continue
      // An address has a street, a postcode or a number among several words ("Adresse : voir ci-dessous" has none).
      if (address && !looksLikeAddress(String(c.value))) continue
      // Page numbering, a label, or escapes a program printed ("'\\r\\n' &#xA") are no text's value.
      if (kind === "text" && shapeOf("text", String(c.value)) === 0) continue
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
    const before = confirmed ?? digitLostTotal(section, plausible) ?? plausible
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

/** A label below this strength is one of its concept's weak words. */
const STRONG_LABEL = 0.6

/** Labels naming the seller of goods, which a marketplace's invoice prints beside its own brand. */
const SELLER_LABELS: ReadonlySet<string> = new Set([
  "sold by",
  "seller",
  "verkaufer",
  "vendu par",
  "vendeur",
  "verkocht door",
  "vendido por",
  "venduto da",
  "venditore",
  "dijual oleh"
])

const grounded = (f: Found, kind: ReadKind, concept: string | undefined, evidence: Evidence): Grounded => ({
  value: f.value,
  page: f.layout.page.page,
  box: unionBox(f.words.map((w) => w.box)),
  confidence: confidenceOf(groupOf(kind, concept), evidence),
  evidence: { ...evidence, group: groupOf(kind, concept) }
})

const clamp01 = (x: number) => Math.min(1, Math.max(0, x))

const squeeze = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")

/**
 * Whether a name is written again on another row of the section (a company's name in its letterhead
 * and its footer, a customer's in the address and the greeting): a label's neighbour seldom is.
 */
const writtenElsewhere = (section: Section, found: Found): boolean => {
  const name = squeeze(String(found.value))
  if (name.length < 6) return false
  const own = new Set(found.words)
  return section.layouts.some((layout) =>
    layout.rows.some((row) =>
      !row.words.some((w) => own.has(w)) && squeeze(row.words.map((w) => w.text).join(" ")).includes(name)
    )
  )
}

/** Fields a title line states ("Rechnung Nr. 123 vom 03.06.2025"): the document's number and its date. */
const TITLE_NUMBERS = new Set(["invoice_number", "receipt_number", "document_number"])
const TITLE_DATES = new Set(["date", "invoice_date", "purchase_date"])
/** A title line's number or date is as plain as a labelled value's. */
const TITLE_SCORE = 1

/** The title line's reading of a field, as a candidate beside the labelled ones. */
const fromTitle = (section: Section, kind: ReadKind, concept: string | undefined): Candidate | undefined => {
  const wantsNumber = concept !== undefined && TITLE_NUMBERS.has(concept) && (kind === "id" || kind === "text")
  const wantsDate = concept !== undefined && TITLE_DATES.has(concept) && kind === "date"
  if (!wantsNumber && !wantsDate) return undefined
  const title = titleLine(section)
  const found = wantsNumber ? title?.number : title?.date
  return found === undefined ? undefined : { ...found, score: TITLE_SCORE }
}

/** The title line's candidate against the labelled one: the better wins, the other is its rival or its agreement. */
const withTitle = (labelled: Candidate | undefined, title: Candidate | undefined): Candidate | undefined => {
  if (title === undefined) return labelled
  if (labelled === undefined) return { ...title, rival: 0, agreed: false }
  const same = String(labelled.value) === String(title.value)
  if (same) return { ...labelled, agreed: true }
  return title.score > labelled.score
    ? { ...title, rival: labelled.score, agreed: false }
    : { ...labelled, rival: Math.max(labelled.rival ?? 0, title.score) }
}

/**
 * A field's profile as the extraction reads it. The customer's (or consignee's) e-mail, IBAN, phone or
 * tax number is read at the customer's own labels only: an "E-mail:" or "Tel:" label elsewhere on the page, or the
 * first address anywhere, is most often the issuer's. A party's address is an address, never the party's
 * name: the issuer's is read as the document's address (its letterhead's), the customer's from its block.
 */
const profileOf = (
  field: LeafField,
  path: ReadonlyArray<string>
): { profile: FieldProfile; ownOnly: boolean; customerAddress: boolean } => {
  const profile = fieldProfile(path, field.description)
  const party = partyAddressOf(path, profile)
  if (party === "issuer") return { profile: fieldProfile(["address"]), ownOnly: false, customerAddress: false }
  if (party === "customer") return { profile, ownOnly: true, customerAddress: true }
  const named = field.type === "string" ? partyShaped(profile.concepts) : undefined
  const ownOnly = named !== undefined && (named.party === "customer" || named.party === "shipping")
  return {
    profile: ownOnly ? { ...profile, phrases: conceptPhrases(named.party) } : profile,
    ownOnly,
    customerAddress: false
  }
}

/** A value read at a label (`found`: what was kept of it), with the label's evidence. */
const fromLabel = (
  found: Found,
  labelled: Candidate,
  kind: ReadKind,
  concept: string | undefined,
  profile: FieldProfile,
  agrees: boolean
): Grounded => {
  const read = asAddress(found, kind, concept)
  return grounded(read, kind, concept, {
    labelled: 1,
    score: clamp01(labelled.score),
    margin: labelled.score <= 0 ? 0 : clamp01(1 - (labelled.rival ?? 0) / labelled.score),
    meaning: profile.meaning,
    tabular: 0,
    agrees: agrees ? 1 : 0,
    ...wordsEvidence(kind, read.value, read.words)
  })
}

/** A value found by its place on the page, with no label. */
const fromPlace = (
  found: Found & { readonly agreed?: boolean },
  kind: ReadKind,
  concept: string | undefined,
  profile: FieldProfile
): Grounded => {
  const read = asAddress(found, kind, concept)
  return grounded(read, kind, concept, {
    labelled: 0,
    score: 0,
    margin: found.margin ?? 0.5,
    meaning: profile.meaning,
    tabular: 0,
    agrees: found.agreed === true ? 1 : 0,
    ...wordsEvidence(kind, read.value, read.words)
  })
}

/** An address's value read through its OCR misreads; any other value as found. */
const asAddress = <F extends Found>(found: F, kind: ReadKind, concept: string | undefined): F =>
  kind === "text" && concept === "address" ? readAddress(found) : found

/** The customer's address from its address block, or null: never the customer's name. */
const customerAddressValue = (
  section: Section,
  field: LeafField,
  path: ReadonlyArray<string>,
  kind: ReadKind,
  profile: FieldProfile
): Grounded | null => {
  if (kind !== "text") return null
  const found = customerAddress(section)
  if (found !== undefined) {
    return fromPlace(
      { value: found.words.map((w) => w.text).join(" "), words: found.words, layout: found.layout },
      kind,
      "address",
      profile
    )
  }
  // No address block: the customer's labels that name an address ("Billing address: 9 Example Road, …").
  const phrases = conceptPhrases("customer").filter((p) => p.tokens.some((t) => ADDRESS_LABEL.test(t)))
  const labelled = readLabelled(section, field, path, { concepts: ["address"], phrases, meaning: profile.meaning })
  return labelled === undefined
    ? null
    : fromLabel(labelled, labelled, kind, "address", profile, labelled.agreed === true)
}

/** A label word that names an address, in the supported languages ("rechnungsadresse", "anschrift"). */
const ADDRESS_LABEL = /address|adres|anschrift|direccion|indirizzo|endereco|alamat/

/** The section's items counted, as the field's kind writes a number. */
const countedItems = (section: Section, kind: ReadKind): Grounded | null => {
  const counted = itemCountOf(section)
  if (counted === undefined) return null
  const value = kind === "amountText" || kind === "text" ? String(counted.count) : counted.count
  return { value, page: counted.page, box: counted.box, confidence: counted.confidence }
}

const ISSUER_FIELD: LeafField = { kind: "leaf", name: "issuer", type: "string" }

/** The issuer's name as the engine reads it for the section, whatever the template asks. */
const issuerOf = rememberedPerSection((section) => readLeaf(section, ISSUER_FIELD, ["issuer"])?.value)

const extractLeaf = (section: Section, field: LeafField, path: ReadonlyArray<string>): Grounded | null => {
  const value = readLeaf(section, field, path)
  if (value === null || typeof value.value !== "string") return value
  // The customer is never the issuer: the issuer's own name read as the customer's came from its sender line.
  const issuer = profileOf(field, path).profile.concepts[0] === "customer" ? issuerOf(section) : undefined
  return typeof issuer === "string" && sameName(issuer, value.value) ? null : value
}

const readLeaf = (section: Section, field: LeafField, path: ReadonlyArray<string>): Grounded | null => {
  const { customerAddress: customersAddress, ownOnly, profile } = profileOf(field, path)
  const kind = readKindOf(field, profile.concepts)
  if (customersAddress) return customerAddressValue(section, field, path, kind, profile)
  const labelled = withTitle(readLabelled(section, field, path, profile), fromTitle(section, kind, profile.concepts[0]))
  if (labelled !== undefined) {
    // "Sold by" on a marketplace's document names the seller; the document is the brand's.
    const brand = profile.concepts[0] === "issuer" && labelled.label !== undefined && SELLER_LABELS.has(labelled.label)
      ? marketplaceBrand(section, labelled.words)
      : undefined
    // A customer label inside an address block ("… Buyer line 2") read a line of the address beside it, not
    // its name. A name under its heading is the name, whatever block the lines above may seem to make.
    const beside = labelled.at !== undefined && labelled.words.every((w) => labelled.at!.row.words.includes(w))
    const block = profile.concepts[0] === "customer" && kind === "text" && labelled.label !== undefined && beside
      ? blockNameHolding(section, labelled.words)
      : undefined
    const named = brand ?? (block === undefined ? labelled : { ...labelled, ...nameFound(block) })
    const found = isParty(kind, profile) ? withLegalFormBelow(named) : named
    const repeated = kind === "text" && writtenElsewhere(section, found)
    return fromLabel(found, labelled, kind, profile.concepts[0], profile, labelled.agreed === true || repeated)
  }
  // A count of the items: the item table's rows counted, never one item's quantity; a total quantity
  // only where the document prints it.
  if (profile.concepts[0] === "item_count") return countedItems(section, kind)
  if (profile.concepts[0] === "total_quantity") return null
  // The document's date under a label of its own that could not be read ("Invoice Date  1 0Ja2nuary"): any
  // other date of the page is some other date's.
  if (kind === "date" && unreadDateLabel(section, profile)) return null
  const fallback = ownOnly ? undefined : fallbackValue(section, field, kind, profile.concepts)
  if (fallback === undefined || fallback.words.length === 0) return null
  return fromPlace(fallback, kind, profile.concepts[0], profile)
}

const extractField = (section: Section, field: Field, parents: ReadonlyArray<string>): ExtractedValue => {
  const path = [...parents, field.name]
  switch (field.kind) {
    case "leaf":
      return extractLeaf(section, field, path)
    case "object":
      return extractFields(section, field.fields, path)
    case "array":
      return readLineItems(section, field.item, path)
  }
}

const extractFields = (
  section: Section,
  fields: ReadonlyArray<Field>,
  parents: ReadonlyArray<string>
): ExtractedObject => Object.fromEntries(fields.map((f) => [f.name, extractField(section, f, parents)]))

/** The local extraction of a template from a section of a document: pure and deterministic. */
export const extractSection = (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec): ExtractedObject =>
  extractFields(sectionOf(model, pages, spec.documentType), spec.fields, [])

/**
 * The local extractor; a document extracted again with the same template gets its values from memory.
 * Sections are extracted on the server's thread, other requests served between them once a slice of
 * work has run (lib/Pacer.ts).
 */
export const LocalExtractor: Layer.Layer<Extractor> = Layer.effect(
  Extractor,
  Effect.map(Pacer, ({ pace }) => {
    const extract = remembered(extractSection)
    return {
      extract: (model, pages, spec) =>
        Effect.zipRight(pace, Effect.sync(() => extract(model, pages, spec))).pipe(
          Effect.withSpan("Extractor.extract", {
            attributes: { engine: "local", templateId: spec.templateId, pages: pages.length }
          })
        )
    }
  })
).pipe(Layer.provide(Pacer.Default))
