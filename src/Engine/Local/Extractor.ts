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
import { inferDateOrder } from "../../Text/Values.js"
import { conceptPhrases, type FieldProfile, fieldProfile } from "../../Text/Vocabulary.js"
import { Extractor } from "../Engine.js"
import { blockNameHolding, companyOverPerson, customerAddress } from "./AddressBlocks.js"
import { readAddress } from "./AddressReading.js"
import { confidenceOf, type Evidence, groupOf, wordsEvidence } from "./Confidence.js"
import { remembered } from "./ExtractionMemo.js"
import { fallbackValue, nameFound } from "./Fallbacks.js"
import { itemCountOf } from "./ItemCount.js"
import { unreadDateLabel } from "./LabelContext.js"
import { cutShort, readLabelled } from "./LabelReading.js"
import { lexiconHits } from "./Labels.js"
import { layoutOf, type Row } from "./Layout.js"
import { endsWithLegalForm, hasLegalForm, isPlainSpeechForm } from "./LegalForms.js"
import { marketplaceBrand } from "./Letterhead.js"
import { readLineItems } from "./LineItems.js"
import { columnSegment } from "./NameLines.js"
import { ACCOUNT_HOLDER, isParty, partyAddressOf, sameName } from "./Parties.js"
import { partyShaped, type ReadKind, readKindOf } from "./Readers.js"
import { type Candidate, type Found, rememberedPerSection, type Section } from "./Section.js"
import { titleLine } from "./TitleLine.js"

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
  // Its words up to the legal form, whatever another column set close after them ("Snel B.V. Factuurdatum"),
  // or the legal form alone ("SELARL").
  for (let k = Math.min(seg.length, MAX_WRAPPED_WORDS); k >= 1; k--) {
    const text = seg.slice(0, k).map((w) => w.text).join(" ")
    // A line that starts with a word a legal form shares with plain speech is a department's ("Trading
    // Standards", "Group Procurement", "Company Secretary").
    if (endsWithLegalForm(` ${text}`) && !isPlainSpeechForm(seg[0]!.text)) {
      return { ...found, value: `${String(found.value)} ${text}`, words: [...found.words, ...seg.slice(0, k)] }
    }
  }
  return found
}

/** Words of a name's wrapped end, its legal form included. */
const MAX_WRAPPED_WORDS = 4

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
  const { profile } = profileOf(field, path)
  // An identifier ending with its hyphen lost its end, wherever it was read.
  if (readKindOf(field, profile.concepts) === "id" && cutShort(value)) return null
  // The customer is never the issuer: the issuer's own name read as the customer's came from its sender line.
  const issuer = profile.concepts[0] === "customer" ? issuerOf(section) : undefined
  return typeof issuer === "string" && sameName(issuer, value.value) ? null : value
}

const readLeaf = (section: Section, field: LeafField, path: ReadonlyArray<string>): Grounded | null => {
  const { customerAddress: customersAddress, ownOnly, profile } = profileOf(field, path)
  const kind = readKindOf(field, profile.concepts)
  if (customersAddress) return customerAddressValue(section, field, path, kind, profile)
  // The customer is never the issuer: the issuer's own name at a customer's label is its own (its sender line;
  // "Account name: … Pvt. Ltd." in its bank details, however it abbreviates its legal form).
  const issuer = profile.concepts[0] === "customer" ? issuerOf(section) : undefined
  const notIssuer = (value: string, label: string) =>
    typeof issuer === "string" && sameName(issuer, value, ACCOUNT_HOLDER.test(label))
  const labelled = withTitle(
    readLabelled(section, field, path, profile, notIssuer),
    fromTitle(section, kind, profile.concepts[0])
  )
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
    const company = profile.concepts[0] === "customer" && kind === "text" && block === undefined &&
        labelled.at !== undefined
      ? companyOverPerson(section, labelled.words, labelled.at.row)
      : undefined
    const byName = block ?? company
    const named = brand ?? (byName === undefined ? labelled : { ...labelled, ...nameFound(byName) })
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
