/**
 * A document's title line that states its number and date: "Schlussrechnung Nr. 2024-0815 vom
 * 15.11.2024", "Facture N° F-2024-12 du 3 août 2026", "Invoice #123 dated 2024-01-05". The number and
 * date there are the document's own, whatever other dates (creation, delivery, a stylesheet's
 * version) the page prints elsewhere.
 */
import { besideOwner } from "../../lib/memo.js"
import { misreadDistance } from "../../Text/Misreads.js"
import { fold } from "../../Text/Tokens.js"
import { findDates, isTimeOfDay } from "../../Text/Values.js"
import { type PageLayout, type PlacedWord, type Row, segmentsOf } from "./Layout.js"
import type { Found, Section } from "./Section.js"

/** A title word, German compounds included ("Handelsrechnung", "Teilrechnung", "Schlussrechnung"), and a fee note's ("Note d'honoraires", "Honorarnote"). */
const TITLE =
  /^(?:\p{L}*rechnung|\p{L}*gutschrift|invoice|facture|factura|fattura|fatura|factuur|faktura|invois|avoir|receipt|quittung|recu|bill|honorarnote|(?:d['’])?honoraires)$/u
/** Title words long enough to be known with one letter OCR confused for a like one ("Facturc", "Rcchnung"). */
const LONG_TITLES = [
  "rechnung",
  "gutschrift",
  "invoice",
  "facture",
  "factura",
  "fattura",
  "factuur",
  "faktura",
  "quittung"
]

/** Title words already looked for, by the word as read (the same words recur on every page). */
const titleWords = new Map<string, string | undefined>()

/** The title word a word is, as printed or with one letter OCR confused ("handelsrcchnung" → "handelsrechnung"). */
const titleWord = (word: string): string | undefined => {
  if (TITLE.test(word)) return word
  // A compound title's first part ("Fatura-Recibo", "Factura-Recibo").
  const part = word.split("-")[0]!
  if (part !== word && TITLE.test(part)) return part
  if (word.length < 6 || !/^\p{L}+$/u.test(word)) return undefined
  if (titleWords.has(word)) return titleWords.get(word)
  if (titleWords.size >= MAX_REMEMBERED) titleWords.clear()
  const found = misreadTitle(word)
  titleWords.set(word, found)
  return found
}

const MAX_REMEMBERED = 10_000

const misreadTitle = (word: string): string | undefined => {
  for (const t of LONG_TITLES) {
    const end = word.slice(-t.length)
    if (end.length === t.length && misreadDistance(end, t, 0.5) <= 0.5) {
      const read = word.slice(0, -t.length) + t
      if (TITLE.test(read)) return read
    }
  }
  return undefined
}

/** "number" in the supported languages, as the title line writes it ("Ne": a "№" as OCR reads it). */
const NUMBER = /^(?:nr|no|ne|n|nº|n°|n\.º|n\.°|n\.o|num|number|nummer|numero|nombor|#)\.?:?$/u
/** Words that introduce the date after the number. */
const DATED = /^(?:vom|du|dated|date|of|from|le|del|de|dal|van|d\.d\.|datum|am)$/u
/** A number written against its mark ("#123", "Nr.123", "#LW-2031"). */
const GLUED_NUMBER = /^(?:#|nr\.?|no\.?|n°)(\p{N}[\p{L}\p{N}\-/_.]*)$|^#(\p{L}{1,4}[-/_.]?\p{N}[\p{L}\p{N}\-/_.]*)$/u
/** The mark a glued number is written against, with the number word after a "#" ("#Nr123"). */
const GLUED_MARK = /^#?(?:(?:nr|no|n[°º])\.?(?=\p{N}))?/iu
/** A series' code before an invoice's number ("FR", "FT", "FS"): two or three capitals. */
const SERIES = /^\p{Lu}{2,3}$/u
/** The number after a series' code: the series' year or letter, a slash, the number ("2030/55", "A/123"). */
const SERIES_NUMBER = /^[\p{L}\p{N}]{1,6}\/\p{N}{1,8}[,;:.]?$/u
/** A title line sits in the top part of the page. */
const TOP = 0.5
/** Words allowed between the title word and "Nr." ("Handelsrechnung (380) Nr."). */
const BETWEEN = 2

export interface TitleLine {
  /** The title word, folded ("handelsrechnung", "facture"). */
  readonly title: string
  readonly number?: Found
  readonly date?: Found
}

const clean = (w: PlacedWord) => fold(w.text).replace(/[()[\],;]+/g, "")

const onRow = (layout: PageLayout, row: Row, hint: Section["hint"]): TitleLine | undefined => {
  const found = onWords(layout, row.words, hint)
  if (found !== undefined) return found
  // A title alone on its row or in its column, its number on the row under it in the same column ("FACTURE"
  // over "Numéro : FC-2024-0456", "Facture      Paris, le 5 décembre 2024" over "Numéro : BV-24-1207", a
  // seller's address beside "FACTURA" over "Número: 2025/0147"); a line of another column between them
  // ("FATTURA   Spett.le" over "Immobiliare … S.r.l." over "Numero  7/2025").
  for (const segment of segmentsOf(row, layout.unit, WIDE_GAP)) {
    if (segment.length !== 1) continue
    const title = row.words[segment[0]!]!
    for (const next of rowsUnder(layout, row, title)) {
      const segments = segmentsOf(next, layout.unit, WIDE_GAP)
      const at = segments.findIndex((u) => {
        const first = next.words[u[0]!]!
        return NUMBER.test(clean(first)) &&
          (Math.abs(first.box[0] - title.box[0]) <= layout.unit || (row.words.length === 1 && u[0] === 0))
      })
      if (at < 0) continue
      // "Numero" alone in its cell: its value is the next cell's ("Numero          7/2025").
      const below = segments[at]!.length === 1 ? [...segments[at]!, ...(segments[at + 1] ?? [])] : segments[at]!
      const found = onWords(layout, [title, ...below.map((i) => next.words[i]!)], hint)
      if (found !== undefined) return found
    }
  }
  return undefined
}

/** Rows under a title searched for its number. */
const ROWS_UNDER = 3

/**
 * The rows under a title that may hold its number: the one right under it, and when that has nothing in
 * the title's column (another column's line), the next that has; each a line's spacing below the one before.
 */
const rowsUnder = (layout: PageLayout, row: Row, title: PlacedWord): Array<Row> => {
  const out: Array<Row> = []
  let above = row
  for (let i = row.index + 1; i < layout.rows.length && i <= row.index + ROWS_UNDER; i++) {
    const next = layout.rows[i]!
    // A blank line may set the title apart from the details under it ("FACTURE" over "" over "Numéro : …").
    if (next.box[1] - above.box[3] > (above === row ? TITLE_SPACING : 1) * layout.unit) break
    const inColumn = next.words.some((w) => w.box[0] < title.box[2] && w.box[2] > title.box[0])
    if (out.length === 0 || inColumn) out.push(next)
    if (inColumn) break
    above = next
  }
  return out
}

/** The most space (text heights) under a title before the row that gives its number: a blank line. */
const TITLE_SPACING = 2

/** A gap that sets a title apart from the rest of its row (a date printed at the right margin). */
const WIDE_GAP = 3

/**
 * An identifier with no mark before it: letters and digits joined ("MC-118", "F2031-045") or three digits
 * or more with a separator ("2030-214"); not a page's "1/2", a month's "11/2024" or an amount.
 */
const BARE_NUMBER =
  /^(?=.*\p{N})(?:\p{L}{1,5}[-/_.]?\p{N}[\p{L}\p{N}\-/_.]*|\p{N}{2,}[-/_.]\p{N}{2,}(?:[-/_.]\p{N}+)*)$/u

/** A month and its year ("11/2024", "2024-11"): the period a title names, no number. */
const MONTH_OF_YEAR = /^(?:(?:0?[1-9]|1[0-2])[-/.](?:19|20)\d{2}|(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2]))$/

const bareNumber = (words: ReadonlyArray<PlacedWord>, i: number): boolean => {
  const word = words[i]
  if (word === undefined) return false
  const next = words[i + 1]
  const text = word.text.replace(/[,;:.]+$/, "")
  return BARE_NUMBER.test(text) && !/^\p{N}{1,2}\/\p{N}{1,2}$/u.test(text) && !MONTH_OF_YEAR.test(text) &&
    (next === undefined || DATED.test(clean(next)) ||
      next.box[0] - word.box[2] > WIDE_GAP * (word.box[3] - word.box[1]))
}

const onWords = (layout: PageLayout, all: ReadonlyArray<PlacedWord>, hint: Section["hint"]): TitleLine | undefined => {
  // A colon standing apart is punctuation, not a word ("N° : 123").
  const words = all.filter((w) => !/^[:：]$/.test(w.text))
  const titleAt = words.findIndex((w, i) => i < 3 && titleWord(clean(w)) !== undefined)
  if (titleAt < 0) return undefined
  // The number follows its mark ("Nr. 123"), or is written against it ("Invoice #123", "Rechnung (380) Nr.123").
  let at = -1, glued: RegExpExecArray | null = null, gluedAt = -1
  for (let i = titleAt + 1; i <= Math.min(words.length - 1, titleAt + 1 + BETWEEN); i++) {
    if (i < words.length - 1 && NUMBER.test(clean(words[i]!))) {
      at = i
      break
    }
    glued = GLUED_NUMBER.exec(clean(words[i]!))
    if (glued !== null) {
      gluedAt = i
      break
    }
  }
  // The number right after the title, with no mark ("Tax Invoice MC-118", "RECHNUNG 2030-214"), ending the
  // title's phrase or followed by its date.
  const bare = at < 0 && gluedAt < 0 && bareNumber(words, titleAt + 1) ? titleAt + 1 : -1
  const idIndex = at >= 0 ? at + 1 : gluedAt >= 0 ? gluedAt : bare
  const idWord = words[idIndex]
  if (idWord === undefined) return undefined
  let id = (glued !== null ? idWord.text.replace(/[()[\],;]+/g, "").replace(GLUED_MARK, "") : idWord.text)
    .replace(/^[:#]+|[,;:.]+$/g, "")
  // A series' code before the number, as Portuguese invoices print it ("FR 2030/55", "FT A/123"): both.
  const after = words[idIndex + 1]
  const series = at >= 0 && SERIES.test(id) && after !== undefined && SERIES_NUMBER.test(after.text) &&
    after.box[0] - idWord.box[2] <= idWord.box[3] - idWord.box[1]
  const idWords = series ? [idWord, after] : [idWord]
  if (series) id = `${id} ${after.text.replace(/[,;:.]+$/, "")}`
  const last = series ? idIndex + 1 : idIndex
  if (!/\p{N}/u.test(id) || id.length > 30 || isTimeOfDay(id)) return undefined
  const number: Found = { value: id, words: idWords, layout }
  const title = titleWord(clean(words[titleAt]!))!
  const connector = words[last + 1]
  if (connector === undefined || !DATED.test(clean(connector))) return { title, number }
  // The date: the fewest words after the connector that read as one whole date.
  for (let n = 1; n <= 4 && last + 1 + n < words.length + 1; n++) {
    const dateWords = words.slice(last + 2, last + 2 + n)
    const text = dateWords.map((w) => w.text).join(" ").replace(/[,;:]+$/, "")
    const d = findDates(text, hint)[0]
    if (d !== undefined && d.index === 0 && d.length >= text.length - 1) {
      return { title, number, date: { value: d.iso, words: dateWords, layout } }
    }
  }
  return { title, number }
}

/** A page's first title line that states a number, on its top half, by the date order read (kept beside the layout). */
const onPage = besideOwner<PageLayout, TitleLine | undefined>()

const titleLineOf = (layout: PageLayout, hint: Section["hint"]): TitleLine | undefined =>
  onPage(layout, hint ?? "", () => {
    for (const row of layout.rows) {
      if (row.box[1] > TOP) break
      const found = onRow(layout, row, hint)
      if (found !== undefined) return found
    }
    return undefined
  })

/** The first title line of the section that states a number, on the top half of a page. */
export const titleLine = (section: Section): TitleLine | undefined => {
  for (const layout of section.layouts) {
    const found = titleLineOf(layout, section.hint)
    if (found !== undefined) return found
  }
  return undefined
}
