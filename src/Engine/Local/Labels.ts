/**
 * Labels on a page's rows: the vocabulary's label phrases found on rows (through OCR's misreadings of
 * label words), longest first, and a table header's cells told apart from one label running across them.
 * What the words after a label say is Qualifiers.ts'; where its value is read, ValueAreas.ts.
 */
import type { Box } from "../../Domain/PageModel.js"
import { labelBeforeAmount, labelTokens, numberedLabel, splitLabelWord } from "../../Text/Misreads.js"
import { LEXICON, type Phrase } from "../../Text/Vocabulary.js"
import { gapBefore, type PageLayout, type Row, widthOverHeight } from "./Layout.js"
import { inclusiveQualifier, onlyTaxQualifiers } from "./Qualifiers.js"

/** A label of a known concept on a row (word indexes inclusive). */
export interface LexiconHit {
  readonly first: number
  readonly last: number
  readonly tokens: number
  readonly concepts: ReadonlySet<string>
  /** Looks like a label: ends with ":", has several words, or starts a segment of the row. */
  readonly labelLike: boolean
}

export interface LabelMatch {
  readonly page: PageLayout
  readonly row: Row
  readonly first: number
  readonly last: number
  readonly phrase: Phrase
  readonly box: Box
  /** The label is followed by ":" (a strong sign it is a label and not prose). */
  readonly colon: boolean
  /** The label starts its row or a column segment of it. */
  readonly segmentStart: boolean
}

export interface RowToken {
  readonly token: string
  readonly word: number
  readonly wordStart: boolean
  /** The last word the token spans, when OCR split its word in two ("TOT AL"). */
  readonly through?: number
}

/** Web and e-mail addresses: their words are names, never misread labels. */
const WEB = /@|www\.|https?:|\.(?:com|net|org|my)\b/i

const rowTokens = new WeakMap<Row, ReadonlyArray<RowToken>>()
/** A row's tokens as labels are matched on them (OCR's misreads read as the words meant), with the word each came from. */
export const tokensOfRow = (layout: PageLayout, row: Row): ReadonlyArray<RowToken> => {
  let out = rowTokens.get(row)
  if (out === undefined) {
    // Labels are matched on the words OCR meant ("T0TAL" as "total", "DocNo" as "doc no", "TOT AL" as "total").
    const words = row.words.map((w) => {
      if (WEB.test(w.text)) return w.tokens
      const glued = labelBeforeAmount(w.text)
      return numberedLabel(w.text) ?? (glued !== undefined ? [glued] : w.tokens.flatMap((t) => labelTokens(t)))
    })
    const list: Array<RowToken> = []
    const xToY = widthOverHeight(layout.page)
    for (let word = 0; word < words.length; word++) {
      const tokens = words[word]!, next = words[word + 1]
      const joined = tokens.length === 1 && next?.length === 1 &&
          gapBefore(row, word + 1) * xToY <= 1.5 * (row.words[word]!.box[3] - row.words[word]!.box[1])
        ? splitLabelWord(tokens[0]!, next[0]!)
        : undefined
      if (joined !== undefined) {
        list.push({ token: joined, word, wordStart: true, through: word + 1 })
        word++
      } else tokens.forEach((token, k) => list.push({ token, word, wordStart: k === 0 }))
    }
    out = list
    rowTokens.set(row, out)
  }
  return out
}

/** Words that name an identifier of a party rather than the party ("Verkäufer-BIC", "Käufer-ID"). */
const IDENTIFIER_WORDS = new Set([
  "bic",
  "iban",
  "swift",
  "id",
  "ident",
  "nr",
  "no",
  "number",
  "nummer",
  "numero",
  "code",
  "ref",
  "vat",
  "tva",
  "ust",
  "ustid",
  "tax",
  "steuernummer",
  "gln",
  "siret",
  "siren",
  "konto",
  "kto",
  "account"
])

/**
 * A label whose last word breaks at its hyphen at the end of its line ("Artikel-" over "Nr." in a table's
 * header) and goes on, on the line under it, with a word naming an identifier: the compound labels a code.
 */
export const brokenIntoAnIdentifier = (m: LabelMatch): boolean => {
  const word = m.row.words[m.last]!
  if (
    !word.text.endsWith("-") ||
    m.row.words[m.last + 1] !== undefined && m.row.words[m.last + 1]!.box[0] - word.box[2] < m.page.unit
  ) {
    return false
  }
  const under = m.page.rows[m.row.index + 1]
  if (under === undefined || under.box[1] - m.row.box[3] > m.page.unit) return false
  const next = under.words.find((w) => w.box[0] < word.box[2] && word.box[0] < w.box[2])
  return next !== undefined && next.tokens.length > 0 && IDENTIFIER_WORDS.has(next.tokens[0]!)
}

/**
 * The label's last word goes on past it, after a hyphen, with a word naming an identifier
 * ("Verkäufer-BIC: PBNKDEFF"): the compound labels the party's code, not the party. A name
 * ("Verkäufer-Name:") goes on the label's way.
 */
export const goesOnToAnIdentifier = (m: LabelMatch): boolean => {
  const stream = tokensOfRow(m.page, m.row)
  const last = m.phrase.tokens[m.phrase.tokens.length - 1]
  const at = stream.findIndex((t) => t.word === m.last && t.token === last)
  const next = at < 0 ? undefined : stream[at + 1]
  return next !== undefined && !next.wordStart && next.word === m.last && IDENTIFIER_WORDS.has(next.token) &&
    /\p{L}-\p{L}/u.test(m.row.words[m.last]!.text)
}

const endsWithColon = (row: Row, first: number, last: number) =>
  /[:：]\s*$/.test(row.words[last]!.text) || /^[:：]/.test(row.words[last + 1]?.text ?? "") ||
  // A heading alone on its row closed by a comma, as a letter addresses its recipient ("To,"): a label's colon.
  (first === 0 && last === row.words.length - 1 && /,$/.test(row.words[last]!.text))

/** Where the tokens occur on the row as a label: starting at a word start, words close together. */
const occurrences = (
  layout: PageLayout,
  row: Row,
  tokens: ReadonlyArray<string>
): Array<{ at: number; first: number; last: number }> => {
  const stream = tokensOfRow(layout, row)
  const out: Array<{ at: number; first: number; last: number }> = []
  for (let i = 0; i + tokens.length <= stream.length; i++) {
    if (stream[i]!.token !== tokens[0] || !matchesAt(layout, row, stream, i, tokens)) continue
    const end = stream[i + tokens.length - 1]!
    out.push({ at: i, first: stream[i]!.word, last: end.through ?? end.word })
  }
  return out
}

/** Whether the tokens occur as a label at token `i` of the row's stream (a word start, words close together). */
const matchesAt = (
  layout: PageLayout,
  row: Row,
  stream: ReadonlyArray<RowToken>,
  i: number,
  tokens: ReadonlyArray<string>
): boolean => {
  if (i + tokens.length > stream.length || !stream[i]!.wordStart) return false
  for (let k = 0; k < tokens.length; k++) {
    const t = stream[i + k]!
    if (t.token !== tokens[k]) return false
    if (k > 0 && t.wordStart && gapBefore(row, t.word) > 2.5 * layout.unit) return false
  }
  return true
}

const lexiconCache = new WeakMap<Row, ReadonlyArray<LexiconHit & { at: number }>>()

/** A word that is a name with an elision inside ("Net'Horizon", "O’Brien"): no label starts it. */
const elidedBefore = (text: string): boolean => /^\p{L}+['’]\p{L}/u.test(text)

/** Every vocabulary label on the row, longest first where they overlap. */
export const lexiconHits = (layout: PageLayout, row: Row): ReadonlyArray<LexiconHit & { at: number }> => {
  const cached = lexiconCache.get(row)
  if (cached !== undefined) return cached
  const stream = tokensOfRow(layout, row)
  const found: Array<LexiconHit & { at: number }> = []
  for (let at = 0; at < stream.length; at++) {
    for (const entry of LEXICON.get(stream[at]!.token) ?? []) {
      if (!matchesAt(layout, row, stream, at, entry.tokens)) continue
      const first = stream[at]!.word
      const end = stream[at + entry.tokens.length - 1]!
      const last = end.through ?? end.word
      // A label is no elided start of a name: "Net" in "Net'Horizon" (a value glued after a colon or a
      // dot, "TOTAL:RM", "No.123", is its own).
      const after = stream[at + entry.tokens.length]
      if (after !== undefined && !after.wordStart && after.word === last && elidedBefore(row.words[last]!.text)) {
        continue
      }
      found.push({
        at,
        first,
        last,
        tokens: entry.tokens.length,
        concepts: entry.concepts,
        labelLike: entry.tokens.length >= 2 || first === 0 ||
          gapBefore(row, first) * widthOverHeight(layout.page) > 1.5 * layout.unit ||
          endsWithColon(row, first, last)
      })
    }
  }
  found.sort((a, b) => b.tokens - a.tokens || a.at - b.at)
  const kept: Array<LexiconHit & { at: number }> = []
  for (const h of found) if (!kept.some((k) => h.at < k.at + k.tokens && k.at < h.at + h.tokens)) kept.push(h)
  kept.sort((a, b) => a.at - b.at)
  lexiconCache.set(row, kept)
  return kept
}

const NO_CONCEPTS: ReadonlySet<string> = new Set()
/** The concepts of a row's first label ("Total" on "Total HT 1 625,00"), none on a row without one. */
export const firstLabelConcepts = (layout: PageLayout, row: Row): ReadonlySet<string> =>
  lexiconHits(layout, row)[0]?.concepts ?? NO_CONCEPTS

/** Whether two sets of concepts share none. */
export const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  for (const x of a) if (b.has(x)) return false
  return true
}

/**
 * The label phrases on a page. `own` are the field's concepts: a phrase found inside a longer
 * label of another concept is not a label of the field ("Date" in "Due Date" for an issue date).
 * With `cells` (a table's header), a longer label of no column's concept that spans a gap wider than a
 * word's space is two header cells, not one label ("GST  Amount", "Menge  Gesamt").
 */
export const findLabels = (
  layout: PageLayout,
  phrases: ReadonlyArray<Phrase>,
  own: ReadonlySet<string>,
  cells = false
): ReadonlyArray<LabelMatch> => {
  // Kept beside the page's layout, by phrase list (the profiles' lists are made once) and concepts.
  const ownKey = [...own].sort().join(",") + (cells ? "|cells" : "")
  let byPhrases = labelMemo.get(layout)
  if (byPhrases === undefined) {
    byPhrases = new WeakMap()
    labelMemo.set(layout, byPhrases)
  }
  let byOwn = byPhrases.get(phrases)
  if (byOwn === undefined) {
    byOwn = new Map()
    byPhrases.set(phrases, byOwn)
  }
  const known = byOwn.get(ownKey)
  if (known !== undefined) return known
  const made = searchLabels(layout, phrases, own, cells)
  byOwn.set(ownKey, made)
  return made
}

const labelMemo = new WeakMap<PageLayout, WeakMap<ReadonlyArray<Phrase>, Map<string, ReadonlyArray<LabelMatch>>>>()

const rowTokenSets = new WeakMap<Row, ReadonlySet<string>>()

/** The distinct tokens of a row (made once per row). */
const rowTokenSet = (layout: PageLayout, row: Row): ReadonlySet<string> => {
  let set = rowTokenSets.get(row)
  if (set === undefined) {
    set = new Set(tokensOfRow(layout, row).map((t) => t.token))
    rowTokenSets.set(row, set)
  }
  return set
}

const firstTokenIndex = new WeakMap<ReadonlyArray<Phrase>, ReadonlyMap<string, ReadonlyArray<Phrase>>>()

/** A phrase list by the first token of each phrase (made once per list: the profiles' lists are kept). */
const phrasesByFirstToken = (phrases: ReadonlyArray<Phrase>): ReadonlyMap<string, ReadonlyArray<Phrase>> => {
  const known = firstTokenIndex.get(phrases)
  if (known !== undefined) return known
  const index = new Map<string, Array<Phrase>>()
  for (const p of phrases) {
    const list = index.get(p.tokens[0]!)
    if (list === undefined) index.set(p.tokens[0]!, [p])
    else list.push(p)
  }
  firstTokenIndex.set(phrases, index)
  return index
}

const tokenRows = new WeakMap<PageLayout, ReadonlyMap<string, ReadonlyArray<number>>>()

/** The page's rows by the tokens they hold (indexes in page order; made once per layout). */
const rowsByToken = (layout: PageLayout): ReadonlyMap<string, ReadonlyArray<number>> => {
  let index = tokenRows.get(layout)
  if (index === undefined) {
    const made = new Map<string, Array<number>>()
    layout.rows.forEach((row, i) => {
      for (const token of rowTokenSet(layout, row)) {
        const rows = made.get(token)
        if (rows === undefined) made.set(token, [i])
        else rows.push(i)
      }
    })
    index = made
    tokenRows.set(layout, index)
  }
  return index
}

/** Indexes of the rows holding the first token of one of the phrases, in page order. */
const rowsWithAFirstToken = (
  layout: PageLayout,
  byFirst: ReadonlyMap<string, ReadonlyArray<Phrase>>
): Array<number> => {
  const index = rowsByToken(layout)
  const rows = new Set<number>()
  for (const token of byFirst.keys()) for (const i of index.get(token) ?? []) rows.add(i)
  return [...rows].sort((a, b) => a - b)
}

/** Words after a label that make it a heading ("Customer Details", "Payment information", "Kundendaten", "Coordonnées"). */
export const HEADING_WORDS: ReadonlySet<string> = new Set([
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

/** Whether a label heads a block of the page ("Payment details", "Bank information") rather than labelling a value. */
export const headsABlock = (m: LabelMatch): boolean =>
  m.row.words[m.last + 1]?.tokens.some((t) => HEADING_WORDS.has(t)) ?? false

/** What a table's header cells name: a longer label of one of these is one cell. */
export const COLUMN_CONCEPTS: ReadonlySet<string> = new Set(["description", "quantity", "unit_price", "line_amount"])

/** How sure a header cell's label is when a longer label of another kind runs across it into the next cell. */
const SPLIT_CELL = 0.5

/** A gap between a label's words wider than this (text heights) sets two header cells apart. */
const CELL_GAP = 0.9

/** Whether a label's words stand apart somewhere, as two cells of a table's header do. */
const spansCells = (layout: PageLayout, row: Row, h: { readonly first: number; readonly last: number }) => {
  for (let i = h.first + 1; i <= h.last; i++) if (gapBefore(row, i) > CELL_GAP * layout.unit) return true
  return false
}

const searchLabels = (
  layout: PageLayout,
  phrases: ReadonlyArray<Phrase>,
  own: ReadonlySet<string>,
  cells: boolean
): Array<LabelMatch> => {
  const byFirst = phrasesByFirstToken(phrases)
  const out: Array<LabelMatch> = []
  for (const r of rowsWithAFirstToken(layout, byFirst)) {
    const row = layout.rows[r]!
    const found: Array<{ at: number; first: number; last: number; phrase: Phrase }> = []
    for (const token of rowTokenSet(layout, row)) {
      for (const phrase of byFirst.get(token) ?? []) {
        for (const o of occurrences(layout, row, phrase.tokens)) found.push({ ...o, phrase })
      }
    }
    if (found.length === 0) continue
    const lex = lexiconHits(layout, row)
    found.sort((a, b) => b.phrase.tokens.length - a.phrase.tokens.length || b.phrase.strength - a.phrase.strength)
    const kept: typeof found = []
    for (const f of found) {
      const end = f.at + f.phrase.tokens.length
      if (kept.some((k) => f.at < k.at + k.phrase.tokens.length && k.at < end)) continue
      // A qualifier saying what the amount includes ("Total (GST incl.)") belongs to the phrase: a longer
      // label running into it ("total gst") does not take the phrase over.
      // In a table's header, a column's label with words saying what its amounts leave out or include
      // ("Total ex GST", "Unit Price excl. VAT", "Montant HT") is still the column's, not a summary's label.
      const inside = inclusiveQualifier(row, f.last) ?
        [] :
        lex.filter((h) =>
          h.tokens > f.phrase.tokens.length && h.at <= f.at && h.at + h.tokens >= end && disjoint(h.concepts, own) &&
          !(cells && !disjoint(own, COLUMN_CONCEPTS) && onlyTaxQualifiers(row, h, f))
        )
      // In a table's header, one that spans two cells leaves the phrase its own cell, less sure than a cell's
      // whole label ("VAT  Amount  Total": the line's amount is the total's column).
      const split = (h: (typeof lex)[number]) =>
        cells && disjoint(h.concepts, COLUMN_CONCEPTS) && spansCells(layout, row, h)
      if (inside.length === 0) kept.push(f)
      else if (inside.every(split)) {
        kept.push({ ...f, phrase: { ...f.phrase, strength: f.phrase.strength * SPLIT_CELL } })
      }
    }
    for (const f of kept) {
      const words = row.words.slice(f.first, f.last + 1)
      out.push({
        page: layout,
        row,
        first: f.first,
        last: f.last,
        phrase: f.phrase,
        box: [
          words[0]!.box[0],
          Math.min(...words.map((w) => w.box[1])),
          words[words.length - 1]!.box[2],
          Math.max(...words.map((w) => w.box[3]))
        ],
        colon: endsWithColon(row, f.first, f.last),
        segmentStart: f.first === 0 || gapBefore(row, f.first) > 1.5 * layout.unit
      })
    }
  }
  return out
}
