/**
 * Synthetic invoices in four layouts seen in the wild: letterhead with a label/value block, a
 * centred title with the references in a small table, an issuer named only in the footer, and a
 * long invoice running over two pages.
 */
import type { SynthDocument } from "./Document.js"
import {
  addDays,
  cents,
  formatDate,
  formatMoney,
  formatNumber,
  label,
  type Locale,
  type MoneyStyle,
  randomDate
} from "./Locales.js"
import { company, domainOf, iban, type Party, person, product } from "./Names.js"
import type { Random } from "./Random.js"
import { A4, LETTER, put, rule, type Sheet, sheet } from "./Sheet.js"

interface Line {
  readonly description: string
  readonly qty: number
  readonly price: number
  readonly amount: number
}

interface InvoiceData {
  readonly locale: Locale
  readonly issuer: Party
  readonly customer: Party
  readonly number: string
  readonly date: string
  readonly due: string
  readonly lines: ReadonlyArray<Line>
  readonly taxRate: number
  readonly subtotal: number
  readonly tax: number
  readonly total: number
  readonly dateStyle: Locale["dateStyles"][number]
  readonly money: MoneyStyle
}

const invoiceNumber = (r: Random, date: string): string => {
  const y = date.slice(0, 4), m = date.slice(5, 7)
  const n = (k: number) => String(r.int(10 ** (k - 1), 10 ** k - 1))
  return r.pick([
    `INV-${y}-${n(4)}`,
    `${y}${n(6)}`,
    `F${n(5)}`,
    n(5),
    `INV/${y}/${m}/${n(4)}`,
    `RE-${n(4)}`,
    `${y}-${n(3)}`,
    `SI${n(7)}`
  ])
}

const data = (r: Random, locale: Locale, lineCount: number): InvoiceData => {
  const date = randomDate(r)
  const lines = Array.from({ length: lineCount }, () => {
    const qty = r.chance(0.6) ? 1 : r.int(2, 12)
    const price = cents(r.chance(0.5) ? r.int(5, 200) + r.pick([0, 0.5, 0.99, 0.25]) : r.int(20, 2500))
    return { description: product(r), qty, price, amount: cents(qty * price) }
  })
  const taxRate = r.pick(locale.taxRates)
  const subtotal = cents(lines.reduce((s, l) => s + l.amount, 0))
  const tax = cents((subtotal * taxRate) / 100)
  return {
    locale,
    issuer: company(r, locale),
    customer: r.chance(0.7) ? company(r, locale) : person(r, locale),
    number: invoiceNumber(r, date),
    date,
    due: addDays(date, r.pick([14, 30, 45])),
    lines,
    taxRate,
    subtotal,
    tax,
    total: cents(subtotal + tax),
    dateStyle: r.pick(locale.dateStyles),
    money: r.pick(["symbol", "symbol", "code", "plain"] as const)
  }
}

const expectedOf = (d: InvoiceData) => ({
  invoice_number: d.number,
  date: d.date,
  amount: d.total,
  currency: d.locale.currency,
  issuer: d.issuer.name,
  customer: d.customer.name
})

const linesOf = (d: InvoiceData) =>
  d.lines.map((l) => ({ description: l.description, quantity: l.qty, amount: l.amount }))

const fmtDate = (d: InvoiceData, iso: string) => formatDate(iso, d.dateStyle, d.locale)

/** Units printed beside a quantity, in the languages the locales use. */
const UNITS = ["pcs", "Stk.", "h", "kg", "pce", "u.", "m"]
/** Details printed under an item's description on a line of its own. */
const detail = (r: Random): string =>
  r.pick([
    `Art.-Nr. ${r.int(10000, 99999)}`,
    `SKU ${r.int(100000, 999999)}`,
    `Ref. ${String.fromCharCode(65 + r.int(0, 25))}${r.int(100, 999)}`,
    `S/N ${r.int(1000000, 9999999)}`,
    `${r.int(1, 28)}/${r.int(1, 12)} - ${r.int(1, 28)}/${r.int(1, 12)}`
  ])

/**
 * The item table from `y`; returns the y after it. Columns: description, qty, unit price, amount, and
 * as invoices print them now and then: a position number first, a unit beside the quantity, a tax rate
 * before the amount, details on a line under a description, the currency in the amount cells.
 */
const table = (
  r: Random,
  s: Sheet,
  d: InvoiceData,
  lines: ReadonlyArray<Line>,
  y: number,
  headers: readonly [string, string, string, string]
): number => {
  const right = s.width - 45
  const qtyFirst = r.chance(0.3)
  const position = !qtyFirst && r.chance(0.3)
  const unit = r.chance(0.25) ? r.pick(UNITS) : undefined
  const rate = r.chance(0.3)
  const details = r.chance(0.3)
  const symbol = r.chance(0.2)
  const x0 = position ? 70 : 45
  const xDesc = qtyFirst ? x0 + 45 : x0, xQty = qtyFirst ? x0 : rate ? 300 : 330
  const xPrice = right - (rate ? 130 : 90), xRate = right - 75
  rule(s, 40, y - 4, right + 5)
  if (position) put(s, 45, y, r.pick(["Pos", "#", "No."]), { font: "sansBold", size: 9 })
  put(s, xDesc, y, headers[0], { font: "sansBold", size: 9 })
  put(s, xQty, y, headers[1], { font: "sansBold", size: 9 })
  put(s, xPrice, y, headers[2], { font: "sansBold", size: 9, align: "right" })
  if (rate) put(s, xRate, y, r.pick(["VAT", "%", "Tax"]), { font: "sansBold", size: 9, align: "right" })
  put(s, right, y, headers[3], { font: "sansBold", size: 9, align: "right" })
  rule(s, 40, y + 13, right + 5)
  y += 22
  lines.forEach((l, i) => {
    if (position) put(s, 45, y, String(i + 1), { size: 9 })
    put(s, xDesc, y, l.description, { size: 9 })
    put(s, xQty, y, unit === undefined ? String(l.qty) : `${l.qty} ${unit}`, { size: 9 })
    put(s, xPrice, y, formatNumber(l.price, d.locale), { size: 9, align: "right" })
    if (rate) put(s, xRate, y, `${d.taxRate} %`, { size: 9, align: "right" })
    const amount = formatNumber(l.amount, d.locale)
    put(s, right, y, symbol ? formatMoney(l.amount, d.locale, "symbol") : amount, { size: 9, align: "right" })
    if (details && r.chance(0.5)) {
      y += 11
      put(s, xDesc, y, detail(r), { size: 7 })
    }
    y += 16
  })
  rule(s, 40, y - 2, right + 5)
  return y + 10
}

/** Subtotal, tax and total rows, right-aligned; returns the y after them. */
const totals = (r: Random, s: Sheet, d: InvoiceData, y: number): number => {
  const L = d.locale.labels
  const right = s.width - 45
  const xLabel = right - 190
  const rows: Array<[string, string, boolean]> = [
    [label(r, L.subtotal), formatMoney(d.subtotal, d.locale, d.money === "symbol" ? "plain" : d.money), false],
    [label(r, L.tax, d.taxRate), formatMoney(d.tax, d.locale, d.money === "symbol" ? "plain" : d.money), false],
    [label(r, L.total), formatMoney(d.total, d.locale, d.money), true]
  ]
  for (const [l, v, bold] of rows) {
    put(s, xLabel, y, l, { size: bold ? 11 : 9, font: bold ? "sansBold" : "sans" })
    put(s, right, y, v, { size: bold ? 11 : 9, font: bold ? "sansBold" : "sans", align: "right" })
    y += bold ? 20 : 15
  }
  if (d.money === "plain") {
    // Plain amounts: the currency is stated once, as documents do.
    put(
      s,
      xLabel,
      y,
      r.pick([`Currency: ${d.locale.currency}`, `All amounts in ${d.locale.currency}`, `(${d.locale.currency})`]),
      { size: 8 }
    )
    y += 14
  }
  return y
}

const partyBlock = (
  s: Sheet,
  x: number,
  y: number,
  p: Party,
  heading: string | undefined,
  align: "left" | "right" = "left",
  size = 9
): number => {
  if (heading !== undefined) {
    put(s, x, y, heading, { size: 8, font: "sansBold", align })
    y += 12
  }
  put(s, x, y, p.name, { size: size + 1, font: heading === undefined ? "sansBold" : "sans", align })
  y += size + 4
  for (const a of p.address) {
    put(s, x, y, a, { size, align })
    y += size + 3
  }
  return y
}

const footer = (r: Random, s: Sheet, d: InvoiceData, page?: [number, number]) => {
  const L = d.locale.labels
  const y = s.height - 60
  put(s, 45, y, label(r, L.paymentTerms), { size: 8 })
  put(s, 45, y + 11, `IBAN ${iban(r, d.locale)}`, { size: 8 })
  if (page !== undefined) {
    put(s, s.width - 45, y + 22, `${L.page} ${page[0]} ${L.of} ${page[1]}`, { size: 8, align: "right" })
  }
}

/** Letterhead top-left, title and references top-right. */
const classic = (r: Random, d: InvoiceData): Array<Sheet> => {
  const L = d.locale.labels
  const s = r.chance(0.3) ? sheet(LETTER.width, LETTER.height) : sheet(A4.width, A4.height)
  const right = s.width - 45
  let y = partyBlock(s, 45, 40, d.issuer, undefined, "left", 9)
  put(
    s,
    45,
    y,
    `${L.phone} +${r.int(10, 99)} ${r.int(100, 999)} ${r.int(1000, 9999)}   www.${domainOf(d.issuer.name, d.locale)}`,
    { size: 8 }
  )
  put(s, right, 40, label(r, L.invoiceTitle), { size: 20, font: "sansBold", align: "right" })
  const meta: Array<[string, string]> = [[label(r, L.invoiceNo), d.number], [
    label(r, L.invoiceDate),
    fmtDate(d, d.date)
  ], [label(r, L.dueDate), fmtDate(d, d.due)]]
  if (r.chance(0.5)) meta.push([label(r, L.customerNo), String(r.int(10000, 99999))])
  let my = 75
  for (const [l, v] of meta) {
    put(s, right - 200, my, l, { size: 9 })
    put(s, right, my, v, { size: 9, align: "right" })
    my += 14
  }
  y = Math.max(y + 40, my + 20)
  y = partyBlock(s, 45, y, d.customer, label(r, L.billTo)) + 25
  y = table(r, s, d, d.lines, y, [label(r, L.description), label(r, L.qty), label(r, L.unitPrice), label(r, L.amount)])
  totals(r, s, d, y + 5)
  footer(r, s, d, r.chance(0.5) ? [1, 1] : undefined)
  return [s]
}

/** Centred title, issuer top-right, references as a small table (labels above values). */
const centred = (r: Random, d: InvoiceData): Array<Sheet> => {
  const L = d.locale.labels
  const s = sheet(A4.width, A4.height)
  const right = s.width - 45
  partyBlock(s, right, 40, d.issuer, undefined, "right", 8)
  put(s, s.width / 2, 120, label(r, L.invoiceTitle).toUpperCase(), { size: 22, font: "sansBold", align: "center" })
  let y = partyBlock(s, 45, 160, d.customer, label(r, L.billTo)) + 20
  const cells: Array<[string, string]> = [[label(r, L.invoiceNo), d.number], [
    label(r, L.invoiceDate),
    fmtDate(d, d.date)
  ], [label(r, L.dueDate), fmtDate(d, d.due)]]
  if (r.chance(0.5)) cells.push([label(r, L.orderNo), `PO-${r.int(1000, 9999)}`])
  const w = (right - 45) / cells.length
  rule(s, 40, y - 4, right + 5)
  cells.forEach(([l, v], i) => {
    put(s, 45 + i * w, y, l.replace(/\s*:$/, ""), { size: 8, font: "sansBold" })
    put(s, 45 + i * w, y + 14, v, { size: 9 })
  })
  rule(s, 40, y + 28, right + 5)
  y = table(r, s, d, d.lines, y + 55, [
    label(r, L.description),
    label(r, L.qty),
    label(r, L.unitPrice),
    label(r, L.amount)
  ])
  totals(r, s, d, y + 5)
  put(s, 45, s.height - 90, label(r, L.thanks), { size: 9 })
  footer(r, s, d)
  return [s]
}

/** Title top-left, the customer's address window top-right, the issuer only in the footer's legal line. */
const footerIssuer = (r: Random, d: InvoiceData): Array<Sheet> => {
  const L = d.locale.labels
  const s = sheet(A4.width, A4.height)
  put(s, 45, 50, label(r, L.invoiceTitle), { size: 24, font: "sansBold" })
  partyBlock(s, 340, 110, d.customer, undefined, "left", 10)
  let y = 200
  for (const [l, v] of [[label(r, L.invoiceNo), d.number], [label(r, L.invoiceDate), fmtDate(d, d.date)]] as const) {
    put(s, 45, y, `${l} ${v}`, { size: 10 })
    y += 15
  }
  y = table(r, s, d, d.lines, y + 40, [
    label(r, L.description),
    label(r, L.qty),
    label(r, L.unitPrice),
    label(r, L.amount)
  ])
  totals(r, s, d, y + 5)
  const legal = `${d.issuer.name} - ${d.issuer.address.join(", ")} - ${label(r, L.vatId)} ${
    d.locale.id === "ms" ? "" : d.locale.id.slice(0, 2).toUpperCase()
  }${r.int(100000000, 999999999)}`
  put(s, s.width / 2, s.height - 50, legal, { size: 7, align: "center" })
  put(s, s.width / 2, s.height - 40, `IBAN ${iban(r, d.locale)}`, { size: 7, align: "center" })
  return [s]
}

/** Many lines: the table runs over two pages, the totals on the second, "Page k of 2" on both. */
const twoPages = (r: Random, d: InvoiceData): Array<Sheet> => {
  const L = d.locale.labels
  const first = sheet(A4.width, A4.height)
  const right = first.width - 45
  let y = partyBlock(first, 45, 40, d.issuer, undefined)
  put(first, right, 40, label(r, L.invoiceTitle), { size: 20, font: "sansBold", align: "right" })
  const numberLabel = label(r, L.invoiceNo), dateLabel = label(r, L.invoiceDate)
  put(first, right - 200, 75, numberLabel, { size: 9 })
  put(first, right, 75, d.number, { size: 9, align: "right" })
  put(first, right - 200, 89, dateLabel, { size: 9 })
  put(first, right, 89, fmtDate(d, d.date), { size: 9, align: "right" })
  y = partyBlock(first, 45, Math.max(y + 30, 120), d.customer, label(r, L.billTo)) + 25
  const headers = [label(r, L.description), label(r, L.qty), label(r, L.unitPrice), label(r, L.amount)] as const
  const cut = Math.min(d.lines.length - 3, Math.floor((first.height - 120 - y) / 16) - 2)
  table(r, first, d, d.lines.slice(0, cut), y, headers)
  put(first, right, first.height - 40, `${L.page} 1 ${L.of} 2`, { size: 8, align: "right" })
  const second = sheet(A4.width, A4.height)
  put(second, 45, 40, d.issuer.name, { size: 9, font: "sansBold" })
  put(second, right, 40, `${numberLabel} ${d.number}`, { size: 9, align: "right" })
  y = table(r, second, d, d.lines.slice(cut), 80, headers)
  totals(r, second, d, y + 5)
  put(second, right, second.height - 40, `${L.page} 2 ${L.of} 2`, { size: 8, align: "right" })
  return [first, second]
}

export const invoice = (r: Random, locale: Locale, id: string): SynthDocument => {
  const layout = r.pick(["classic", "classic", "centred", "footer", "two"] as const)
  const d = data(r, locale, layout === "two" ? r.int(36, 48) : r.int(2, 7))
  const sheets = layout === "classic"
    ? classic(r, d)
    : layout === "centred"
    ? centred(r, d)
    : layout === "footer"
    ? footerIssuer(r, d)
    : twoPages(r, d)
  return { kind: "invoice", id, sheets, expected: expectedOf(d), lines: linesOf(d), scan: false }
}
