/**
 * The sum a table over several pages carries from one page to the next, printed as a row of its own at the
 * foot of a page and again at the head of the next: no item.
 */
import type { ItemCell } from "./HeaderlessItems.js"

/** Items before a row at least this many, for its amount being their sum to mean anything. */
const RUNNING_AFTER = 2

/**
 * Drops the rows of a table that carry its running total from page to page ("Report", "Transport",
 * "A reporter" in whatever words): a page's first or last row, without a count in a table whose items are
 * counted, whose amount is the sum of every item above it. Its arithmetic says what it is, not its words.
 */
export const withoutRunningTotals = (
  pages: ReadonlyArray<{ readonly items: Array<Map<number, ItemCell>> }>,
  counted: number,
  amount: number
): void => {
  if (counted < 0 || amount < 0) return
  // Only a table over several pages carries its sum, on a page's first or last row.
  if (pages.filter((p) => p.items.length > 0).length < 2) return
  let cents = 0, before = 0
  for (const page of pages) {
    const last = page.items.length - 1
    const kept = page.items.filter((values, i) => {
      const value = values.get(amount)?.value
      if (typeof value !== "number") return true
      const own = Math.round(value * 100)
      const edge = i === 0 || i === last
      if (edge && !values.has(counted) && before >= RUNNING_AFTER && own === cents) return false
      cents += own
      before++
      return true
    })
    page.items.splice(0, page.items.length, ...kept)
  }
}
