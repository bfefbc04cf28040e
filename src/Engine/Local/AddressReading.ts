/**
 * An address OCR read, its words read through their misreads by the address lexicon (`Text/AddressWords`):
 * "KUALA LUMFUR" is "KUALA LUMPUR", "Leve1 6" is "Level 6". A word the lexicon confirms as read or as
 * repaired leaves no doubt about its letters, so its least sure character no longer lowers the value's
 * confidence. A text layer's words are as printed and stay so.
 */
import { readAddressWord } from "../../Text/AddressWords.js"
import { tokensOf } from "../../Text/Tokens.js"
import type { PlacedWord } from "./Layout.js"
import type { ReadValue } from "./Readers.js"

/** A word whose least sure letter the reader scored under this is doubted: its letters may be read again. */
const DOUBTED = 0.9

const readWord = (w: PlacedWord): PlacedWord => {
  const read = readAddressWord(w.text, (w.leastCharacter ?? w.confidence) < DOUBTED)
  if (read.text === w.text && !read.known) return w
  return {
    ...w,
    text: read.text,
    tokens: read.text === w.text ? w.tokens : tokensOf(read.text),
    ...(read.known ? { leastCharacter: 1 } : {})
  }
}

/** An address value with its OCR'd words read through their misreads (its text too, word for word). */
export const readAddress = <V extends ReadValue>(found: V): V => {
  if (typeof found.value !== "string" || found.words.every((w) => w.confidence >= 1)) return found
  const words = found.words.map(readWord)
  // The value is its words' texts with their spacing and end marks tidied: each changed word is put in
  // place of its text, in order.
  let value = found.value, from = 0
  words.forEach((w, i) => {
    const was = found.words[i]!.text
    if (w.text === was) return
    // The value may end without the word's last marks ("Johor." as "Johor").
    const whole = value.indexOf(was, from)
    const length = whole >= 0 ? was.length : was.replace(/[\s,;:]+$/, "").length
    const at = whole >= 0 ? whole : value.indexOf(was.slice(0, length), from)
    if (at < 0) return
    const replaced = w.text.slice(0, w.text.length - (was.length - length))
    value = value.slice(0, at) + replaced + value.slice(at + length)
    from = at + replaced.length
  })
  return { ...found, value, words }
}
