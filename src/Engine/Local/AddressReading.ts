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

const readWord = (w: PlacedWord): PlacedWord => {
  const read = readAddressWord(w.text)
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
  const value = found.value.split(/(\s+)/).map((t) => /\s/.test(t) ? t : readAddressWord(t).text).join("")
  return { ...found, value, words: found.words.map(readWord) }
}
