/**
 * What a label's surroundings say about it: whether its row is a sentence, whether words beside it make
 * it part of a saying about another amount ("incl. VAT"), the document's title ("TAX INVOICE"), another
 * concept's row ("SUBTOTAL (GST)"), an item table's header, or the customer's own label ("N° TVA client").
 */
import { misreadDistance } from "../../Text/Misreads.js"
import { leavesBracketOpen } from "../../Text/Tokens.js"
import { type FieldProfile, labelConcepts } from "../../Text/Vocabulary.js"
import { findLabels, firstLabelConcepts, type LabelMatch, lexiconHits } from "./Labels.js"
import { holdsCents, type PageLayout, type Row } from "./Layout.js"
import { isInclusionWord } from "./Qualifiers.js"
import { type ReadKind, readValue } from "./Readers.js"
import type { Section } from "./Section.js"
import { rightOf } from "./ValueAreas.js"

export const PROSE_KINDS: ReadonlySet<ReadKind> = new Set(["amount", "amountText", "date", "dateText"])

/** A row of running text: eight words or more, six of them words of letters alone. */
export const inProse = (row: Row): boolean =>
  row.words.length >= 8 && row.words.filter((w) => /^\p{L}{2,}[,.;:]?$/u.test(w.text)).length >= 6

/** A label a word before it makes part of a saying about another amount ("inkl. USt.", "excl. VAT"). */
export const inclusionOf = (m: LabelMatch): boolean =>
  m.row.words.slice(Math.max(0, m.first - 2), m.first).some((w) => isInclusionWord(w.text))

/** A tax's name before a tax number ("TVA :FR 05 123 456 789", "VAT: GB123456789"): the number's label. */
export const namesATaxNumber = (m: LabelMatch): boolean =>
  /^:?\s*[A-Z]{2}\s?\d{2}/.test(m.row.words.slice(m.last + 1, m.last + 3).map((w) => w.text).join(" "))

/** Words of a document's title a tax word starts ("TAX INVOICE", "Steuerrechnung"), OCR's slips allowed. */
const TITLE_WORDS = ["invoice", "receipt", "rechnung", "facture"]

export const namesTheDocument = (m: LabelMatch): boolean => {
  const next = m.row.words[m.last + 1]?.tokens[0]
  return next !== undefined && TITLE_WORDS.some((t) => misreadDistance(next, t) <= 2)
}

/**
 * A tax's name in brackets or with an inclusion word after a total's label on its row ("SUBTOTAL (GST)",
 * "Total (reverse charge, VAT 0%)", "Total GST incl."): it says what the total holds. "Total MwSt. 20,00" is the tax's own total.
 */
export const qualifiesAnother = (m: LabelMatch): boolean => {
  const first = lexiconHits(m.page, m.row)[0]
  if (first === undefined || first.last >= m.first || first.concepts.has("tax")) return false
  if (!first.concepts.has("total") && !first.concepts.has("subtotal")) return false
  // Inside a bracket opened after the total's label: "(GST)", "(reverse charge, VAT 0%)".
  const before = m.row.words.slice(first.last + 1, m.first).map((w) => w.text).join(" ") +
    (/^\(/.test(m.row.words[m.first]!.text) ? "(" : "")
  const bracketed = leavesBracketOpen(before)
  const next = m.row.words[m.last + 1]?.text
  return bracketed || (next !== undefined && isInclusionWord(next))
}

/**
 * A label on a table's header row: an item table's ("Qty  Price  Amount  Tax") or a tax breakdown's, one row
 * per rate ("Basis  Rate [%]  Tax amount"). A column, not the document's value.
 */
export const itemHeader = (m: LabelMatch): boolean => {
  const hits = lexiconHits(m.page, m.row)
  const header = !m.row.words.some((w) => /\d/.test(w.text))
  return itemHeaderRow(m.page, m.row) ||
    (header && hits.length >= 2 && hits.some((h) => h.concepts.has("tax_rate")))
}

/** An item table's header row ("Pos  Leistung  Menge  Betrag"): a quantity's column with a price's or an amount's. */
export const itemHeaderRow = (layout: PageLayout, row: Row): boolean => {
  const concepts = new Set(lexiconHits(layout, row).flatMap((h) => [...h.concepts]))
  return concepts.has("quantity") && (concepts.has("unit_price") || concepts.has("line_amount"))
}

/** Lines of an item's description wrapped under its first row, at most, before the next item. */
const WRAPPED_LINES = 2
/** Rows of sums and payments, never an item ("Deposit received -500.00" under a summary's one row). */
const SUM_ROWS: ReadonlySet<string> = new Set([
  "total",
  "subtotal",
  "tax",
  "deposit",
  "discount",
  "tender",
  "change",
  "rounding",
  "closing_balance"
])
const sumRow = (layout: PageLayout, row: Row): boolean =>
  [...firstLabelConcepts(layout, row)].some((c) => SUM_ROWS.has(c))

/**
 * An item table's header with its items under it: a header row ("Datum  Leistung  Anzahl  Betrag") without a
 * figure of its own, over two rows with an amount in cents each (a description's wrapped lines between
 * them). A one-row summary under such words ("Total Hours  Rate  Amount Due" over "32  85.00  2,720.00")
 * is the document's own values.
 */
export const itemTableHeader = (layout: PageLayout, row: Row): boolean => {
  if (row.words.some((w) => /\d/.test(w.text)) || !itemHeaderRow(layout, row)) return false
  const money = (r: Row | undefined) => r !== undefined && holdsCents(r)
  // A line of words without a figure right under the header is the header's second line (or its echo in a
  // scan); a rule under it ("-----") is not: the one row under the rule may be a summary's values.
  const next = layout.rows[row.index + 1]
  const echo = next !== undefined && !next.words.some((w) => /\d/.test(w.text)) &&
    next.words.some((w) => /\p{L}{2}/u.test(w.text))
  const first = echo ? row.index + 2 : row.index + 1
  if (!money(layout.rows[first])) return false
  // The next item may come after its description's wrapped lines, set close under it without a figure.
  for (let i = first + 1; i <= first + 1 + WRAPPED_LINES; i++) {
    const later = layout.rows[i], above = layout.rows[i - 1]!
    if (later === undefined) return false
    if (money(later)) return i === first + 1 || !sumRow(layout, later)
    if (later.words.some((w) => /\d/.test(w.text)) || later.box[1] - above.box[3] > layout.unit) return false
  }
  return false
}

/** A date written in figures ("04.03.2024", "2024-03-04", "4/3/24"). */
const DATE_IN_FIGURES = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}[,;]?$/
/** Rows of dates under a label, one under the other, that make it a table's column of dates. */
const DATE_COLUMN_ROWS = 3

/**
 * Whether the label heads a column of dates ("Datum" over a service log's days, "Date" over a statement's
 * lines): the rows right under it each hold a date under the label, so none of them is the document's date.
 */
export const headsAColumnOfDates = (m: LabelMatch): boolean => {
  const { page } = m
  // A label with its date beside it labels that date ("Fecha: 12/03/2024" over "Fecha pedido: 01/03/2024").
  if (m.row.words.some((w) => DATE_IN_FIGURES.test(w.text))) return false
  const x1 = m.box[0] - page.unit, x2 = m.box[2] + 2 * page.unit
  for (let i = 1; i <= DATE_COLUMN_ROWS; i++) {
    const row = page.rows[m.row.index + i]
    if (row === undefined) return false
    const under = row.words.some((w) => w.box[0] < x2 && w.box[2] > x1 && DATE_IN_FIGURES.test(w.text))
    if (!under) return false
  }
  return true
}

/** Kinds of value a customer has of its own beside the issuer's, each under a label the customer's word qualifies. */
export const CUSTOMER_QUALIFIED: ReadonlySet<ReadKind> = new Set(["taxId", "email", "phone", "iban"])

/** A label qualified by the customer's word, in it or right beside it ("N° TVA client", "Customer VAT No"). */
export const customersLabel = (m: LabelMatch): boolean =>
  m.row.words.slice(Math.max(0, m.first - 1), m.last + 2).some((w) =>
    w.tokens.some((t) => labelConcepts([t]).has("customer"))
  )

/** Labels that name the document's own date, no other kind of date ("Invoice Date", "Rechnungsdatum"). */
const OWN_DATES = new Set(["invoice_date", "purchase_date"])

/**
 * Whether the section's first page labels its document's date with a label naming it as such, and the words
 * right of that label hold figures that read as no date (OCR garbled them): the date is there, unread.
 */
export const unreadDateLabel = (section: Section, profile: FieldProfile): boolean => {
  const layout = section.layouts[0]
  if (layout === undefined) return false
  const own = new Set(profile.concepts)
  return findLabels(layout, profile.phrases, own).some((m) => {
    if (!(m.colon || m.segmentStart) || ![...labelConcepts(m.phrase.tokens)].some((c) => OWN_DATES.has(c))) return false
    const right = rightOf(m, own)
    return right.some((w) => /\d/.test(w.text)) && readValue("date", right, { hint: section.hint }) === undefined
  })
}
