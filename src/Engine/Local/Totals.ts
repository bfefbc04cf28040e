/**
 * Which of a section's total rows is the document's total: never a tax summary's total or an amount
 * from a row's tax column; the row that equals what was paid or what the subtotal and its adjustments
 * add up to, when the section prints them; else the row below the adjustments (tax, rounding) that
 * change an earlier one, or the largest of the rows nearly as plausible (a subtotal or an item count's
 * total comes before the total). A receipt that prints no total row totals at the subtotal it was paid.
 */
import { besideOwner } from "../../lib/memo.js"
import { lostDecimalMark } from "../../Text/Misreads.js"
import { findValueCandidates } from "../../Text/Values.js"
import { conceptPhrases } from "../../Text/Vocabulary.js"
import { findLabels, firstLabelConcepts, type LabelMatch, lexiconHits } from "./Labels.js"
import { type PageLayout, type Row, segmentsOf } from "./Layout.js"
import { isPaid, paidAmounts, tenderedAmounts } from "./Payment.js"
import { isNetWord, TAX_NAMES } from "./Qualifiers.js"
import { CASH_ROUNDING, CENT, roundedAmounts } from "./Rounding.js"
import type { Candidate, Section } from "./Section.js"
import { sumsOf } from "./Sums.js"
import { rightOf } from "./ValueAreas.js"

/** A tax or VAT summary table: its "Total" row sums the taxes, it is not the document's total. */
const SUMMARY = /\b(?:summary|r[ée]capitulatif|[üu]bersicht|ringkasan|resumen|riepilogo|resumo|overzicht)\b/i
const TAX_WORD = new RegExp(String.raw`\b(?:${TAX_NAMES}|cukai)\b`, "i")

/** Whether a row heads a tax summary ("GST Summary", "Récapitulatif TVA"). */
const taxSummaryHeading = (row: Row): boolean => {
  const text = row.words.map((w) => w.text).join(" ")
  return SUMMARY.test(text) && TAX_WORD.test(text)
}

const headingsMemo = besideOwner<PageLayout, ReadonlyArray<Row>>()

/** The rows of the page that head a tax summary, in page order (found once per layout). */
export const taxSummaryHeadings = (layout: PageLayout): ReadonlyArray<Row> =>
  headingsMemo(layout, "", () => layout.rows.filter(taxSummaryHeading))

/** The right edge of the column segment of a heading's row that names the summary ("Resumo do IVA"). */
const headingRight = (layout: PageLayout, row: Row): number =>
  segmentsOf(row, layout.unit).map((segment) => segment.map((i) => row.words[i]!))
    .find((words) => SUMMARY.test(words.map((w) => w.text).join(" ")))?.at(-1)?.box[2] ?? row.box[2]

/** Units of gap between a summary's heading and a label set in a column of its own to the right. */
const COLUMN_GAP = 2

/**
 * Whether the label lies under a tax summary's heading on its page. A label in a column of its own to
 * the right of the heading, its amount beside it, belongs to the totals printed beside the summary
 * ("Resumo do IVA" at the left, "Total a pagar 7.199,68 €" at the right), not to the summary.
 */
export const inTaxSummary = (m: LabelMatch): boolean => {
  const headings = taxSummaryHeadings(m.page).filter((row) => row.index <= m.row.index)
  if (headings.length === 0) return false
  const beside = findValueCandidates(m.row.words.slice(m.last + 1), "amount", undefined).length > 0
  return headings.some((row) => !beside || m.box[0] < headingRight(m.page, row) + COLUMN_GAP * m.page.unit)
}

/**
 * A total read from the tax column of its row: the row holds a larger amount before it ("Total 118.20
 * 7.09", the last row of a tax table listing amounts and their tax), so the value is a tax, not a total.
 */
const taxColumnOf = (m: LabelMatch, c: Candidate): boolean => {
  if (typeof c.value !== "number") return false
  const amounts = findValueCandidates(m.row.words.slice(m.last + 1), "amount", undefined).filter((a) =>
    a.decimals === true
  )
  const largest = Math.max(0, ...amounts.map((a) => Math.abs(a.value as number)))
  return amounts.length >= 2 && Math.abs(c.value) < TAX_SHARE * largest
}
/** A tax is at most this share of the amount it is levied on. */
const TAX_SHARE = 0.3

/** Candidates this close to the best score, at labels as specific, are all plausible; for a total the largest amount among them wins. */
const TOTAL_PEERS = 0.75

/** Rows that change an amount already totalled: a tax, a service charge, a rounding, a discount. */
const ADJUSTMENTS = new Set(["tax", "rounding", "discount", "service_charge"])

/**
 * A total read on a row above tax, service charge or rounding rows is the amount before them: a
 * total row below those rows, on the same page and nearly as plausible, is the one paid.
 */
const adjustedLater = (all: ReadonlyArray<Candidate>, best: Candidate): Candidate => {
  let pick = best
  for (const c of all) {
    const a = pick.at, b = c.at
    if (
      a === undefined || b === undefined || a.page !== b.page || b.row.index <= a.row.index ||
      c.score < TOTAL_PEERS * pick.score
    ) continue
    if (adjustmentBetween(a, b)) pick = c
  }
  return pick
}

/** Whether a row between two rows of one page (`a` above `b`) adjusts an amount: a tax, a rounding, a discount. */
const adjustmentBetween = (a: LabelMatch, b: LabelMatch): boolean =>
  a.page.rows.slice(a.row.index + 1, b.row.index).some((row) =>
    [...(lexiconHits(a.page, row)[0]?.concepts ?? [])].some((k) => ADJUSTMENTS.has(k))
  )

/** Whether a row's first label is one of the concepts. */
const labelledAs = (layout: PageLayout, row: Row, concept: string): boolean =>
  firstLabelConcepts(layout, row).has(concept)

/**
 * A total row under a deposit taken off the total printed right above it ("Total 3,118.31 / Deposit
 * Received -1,550.00 / Amount Due 1,568.31"): what is left to pay, not the invoice's total. A deposit
 * billed (no sign: a deposit invoice's amount, a security deposit) takes nothing off.
 */
const afterDeposit = (m: LabelMatch): boolean => {
  const rows = m.page.rows
  let deposit = m.row.index - 1
  while (deposit > 0 && !labelledAs(m.page, rows[deposit]!, "deposit")) deposit--
  if (deposit <= 0 || !labelledAs(m.page, rows[deposit - 1]!, "total")) return false
  return /[-−(]\s*\p{Sc}?\s*\d/u.test(rows[deposit]!.words.map((w) => w.text).join(" "))
}

/**
 * A total's label set apart from its amount by a word saying the amount leaves the tax out ("Summe
 * Abschlag netto 27.370,00", "Total prestations HT 1 200,00"): a net sum, not the document's total.
 * "net" counts only as the last word before the amount ("Total net 1 200,00"; "Net à payer" is the total).
 * An amount set left of its label ("4'424.20 Total exkl. MWST") is qualified by the words after the label.
 */
const netBetween = (m: LabelMatch, c: Candidate): boolean => {
  const start = c.words[0] === undefined ? -1 : m.row.words.indexOf(c.words[0])
  if (start < 0 || (start >= m.first && start <= m.last)) return false
  const between = m.row.words.slice(m.last + 1, start < m.first ? undefined : start)
    .map((w) => w.text.replace(/[():]/g, ""))
  return between.some(isNetWord) || /^net\.?$/iu.test(between.at(-1) ?? "")
}

/** Whether a reading at a total label is no candidate for the document's total. */
export const notTheTotal = (m: LabelMatch, c: Candidate): boolean =>
  inTaxSummary(m) || taxColumnOf(m, c) || afterDeposit(m) || netBetween(m, c)

/** A total row confirmed by the payment may be less plausible by its label than the best one, down to this share. */
const PAID_PEERS = 0.5

/**
 * The amounts the section confirms a total by, surest first: what was paid (tendered less change),
 * what its subtotals add up to, and the amount handed over (paid exactly, its change unread). A total
 * row another row calls "Total tendered" equals the third, never the first.
 */
export const confirmingTiers = (section: Section): ReadonlyArray<ReadonlyArray<number>> => [
  paidAmounts(section),
  sumsOf(section),
  tenderedAmounts(section)
]

/**
 * A total row's amount read with its decimal mark lost ("TOTAL 61-40", "RM 9 30"), as a candidate that
 * only a confirmation can choose; none when the row reads as it is printed.
 */
export const misreadTotal = (m: LabelMatch, own: ReadonlySet<string>, read: Candidate | undefined) => {
  const words = rightOf(m, own)
  const value = lostDecimalMark(words.map((w) => w.text))
  if (value === undefined || (read !== undefined && read.value === value)) return undefined
  const used = words.slice(-Math.min(words.length, 3))
  return { value, words: used, decimals: true, layout: m.page, at: m }
}

/**
 * The total row that equals what was paid (tendered less change), else what the subtotal and its
 * adjustments add up to, else the amount handed over, whatever its rank among the rows, as an agreed
 * reading; none when the section prints none of them or no row equals them. `misread` are rows read with a lost decimal mark,
 * taken only here.
 */
export const confirmedTotal = (
  section: Section,
  all: ReadonlyArray<Candidate>,
  best: Candidate,
  misread: ReadonlyArray<Candidate> = []
): Candidate | undefined => {
  const floor = PAID_PEERS * best.score
  const plausible = [...all, ...misread].filter((c) => typeof c.value === "number" && c.score >= floor)
  let confirmed: Candidate | undefined
  for (const confirming of confirmingTiers(section)) {
    confirmed = plausible.filter((c) => isPaid(confirming, c.value as number))
      .reduce<Candidate | undefined>((a, c) => (a === undefined || c.score > a.score ? c : a), undefined)
    if (confirmed !== undefined) break
  }
  if (confirmed === undefined) return undefined
  const value = Math.abs(confirmed.value as number)
  const others = all.filter((c) => typeof c.value !== "number" || Math.abs(c.value) !== value)
  return { ...confirmed, value, rival: Math.max(0, ...others.map((c) => c.score)), agreed: true }
}

/** Without a payment to go by: the row below the adjustments, or the largest of the rows nearly as plausible. */
export const plausibleTotal = (all: ReadonlyArray<Candidate>, best: Candidate): Candidate => {
  const adjusted = adjustedLater(all, best)
  // "Total rounded" is more specific than "Total": a plain total never overrides it.
  // An amount with cents is money; a round number beside it ("40. 60" read apart) is not its peer.
  // Once a row below the adjustments is the pick, the rows above them are amounts before the adjustments.
  // A row above an adjustment printed over the pick is likewise an amount before it.
  const below = (c: Candidate) =>
    adjusted.at === undefined || c.at === undefined || c.at.page !== adjusted.at.page ||
    c.at.row.index >= adjusted.at.row.index || (adjusted === best && !adjustmentBetween(c.at, adjusted.at))
  const peers = all.filter((c) =>
    c.score >= TOTAL_PEERS * adjusted.score && (c.strength ?? 0) >= (adjusted.strength ?? 0) &&
    typeof c.value === "number" &&
    (adjusted.decimals !== true || c.decimals === true) && below(c)
  )
  return peers.reduce(
    (a, c) => ((c.value as number) > (a.value as number) || (c.value === a.value && c.score > a.score) ? c : a),
    adjusted
  )
}

const SUBTOTAL = new Set(["subtotal"])

/**
 * With no total row: the subtotal row that equals what was paid (tendered less change) is the total,
 * nothing having been added to it ("SUBTOTAL 28.70", "CASH 100.00", "CHANGE 71.30"). `read` reads the
 * field's value at a label on the section's page of that index.
 */
export const paidSubtotal = (
  section: Section,
  read: (m: LabelMatch, pageIndex: number) => Candidate | undefined
): Candidate | undefined => {
  const paid = paidAmounts(section)
  if (paid.length === 0) return undefined
  for (const [pi, layout] of section.layouts.entries()) {
    for (const m of findLabels(layout, conceptPhrases("subtotal"), SUBTOTAL)) {
      const c = read(m, pi)
      if (c === undefined || typeof c.value !== "number" || c.decimals !== true || !isPaid(paid, c.value)) continue
      return { ...c, value: Math.abs(c.value), at: m, rival: 0, agreed: true }
    }
  }
  return undefined
}

/**
 * A total OCR read with a digit lost from its cents ("1.194,8" for "1.194,08"): the amount its section's
 * own sums reach (net and tax) when that amount's digits, less one of its cents, are the digits read.
 */
export const digitLostTotal = (section: Section, best: Candidate): Candidate | undefined => {
  const printed = best.words.map((w) => w.text).join("")
  if (typeof best.value !== "number" || !/\d[.,]\d(?!\d)/.test(printed)) return undefined
  const read = best.value.toFixed(1).replace(".", "")
  const sum = sumsOf(section).find((s) => {
    const digits = s.toFixed(2).replace(".", "")
    return s > 0 && Math.abs(s - (best.value as number)) < 1 &&
      [digits.length - 2, digits.length - 1].some((i) => digits.slice(0, i) + digits.slice(i + 1) === read)
  })
  return sum === undefined ? undefined : { ...best, value: sum, agreed: true }
}

/** Digits OCR takes for one another on printed money (a faint or broken stroke): "6" for "8", "3" for "8", "1" for "7". */
const LOOK_ALIKE_DIGITS: ReadonlyArray<string> = ["68", "38", "56", "58", "08", "06", "09", "89", "17", "35"]

/** Whether two amounts are printed with the same digits but one, a pair OCR takes for each other. */
const oneDigitApart = (read: number, other: number): boolean => {
  const a = read.toFixed(2), b = other.toFixed(2)
  if (a.length !== b.length) return false
  const apart = [...a].flatMap((d, i) => (d === b[i] ? [] : [[d, b[i]!].sort().join("")]))
  return apart.length === 1 && LOOK_ALIKE_DIGITS.includes(apart[0]!)
}

/**
 * A total OCR read with one digit taken for a look-alike ("21.85" printed "21.35"): the amount a total row
 * above it reaches once rounded by the rounding row under that row, when that amount differs from the
 * reading in that one digit only and nothing the section prints (a payment, its sums) confirms the reading.
 * What was paid or summed is no such witness: a split payment, a charge or a deposit the sums do not count
 * change those amounts without any misread.
 */
export const misreadDigitTotal = (
  section: Section,
  all: ReadonlyArray<Candidate>,
  best: Candidate
): Candidate | undefined => {
  if (typeof best.value !== "number" || best.decimals !== true) return undefined
  const read = Math.abs(best.value)
  if (confirmingTiers(section).some((tier) => isPaid(tier, read))) return undefined
  // Rows above it only: its own rounding rounds what it reads.
  const above = all.filter((c) =>
    c.at !== undefined && best.at !== undefined && c.at.page === best.at.page && c.at.row.index < best.at.row.index
  )
  // Five cents or less apart is a cash rounding, not a misread.
  const confirming = roundedAmounts(section, above).filter((v) =>
    v > 0 && Math.abs(v - read) > CASH_ROUNDING + CENT && oneDigitApart(read, v)
  )
  const values = [...new Set(confirming.map((v) => v.toFixed(2)))]
  return values.length === 1 ? { ...best, value: Number(values[0]), agreed: true } : undefined
}

/**
 * A total whose thousands OCR set apart from it by a wide space ("1  141,03" read 141.03): the thousands'
 * group printed right before it joined to it, when that is the amount its section's own sums reach.
 */
export const groupApartTotal = (section: Section, best: Candidate): Candidate | undefined => {
  const row = best.at?.row
  const first = best.words[0]
  if (row === undefined || first === undefined || typeof best.value !== "number" || best.decimals !== true) {
    return undefined
  }
  const read = Math.abs(best.value)
  const before = row.words[row.words.indexOf(first) - 1]
  if (read >= 1000 || before === undefined || !/^\d{1,3}$/.test(before.text)) return undefined
  const joined = Math.round((Number(before.text) * 1000 + read) * 100) / 100
  return sumsOf(section).some((s) => Math.abs(s - joined) < 0.005)
    ? { ...best, value: joined, words: [before, ...best.words], agreed: true }
    : undefined
}
