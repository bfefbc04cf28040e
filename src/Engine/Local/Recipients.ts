/**
 * A document's recipients as its layout names them: the lines a customer's or delivery's label heads, the
 * lines under a line that only addresses someone ("Herrn", "Firma"), the lines under a sender's one-line
 * address over the window, the block beside the document's details (RecipientBeside.ts), and the name a
 * customer's label gives. No recipient's line is the letterhead's name.
 */
import { conceptPhrases } from "../../Text/Vocabulary.js"
import { findLabels } from "./Labels.js"
import type { PageLayout, PlacedWord, Row } from "./Layout.js"
import { TOP_REGION } from "./LegalOwner.js"
import { columnSegment, lineWords, looksLikeName, type NameLine, namePart, withoutRegistration } from "./NameLines.js"
import { addressLine, recipientBesideDetails } from "./RecipientBeside.js"
import { onlySalutation } from "./Salutations.js"
import { rememberedPerFirstPage, type Section } from "./Section.js"
import { postcodeAndTown } from "./Towns.js"
import { below, rightOf } from "./ValueAreas.js"

/**
 * The words that name the document's recipients: what follows a "Bill to", "Customer" or "Ship to" label, in
 * its column, and the block beside the document's details under the sender's address.
 */
export const recipientWords = (layout: PageLayout): Set<PlacedWord> => {
  const own = new Set(["customer", "shipping"])
  const out = new Set<PlacedWord>()
  const labels = findLabels(layout, [...conceptPhrases("customer"), ...conceptPhrases("shipping")], own)
  for (const m of labels) {
    if (!m.colon && !(m.segmentStart && m.phrase.strength >= 1)) continue
    for (const w of rightOf(m, own)) out.add(w)
    for (const area of below(m, own, 5)) for (const w of area.words) out.add(w)
  }
  for (const w of addressedWords(layout)) out.add(w)
  for (const w of returnedTo(layout)) out.add(w)
  for (const w of recipientBesideDetails(layout)) out.add(w)
  return out
}

/** Marks that separate the parts of a one-line address ("Name · Street 1 · 12345 Town"). */
export const ADDRESS_MARK = /^[·|•]$/

/** A line's parts between the marks that separate them, each as text ("Inh. Thomas Kern · Bahnhofstraße 5 · 34117 Kassel"). */
export const markedParts = (words: ReadonlyArray<PlacedWord>): Array<string> => {
  const parts: Array<Array<string>> = [[]]
  for (const w of words) {
    if (ADDRESS_MARK.test(w.text)) parts.push([])
    else parts[parts.length - 1]!.push(w.text)
  }
  return parts.map((part) => part.join(" "))
}

/**
 * The sender's one-line address over a letter's recipient ("Kreativbüro Sandberg · Lindenstr. 22 · 04109
 * Leipzig" above the window): its first part, a name, when a postcode and town end it; the lines under it
 * are the recipient's.
 */
export const returnLine = (layout: PageLayout): NameLine | undefined => {
  for (const row of layout.rows) {
    if (row.box[1] > TOP_REGION) break
    for (const seg of lineWords(layout, row)) {
      const marks = seg.flatMap((w, i) => (ADDRESS_MARK.test(w.text) ? [i] : []))
      if (marks.length < 2 || marks[0]! === 0) continue
      const name = seg.slice(0, marks[0]!)
      const last = seg.slice(marks[marks.length - 1]! + 1)
      const under = layout.rows[row.index + 1]
      // It heads its block: a line right above it in its column is a heading's ("Rechnung an:", "Bill To:"),
      // and the address under a heading is the recipient's.
      const over = layout.rows[row.index - 1]
      const headed = over !== undefined && row.box[1] - over.box[3] <= 1.5 * layout.unit &&
        over.words.some((w) => w.box[0] < seg[seg.length - 1]!.box[2] && seg[0]!.box[0] < w.box[2])
      if (
        !headed && postcodeAndTown(last.map((w) => w.text).join(" ")) && looksLikeName(layout, row, name) &&
        under !== undefined && under.box[1] - row.box[3] <= layout.unit &&
        columnSegment(layout, under, seg[0]!.box[0]) !== undefined
      ) return { layout, row, words: name }
    }
  }
  return undefined
}

/** The lines under the sender's one-line address, in its column: the recipient's name and address. */
const returnedTo = (layout: PageLayout): ReadonlyArray<PlacedWord> => {
  const sender = returnLine(layout)
  return sender === undefined ? [] : recipientLinesUnder(layout, sender.row, sender.words[0]!.box[0])
}

/** The lines a line that only addresses someone ("Herrn", "Firma") heads in its column: the recipient's. */
export const addressedWords = (layout: PageLayout): Set<PlacedWord> => {
  const out = new Set<PlacedWord>()
  for (const row of layout.rows) {
    // A letter's recipient is addressed above its body: a speck read as "à" in a footer addresses no one.
    if (row.box[1] > ADDRESSED_REGION) break
    for (const seg of lineWords(layout, row)) {
      if (!onlySalutation(seg)) continue
      for (const w of [...seg, ...recipientLinesUnder(layout, row, seg[0]!.box[0])]) out.add(w)
    }
  }
  return out
}

/** How far down the page a recipient is addressed. */
const ADDRESSED_REGION = 0.6

/** Lines under an addressed name its street or town is printed on, at most (a department, a building first). */
const ADDRESS_LINES = 4

/**
 * The name on the line under one that only addresses someone, in its column ("Firma" over "Metallbau
 * Ziegler GmbH", "Frau" over "Dr. Anna Roth"): the recipient's, when it reads as a name and its address
 * follows it.
 */
export const addressedName = (layout: PageLayout): NameLine | undefined => {
  for (const row of layout.rows) {
    if (row.box[1] > ADDRESSED_REGION) break
    for (const seg of lineWords(layout, row)) {
      if (!onlySalutation(seg)) continue
      const next = layout.rows[row.index + 1]
      if (next === undefined || next.box[1] - row.box[3] > 2 * layout.unit) continue
      const under = columnSegment(layout, next, seg[0]!.box[0])
      const words = under === undefined ? [] : withoutRegistration(namePart(under))
      if (words.length === 0 || !looksLikeName(layout, next, words)) continue
      // A recipient's address follows the name: a person the sender names as its contact ("Ihr
      // Ansprechpartner: / Herr / Jens Krause / Tel. …") has none.
      const address = layout.rows.slice(next.index + 1, next.index + 1 + ADDRESS_LINES).some((row) => {
        const line = columnSegment(layout, row, seg[0]!.box[0])?.map((w) => w.text).join(" ")
        return line !== undefined && addressLine(line)
      })
      if (address) return { layout, row: next, words }
    }
  }
  return undefined
}

/** The words of the recipient's lines under a row, in the column that starts at `x`. */
const recipientLinesUnder = (layout: PageLayout, row: Row, x: number): Array<PlacedWord> => {
  const out: Array<PlacedWord> = []
  let above = row
  for (const next of layout.rows.slice(row.index + 1, row.index + 1 + RECIPIENT_LINES)) {
    if (next.box[1] - above.box[3] > 2 * layout.unit) break
    const under = columnSegment(layout, next, x)
    if (under === undefined) break
    out.push(...under)
    above = next
  }
  return out
}

/** Lines of a recipient's address under the line that addresses it (name, department, street, town, country). */
const RECIPIENT_LINES = 5

/**
 * The name a document is addressed to: the first name-like line after a customer label ("To:",
 * "Kepada:"), in its column. A purchase order is addressed to its vendor.
 */
export const addresseeLine = (section: Pick<Section, "layouts">): NameLine | undefined => addresseeLineOnce(section)

const findAddresseeLine = (layout: PageLayout): NameLine | undefined => {
  const own = new Set(["customer"])
  for (const m of findLabels(layout, conceptPhrases("customer"), own)) {
    if (!m.colon && !(m.segmentStart && m.phrase.strength >= 1)) continue
    for (const words of [rightOf(m, own), ...below(m, own, 3).map((a) => a.words)]) {
      const name = withoutRegistration(namePart(words))
      if (name.length > 0 && looksLikeName(layout, m.row, name)) return { layout, row: m.row, words: name }
    }
  }
  return undefined
}

const addresseeLineOnce = rememberedPerFirstPage(findAddresseeLine)
