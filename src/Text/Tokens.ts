/**
 * Text folding shared by the vocabulary, label matching and the splitter: labels and page words
 * must be normalized the same way for a label phrase to find its words.
 */

/** Lower case, accents removed, compatibility forms folded (ligatures, "º" → "o"). */
export const fold = (text: string): string => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()

/** Abbreviations of "number" in the supported languages; all match each other. */
const NUMBER_WORDS = new Set(["no", "nr", "n", "num", "nbr", "nro", "number", "nummer", "numero", "nombor", "#"])

/**
 * The match tokens of a text: folded, split on anything that is not a letter or digit, "#" kept
 * as its own token, and every way of writing "number" reduced to "no" ("N°", "Nr.", "#", "número").
 */
export const tokensOf = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const raw of fold(text).replace(/#/g, " # ").split(/[^\p{L}\p{N}#]+/u)) {
    if (raw === "") continue
    out.push(NUMBER_WORDS.has(raw) ? "no" : raw)
  }
  return out
}

/** Words of a field name: `invoice_number`, `invoiceNumber`, `Invoice-No` → ["invoice", "number"]. */
export const fieldNameWords = (name: string): Array<string> =>
  name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .split(/[^\p{L}\p{N}#]+/u)
    .filter((w) => w !== "")
    .map((w) => fold(w))

/** True when the text has at least one letter or digit. */
export const hasAlnum = (text: string): boolean => /[\p{L}\p{N}]/u.test(text)

/** Whether the text opens more round brackets than it closes ("Rosé (carton de", "ENTERPRISE (CONTOH"). */
export const leavesBracketOpen = (text: string): boolean =>
  (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length
