/**
 * A total rounded after it is printed: "Total Sales Incl GST 88.97 / Rounding Adj -0.02 / Total After Adj
 * 88.95". The amount paid is the rounded one, wherever the row printing it sits and however OCR read its
 * label (a till roll's last rows are often its faintest): one of the next rows holds the total moved by
 * the rounding's amount, or, where that amount is unreadable, by no more than a cash rounding.
 */
import { findValueCandidates } from "../../Text/Values.js"
import { lexiconHits } from "./Labels.js"
import { readValue } from "./Readers.js"
import type { Candidate, Section } from "./Section.js"

/** Cash is rounded by at most this much (five cents). */
export const CASH_ROUNDING = 0.05
/** Rows between the total and its rounding row, at most. */
const ROUNDING_WITHIN = 2
/** Rows after the rounding row where the rounded total may be printed (a label row, a time stamp, the tender). */
const ROUNDED_WITHIN = 4
export const CENT = 0.005

/** The rounding row's amount, when one can be read after its label. */
const roundingAmount = (candidate: Candidate, row: number, after: number, hint: Section["hint"]) => {
  const words = candidate.at!.page.rows[row]!.words.slice(after + 1)
  const r = readValue("amount", words, { last: true, ...(hint !== undefined ? { hint } : {}) })
  return r !== undefined && r.decimals === true && typeof r.value === "number" ? Math.abs(r.value) : undefined
}

/** The rounded total printed under the pick and its rounding row; undefined when the pick is not followed by a rounding. */
export const roundedAfter = (section: Section, best: Candidate): Candidate | undefined => {
  const at = best.at
  if (at === undefined || typeof best.value !== "number") return undefined
  const total = best.value
  const rows = at.page.rows
  for (let r = at.row.index + 1; r <= at.row.index + ROUNDING_WITHIN && r < rows.length; r++) {
    const hit = lexiconHits(at.page, rows[r]!)[0]
    if (hit === undefined || !hit.concepts.has("rounding")) continue
    const rounding = roundingAmount(best, r, hit.last, section.hint)
    if (rounding === 0) return undefined
    for (let k = r + 1; k <= r + ROUNDED_WITHIN && k < rows.length; k++) {
      const amounts = findValueCandidates(rows[k]!.words, "amount", section.hint).filter((c) => c.decimals === true)
      const last = amounts[amounts.length - 1]
      if (last === undefined) continue
      const moved = Math.abs((last.value as number) - total)
      const matches = rounding !== undefined
        ? Math.abs(moved - rounding) < CENT
        : moved > CENT && moved <= CASH_ROUNDING + CENT
      if (matches) {
        return {
          ...best,
          value: last.value as number,
          words: rows[k]!.words.slice(last.start, last.end),
          decimals: true,
          agreed: true
        }
      }
      // Unread, the rounding's amount can only be told from the next amount printed.
      if (rounding === undefined) return undefined
    }
    return undefined
  }
  return undefined
}

/**
 * What the total rows followed by a rounding row come to once rounded ("Total 21.34 / Rounding 0.01":
 * 21.35 or 21.33, the sign of a rounding is not always printed).
 */
export const roundedAmounts = (section: Section, candidates: ReadonlyArray<Candidate>): ReadonlyArray<number> =>
  candidates.flatMap((c) => {
    const at = c.at
    if (at === undefined || typeof c.value !== "number" || c.decimals !== true) return []
    const rows = at.page.rows
    for (let r = at.row.index + 1; r <= at.row.index + ROUNDING_WITHIN && r < rows.length; r++) {
      const hit = lexiconHits(at.page, rows[r]!)[0]
      if (hit === undefined || !hit.concepts.has("rounding")) continue
      const rounding = roundingAmount(c, r, hit.last, section.hint)
      if (rounding === undefined || rounding === 0 || rounding > CASH_ROUNDING + CENT) return []
      const total = Math.abs(c.value)
      return [total + rounding, total - rounding].map((v) => Math.round(v * 100) / 100)
    }
    return []
  })
