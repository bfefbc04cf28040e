/**
 * What a page says about its document, for splitting: how well it fits each requested type, and
 * the signs of a document's first page (page 1 of N, a title at the top, its own number, header,
 * date) or of a continuation page (page k > 1, the same number as the page before).
 */
import type { Field, LeafField, TemplateSpec } from "../../Domain/FieldTree.js"
import { type Page, pageText } from "../../Domain/PageModel.js"
import { besideOwner } from "../../lib/memo.js"
import { type DocumentTypeProfile, documentTypeProfile } from "../../Text/DocumentTypes.js"
import { isVocabulary } from "../../Text/Misreads.js"
import { inferDateOrder } from "../../Text/Values.js"
import { conceptPhrases, type FieldProfile, fieldProfile } from "../../Text/Vocabulary.js"
import { readLabelled } from "./LabelReading.js"
import { findLabels, tokensOfRow } from "./Labels.js"
import { holdsCents, layoutOf, type PageLayout, type Row, segmentsOf } from "./Layout.js"
import { hasLegalForm } from "./LegalForms.js"
import { readValue } from "./Readers.js"
import type { Candidate } from "./Section.js"
import { type TitleLine, titleLine } from "./TitleLine.js"

export interface SpecProfile {
  /** The template's document type and fields as text: profiles with the same key score a page alike. */
  readonly key: string
  readonly spec: TemplateSpec
  readonly type: DocumentTypeProfile
  /** Label phrases of the template's leaves, one profile per leaf. */
  readonly fields: ReadonlyArray<FieldProfile>
}

export interface PageEvidence {
  readonly page: Page
  readonly blank: boolean
  /** Fit to each spec, in spec order. */
  readonly scores: ReadonlyArray<number>
  /** Specs whose title stands at the top of the page. */
  readonly titled: ReadonlySet<number>
  /** "Page k of n" / "Seite k" / "k/n", when printed. */
  readonly pageNumber: number | undefined
  /** The n of "Page k of n", when printed. */
  readonly pageCount: number | undefined
  /** The document's own number (invoice, receipt, document number), when labelled. */
  readonly documentNumber: string | undefined
  /** The page opens with a title line stating its number and date ("Rechnung Nr. 2024-0815 vom …"): a first page. */
  readonly titleLine: boolean
  /** The page's document date: labelled, on its title line, or the first in its top part. */
  readonly date: string | undefined
  /** Whether that date was read at a label or on a title line, not only found by its place. */
  readonly dateLabelled: boolean
  /** Words of the page's top rows (its letterhead). */
  readonly header: ReadonlySet<string>
  /** Every word of the page, for telling a repeated copy of a page from a new one. */
  readonly content: ReadonlySet<string>
}

const leaves = (
  fields: ReadonlyArray<Field>,
  path: ReadonlyArray<string>
): Array<{ field: LeafField; path: Array<string> }> =>
  fields.flatMap((f) => {
    const p = [...path, f.name]
    if (f.kind === "leaf") return [{ field: f, path: p }]
    if (f.kind === "object") return leaves(f.fields, p)
    return f.item.kind === "object" ? leaves(f.item.fields, p) : []
  })

export const specProfile = (spec: TemplateSpec): SpecProfile => ({
  key: JSON.stringify([spec.documentType, spec.fields]),
  spec,
  type: documentTypeProfile(spec.documentType),
  fields: leaves(spec.fields, []).map(({ field, path }) => {
    const p = fieldProfile(path, field.description)
    return { ...p, phrases: p.phrases.filter((ph) => ph.strength >= 0.85) }
  })
})

const TITLE_ZONE = 0.4
const TITLE_BONUS = 2.5
const FIELD_WEIGHT = 0.5
const FIELD_CAP = 2.5

/**
 * A row's tokens as labels are matched on them: a type's word OCR misread ("Rcchnung") is that word. Only
 * the words `keep` holds, when given.
 */
const readTokens = (layout: PageLayout, row: Row, keep?: ReadonlySet<number>): Array<string> =>
  tokensOfRow(layout, row).flatMap((t) => (keep === undefined || keep.has(t.word) ? [t.token] : []))

/** Row texts as " token token " strings, for phrase search. */
const rowStrings = (layout: PageLayout) => layout.rows.map((r) => ` ${readTokens(layout, r).join(" ")} `)
/** The rows holding the phrase `tokens`; `content` (the page's tokens) rules out most phrases at once. */
const has = (rows: ReadonlyArray<string>, content: ReadonlySet<string>, tokens: ReadonlyArray<string>) => {
  for (const t of tokens) if (!content.has(t)) return 0
  const needle = ` ${tokens.join(" ")} `
  let n = 0
  for (const r of rows) if (r.includes(needle)) n++
  return n
}

/**
 * A title at the top: a short row naming the type, or a column segment that is nothing but the
 * title (letterhead left, "PURCHASE ORDER" right on the same row); "Invoice No: 12" is a label, not a
 * title, nor is a short row that names the type among other words and leads on with a colon (a
 * sentence's end, "… the work we now invoice:"); "INVOICE:" alone is a title.
 */
const isTitled = (layout: PageLayout, titles: ReadonlyArray<ReadonlyArray<string>>): boolean =>
  layout.rows.some((row) => {
    if (row.box[1] > TITLE_ZONE) return false
    const tokens = readTokens(layout, row)
    const text = ` ${tokens.join(" ")} `
    const leadsOn = /[:：]$/.test(row.words[row.words.length - 1]?.text ?? "")
    if (
      titles.some((t) =>
        row.words.length <= t.length + 3 && text.includes(` ${t.join(" ")} `) && !(leadsOn && tokens.length > t.length)
      )
    ) return true
    return segmentsOf(row, layout.unit, 2.5).some((seg) => {
      if (seg.some((i) => /[:：\d]/.test(row.words[i]!.text))) return false
      const tokens = readTokens(layout, row, new Set(seg))
      return titles.some((t) => tokens.length <= t.length + 1 && ` ${tokens.join(" ")} `.includes(` ${t.join(" ")} `))
    })
  })

/**
 * Whether the page is printed on a till roll: narrow paper (a tall page) or, on a photo or scan of
 * one, text that keeps to a narrow column of the page. Words of the widest 90% of rows are measured,
 * so a stray mark at the edge does not widen it.
 */
export const tillRoll = (layout: PageLayout): boolean => {
  const { width, height } = layout.page
  if (height > 1.8 * width) return true
  const rows = layout.rows.filter((r) => r.words.length > 0)
  if (rows.length < 8) return false
  const lefts = rows.map((r) => r.box[0]).sort((a, b) => a - b)
  const rights = rows.map((r) => r.box[2]).sort((a, b) => a - b)
  const left = lefts[Math.floor(lefts.length * 0.05)]!,
    right = rights[Math.floor(rights.length * 0.95) - 1] ?? rights[rights.length - 1]!
  return right - left < TILL_ROLL_WIDTH
}
/** Text narrower than this share of the page is a till roll's. */
const TILL_ROLL_WIDTH = 0.5
/** What a till roll's shape says for a one-page type (receipts) and against the others. */
const TILL_ROLL_WEIGHT = 2

const scoreFor = (
  layout: PageLayout,
  rows: ReadonlyArray<string>,
  content: ReadonlySet<string>,
  text: string,
  profile: SpecProfile,
  titled: boolean,
  roll: boolean
): number => {
  let score = titled ? TITLE_BONUS : 0
  if (roll) score += profile.type.singlePage ? TILL_ROLL_WEIGHT : -TILL_ROLL_WEIGHT / 2
  for (const [re, weight] of profile.type.patterns) if (re.test(text)) score += weight
  for (const k of profile.type.keywords) {
    const n = has(rows, content, k.tokens)
    if (n > 0) score += k.weight * (n > 1 ? 1.25 : 1)
  }
  let fields = 0
  for (const f of profile.fields) {
    if (
      f.phrases.length > 0 && findLabels(layout, f.phrases, new Set(f.concepts)).some((m) => m.segmentStart || m.colon)
    ) fields++
  }
  return score + Math.min(FIELD_CAP, FIELD_WEIGHT * fields)
}

/** Every "page k (of n)" of a row, for `matchAll` (which works on its own copy of the expression). */
const PAGE_OF =
  /\b(?:page|seite|pagina|página|bladzijde|blad|halaman|folio)\.?\s*:?\s*(\d{1,3})(?:\s*(?:of|von|de|di|van|dari|sur|\/)\s*(\d{1,3}))?\b/gi
const K_OF_N = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/
/**
 * Words before "page k" that make it a reference to another page, not this page's number: "Continued on
 * page 2", "Suite page 2", "Fortsetzung auf Seite 2", "Übertrag von Seite 1", "vervolg op pagina 2".
 */
const PAGE_REFERENCE =
  /(?:\b(?:on|from|see|next|continued|auf|von|siehe|vgl|nächste|fortsetzung|weiter|übertrag|sur|voir|suite|suivante|de la|op|zie|vervolg|volgende|vedi|segue|continua|véase|en la|cf)\.?|[→>])\s*$/iu

type PageNumber = { readonly number: number; readonly count?: number }

const pageNumberIn = (m: RegExpExecArray): PageNumber | undefined => {
  const k = Number(m[1]), n = m[2] === undefined ? undefined : Number(m[2])
  if (k < 1 || (n !== undefined && (n < k || n > 999))) return undefined
  return n === undefined ? { number: k } : { number: k, count: n }
}

/**
 * The page's own number: "page k of n" wherever the page prints it, else the first "page k" that is no
 * reference to another page, else "k / n" alone at the page's top or bottom.
 */
const pageNumberOf = (layout: PageLayout): PageNumber | undefined => {
  let bare: PageNumber | undefined
  for (const row of layout.rows) {
    const text = row.words.map((w) => w.text).join(" ")
    for (const m of text.matchAll(PAGE_OF)) {
      // "page k of n" is the page's own; a bare "page k" after a reference's words points elsewhere.
      if (m[2] === undefined && PAGE_REFERENCE.test(text.slice(0, m.index))) continue
      // A bare "Folio 44" is a register's sheet ("Tomo 812, Folio 44, Hoja GR-9981") or an invoice's number
      // (Mexico's "Folio"); only "folio k de n" numbers the page.
      if (m[2] === undefined && /^folio/i.test(m[0])) continue
      const found = pageNumberIn(m)
      if (found?.count !== undefined) return found
      bare ??= found
    }
    const alone = row.box[1] < 0.12 || row.box[3] > 0.88 ? K_OF_N.exec(text) : null
    const found = alone === null ? undefined : pageNumberIn(alone)
    if (found !== undefined) return found
  }
  return bare
}

const NUMBER_FIELD: LeafField = { kind: "leaf", name: "document_number", type: "string" }
const NUMBER_PROFILE: FieldProfile = {
  concepts: ["invoice_number", "receipt_number", "document_number"],
  meaning: 1,
  phrases: [
    ...conceptPhrases("invoice_number"),
    ...conceptPhrases("receipt_number"),
    ...conceptPhrases("document_number")
  ]
}

/** The page's document number: the one its title line states, else the labelled one. */
const documentNumberOf = (
  layout: PageLayout,
  hint: ReturnType<typeof inferDateOrder>,
  title: TitleLine | undefined
): string | undefined => {
  const found = title?.number ??
    readLabelled({ layouts: [layout], hint }, NUMBER_FIELD, ["document_number"], NUMBER_PROFILE)
  // A number on an item's row (its position, "3  Visitenkarten … 50,00" under a title) numbers no document.
  const row = found === undefined ? undefined : layout.rows.find((r) => r.words.includes(found.words[0]!))
  if (found === undefined || (row !== undefined && holdsCents(row))) {
    return undefined
  }
  return String(found.value).toUpperCase().replace(/[^A-Z0-9]/g, "")
}

const DATE_FIELD: LeafField = { kind: "leaf", name: "date", type: "date" }
const DATE_PROFILE: FieldProfile = {
  concepts: ["invoice_date", "purchase_date", "date"],
  meaning: 1,
  phrases: [...conceptPhrases("invoice_date"), ...conceptPhrases("purchase_date"), ...conceptPhrases("date")]
}
/** A document's own date is printed in the top part of its first page. */
const DATE_TOP = 0.4

/**
 * Whether a date read under its label is the first of a table's column of dates ("Date" heading a
 * list of services): the row under the value holds a date in the same column too.
 */
const dateColumn = (layout: PageLayout, c: Candidate, hint: ReturnType<typeof inferDateOrder>): boolean => {
  const at = c.at
  const first = c.words[0]
  if (at === undefined || first === undefined || at.row.words.includes(first)) return false
  const valueRow = layout.rows.findIndex((r) => r.words.includes(first))
  const next = layout.rows[valueRow + 1]
  if (valueRow < 0 || next === undefined) return false
  const column = next.words.filter((w) => w.box[0] < first.box[2] && w.box[2] > first.box[0])
  return column.length > 0 && readValue("date", column, { hint }) !== undefined
}

/**
 * The page's document date: the one its title line states, else the one a date label names, else the
 * first date in the top part of the page (anywhere on a till roll). A date further down an invoice (a
 * due date in the payment terms, a period in a table) says nothing of where a document starts.
 */
const dateOf = (
  layout: PageLayout,
  hint: ReturnType<typeof inferDateOrder>,
  roll: boolean,
  title: TitleLine | undefined
): { readonly date: string; readonly labelled: boolean } | undefined => {
  const titled = title?.date
  if (titled !== undefined) return { date: String(titled.value), labelled: true }
  const labelled = readLabelled({ layouts: [layout], hint }, DATE_FIELD, ["date"], DATE_PROFILE)
  if (labelled !== undefined && !dateColumn(layout, labelled, hint)) {
    return { date: String(labelled.value), labelled: true }
  }
  // A till roll prints its one date anywhere, often under the items.
  for (const row of layout.rows) {
    if (row.box[1] > DATE_TOP && !roll) break
    const r = readValue("date", row.words, { hint })
    if (r !== undefined) return { date: String(r.value), labelled: false }
  }
  return undefined
}

/**
 * The words of a page's top rows that name its sender: labels and titles ("Rechnung", "Datum", "Invoice No")
 * and legal forms left out, so one letterhead over another page's first rows is still the same, and two
 * senders' letterheads do not look alike for their labels.
 */
const headerOf = (layout: PageLayout): Set<string> =>
  new Set(
    layout.rows.slice(0, 4).flatMap((r) => r.words.flatMap((w) => w.tokens))
      .filter((t) => /^\p{L}{3,}$/u.test(t) && !isVocabulary(t) && !hasLegalForm(`X ${t}`))
  )

/** What a page says whatever the templates: read once per page object (see Layout.ts's layouts). */
type PageFacts =
  | { readonly blank: true }
  | {
    readonly blank: false
    readonly layout: PageLayout
    readonly rows: ReturnType<typeof rowStrings>
    readonly text: string
    readonly roll: ReturnType<typeof tillRoll>
    readonly titledLine: ReturnType<typeof titleLine>
    readonly pageNumber: ReturnType<typeof pageNumberOf>
    readonly documentNumber: string | undefined
    readonly date: ReturnType<typeof dateOf>
    readonly header: ReadonlySet<string>
    readonly content: ReadonlySet<string>
    /** The page's tokens as the label vocabulary reads them (`wordTokens`). */
    readonly vocabulary: ReadonlySet<string>
  }

type ReadPage = Extract<PageFacts, { readonly blank: false }>

const facts = new WeakMap<Page, PageFacts>()

const BLANK: PageFacts = { blank: true }

/** What the split reads of a page whatever the templates, worked out once per page object. */
export const factsOf = (page: Page): PageFacts => {
  const known = facts.get(page)
  if (known !== undefined) return known
  const text = pageText(page)
  let made: PageFacts = BLANK
  if (text.replace(/[^\p{L}\p{N}]/gu, "").length >= 3) {
    const layout = layoutOf(page)
    const roll = tillRoll(layout)
    const hint = inferDateOrder([text])
    const titledLine = titleLine({ layouts: [layout], hint })
    made = {
      blank: false,
      layout,
      rows: rowStrings(layout),
      text,
      roll,
      titledLine,
      pageNumber: pageNumberOf(layout),
      documentNumber: documentNumberOf(layout, hint, titledLine),
      date: dateOf(layout, hint, roll, titledLine),
      header: headerOf(layout),
      content: new Set(layout.rows.flatMap((r) => r.words.flatMap((w) => w.tokens))),
      vocabulary: new Set(layout.rows.flatMap((r) => readTokens(layout, r)))
    }
  }
  facts.set(page, made)
  return made
}

/** How a page fits one template (its title on the page, its score), by page object and template. */
const fits = besideOwner<Page, { readonly titled: boolean; readonly score: number }>()

const fitOf = (page: Page, f: ReadPage, p: SpecProfile) =>
  fits(page, p.key, () => {
    // A title line names its type in one word, compounds included ("Handelsrechnung" is a "Rechnung").
    const byLine = f.titledLine?.date !== undefined &&
      p.type.titles.some((t) => t.length === 1 && f.titledLine!.title.endsWith(t[0]!))
    const titled = byLine || isTitled(f.layout, p.type.titles)
    return { titled, score: scoreFor(f.layout, f.rows, f.vocabulary, f.text, p, titled, f.roll) }
  })

/**
 * A page's evidence for these templates. The work is kept beside the page object, so a model held in
 * memory (a stored document's cached parse) is not analysed again by the next split.
 */
export const pageEvidence = (page: Page, profiles: ReadonlyArray<SpecProfile>): PageEvidence => {
  const f = factsOf(page)
  if (f.blank) {
    return {
      page,
      blank: true,
      scores: profiles.map(() => 0),
      titled: new Set(),
      pageNumber: undefined,
      pageCount: undefined,
      documentNumber: undefined,
      titleLine: false,
      date: undefined,
      dateLabelled: false,
      header: new Set(),
      content: new Set()
    }
  }
  const fitted = profiles.map((p) => fitOf(page, f, p))
  return {
    page,
    blank: false,
    scores: fitted.map((x) => x.score),
    titled: new Set(fitted.flatMap((x, i) => (x.titled ? [i] : []))),
    pageNumber: f.pageNumber?.number,
    pageCount: f.pageNumber?.count,
    documentNumber: f.documentNumber,
    titleLine: f.titledLine?.date !== undefined,
    date: f.date?.date,
    dateLabelled: f.date?.labelled === true,
    header: f.header,
    content: f.content
  }
}

/**
 * Pages this alike are copies of one page (a document printed twice, or scanned after it was sent as a
 * file: its OCR misreads a few words), never two pages of one document, whose words differ far more.
 */
const SAME_PAGE = 0.7

/**
 * Whether two pages carry the same words: a second copy of the page, not its continuation. Pages
 * numbered differently ("page 2 of 9", "page 3 of 9") are different pages however alike their words.
 */
export const samePage = (a: PageEvidence, b: PageEvidence): boolean =>
  a.pageNumber === b.pageNumber &&
  a.content.size >= 5 && b.content.size >= 5 && headerSimilarity(a.content, b.content) >= SAME_PAGE

/** Share of words two letterheads have in common (0..1). */
export const headerSimilarity = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0
  let common = 0
  for (const t of a) if (b.has(t)) common++
  return common / (a.size + b.size - common)
}
