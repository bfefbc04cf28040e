/**
 * A page's letters with their marks, from its reading with its own language's model first: each word of the
 * English reading takes the other reading's spelling of the same word in the same place when the two differ
 * only where the other has a letter with a mark ("Léwen" → "Löwen", "MARCHE" → "MARCHÉ", "Miiller" → "Müller",
 * "MihlenstraBe" → "Mühlenstraße"): the English model has no such letter and reads another. Such a word takes the
 * other model's confidence too. Everything else (digits, punctuation, words, lines, boxes) stays as the English
 * model read it: the other models read amounts no better, and now and then worse ("383,75" as "38375").
 */
import { type Box, type Line, lineOf, type Word } from "../Domain/PageModel.js"

/**
 * What the English model reads for a letter with a mark: one or two other characters ("é" or "o" for "ö", "ii" for
 * "ü", "ri" for "ń", "B" or "ss" for "ß").
 */
const READ_FOR_MARKED = ".{1,2}"

/**
 * Whether `plain` is `marked` as the English model reads it: the same characters, but for one or two where `marked`
 * has a letter with a mark.
 */
const sameButMarks = (plain: string, marked: string): boolean => {
  if (plain === marked || !/[^\p{ASCII}]/u.test(marked)) return false
  const pattern = [...marked].map((c) =>
    /[^\p{ASCII}]/u.test(c) && /\p{L}/u.test(c) ? READ_FOR_MARKED : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  ).join("")
  return new RegExp(`^${pattern}$`, "iu").test(plain)
}

const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1])

/** How much two boxes overlap, over the smaller one. */
const overlap = (p: Box, q: Box) => {
  const inter = area([Math.max(p[0], q[0]), Math.max(p[1], q[1]), Math.min(p[2], q[2]), Math.min(p[3], q[3])])
  return inter / Math.max(1e-12, Math.min(area(p), area(q)))
}

/** The English reading's lines, each word spelt with the marks the other reading gave it in its place. */
export const withMarks = (lines: ReadonlyArray<Line>, other: ReadonlyArray<Line>): Array<Line> => {
  const marked = other.flatMap((l) => l.words).filter((w) => /[^\p{ASCII}]/u.test(w.text))
  if (marked.length === 0) return [...lines]
  return lines.map((line) => {
    let changed = false
    const words = line.words.map((w): Word => {
      const twin = marked.find((m) => overlap(m.box, w.box) > 0.6 && sameButMarks(w.text, m.text))
      if (twin === undefined) return w
      changed = true
      // With the other model's confidence in its spelling: a doubt of the English model's is no doubt of it.
      return { ...twin, box: w.box }
    })
    return changed ? { ...line, ...lineOf(words) } : line
  })
}
