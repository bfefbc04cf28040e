/**
 * A letter's recipient set beside the document's own details: an address block (a name, its street or town
 * under it) that starts below the sender's own address and shares its rows with the document's number, date
 * or customer number labels set to its right ("Zorgcentrum De Linde B.V.      Factuurnummer  2024-0412"), as
 * DIN 5008 letters and most invoicing programs lay an invoice out. Its name is never the letterhead's, even
 * when the letterhead's own name carries no legal form and the recipient's does.
 */
import { isStreetLine } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import type { PageLayout, PlacedWord, Row } from "./Layout.js"
import { TOP_REGION } from "./LegalOwner.js"
import { columnSegment, lineWords, looksLikeName, namePart } from "./NameLines.js"
import { postcodeAndTown } from "./Towns.js"

/** Labels of the document's own details, printed beside the recipient's block. */
const DETAILS: ReadonlySet<string> = new Set([
  "invoice_number",
  "document_number",
  "invoice_date",
  "date",
  "customer_number",
  "due_date"
])
/** Rows of the block, from its name's, that may share the details' labels. */
const DETAIL_ROWS = 3
/** Lines under the name its street or town is printed on, at most. */
const ADDRESS_LINES = 4
/** A blank this tall (text heights) between two lines ends the block. */
const BLOCK_GAP = 2

/** A street's or a postcode and town's line: a line of an address. */
export const addressLine = (text: string): boolean => isStreetLine(text) || postcodeAndTown(text)

/** Whether a row sets a label of the document's details right of `x` (the block's right edge). */
const detailsRightOf = (layout: PageLayout, row: Row, x: number): boolean =>
  lexiconHits(layout, row).some((h) =>
    row.words[h.first]!.box[0] > x + layout.unit && [...h.concepts].some((c) => DETAILS.has(c))
  )

/** The block's lines under its name, in its column, up to its street or town line; none when it has neither. */
export const addressUnder = (layout: PageLayout, row: Row, x: number): ReadonlyArray<PlacedWord> | undefined => {
  const out: Array<PlacedWord> = []
  let above = row
  for (let k = 1; k <= ADDRESS_LINES; k++) {
    const next = layout.rows[row.index + k]
    if (next === undefined || next.box[1] - above.box[3] > BLOCK_GAP * layout.unit) return undefined
    above = next
    const seg = columnSegment(layout, next, x)
    if (seg === undefined) continue
    out.push(...seg)
    if (addressLine(seg.map((w) => w.text).join(" "))) return out
  }
  return undefined
}

/** The words of a recipient's block set beside the document's details, under the sender's own address. */
export const recipientBesideDetails = (layout: PageLayout): ReadonlyArray<PlacedWord> => {
  let senderAddress = false
  for (const row of layout.rows) {
    if (row.box[1] > TOP_REGION) break
    for (const seg of lineWords(layout, row)) {
      const text = seg.map((w) => w.text).join(" ")
      if (addressLine(text)) {
        senderAddress = true
        continue
      }
      if (!senderAddress) continue
      const name = namePart(seg)
      if (name.length === 0 || !looksLikeName(layout, row, name)) continue
      const right = seg[seg.length - 1]!.box[2]
      const beside = layout.rows.slice(row.index, row.index + DETAIL_ROWS).some((r) => detailsRightOf(layout, r, right))
      const address = beside ? addressUnder(layout, row, seg[0]!.box[0]) : undefined
      if (address !== undefined) return [...seg, ...address]
    }
  }
  return []
}
