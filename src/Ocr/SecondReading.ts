/**
 * The second reading of doubtful lines: a line with a word tesseract read with little confidence is read
 * again by the line recognizer (LineRecognizer.ts), and its characters are put into tesseract's word boxes.
 * Tesseract keeps what it does well (finding the lines and the words, and their boxes); the recognizer,
 * much better at degraded print (thermal receipts, dot matrix, low resolution), gives the characters.
 *
 * Measured on receipts-dev (npm run eval, fields right of 192; tesseract alone 120):
 * - the threshold: lines with a word under 0.4 → 131, under 0.6 → 139, under 0.8 → 138 (more CPU); again
 *   with lines read in parts and the confusion repairs: 0.5 → 139, 0.6 → 147, 0.7 → 147 (two totals more,
 *   two addresses fewer, more CPU);
 * - the characters' words: the tesseract word whose extent holds the character, or the nearest (139);
 *   the last word starting left of it (136); the recognizer's own spaces alone drop most spaces
 *   ("Date:25/12/20188:13:39PM"), so dates run into times;
 * - the crop's margin: 5% of the line height on every side reads best (15%: fewer dates found; 0: the same;
 *   half or one line height more at the ends, to catch letters tesseract left out: 141 and 143; measured
 *   again with today's reading, 0.3 and 0.6 line heights more at the ends: 156 and 153 instead of 158);
 *   squeezing the line narrower to save time (0.75, 0.5 of its width) loses totals and dates.
 * Once tesseract's sure words keep their reading (SURE_WORD, TRUSTED_WORD below), reading more lines pays:
 * under 0.6 → 151, 0.8 → 157 (two totals more; 12% more CPU), 0.9 → 156; 0.8 only in the page's top
 * fifth, third or half (the letterhead) → 153, 154, 155.
 * Also dropped: lines 1.3× taller than the median always read again (143 of 144); the first four lines
 * read again whenever a word is under 0.9 (one name and one total more, two addresses fewer); skipping
 * parts whose only doubtful words are punctuation (2% less CPU, one total fewer in the text); reading
 * the rows tesseract skipped again (Ocr.ts), kept at a recognizer confidence of 0.8 (no change) or 0.9
 * (two fields fewer).
 */
import { Effect } from "effect"
import type { Line, Word } from "../Domain/PageModel.js"
import { lineOf } from "../Domain/PageModel.js"
import type { LineRecognizer, ReadCharacter } from "./LineRecognizer.js"
import type { PixelBox, PreparedImage } from "./Preprocess.js"
import { cropPrepared } from "./Preprocess.js"

/** A line with a word read under this confidence is read again (66% of the receipts' line parts; 49% under 0.6). */
export const SECOND_READING_BELOW = 0.8

/**
 * A word tesseract read this confidently keeps its reading in a line read again; so does a word without
 * digits read at least `TRUSTED_WORD`, unless every character the recognizer gave it is surer still.
 * Measured (receipts-dev, fields right of 192, lines read again as before): the recognizer's reading of
 * every word 148; these two rules 150 (two store names more: "(M)" for "(H)", "CO." for "C0."); the
 * second rule for digits too 147 (a date tesseract read at 0.92, "23/12/2017", was the recognizer's
 * "22/12/2017"); at 0.7 149; comparing only the characters where the readings differ 149–150.
 */
const SURE_WORD = 0.95
const TRUSTED_WORD = 0.8

/** The line's crop reaches this share of the line's height beyond its words (more margin read worse). */
const CROP_MARGIN = 0.05

export const needsSecondReading = (line: Line) => line.words.some((w) => w.confidence < SECOND_READING_BELOW)

/** Words this much taller than the line's median word (a bracket, a smudge read as "|") do not set its height. */
const TALL_WORD = 1.5

/**
 * The band of the line's text, top and bottom: the words' extent without words much taller than the
 * others, which would shrink the text in the recognizer's fixed-height input ("Software" read "Soware").
 */
const textBand = (line: Line): readonly [number, number] => {
  if (line.words.length === 0) return [line.box[1], line.box[3]]
  const heights = line.words.map((w) => w.box[3] - w.box[1]).sort((a, b) => a - b)
  const limit = TALL_WORD * heights[Math.floor(heights.length / 2)]!
  const words = line.words.filter((w) => w.box[3] - w.box[1] <= limit)
  return [Math.min(...words.map((w) => w.box[1])), Math.max(...words.map((w) => w.box[3]))]
}

/** A line's box in the prepared image's pixels, with a margin of `margin` times its text's height. */
export const lineBox = (prepared: PreparedImage, line: Line, margin: number): PixelBox => {
  const x = (v: number) => Math.round((v * prepared.sourceWidth - prepared.left) * prepared.scale)
  const y = (v: number) => Math.round((v * prepared.sourceHeight - prepared.top) * prepared.scale)
  const [top, bottom] = textBand(line)
  const m = Math.ceil((y(bottom) - y(top)) * margin)
  return [
    Math.max(0, x(line.box[0]) - m),
    Math.max(0, y(top) - m),
    Math.min(prepared.width, x(line.box[2]) + m),
    Math.min(prepared.height, y(bottom) + m)
  ]
}

/** Characters placed on the page: `x` in 0..1 of the page's width. */
export interface PlacedCharacter {
  readonly char: string
  readonly x: number
  readonly confidence: number
}

/**
 * Each word's horizontal extent, cut where the next word starts: tesseract gives a degraded line's first word
 * a box over the whole line now and then, while the words' left edges stay in order.
 */
const extents = (words: ReadonlyArray<Word>): Array<readonly [number, number]> =>
  words.map((w, j) => {
    const next = words[j + 1]
    const right = next !== undefined && next.box[0] > w.box[0] ? Math.min(w.box[2], next.box[0]) : w.box[2]
    return [w.box[0], right]
  })

/** Distance from x to an extent (0 inside). */
const distanceTo = (
  [start, end]: readonly [number, number],
  x: number
) => (x < start ? start - x : x > end ? x - end : 0)

/** The text with runs of one character collapsed ("10115" → "1015"). */
const collapsed = (text: string) => text.replace(/(.)\1+/gu, "$1")

/**
 * The line with the second reading's characters in tesseract's words: each character goes to the word whose
 * extent holds it, or the nearest one; a space read inside a word splits
 * it, the box cut between the characters either side. Words that receive no character are dropped, and
 * words with a letter or currency sign outside the recognizer's alphabet are kept as tesseract read them.
 * Where tesseract's word is the recognizer's with a doubled character ("10115" and "1015"), tesseract's is
 * kept: the recognizer's decoding merges a character repeated without a gap it can see.
 * Undefined when nothing was read.
 */
export const realign = (
  line: Line,
  chars: ReadonlyArray<PlacedCharacter>,
  canRead: (char: string) => boolean = () => true
): Line | undefined => {
  const spans = extents(line.words)
  const groups: Array<{ word: number; chars: Array<PlacedCharacter> }> = []
  let open = false
  for (const c of chars) {
    if (c.char.trim().length === 0) {
      open = false
      continue
    }
    let word = 0
    for (let j = 1; j < spans.length; j++) if (distanceTo(spans[j]!, c.x) < distanceTo(spans[word]!, c.x)) word = j
    const last = groups[groups.length - 1]
    if (open && last && last.word === word) last.chars.push(c)
    else groups.push({ word, chars: [c] })
    open = true
  }
  if (groups.length === 0) return undefined
  // The recognizer's runs of characters in each word's extent, and its least sure character there.
  const runs = line.words.map((_, j) => groups.filter((g) => g.word === j))
  const lowest = runs.map((rs) => Math.min(...rs.flatMap((g) => g.chars.map((c) => c.confidence))))
  // A word holding a letter or currency sign the recognizer cannot read ("€", "ö", "ß") stays as tesseract
  // read it (tesseract's stray marks, "©" and the like, do not count); so does a word tesseract is sure of.
  const kept = line.words.map((w, j) =>
    unreadable(w.text, canRead) ||
    w.confidence >= SURE_WORD ||
    (w.confidence >= TRUSTED_WORD && !/\d/.test(w.text) && (lowest[j] === Infinity || lowest[j]! <= w.confidence))
  )
  const words = groups.flatMap((group, i): Array<Word> => {
    if (kept[group.word]) return []
    const box = line.words[group.word]!.box
    const [start, end] = spans[group.word]!
    const before = groups[i - 1], after = groups[i + 1]
    const left = before?.word === group.word
      ? (before.chars[before.chars.length - 1]!.x + group.chars[0]!.x) / 2
      : start
    const right = after?.word === group.word ? (group.chars[group.chars.length - 1]!.x + after.chars[0]!.x) / 2 : end
    const text = group.chars.map((c) => c.char).join("")
    const whole = before?.word !== group.word && after?.word !== group.word
    return [{
      text: whole && collapsed(line.words[group.word]!.text) === text ? line.words[group.word]!.text : text,
      box: right > left ? [left, box[1], right, box[3]] : box,
      confidence: group.chars.reduce((sum, c) => sum + c.confidence, 0) / group.chars.length,
      ...leastCharacter(group.chars)
    }]
  })
  for (let j = line.words.length - 1; j >= 0; j--) {
    if (!kept[j]) continue
    const at = words.findIndex((w) => w.box[0] > line.words[j]!.box[0])
    words.splice(at === -1 ? words.length : at, 0, disputed(line.words[j]!, runs[j]!, canRead))
  }
  return { ...line, ...lineOf(words) }
}

/** Whether a word holds a letter or currency sign the recognizer cannot read ("€", "ö", "ß"). */
const unreadable = (text: string, canRead: (char: string) => boolean) =>
  [...text].some((c) => /[\p{L}\p{Sc}]/u.test(c) && !canRead(c))

/**
 * Characters the recognizer reads for others of the same shape, and back: no dispute between the readers
 * ("N0RTH" for "NORTH", "Ha1e" or "HaIe" for "Hale"; "L" is a small "l" in capitals).
 */
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  "0": "O",
  "1": "I",
  L: "I",
  "2": "Z",
  "5": "S",
  "6": "G",
  "8": "B"
}

/** A word's letters, digits and decimal marks, in capitals, look-alikes as one ("Harbour," and "HARB0UR" alike). */
const folded = (text: string) =>
  text.toUpperCase().replace(/(?<=\d)[.,](?=\d)/g, "#").replace(/[^\p{L}\p{N}#]/gu, "").replace(
    /[01L2568]/g,
    (d) => LOOK_ALIKE[d]!
  )

/**
 * Whether the recognizer's readings in a word's extent (runs of characters between its spaces) agree with the
 * word: all of them together, or one of them (the others a neighbour's characters read into the extent).
 */
const agrees = (readings: ReadonlyArray<string>, word: string) => {
  const target = folded(word)
  return folded(readings.join("")) === target || readings.some((r) => folded(r) === target)
}

/**
 * A word tesseract read surely enough to keep, with the second reading's characters in its extent: when the
 * recognizer read other letters or digits there (not look-alikes, "N0" for "NO"; not the word beside a neighbour's), one of
 * the two readings is wrong, and the word's least sure character is no surer than the recognizer's doubt of
 * its own reading. A word with a character the recognizer cannot read, or where it read nothing, is as it was.
 */
const disputed = (
  word: Word,
  groups: ReadonlyArray<{ readonly chars: ReadonlyArray<PlacedCharacter> }>,
  canRead: (char: string) => boolean
): Word => {
  const chars = groups.flatMap((g) => g.chars)
  if (chars.length === 0 || unreadable(word.text, canRead)) return word
  if (agrees(groups.map((g) => g.chars.map((c) => c.char).join("")), word.text)) return word
  const doubt = 1 - chars.reduce((sum, c) => sum + c.confidence, 0) / chars.length
  return { ...word, leastCharacter: Math.min(word.leastCharacter ?? word.confidence, doubt) }
}

/**
 * The confidence of the least sure letter or digit of a word read again: a doubted comma or dot does not
 * make a word wrong the way a doubted letter does (none for a word of punctuation alone).
 */
const leastCharacter = (chars: ReadonlyArray<PlacedCharacter>): { leastCharacter?: number } => {
  const told = chars.filter((c) => /[\p{L}\p{N}]/u.test(c.char))
  return told.length === 0 ? {} : { leastCharacter: Math.min(...told.map((c) => c.confidence)) }
}

/**
 * A gap between words wider than this many text heights splits a line into parts read apart. Measured
 * (receipts-dev fields right of 192 / synthetic seed 3 ×3 receipts of 192, packet values of 534): the
 * whole line 144 / 183 / 525; gaps over 1.5 heights 142 / 184 / 527; 3: 143; 5: 146 / 184 / 527; 8: 145.
 */
const PART_GAP = 5

/**
 * The line's parts: runs of words with no wide gap between them. The recognizer reads text as its
 * detector cuts it, not table rows with columns far apart ("Software licence … 126,99": "Soware icence").
 */
const partsOf = (prepared: PreparedImage, line: Line): Array<Array<Word>> => {
  const parts: Array<Array<Word>> = []
  const [top, bottom] = textBand(line)
  const gap = PART_GAP * (bottom - top) * prepared.sourceHeight
  for (const word of line.words) {
    const part = parts[parts.length - 1]
    const previous = part?.[part.length - 1]
    if (part && previous && (word.box[0] - previous.box[2]) * prepared.sourceWidth <= gap) part.push(word)
    else parts.push([word])
  }
  return parts
}

/** The words of one part read again, or as they were when the recognizer reads nothing. */
const readPart = (
  recognizer: LineRecognizer,
  prepared: PreparedImage,
  words: Array<Word>
): Effect.Effect<ReadonlyArray<Word>> => {
  const part = lineOf(words)
  const crop = cropPrepared(prepared, lineBox(prepared, part, CROP_MARGIN))
  if (crop.width < 4 || crop.height < 4) return Effect.succeed(words)
  const toPage = (c: ReadCharacter): PlacedCharacter => ({
    ...c,
    x: ((c.x * crop.width) / crop.scale + crop.left) / crop.sourceWidth
  })
  return Effect.map(
    recognizer.read(crop),
    (chars) => chars === undefined ? words : realign(part, chars.map(toPage), recognizer.canRead)?.words ?? words
  )
}

/**
 * The line read again by the recognizer, part by part (the parts with a word in doubt); the line as it
 * was when the recognizer reads nothing.
 */
export const readAgain = (recognizer: LineRecognizer, prepared: PreparedImage, line: Line): Effect.Effect<Line> =>
  Effect.map(
    Effect.forEach(
      partsOf(prepared, line),
      (
        words
      ) => (needsSecondReading({ ...line, words }) ? readPart(recognizer, prepared, words) : Effect.succeed(words)),
      { concurrency: "unbounded" }
    ),
    (parts) => {
      const words = parts.flat()
      return words.length === 0
        ? line
        : { ...line, ...lineOf(words) }
    }
  )
