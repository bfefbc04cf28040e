/**
 * Page geometry for the local engines: words grouped into visual rows (whatever the reader made of
 * lines and columns), the gaps between words and the column segments of a row. Labels on the rows
 * and the areas where their values sit are in Labels.ts.
 */
import type { Box, Page, Word } from "../../Domain/PageModel.js"
import { tokensOf } from "../../Text/Tokens.js"
import { centsWord } from "../../Text/Values.js"

export interface PlacedWord {
  readonly text: string
  readonly box: Box
  readonly tokens: ReadonlyArray<string>
  /** The reader's confidence, 0..1 (1 for a text layer). */
  readonly confidence: number
  /** Its least sure character's, where the reader scores characters (Word.leastCharacter). */
  readonly leastCharacter?: number
}

export interface Row {
  readonly index: number
  /** Left to right. */
  readonly words: ReadonlyArray<PlacedWord>
  readonly box: Box
}

export interface PageLayout {
  readonly page: Page
  /** Top to bottom. */
  readonly rows: ReadonlyArray<Row>
  /** Median word height: the unit for gaps and distances. */
  readonly unit: number
}

const height = (b: Box) => b[3] - b[1]
const median = (xs: Array<number>) => {
  if (xs.length === 0) return 0.012
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

/** The tallest height of some words: their print's size (a note is taller, a name wrapped onto its next row as tall). */
export const heightOf = (words: ReadonlyArray<PlacedWord>): number => Math.max(...words.map((w) => height(w.box)))

/** The median height of some words: the size of their print. */
export const medianHeight = (words: ReadonlyArray<PlacedWord>): number => median(words.map((w) => height(w.box)))

/** Words of a line; a line without words gets boxes spread over its box by character count. */
const lineWords = (
  text: string,
  box: Box,
  words: ReadonlyArray<Word>
): ReadonlyArray<Word> => {
  if (words.length > 0) return words
  const parts = [...text.matchAll(/\S+/g)]
  const width = (box[2] - box[0]) / Math.max(1, text.length)
  return parts.map((m) => ({
    text: m[0],
    box: [box[0] + m.index * width, box[1], box[0] + (m.index + m[0].length) * width, box[3]] as Box,
    confidence: 1
  }))
}

const layouts = new WeakMap<Page, PageLayout>()

interface Run {
  readonly words: Array<PlacedWord>
  readonly box: Box
}

/**
 * The rows of a page, built once per page object: the reader's lines (runs of words) that share a
 * band of height and do not overlap horizontally form one row, so a label and a value the reader
 * put in separate lines still sit on one row, while a small line under a big title stays apart.
 */
/**
 * A line printed across the page's reading direction (a copyright or form number running up the
 * margin): far taller than wide. It is neither a label nor a value, and would cut through the rows it
 * crosses.
 */
const isSideways = (text: string, box: Box): boolean =>
  text.trim().length >= 4 && box[3] - box[1] > 2 * (box[2] - box[0])

/**
 * Specks OCR read as letters, digits or currency signs (a dot of dirt, the edge of a shaded band): one character,
 * read with doubt, much smaller every way than the line's other words (a real letter or digit is at
 * least a third of their height).
 */
const withoutSpecks = (page: Page, words: ReadonlyArray<Word>): ReadonlyArray<Word> => {
  if (words.length < 2) return words
  const heights = words.map((w) => (w.box[3] - w.box[1]) * page.height).sort((a, b) => a - b)
  const limit = SPECK_SIZE * heights[Math.floor(heights.length / 2)]!
  const speck = (w: Word) =>
    w.confidence < SPECK_CONFIDENCE && /^[\p{L}\p{N}\p{Sc}]$/u.test(w.text.trim()) &&
    (w.box[2] - w.box[0]) * page.width < limit && (w.box[3] - w.box[1]) * page.height < limit
  return words.some(speck) ? words.filter((w) => !speck(w)) : words
}

const SPECK_CONFIDENCE = 0.7
const SPECK_SIZE = 0.3

/** A letter of a letter-spaced word as the reader split it: one letter, or a few a font's kerning kept together. */
const SPACED_PIECE = /^\p{Lu}{1,3}$/u
/** Pieces of a letter-spaced word, at least; most of them single letters. */
const SPACED_PIECES = 4
/** The gaps of a letter-spaced word are alike (within this share of their mean) and no wider than its letters are tall. */
const SPACED_GAP_SPREAD = 0.25

/**
 * A heading set in spaced capitals ("C L I E N T E", "D E S T I N ATA R I O"), which a reader gives as one
 * word per letter: read as the word it is. The pieces are capitals, evenly spaced, closer than the
 * letters are tall; a word set apart by a wider gap is not part of it, but the heading's next word
 * ("B I L L  T O") is one of its own however short.
 */
const joinLetterSpaced = (page: Page, words: Array<PlacedWord>): Array<PlacedWord> => {
  const out: Array<PlacedWord> = []
  const gap = (k: number) => words[k]!.box[0] - words[k - 1]!.box[2]
  // Gaps are in page widths, heights in page heights.
  const close = (k: number) => gap(k) > 0 && gap(k) * widthOverHeight(page) <= words[k]!.box[3] - words[k]!.box[1]
  // Whether the last word out is a spaced heading's, and this one follows it closely.
  let inHeading = false
  let i = 0
  while (i < words.length) {
    let end = i + 1
    if (SPACED_PIECE.test(words[i]!.text)) {
      const first = end < words.length ? gap(end) : 0
      while (
        end < words.length && SPACED_PIECE.test(words[end]!.text) && close(end) &&
        Math.abs(gap(end) - first) <= SPACED_GAP_SPREAD * first
      ) end++
    }
    const pieces = words.slice(i, end)
    const letters = pieces.filter((w) => w.text.length === 1).length
    // Initials before a name ("MR A J R SMITH", "SP Z O O") are words at a word's spacing: a word as close
    // before or after the run is ordinary text, not a heading's letters.
    const spacing = end > i + 1 ? gap(i + 1) : 0
    const joinedOn = (k: number) => close(k) && gap(k) <= (1 + SPACED_GAP_SPREAD) * spacing
    const ordinary = (i > 0 && joinedOn(i)) || (end < words.length && joinedOn(end))
    const spaced = pieces.length >= SPACED_PIECES && letters * 2 > pieces.length && !ordinary
    const nextWord: boolean = inHeading && i > 0 && close(i) && pieces.length >= 2 && letters === pieces.length
    inHeading = spaced || nextWord
    if (inHeading) {
      const text = pieces.map((w) => w.text).join("")
      out.push({
        text,
        tokens: tokensOf(text),
        box: [
          pieces[0]!.box[0],
          Math.min(...pieces.map((w) => w.box[1])),
          pieces.at(-1)!.box[2],
          Math.max(
            ...pieces.map((w) => w.box[3])
          )
        ],
        confidence: Math.min(...pieces.map((w) => w.confidence))
      })
      i = end
    } else {
      out.push(words[i]!)
      i++
    }
  }
  return out
}

export const layoutOf = (page: Page): PageLayout => {
  const cached = layouts.get(page)
  if (cached !== undefined) return cached
  const runs: Array<Run> = []
  for (const l of page.lines) {
    const words = joinLetterSpaced(
      page,
      lineWords(l.text, l.box, withoutSpecks(page, l.words))
        .filter((w) => w.text.trim() !== "")
        .map((w): PlacedWord => ({ ...w, tokens: tokensOf(w.text) }))
    )
    if (words.length === 0 || isSideways(l.text, l.box)) continue
    runs.push({
      words,
      box: [
        Math.min(...words.map((w) => w.box[0])),
        Math.min(...words.map((w) => w.box[1])),
        Math.max(...words.map((w) => w.box[2])),
        Math.max(...words.map((w) => w.box[3]))
      ]
    })
  }
  runs.sort((a, b) => (a.box[1] + a.box[3]) - (b.box[1] + b.box[3]))
  const groups: Array<{ y1: number; y2: number; runs: Array<Run> }> = []
  for (const run of runs) {
    const h = height(run.box)
    // Only the last few rows can still take a run: runs come in order of their vertical centre.
    const target = groups.slice(-3).reverse().find((g) => {
      const overlap = Math.min(g.y2, run.box[3]) - Math.max(g.y1, run.box[1])
      const collides = g.runs.some((o) => Math.min(o.box[2], run.box[2]) - Math.max(o.box[0], run.box[0]) > 0)
      return overlap >= 0.5 * Math.min(g.y2 - g.y1, h) && !collides
    })
    if (target !== undefined) {
      target.runs.push(run)
      target.y1 = Math.min(target.y1, run.box[1])
      target.y2 = Math.max(target.y2, run.box[3])
    } else groups.push({ y1: run.box[1], y2: run.box[3], runs: [run] })
  }
  groups.sort((a, b) => a.y1 - b.y1)
  const rows: Array<Row> = groups.map((g, index) => {
    const sorted = g.runs.sort((a, b) => a.box[0] - b.box[0]).flatMap((r) => r.words)
    const x1 = Math.min(...g.runs.map((r) => r.box[0])), x2 = Math.max(...g.runs.map((r) => r.box[2]))
    return { index, words: sorted, box: [x1, g.y1, x2, g.y2] }
  })
  const layout: PageLayout = { page, rows, unit: median(runs.flatMap((r) => r.words.map((w) => height(w.box)))) }
  layouts.set(page, layout)
  return layout
}

/**
 * The page's width over its height: a horizontal distance (in page widths, as boxes give it) times
 * this is in page heights, the measure of a word's height.
 */
export const widthOverHeight = (page: Page): number => page.width > 0 && page.height > 0 ? page.width / page.height : 1

/** Gap between word i-1 and word i of a row (0 for the first word), in page widths. */
export const gapBefore = (
  row: Row,
  i: number
): number => (i === 0 ? 0 : row.words[i]!.box[0] - row.words[i - 1]!.box[2])

/** Whether the row holds an amount in cents ("TOTAL £1,490.00"): a row of values, an item's or a sum's. */
export const holdsCents = (row: Row): boolean => row.words.some((w) => centsWord(w.text))

/** The row's words cut where the gap exceeds `factor` units: its column segments. */
export const segmentsOf = (row: Row, unit: number, factor = 1.5): Array<Array<number>> => {
  const out: Array<Array<number>> = []
  row.words.forEach((_, i) => {
    if (i === 0 || gapBefore(row, i) > factor * unit) out.push([i])
    else out[out.length - 1]!.push(i)
  })
  return out
}
