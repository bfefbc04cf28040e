/**
 * What a label's surroundings say about it: whether its row is a sentence, whether words beside it make
 * it part of a saying about another amount ("incl. VAT"), the document's title ("TAX INVOICE"), another
 * concept's row ("SUBTOTAL (GST)"), an item table's header, or the customer's own label ("N° TVA client").
 */
import { misreadDistance } from "../../Text/Misreads.js"
import { labelConcepts } from "../../Text/Vocabulary.js"
import { type LabelMatch, lexiconHits } from "./Labels.js"
import type { Row } from "./Layout.js"
import type { ReadKind } from "./Readers.js"

export const PROSE_KINDS: ReadonlySet<ReadKind> = new Set(["amount", "amountText", "date", "dateText"])

/** A row of running text: eight words or more, six of them words of letters alone. */
export const inProse = (row: Row): boolean =>
  row.words.length >= 8 && row.words.filter((w) => /^\p{L}{2,}[,.;:]?$/u.test(w.text)).length >= 6

/** Words that say an amount includes a tax or leaves it out ("incl. VAT", "ohne USt.", "hors TVA"). */
const INCLUSION = new Set([
  "incl",
  "including",
  "inclusive",
  "inkl",
  "inklusive",
  "excl",
  "excluding",
  "exclusive",
  "exkl",
  "ohne",
  "zzgl",
  "before",
  "after",
  "hors",
  "sans",
  "avant",
  "compris",
  "exclusief",
  "inclusief",
  "incl",
  "sin",
  "con",
  "senza",
  "sem"
])

/** A label a word before it makes part of a saying about another amount ("inkl. USt.", "excl. VAT"). */
export const inclusionOf = (m: LabelMatch): boolean =>
  m.row.words.slice(Math.max(0, m.first - 2), m.first).some((w) => w.tokens.some((t) => INCLUSION.has(t)))

/** Words of a document's title a tax word starts ("TAX INVOICE", "Steuerrechnung"), OCR's slips allowed. */
const TITLE_WORDS = ["invoice", "receipt", "rechnung", "facture"]

export const namesTheDocument = (m: LabelMatch): boolean => {
  const next = m.row.words[m.last + 1]?.tokens[0]
  return next !== undefined && TITLE_WORDS.some((t) => misreadDistance(next, t) <= 2)
}

/** A label after another concept's label on its row, in brackets or not ("SUBTOTAL (GST)", "Total GST incl."). */
export const qualifiesAnother = (m: LabelMatch): boolean => {
  const first = lexiconHits(m.page, m.row)[0]
  return first !== undefined && first.last < m.first &&
    (first.concepts.has("total") || first.concepts.has("subtotal")) &&
    !first.concepts.has("tax")
}

/** A label on an item table's header row ("Qty  Price  Amount  Tax"): a column, not the document's value. */
export const itemHeader = (m: LabelMatch): boolean => {
  const concepts = new Set(lexiconHits(m.page, m.row).flatMap((h) => [...h.concepts]))
  return concepts.has("quantity") && (concepts.has("unit_price") || concepts.has("line_amount"))
}

/** Kinds of value a customer has of its own beside the issuer's, each under a label the customer's word qualifies. */
export const CUSTOMER_QUALIFIED: ReadonlySet<ReadKind> = new Set(["taxId", "email", "phone", "iban"])

/** A label qualified by the customer's word, in it or right beside it ("N° TVA client", "Customer VAT No"). */
export const customersLabel = (m: LabelMatch): boolean =>
  m.row.words.slice(Math.max(0, m.first - 1), m.last + 2).some((w) =>
    w.tokens.some((t) => labelConcepts([t]).has("customer"))
  )
