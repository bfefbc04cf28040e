/**
 * A company's name as letterheads and footers print it. A letterhead often prints a short brand
 * ("Quellenhof", "kestrel.", "feldmann druck") and leaves the legal name, with its legal form, to the footer
 * or the sender's line ("Brauhaus Quellenhof Getränke GmbH", "Kestrel Digital Ltd"): the legal name is the
 * company's name. A footer's columns may sit close enough to read as one line ("… Getränke GmbH
 * Bankverbindung"): a name ends at its legal form when a label follows it, and before a telephone's or an
 * e-mail's label with its number ("… GmbH & Co. Tel. 0351 …"). A long name set large in a
 * narrow letterhead wraps onto a second line ("Installatiebedrijf Verhoeven & De" over "Wit B.V."): it
 * is the two lines when the page prints them as one name elsewhere (its footer, its bank's account holder).
 */
import { fold, tokensOf } from "../../Text/Tokens.js"
import { isStreetLine } from "./AddressLines.js"
import { lexiconHits } from "./Labels.js"
import { heightOf, type PageLayout, type PlacedWord, type Row } from "./Layout.js"
import { endsWithLegalForm, hasLegalForm } from "./LegalForms.js"
import { type NameLine, segmentOver, squeezed } from "./NameLines.js"

/** A brand's word shorter than this must be a word of the legal name, not only its start. */
const PREFIX_WORD = 3
/** Letters a brand needs before it is looked for in a legal name: "AB" names nothing. */
const BRAND_LETTERS = 4

const textOf = (line: NameLine) => line.words.map((w) => w.text).join(" ")

/**
 * Whether every word of the brand starts a word of the name, in order, the name having more words
 * ("licht" in "Lichtblick Veranstaltungstechnik GmbH", "feldmann druck" in "Feldmann & Sohn Druckerei KG").
 */
export const brandOf = (brand: string, name: string): boolean => {
  const words = tokensOf(brand), named = tokensOf(name)
  if (words.join("").length < BRAND_LETTERS) return false
  if (spacedOut(brand, named)) return true
  if (named.length <= words.length) return false
  let at = 0
  for (const word of words) {
    while (at < named.length && !(named[at] === word || (word.length >= PREFIX_WORD && named[at]!.startsWith(word)))) {
      at++
    }
    if (at === named.length) return false
    at++
  }
  return true
}

/**
 * Whether a brand set in spaced letters, which reading parts into other words ("G AGNON BÉRUBÉ", "B R I G H T
 * L I N E"), spells the name's first words, the name having more ("Gagnon Bérubé Avocats Inc.").
 */
const spacedOut = (brand: string, named: ReadonlyArray<string>): boolean => {
  const letters = fold(brand).replace(/[^\p{L}\p{N}]+/gu, "")
  let spelled = ""
  for (const word of named.slice(0, -1)) {
    spelled += word
    if (spelled === letters) return true
    if (!letters.startsWith(spelled)) return false
  }
  return false
}

/** Rows under a brand the letterhead prints its company's legal name on, at most (a slogan may come between). */
const LEGAL_NAME_ROWS = 2

/** Whether two names share a word long enough to name something ("Maple Ridge IT" and "Maple Ridge Technical Services Inc."). */
const shareAName = (brand: string, name: string): boolean => {
  const named = new Set(tokensOf(name))
  return tokensOf(brand).some((w) => w.length >= BRAND_LETTERS && named.has(w))
}

/**
 * Whether the page prints the name again on another row (its footer, its legal line, the account its
 * payment goes to): the company's own name, not a recipient's in the same column.
 */
const printedAgain = (line: NameLine): boolean => {
  const name = squeezed(line.words)
  return line.layout.rows.some((row) => row !== line.row && squeezed(row.words).includes(name))
}

/** Whether a line's words stand over or under the other's, in one column. */
const inColumnOf = (a: NameLine, b: NameLine): boolean =>
  a.words[0]!.box[0] < b.words[b.words.length - 1]!.box[2] && b.words[0]!.box[0] < a.words[a.words.length - 1]!.box[2]

/**
 * The legal name of the company a line without a legal form names, when the page prints one: the first
 * of the candidates (in the order given) with a legal form whose words the line's words start; else a
 * name with a legal form right under the brand, in its column, sharing a word with it and printed again
 * elsewhere on the page ("BRIGHTLINE s t u d i o" over "Brightline Creative LLC", "Cuisines Arlequin" over
 * "Arlequin Agencement SARL").
 */
export const legalNameOf = (line: NameLine, candidates: ReadonlyArray<NameLine>): NameLine | undefined => {
  const brand = textOf(line)
  if (hasLegalForm(brand)) return undefined
  return candidates.find((c) => c !== line && hasLegalForm(textOf(c)) && brandOf(brand, textOf(c))) ??
    candidates.find((c) =>
      c.layout === line.layout && c.row.index > line.row.index && c.row.index <= line.row.index + LEGAL_NAME_ROWS &&
      inColumnOf(c, line) && hasLegalForm(textOf(c)) && shareAName(brand, textOf(c)) && printedAgain(c)
    )
}

/**
 * The name's words up to its legal form when a label's words or a street follow it on the row (a footer's
 * "Muster GmbH  Hauptstraße 5 …"); all of them otherwise.
 */
export const endingAtLegalForm = (
  layout: PageLayout,
  row: Row,
  words: ReadonlyArray<PlacedWord>
): ReadonlyArray<PlacedWord> => {
  const text = (ws: ReadonlyArray<PlacedWord>) => ws.map((w) => w.text).join(" ")
  // The last legal form a street follows ("Hanse Trading Company Ltd Hafenstraße 12": not "Hanse Trading").
  let end = words.length
  for (let at = words.length - 1; at >= 2 && end === words.length; at--) {
    if (endsWithLegalForm(text(words.slice(0, at))) && streetFirst(words.slice(at, at + STREET_WORDS))) end = at
  }
  for (const hit of lexiconHits(layout, row)) {
    const at = words.indexOf(row.words[hit.first]!)
    if (at <= 1 || at >= end) continue
    // A telephone's, fax's or e-mail's label with its number or address after it is the next column's.
    const contact = [...hit.concepts].some((c) => CONTACT.has(c)) && /\d|@/.test(words[at + 1]?.text ?? "")
    if (contact || (hit.labelLike && endsWithLegalForm(text(words.slice(0, at))))) return words.slice(0, at)
  }
  return words.slice(0, end)
}

/** Words of a street's name and house number, at most. */
const STREET_WORDS = 4

/** Whether words start with a street and its house number ("Hammer Straße 201 …", "12 rue de la Paix …"). */
const streetFirst = (words: ReadonlyArray<PlacedWord>): boolean =>
  words.some((_, k) => {
    const start = words.slice(0, k + 1).map((w) => w.text).join(" ")
    return /\d/.test(start) && isStreetLine(start)
  })

const CONTACT: ReadonlySet<string> = new Set(["phone", "fax", "email"])

/** A word as it is compared with its other printings: folded, without the marks around it ("Escuro," as "escuro"). */
const bare = (w: PlacedWord) => fold(w.text).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")

/**
 * Whether the words are printed in this order, one after the other, on a row other than `except`; the
 * word before `joint` (where the lines meet) ends there as it does on the name's line: "Studio Verde,
 * Anna Rossi, Via Roma" lists a name and its owner, it does not print one name.
 */
const printedElsewhere = (
  layout: PageLayout,
  words: ReadonlyArray<PlacedWord>,
  joint: number,
  except: ReadonlySet<Row>
): boolean => {
  const want = words.map(bare)
  const end = (w: PlacedWord | undefined) => /[^\p{L}\p{N}]*$/u.exec(w?.text ?? "")![0]
  return layout.rows.some((row) => {
    if (except.has(row)) return false
    const have = row.words.map(bare)
    for (let i = 0; i + want.length <= have.length; i++) {
      if (want.every((t, k) => have[i + k] === t) && end(row.words[i + joint - 1]) === end(words[joint - 1])) {
        return true
      }
    }
    return false
  })
}

/** A wrapped name's lines follow each other this closely (units). */
const WRAP_GAP = 1.5
/** A wrapped name's lines are printed alike: heights within this ratio. */
const WRAP_SIZE = 1.25
/** Lines a name wraps onto, at most, beside its own. */
const WRAPPED_LINES = 2

/**
 * The segment of the row at `index` in the name's column, printed as large as the name and right above
 * or under `next` to it: the name's next line if it is one (no digits, no street).
 */
const wrapLine = (
  layout: PageLayout,
  index: number,
  next: Row,
  words: ReadonlyArray<PlacedWord>
): ReadonlyArray<PlacedWord> | undefined => {
  const row = layout.rows[index]
  if (row === undefined) return undefined
  const gap = row.index < next.index ? next.box[1] - row.box[3] : row.box[1] - next.box[3]
  if (gap > WRAP_GAP * layout.unit) return undefined
  const x1 = words[0]!.box[0], x2 = words.at(-1)!.box[2]
  const seg = segmentOver(layout, row, x1, x2)
  if (seg === undefined) return undefined
  const text = seg.map((w) => w.text).join(" ")
  const ratio = heightOf(seg) / heightOf(words)
  return /\d/.test(text) || isStreetLine(text) || ratio > WRAP_SIZE || ratio < 1 / WRAP_SIZE ? undefined : seg
}

/**
 * The name with the lines it wrapped onto, above or under it, when the page prints the whole as one
 * name on another row; the name as it is otherwise.
 */
export const wrappedAsPrinted = (layout: PageLayout, line: NameLine): NameLine => {
  const words = wrappedName(layout, line.words)
  return words === line.words
    ? line
    : { ...line, row: layout.rows.find((r) => r.words.includes(words[0]!)) ?? line.row, words }
}

/** A name's words with the lines it wrapped onto (wrappedAsPrinted). */
export const wrappedName = (layout: PageLayout, name: ReadonlyArray<PlacedWord>): ReadonlyArray<PlacedWord> => {
  let words = name
  let rows = layout.rows.filter((r) => r.words.some((w) => words.includes(w)))
  for (let k = 0; k < WRAPPED_LINES && rows.length > 0; k++) {
    const first = rows[0]!, last = rows.at(-1)!
    // A name that ends with its legal form is whole: the line under it is a slogan or a department.
    const whole = endsWithLegalForm(words.map((w) => w.text).join(" "))
    const under = whole ? undefined : wrapLine(layout, last.index + 1, last, words)
    const above = wrapLine(layout, first.index - 1, first, words)
    const joined = [
      under === undefined
        ? undefined
        : { words: [...words, ...under], joint: words.length, rows: [...rows, layout.rows[last.index + 1]!] },
      above === undefined
        ? undefined
        : { words: [...above, ...words], joint: above.length, rows: [layout.rows[first.index - 1]!, ...rows] }
    ].find((j) => j !== undefined && printedElsewhere(layout, j.words, j.joint, new Set(j.rows)))
    if (joined === undefined) break
    words = joined.words
    rows = joined.rows
  }
  return words
}

/** Words that join a company to the name it trades under ("Lee Quay Hospitality Ltd trading as The Lee Quay"). */
const TRADING_AS =
  /^(?:trading as|t\/a|t\/as|doing business as|dba|d\/b\/a|handelnd als|handelnd unter|exerçant sous|agissant sous)$/iu
/** Longest run of words TRADING_AS spells. */
const TRADING_WORDS = 3

/**
 * The company a name trading under another names: its words before "trading as" (or "t/a", "d/b/a",
 * "handelnd unter"), when they end with a legal form; the line as it is otherwise.
 */
export const tradingCompany = (line: NameLine): NameLine => {
  const words = line.words
  for (let at = 1; at < words.length - 1; at++) {
    for (let n = 1; n <= TRADING_WORDS && at + n < words.length; n++) {
      const joined = words.slice(at, at + n).map((w) => w.text).join(" ")
      if (TRADING_AS.test(joined) && endsWithLegalForm(words.slice(0, at).map((w) => w.text).join(" "))) {
        return { ...line, words: words.slice(0, at) }
      }
    }
  }
  return line
}
