/**
 * Address blocks of a page: a name over street lines over a postcode and town, in one column of the
 * upper half ("Globex Trading Ltd / 456 Harbour Street / 67890 Altstadt"). An invoice prints two, the seller's
 * and the customer's; the customer's is the one a customer label heads (or the one that is not the
 * seller's) when no label names the customer's own line.
 */
import { COUNTRY, isStreetLine, sameAddress } from "./AddressLines.js"
import { itemHeaderRow } from "./LabelContext.js"
import { type LabelMatch, lexiconHits } from "./Labels.js"
import { holdsCents, medianHeight, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import { hasLegalForm } from "./LegalForms.js"
import { FOOTER_LINE } from "./LegalOwner.js"
import { letterheadLine } from "./Letterhead.js"
import {
  columnSegment,
  contactLine,
  lineWords,
  looksLikeName,
  type NameLine,
  namePart,
  segmentHolding,
  segmentOver,
  squeezed,
  withoutRegistration
} from "./NameLines.js"
import type { ReadValue } from "./Readers.js"
import { ADDRESS_MARK } from "./Recipients.js"
import { personTitled, withoutSalutation } from "./Salutations.js"
import type { Section } from "./Section.js"
import { postcodeAndTown, townLine } from "./Towns.js"

/** Blocks lie in the upper half of the first page. */
const UPPER = 0.5
/** Lines above the town line a block may have (name, department, building, contact, street). */
const MAX_LINES = 5

export interface AddressBlock {
  /** The block's first name-like line. */
  readonly name: NameLine
  /** The words of every line of the block, with the line above it (its heading, if any). */
  readonly lines: ReadonlyArray<{ readonly row: Row; readonly words: ReadonlyArray<PlacedWord> }>
}

/** Words that are all labels of the vocabulary: a block's heading ("ACHETEUR", "Rechnungsempfänger"), not its name. */
const onlyLabels = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  const hits = lexiconHits(layout, row)
  return words.every((w) => {
    const i = row.words.indexOf(w)
    return hits.some((h) => h.first <= i && i <= h.last)
  })
}

/** A sender's whole address on one line, its parts set apart by marks ("Name · Street 1 · 12345 Town"). */
const oneLineAddress = (words: ReadonlyArray<PlacedWord>): boolean =>
  marksIn(words).length >= 2 || misreadSenderLine(words)

/**
 * A sender's line as OCR reads it: a small "·" read as a dash or glued to the word before ("B.V.·"), twice,
 * and a postcode and town after the last, as they end a sender's address.
 */
const misreadSenderLine = (words: ReadonlyArray<PlacedWord>): boolean => {
  const read = marksIn(words, READ_MARK)
  return read.length >= 2 && townAfter(words, read)
}

/** How far under its name, at most, a letterhead's slogan and address start (lines of print). */
const HEADING_GAP = 3

/** A segment with the row's next one: OCR cuts a small-print line at a gap it misread. */
const withNext = (layout: PageLayout, row: Row, seg: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const segments = lineWords(layout, row)
  const next = segments[segments.indexOf(seg) + 1]
  return next === undefined ? seg : [...seg, ...next]
}

/** A mark as OCR may read it: a dash or a "·" of its own, or a "·" glued to the word before. */
const READ_MARK = /^[-–·•|]$|[\p{L}\p{N}]\.?[·•]$/u

/** Where the marks between a line's words stand (a box's edge read as "|" at either end is none). */
const marksIn = (words: ReadonlyArray<PlacedWord>, mark: RegExp = ADDRESS_MARK): Array<number> =>
  words.flatMap((w, i) => (i > 0 && i < words.length - 1 && mark.test(w.text) ? [i] : []))

/** Whether a postcode and town follow a line's last mark, as they end a sender's address. */
const townAfter = (words: ReadonlyArray<PlacedWord>, marks: ReadonlyArray<number>): boolean =>
  postcodeAndTown(words.slice(marks[marks.length - 1]! + 1).map((w) => w.text).join(" "))

/** A wrapped line's rest: a word or two in the same print as the line above them. */
const WRAPPED_WORDS = 2
const SAME_PRINT = 0.15

/** Whether `words` are the rest of a sender line that wrapped: a few words in its print, under it. */
const wrapsOn = (line: ReadonlyArray<PlacedWord>, words: ReadonlyArray<PlacedWord>): boolean => {
  const marks = marksIn(line)
  if (marks.length < 2 || words.length > WRAPPED_WORDS) return false
  // A whole sender line ends with its town: the line under it is the recipient's.
  return !townAfter(line, marks) &&
    Math.abs(medianHeight(words) - medianHeight(line)) <= SAME_PRINT * medianHeight(line)
}

/** Rows under an item table's header that hold its first items' amounts. */
const FIRST_ITEM_ROWS = 3

/**
 * Where an item table's header row (no figure in it, amounts in cents on two of the few rows under it) sets
 * its columns, from its first label to its last.
 */
const itemColumns = (layout: PageLayout, row: Row): readonly [number, number] | undefined => {
  if (row.words.some((w) => /\d/.test(w.text)) || !itemHeaderRow(layout, row)) return undefined
  const items = layout.rows.slice(row.index + 1, row.index + 1 + FIRST_ITEM_ROWS).filter(holdsCents)
  if (items.length < 2) return undefined
  const hits = lexiconHits(layout, row)
  return [row.words[hits[0]!.first]!.box[0], row.words[hits[hits.length - 1]!.last]!.box[2]]
}

/**
 * A line's words before a label with its colon or set apart as labels are: another column's field set
 * close enough to read as the same phrase ("Thomas Wendler      Kunden-Nr.:     0877").
 */
const beforeALabel = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  const colon = words.findIndex((w, i) => i > 0 && /\p{L}\.?[:：]$/u.test(w.text))
  // Or a label set apart from the name ("Markus Leitner      Kundennummer  K-2291").
  const label = lexiconHits(layout, row).map((h) => (h.labelLike ? words.indexOf(row.words[h.first]!) : -1))
    .find((i) => i > 0)
  const at = Math.min(colon > 0 ? colon : words.length, label ?? words.length)
  // Only a label with its value after it, after a few words: a sentence ending "… Leistungen:" stays whole.
  return at < words.length - 1 && at <= NAME_WORDS ? words.slice(0, at) : words
}

/**
 * Whether a colon follows the words on their line, set close after them: they label what follows ("Objet :
 * Devis n° …"), they name no one. A company's name with its legal form is a name whatever a scan sets after it.
 */
const beforeAColon = (layout: PageLayout, row: Row, words: ReadonlyArray<PlacedWord>): boolean => {
  if (hasLegalForm(words.map((w) => w.text).join(" "))) return false
  const last = words[words.length - 1]!
  const next = row.words[row.words.indexOf(last) + 1]
  return /[:：]$/.test(last.text) ||
    (next !== undefined && /^[:：]/.test(next.text) && next.box[0] - last.box[2] <= layout.unit)
}

/** A name before another column's label is a few words at most. */
const NAME_WORDS = 6

/** The address blocks of a page, top to bottom. */
export const addressBlocks = (layout: PageLayout): Array<AddressBlock> => {
  const blocks: Array<AddressBlock> = []
  // The items' table, once its header is passed: its rows are no address.
  let items: readonly [number, number] | undefined
  for (const row of layout.rows) {
    if (row.box[1] > UPPER) break
    if (items === undefined) items = itemColumns(layout, row)
    for (const town of lineWords(layout, row)) {
      if (items !== undefined && town[0]!.box[0] < items[1] && town[town.length - 1]!.box[2] > items[0]) continue
      if (!townLine(town.map((w) => w.text).join(" "))) continue
      const x = town[0]!.box[0]
      const lines: Array<{ row: Row; words: ReadonlyArray<PlacedWord> }> = [{ row, words: town }]
      let name: NameLine | undefined
      let below = row
      let taken = 0
      let passed = false
      let opened = false
      for (let k = 1; taken <= MAX_LINES; k++) {
        const above = layout.rows[row.index - k]
        // Past a row of another column, the block's next line is at its own line spacing.
        // A company's name or a person addressed starts its block: a line a blank line above it is another's.
        const gap = passed || opened ? layout.unit : 2 * layout.unit
        if (above === undefined || below.box[1] - above.box[3] > gap) break
        const seg = columnSegment(layout, above, x)
        if (seg === undefined) {
          // Words of the same line, not in this column, that OCR set in a row of their own ("50250  S. Petersen"
          // beside the town).
          if (above.box[3] > (below.box[1] + below.box[3]) / 2) continue
          // A row of other columns only, between two lines of this one (columns set at other line spacings:
          // "Bearbeiter  S. Petersen" beside a recipient's street and town), is passed over.
          if (segmentOver(layout, above, x, town.at(-1)!.box[2]) === undefined) {
            passed = true
            continue
          }
        }
        // Another address's town line (a sender line "Name · Street · 12345 Town") ends this block, and so
        // does a sender line whose town wrapped to the line under it ("… · Leeds LS1" over "4AP").
        if (
          seg === undefined || townLine(seg.map((w) => w.text).join(" ")) || oneLineAddress(seg) ||
          misreadSenderLine(withNext(layout, above, seg))
        ) break
        const over = layout.rows[above.index - 1]
        const wrapOf = over === undefined ? undefined : columnSegment(layout, over, x)
        if (wrapOf !== undefined && wrapsOn(wrapOf, seg)) break
        lines.unshift({ row: above, words: seg })
        below = above
        passed = false
        if (++taken > MAX_LINES) break
        // A street over the line taken for the name: that line was the locality between the street and the
        // town ("14 Tui Street" over "Fendalton" over "Christchurch 8052"); the name is above the street.
        if (
          name !== undefined && !opened && name.words.length <= 2 && lines[1]?.row === name.row &&
          lines[2]?.row === row && isStreetLine(seg.map((w) => w.text).join(" "))
        ) name = undefined
        const named = withoutRegistration(namePart(beforeALabel(layout, above, seg)))
        const words = withoutSalutation(named)
        if (
          words.length > 0 && !onlyLabels(layout, above, words) && !beforeAColon(layout, above, words) &&
          looksLikeName(layout, above, words)
        ) {
          name = { layout, row: above, words }
          opened = words.length < named.length || hasLegalForm(words.map((w) => w.text).join(" "))
        }
      }
      if (name !== undefined) blocks.push({ name, lines })
    }
  }
  return blocks
}

const conceptsIn = (layout: PageLayout, block: AddressBlock): Set<string> => {
  const out = new Set<string>()
  for (const line of block.lines) {
    for (const hit of lexiconHits(layout, line.row)) {
      if (line.words.includes(line.row.words[hit.first]!)) { for (const c of hit.concepts) out.add(c) }
    }
  }
  return out
}

const sameWords = (a: ReadonlyArray<PlacedWord>, b: ReadonlyArray<PlacedWord>) => a.some((w) => b.includes(w))

/**
 * The customer's address block on the section's first page: a block a customer label heads, else the one
 * block that is neither the seller's (a seller label, or the issuer's name) nor another party's.
 */
const customerAddressBlock = (section: Section): AddressBlock | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  const blocks = addressBlocks(layout)
  if (blocks.length === 0) return undefined
  const issuer = letterheadLine(section)
  const scored = blocks.map((b) => {
    const concepts = conceptsIn(layout, b)
    // The issuer's block: its name's words, or its name written again (the letterhead's "L'Atelier du Vin"
    // when the issuer was read from the footer's "SARL L'Atelier du Vin").
    const seller = concepts.has("issuer") ||
      (issuer !== undefined &&
        (b.lines.some((l) => sameWords(l.words, issuer.words)) || sameNameWords(b.name.words, issuer.words) ||
          (blocks.length > 1 && headedBy(layout, b, issuer)) || besideIssuer(layout, b, issuer) ||
          atTheIssuersAddress(layout, b, issuer)))
    return { b, customer: concepts.has("customer"), seller: seller || ownersBlock(b) }
  })
  const labelled = scored.find((s) => s.customer && !s.seller)
  if (labelled !== undefined) return labelled.b
  const others = scored.filter((s) => !s.seller)
  if (others.length === 1) return others[0]!.b
  // Of several, the one addressed to a person by title ("Mrs Helen Carter", "Herrn Jens Ott"): the letter's recipient.
  const addressed = others.filter((s) => personTitled(s.b.lines[0]!.words))
  return addressed.length === 1 ? addressed[0]!.b : undefined
}

/**
 * Whether the block starts with a street on the issuer's name's row, in another column: the letterhead's
 * address set beside its name ("Feinkost Albers KG      Am Wall 148 / 28195 Bremen").
 */
const besideIssuer = (layout: PageLayout, block: AddressBlock, issuer: NameLine): boolean => {
  const first = block.lines[0]!
  const text = first.words.map((w) => w.text).join(" ")
  // The block starts with its street: a block of another party on that row starts with its own name.
  return issuer.layout === layout && first.row.index === issuer.row.index &&
    !first.words.some((w) => issuer.words.includes(w)) && (isStreetLine(text) || townLine(text))
}

/**
 * Whether the block prints the address of the issuer named on a legal line below the letterhead (a footer's
 * "Raumausstattung Pichler-Strohmeier GmbH · Annenstraße 61, 8020 Graz · FN …" under the brand's "stylwerk /
 * Annenstraße 61 · 8020 Graz"): the letterhead's own block, at the page's head.
 */
const atTheIssuersAddress = (layout: PageLayout, block: AddressBlock, issuer: NameLine): boolean => {
  // The letterhead's block heads the page: a recipient may share the issuer's building.
  if (issuer.layout !== layout || issuer.row.box[1] < FOOTER_LINE || block.name.row.index !== 0) return false
  // The legal line's own words: a footer in columns sets other parties' details beside it.
  const line = segmentHolding(issuer)
  return line !== undefined && sameAddress(block.lines.flatMap((l) => l.words), line)
}

/** A line naming a business's owner or manager ("Inh. Rainer König", "Geschäftsführer: …", "Prop. J. Tan", "Gérant"). */
const OWNER_LINE =
  /^(?:inh\.|inhaber(?:in)?\b|owner\b|proprietor\b|prop\.|geschäftsführer(?:in)?\b|gérante?\b|propriétaire\b)/iu

/** Whether a block's name line names an owner: the block is the seller's, whose owner it names. */
const ownersBlock = (block: AddressBlock): boolean => OWNER_LINE.test(block.name.words.map((w) => w.text).join(" "))

/**
 * Whether the issuer's name is the line right above the block, over its column: the letterhead's address
 * under its name and slogan ("Ostwind Logistik AG" over "Kontraktlogistik & Stückgut" over "Hafenstraße 118
 * · 18147 Rostock"). The line is the name alone: a sender's line over a window ("Ostwind Logistik AG ·
 * Hafenstraße 118 · 18147 Rostock") heads the recipient's block, not its own.
 */
const headedBy = (layout: PageLayout, block: AddressBlock, issuer: NameLine): boolean => {
  const first = block.lines[0]!
  const above = layout.rows[first.row.index - 1]
  // Right above: a window's block far under a letterhead that is only its name is the recipient's.
  if (above === undefined || first.row.box[1] - above.box[3] > HEADING_GAP * layout.unit) return false
  const [x1, x2] = [first.words[0]!.box[0], first.words[first.words.length - 1]!.box[2]]
  const name = issuer.words.flatMap((w) => w.tokens)
  return lineWords(layout, above).some((seg) => {
    if (!(seg[0]!.box[0] < x2 && seg[seg.length - 1]!.box[2] > x1)) return false
    const tokens = seg.flatMap((w) => w.tokens)
    return tokens.length === name.length && tokens.every((t, i) => t === name[i])
  })
}

/** The customer's name from the address blocks of the section's first page. */
export const customerBlock = (section: Section): NameLine | undefined => customerAddressBlock(section)?.name

/** A French "M." before a name ("M. Paul Girard"): a person's title, or an initial; either way a person. */
const MONSIEUR = /^M\.$/u

/** A person's name as a label gives it: a title before it ("Herr Max Weber", "M. Paul Girard"), no legal form. */
const namesAPerson = (words: ReadonlyArray<PlacedWord>): boolean =>
  !hasLegalForm(words.map((w) => w.text).join(" ")) &&
  (personTitled(words) ||
    (words.length >= 2 && words.length <= 4 && MONSIEUR.test(words[0]!.text) &&
      words.slice(1).every((w) => /^\p{Lu}\p{Ll}/u.test(w.text))))

/**
 * The company of the recipient's block when the customer's label beside it names a person ("Client  M. Paul
 * Girard" on a hotel's bill to his employer, a contact): the customer is the company the document is addressed to.
 */
export const companyOverPerson = (
  section: Section,
  words: ReadonlyArray<PlacedWord>,
  labelRow: Row
): NameLine | undefined => {
  if (!namesAPerson(words)) return undefined
  const block = customerAddressBlock(section)
  if (block === undefined || !hasLegalForm(block.name.words.map((w) => w.text).join(" "))) return undefined
  // Only the block the label stands beside: one under its own heading (a delivery address, "Remit to") is another's.
  const rows = block.lines.map((l) => l.row.index)
  const beside = block.name.layout.rows[labelRow.index] === labelRow && block.name.row.index <= labelRow.index &&
    labelRow.index <= Math.max(...rows)
  return !beside || sameParty(block.name.words, words) ? undefined : block.name
}

/** The customer's address: the lines of its address block under its name (street, town, country). */
export const customerAddress = (
  section: Section
): { readonly layout: PageLayout; readonly words: ReadonlyArray<PlacedWord> } | undefined => {
  const block = customerAddressBlock(section)
  if (block === undefined) return undefined
  // A contact person's line is no line of the address ("Attn: Accounts Payable", "Herr M. Gisler").
  const words = block.lines.filter((l) =>
    l.row.index > block.name.row.index && !contactLine(l.words) && !personTitled(l.words)
  )
    .flatMap((l) => l.words)
  return words.length === 0 ? undefined : { layout: block.name.layout, words }
}

/** The same party written with or without its legal form or punctuation: one name holds the other. */
const sameParty = (a: ReadonlyArray<PlacedWord>, b: ReadonlyArray<PlacedWord>) => {
  const x = squeezed(a), y = squeezed(b)
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x))
}

/** Whether one name's words are the other's, or a run of them ("L'Atelier du Vin" in "SARL L'Atelier du Vin"). */
const sameNameWords = (a: ReadonlyArray<PlacedWord>, b: ReadonlyArray<PlacedWord>): boolean => {
  const x = a.flatMap((w) => w.tokens), y = b.flatMap((w) => w.tokens)
  const [short, long] = x.length <= y.length ? [x, y] : [y, x]
  if (short.length === 0) return false
  for (let i = 0; i + short.length <= long.length; i++) {
    if (short.every((t, k) => long[i + k] === t)) return true
  }
  return false
}

/** The recipient's window: the right half of the page, below the letterhead's first lines. */
const WINDOW = { left: 0.45, top: 0.08, bottom: 0.4 }

/**
 * The name in the recipient's window when the window holds no whole address (a name alone, its address
 * left out): the first line of the upper right that is alone on its row, looks like a name and is not
 * the issuer's name, below the issuer's line.
 */
export const windowName = (section: Section): NameLine | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined) return undefined
  const issuer = letterheadLine(section)
  const below = issuer !== undefined && issuer.layout === layout ? issuer.row.box[3] : 0
  for (const row of layout.rows) {
    if (row.box[1] > WINDOW.bottom) break
    if (row.box[1] < WINDOW.top || row.box[1] < below) continue
    const segments = lineWords(layout, row)
    if (segments.length !== 1 || segments[0]![0]!.box[0] < WINDOW.left) continue
    const words = withoutRegistration(namePart(segments[0]!))
    if (words.length === 0 || (issuer !== undefined && sameParty(words, issuer.words))) continue
    if (looksLikeName(layout, row, words)) return { layout, row, words }
  }
  return undefined
}

/**
 * The name of the address block on the section's first page that holds these words on a line below its
 * name: a label word inside an address ("Buyer line 2") reads a line of it, whose block names the party.
 */
export const blockNameHolding = (section: Section, words: ReadonlyArray<PlacedWord>): NameLine | undefined => {
  const layout = section.layouts[0]
  if (layout === undefined || words.length === 0) return undefined
  const block = addressBlocks(layout).find((b) =>
    b.lines.some((l) => l.row.index > b.name.row.index && sameWords(l.words, words))
  )
  return block === undefined || sameWords(block.name.words, words) ? undefined : block.name
}

/** A blank line's worth of space (text heights) sets one party's address block apart from the lines above it. */
const BLOCK_BREAK = 1

/**
 * The words of an address read down from a name, up to the name of another address block on the same
 * page set apart by a blank line (an invoice's letterhead address, then the customer's block under it).
 */
export const beforeAnotherBlock = (
  layout: PageLayout,
  words: ReadonlyArray<PlacedWord>
): ReadonlyArray<PlacedWord> => {
  const apart = addressBlocks(layout).filter((b) => {
    const above = layout.rows[b.name.row.index - 1]
    return above !== undefined && b.name.row.box[1] - above.box[3] > BLOCK_BREAK * layout.unit
  })
  const names = new Set(apart.flatMap((b) => b.name.words))
  const end = words.findIndex((w) => names.has(w))
  return end < 0 ? words : words.slice(0, end)
}

/** Lines an address beside its label may go on over, under its first line. */
const ADDRESS_LINES_BELOW = 3

/**
 * An address read beside its label, with the lines under it that start where it starts and go on with
 * it ("Anschrift: Ahornweg 14 / DE 34117 Kassel"): a street, a postcode and town, a country.
 */
export const addressGoesOn = (m: LabelMatch, r: ReadValue): ReadValue => {
  const x = r.words[0]!.box[0]
  const words = [...r.words]
  let last = m.row
  for (let i = m.row.index + 1; i <= m.row.index + ADDRESS_LINES_BELOW; i++) {
    const row = m.page.rows[i]
    if (row === undefined || row.box[1] - last.box[3] > 1.5 * m.page.unit) break
    const line = lineWords(m.page, row).find((seg) => Math.abs(seg[0]!.box[0] - x) <= m.page.unit)
    // A row with words left of the address's column holds another label's value ("Delivery to: 5 Side Street").
    if (line === undefined || row.words[0]!.box[0] < x - m.page.unit) break
    const text = line.map((w) => w.text).join(" ")
    if (!(isStreetLine(text) || COUNTRY.has(line[line.length - 1]!.tokens.at(-1) ?? ""))) break
    words.push(...line)
    last = row
  }
  return words.length === r.words.length ? r : { ...r, value: addressText(words), words }
}

/** An address's text from its words over one line or several: commas kept against their word, no trailing mark. */
export const addressText = (words: ReadonlyArray<PlacedWord>): string =>
  words.map((w) => w.text).join(" ").replace(/\s+,/g, ",").replace(/[\s,;:]+$/, "")
