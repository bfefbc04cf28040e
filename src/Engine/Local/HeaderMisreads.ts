/**
 * An item table's header cells OCR read without their first letter ("Artikel  enge  reis EUR  etto EUR" for
 * "Menge", "Preis", "Netto"): a scan's header printed bold or on a tint loses it most. Read only on a row
 * that already names another column, and only for a column's one-word label of five letters or more.
 */
import { fold } from "../../Text/Tokens.js"
import type { Phrase } from "../../Text/Vocabulary.js"
import type { LabelMatch } from "./Labels.js"
import type { PageLayout, Row } from "./Layout.js"

/** A label read without its first letter counts for this share of its strength. */
const LOST_LETTER = 0.8
/** Letters a label has at least for its last ones alone to name it. */
const MIN_LABEL = 5

/** The header cells of the row read as the fields' one-word labels less their first letter (the caller keeps those no other label took). */
export const cellsLosingAFirstLetter = (
  layout: PageLayout,
  row: Row,
  phrasesOf: ReadonlyArray<ReadonlyArray<Phrase>>
): Array<{ readonly field: number; readonly match: LabelMatch }> => {
  const out: Array<{ field: number; match: LabelMatch }> = []
  row.words.forEach((word, i) => {
    // A capital lost leaves the word's small letters ("enge"); the rest of the word is the label's.
    const m = /^(\p{Ll}{4,})\p{Lu}*$/u.exec(word.text.replace(/[.:]+$/, ""))
    if (m === null) return
    const rest = fold(m[1]!)
    phrasesOf.forEach((phrases, field) => {
      const phrase = phrases.find((p) =>
        p.tokens.length === 1 && p.tokens[0]!.length >= MIN_LABEL && p.tokens[0]!.slice(1) === rest
      )
      if (phrase === undefined) return
      out.push({
        field,
        match: {
          page: layout,
          row,
          first: i,
          last: i,
          phrase: { ...phrase, strength: phrase.strength * LOST_LETTER },
          box: word.box,
          colon: false,
          segmentStart: false
        }
      })
    })
  })
  return out
}
