/**
 * Which dollar a bare "$" is. The sign is the same in the United States, Australia, Canada, New Zealand,
 * Singapore and Hong Kong; the document says which by the addresses, tax numbers and legal forms it prints.
 */
import type { PageLayout } from "./Layout.js"

const US_STATES =
  "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"

/** What names each country: a state or province before its postcode's own shape, a tax number, a legal form. */
const CUES: ReadonlyArray<readonly [string, ReadonlyArray<RegExp>]> = [
  ["USD", [
    new RegExp(`\\b(?:${US_STATES})\\s+\\d{5}(?:-\\d{4})?(?!\\d)|\\bU\\.?S\\.?A\\b|\\bEIN\\b`, "g"),
    /\bUnited States\b/gi
  ]],
  ["AUD", [
    /\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}(?!\d)|\bA\.?B\.?N\b(?!\s*AMRO)/g,
    /\bPty\.?\s?Ltd\b|\bAustralia\b/gi
  ]],
  ["CAD", [
    /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\bGST\/HST\b|\bHST\b|\bTPS\b/g,
    /\bCanada\b/gi
  ]],
  ["NZD", [/\bNZBN\b/g, /\bNew Zealand\b/gi]],
  ["SGD", [/\bUEN\b/g, /\bPte\.?\s?Ltd\b|\bSingapore\b/gi]],
  ["HKD", [/\bHong Kong\b|\bKowloon\b/gi]]
]

/**
 * The dollar the pages' text names more often than any other, or undefined when none is named or two are
 * named as often (a seller in one country billing a buyer in another says no more than the sign).
 */
export const dollarOf = (layouts: ReadonlyArray<PageLayout>): string | undefined => {
  const counts = new Map<string, number>()
  for (const layout of layouts) {
    for (const row of layout.rows) {
      const text = row.words.map((w) => w.text).join(" ")
      for (const [code, cues] of CUES) {
        const n = cues.reduce((sum, cue) => sum + [...text.matchAll(cue)].length, 0)
        if (n > 0) counts.set(code, (counts.get(code) ?? 0) + n)
      }
    }
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1])
  const [first, second] = ranked
  return first !== undefined && (second === undefined || first[1] > second[1]) ? first[0] : undefined
}
