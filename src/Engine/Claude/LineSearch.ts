/**
 * Where a value is written in numbered lines: as text (whole words first, then inside words, then
 * ignoring punctuation), as a typed value read by the shared readers, as a currency's mark or name, or
 * nearly the same (OCR confusions folded, a few edits). Hits give the words, for the value's box.
 */
import type { Line, Word } from "../../Domain/PageModel.js"
import { fold } from "../../Text/Tokens.js"
import { currencyCode, type DateOrder, findValueCandidates, parseAmount, type ValueKind } from "../../Text/Values.js"

/** A line of a page the model read. */
export interface PlacedLine {
  readonly page: number
  readonly line: Line
  /** One of the lines the model cited for the value. */
  readonly cited?: boolean
}

export interface Hit {
  readonly page: number
  readonly words: ReadonlyArray<Word>
}

/** Folded characters of a run of lines, each mapped back to the word it came from. */
interface Stream {
  readonly text: string
  readonly origin: ReadonlyArray<{ readonly page: number; readonly word: Word } | undefined>
}

const isAlnum = (c: string) => /[\p{L}\p{N}]/u.test(c)

const streamOf = (lines: ReadonlyArray<PlacedLine>, keep: (c: string) => boolean): Stream => {
  let text = ""
  const origin: Array<{ page: number; word: Word } | undefined> = []
  for (const { page, line } of lines) {
    for (const word of line.words) {
      if (text.length > 0 && keep(" ")) {
        text += " "
        origin.push(undefined)
      }
      for (const ch of word.text) {
        for (const f of fold(ch)) {
          if (!keep(f)) continue
          text += f
          origin.push({ page, word })
        }
      }
    }
  }
  return { text, origin }
}

const hitOf = (stream: Stream, start: number, end: number): Hit | undefined => {
  const words: Array<Word> = []
  let page: number | undefined
  for (let i = start; i < end; i++) {
    const o = stream.origin[i]
    if (o === undefined) continue
    page ??= o.page
    // A value found across a page break is placed on the page it starts on.
    if (o.page === page && words[words.length - 1] !== o.word) words.push(o.word)
  }
  return page === undefined ? undefined : { page, words }
}

const atBoundary = (text: string, start: number, end: number) =>
  (start === 0 || !isAlnum(text[start - 1]!)) && (end === text.length || !isAlnum(text[end]!))

/** Shorter values must match whole words and exact spacing, or they would be found anywhere. */
const LOOSE_MIN_CHARS = 4

/** Where the value's text is written in the lines: whole words first, then inside words, then ignoring punctuation. */
export const searchText = (lines: ReadonlyArray<PlacedLine>, value: string): Hit | undefined => {
  const wanted = fold(value).replace(/\s+/g, " ").trim()
  if (wanted.length === 0) return undefined
  const spaced = streamOf(lines, () => true)
  let first = -1
  for (let at = spaced.text.indexOf(wanted); at >= 0; at = spaced.text.indexOf(wanted, at + 1)) {
    if (atBoundary(spaced.text, at, at + wanted.length)) return hitOf(spaced, at, at + wanted.length)
    if (first < 0) first = at
  }
  const compactWanted = [...wanted].filter(isAlnum).join("")
  if (compactWanted.length < LOOSE_MIN_CHARS) return undefined
  if (first >= 0) return hitOf(spaced, first, first + wanted.length)
  const compact = streamOf(lines, isAlnum)
  const at = compact.text.indexOf(compactWanted)
  return at < 0 ? searchWrapped(lines, wanted) : hitOf(compact, at, at + compactWanted.length)
}

/** A wrapped cell's next line starts this close to its first line's start (page widths). */
const COLUMN_SLACK = 0.03
/** A line under another overlaps it by less than this share of its height. */
const ROW_OVERLAP = 0.3
/** The wrapped rest is looked for on this many lines under the first (another column's line may come between). */
const WRAP_LINES = 2

/** A word's letters and digits, folded. */
const bare = (w: Word) => [...fold(w.text)].filter(isAlnum).join("")

/** Where a run of bare words starts among a line's words (words without letters or digits skipped), and the words it spans. */
const runIn = (words: ReadonlyArray<Word>, run: ReadonlyArray<string>): ReadonlyArray<Word> | undefined => {
  const kept = words.filter((w) => bare(w).length > 0)
  for (let i = 0; i + run.length <= kept.length; i++) {
    if (run.every((r, k) => bare(kept[i + k]!) === r)) {
      return words.slice(words.indexOf(kept[i]!), words.indexOf(kept[i + run.length - 1]!) + 1)
    }
  }
  return undefined
}

/**
 * A text a table's cell wrapped: its first words on one line, the other cells' values after them, and
 * the rest starting its column on a line below ("Mission d'audit – consultant  6 jour(s)  6.900,00 €"
 * over "senior").
 */
const searchWrapped = (lines: ReadonlyArray<PlacedLine>, wanted: string): Hit | undefined => {
  const want = wanted.split(" ").map((w) => [...w].filter(isAlnum).join("")).filter((w) => w.length > 0)
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!
    // The lines under it, the lines after it on its row passed over (the other cells, when each cell is a
    // line of its own).
    let below: ReadonlyArray<PlacedLine> | undefined
    for (let split = want.length - 1; split >= 1; split--) {
      const head = runIn(first.line.words, want.slice(0, split))
      if (head === undefined) continue
      below ??= lines.slice(i + 1).filter((l) =>
        l.page === first.page &&
        l.line.box[1] >= first.line.box[3] - ROW_OVERLAP * (first.line.box[3] - first.line.box[1])
      ).slice(0, WRAP_LINES)
      for (const next of below) {
        const tail = runIn(next.line.words, want.slice(split))
        if (tail !== undefined && Math.abs(tail[0]!.box[0] - head[0]!.box[0]) <= COLUMN_SLACK) {
          return { page: first.page, words: [...head, ...tail] }
        }
      }
    }
  }
  return undefined
}

/** Where a currency is written in the lines, as its code, mark or name. */
export const searchCurrency = (lines: ReadonlyArray<PlacedLine>, code: string): Hit | undefined => {
  for (const { page, line } of lines) {
    const word = line.words.find((w) => w.text.length <= 12 && currencyCode(w.text) === code)
    if (word !== undefined) return { page, words: [word] }
  }
  return undefined
}

/** Where a typed value equal to `target` is written in the lines, read by the shared readers. */
export const searchTyped = (
  lines: ReadonlyArray<PlacedLine>,
  kind: ValueKind,
  target: string | number,
  hint: DateOrder | undefined,
  percent: boolean
): Hit | undefined => {
  for (const { page, line } of lines) {
    const words = percent ? line.words.map((w) => ({ ...w, text: w.text.replace(/%$/, "") })) : line.words
    for (const c of findValueCandidates(words, kind, hint)) {
      const same = typeof target === "number"
        ? typeof c.value === "number" && Math.abs(c.value - target) < 1e-9
        : c.value === target
      if (same) return { page, words: line.words.slice(c.start, c.end) }
    }
  }
  // An amount with what is left of a currency mark glued before it ("M12.50" where OCR lost the R of "RM").
  if (kind === "amount" && typeof target === "number") {
    for (const { page, line } of lines) {
      for (const w of line.words) {
        const tail = /^\p{L}{1,3}(\d[\d.,]*\d)$/u.exec(w.text)?.[1]
        const n = tail === undefined ? undefined : parseAmount(tail)
        if (n !== undefined && Math.abs(n - target) < 1e-9) return { page, words: [w] }
      }
    }
  }
  return undefined
}

/**
 * Characters OCR confuses with one another, folded to one shape for near matching: O/0, l/I/1,
 * S/5, B/8, Z/2.
 */
const SHAPES: Readonly<Record<string, string>> = { o: "0", i: "1", l: "1", "|": "1", s: "5", b: "8", z: "2" }
const shapeOf = (c: string) => SHAPES[c] ?? c

/** Edits allowed between a value and its misread: one per five characters, three at most. */
const editsAllowed = (length: number) => Math.min(3, Math.floor(length / 5))

/**
 * Where the value is written nearly the same (OCR confusions folded, then a few edits), ignoring
 * spaces and punctuation: the words of the closest match, if close enough. Values shorter than
 * LOOSE_MIN_CHARS must match exactly after folding.
 */
export const searchNear = (lines: ReadonlyArray<PlacedLine>, value: string): Hit | undefined => {
  const pattern = [...fold(value)].filter(isAlnum).map(shapeOf).join("")
  if (pattern.length < LOOSE_MIN_CHARS) return undefined
  const stream = streamOf(lines, isAlnum)
  const text = [...stream.text].map(shapeOf).join("")
  const exact = text.indexOf(pattern)
  if (exact >= 0) return hitOf(stream, exact, exact + pattern.length)
  const allowed = editsAllowed(pattern.length)
  if (allowed === 0) return undefined
  // Approximate substring matching: cost[i] is the edit distance of pattern[0..i) to the best text
  // substring ending here, start[i] where that substring starts.
  const m = pattern.length
  let cost = Array.from({ length: m + 1 }, (_, i) => i)
  let start = Array.from({ length: m + 1 }, () => 0)
  let best: { cost: number; start: number; end: number } | undefined
  for (let j = 1; j <= text.length; j++) {
    const next = [0]
    const nextStart = [j]
    for (let i = 1; i <= m; i++) {
      const sub = cost[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1)
      const del = cost[i]! + 1
      const ins = next[i - 1]! + 1
      if (sub <= del && sub <= ins) {
        next.push(sub)
        nextStart.push(start[i - 1]!)
      } else if (del <= ins) {
        next.push(del)
        nextStart.push(start[i]!)
      } else {
        next.push(ins)
        nextStart.push(nextStart[i - 1]!)
      }
    }
    cost = next
    start = nextStart
    if (cost[m]! <= allowed && (best === undefined || cost[m]! < best.cost)) {
      best = { cost: cost[m]!, start: start[m]!, end: j }
    }
  }
  return best === undefined ? undefined : hitOf(stream, best.start, best.end)
}
