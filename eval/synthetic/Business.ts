/**
 * Other business documents of the synthetic set: bank statements (one or two pages of
 * transactions), purchase orders, and cover letters (which no template asks for).
 */
import type { SynthDocument } from "./Document.js"
import { addDays, cents, formatDate, formatMoney, formatNumber, label, type Locale, randomDate } from "./Locales.js"
import { address, company, iban, person, personName, product } from "./Names.js"
import type { Random } from "./Random.js"
import { A4, put, rule, type Sheet, sheet } from "./Sheet.js"

const BANK_WORDS: Record<Locale["id"], ReadonlyArray<string>> = {
  "en-US": ["First {A} Bank", "{A} National Bank", "{A} Savings Bank"],
  "en-GB": ["{A} Bank plc", "{A} Building Society", "Bank of {A}"],
  de: ["Sparkasse {A}", "{A} Volksbank eG", "{A}bank AG"],
  fr: ["Banque {A}", "Crédit {A}", "Banque Populaire {A}"],
  nl: ["{A} Bank N.V.", "{A}bank"],
  es: ["Banco {A}", "Caja {A}"],
  it: ["Banca {A}", "Banco {A} S.p.A."],
  pt: ["Banco {A}", "Caixa {A}"],
  ms: ["{A} BANK BERHAD", "BANK {A} BERHAD"]
}
const PLACES = [
  "Atlantic",
  "Hanseatic",
  "Riviera",
  "Meridian",
  "Lusitano",
  "Pacific",
  "Lombard",
  "Nordic",
  "Harbour",
  "Sentral",
  "Rhein",
  "Iberia"
]

const statementLines = [
  "Card payment",
  "Direct debit",
  "Transfer",
  "Salary",
  "ATM withdrawal",
  "Standing order",
  "Interest",
  "Fee"
]

/** A bank statement: bank letterhead, holder, account, period, transactions with a running balance. */
export const bankStatement = (r: Random, locale: Locale, id: string): SynthDocument => {
  const L = locale.labels
  const bank = r.pick(BANK_WORDS[locale.id]).replace("{A}", r.pick(PLACES))
  const bankName = locale.id === "ms" ? bank.toUpperCase() : bank
  const holder = r.chance(0.6) ? personName(r) : company(r, locale).name
  const account = r.chance(0.6) ? iban(r, locale) : `${r.int(1000, 9999)}${r.int(100000, 999999)}`
  const start = randomDate(r).slice(0, 8) + "01"
  const end = addDays(addDays(start, 32).slice(0, 8) + "01", -1)
  const style = r.pick(locale.dateStyles)
  const fd = (iso: string) => formatDate(iso, style, locale)
  const opening = cents(r.int(100, 20000) + r.int(0, 99) / 100)
  const count = r.chance(0.3) ? r.int(40, 55) : r.int(6, 18)
  let balance = opening
  const tx = Array.from({ length: count }, (_, i) => {
    const credit = r.chance(0.3)
    const amount = cents(credit ? r.int(100, 3000) : r.int(5, 400) + r.int(0, 99) / 100)
    balance = cents(balance + (credit ? amount : -amount))
    return {
      date: addDays(start, Math.min(27, Math.floor((i * 28) / count))),
      text: `${r.pick(statementLines)} ${r.pick(["", product(r)])}`.trim(),
      credit,
      amount,
      balance
    }
  })
  const closing = balance
  const money = (n: number) => formatNumber(n, locale)

  const sheets: Array<Sheet> = []
  let s = sheet(A4.width, A4.height)
  sheets.push(s)
  const right = s.width - 40
  put(s, 40, 40, bankName, { size: 16, font: "sansBold" })
  address(r, locale).forEach((a, i) => put(s, 40, 62 + i * 11, a, { size: 8 }))
  put(s, right, 40, label(r, L.statementTitle), { size: 14, font: "sansBold", align: "right" })
  const meta: Array<[string, string]> = [
    [label(r, L.accountHolder), holder],
    [label(r, L.accountNo), account],
    [label(r, L.period), `${fd(start)} - ${fd(end)}`]
  ]
  meta.forEach(([l, v], i) => {
    put(s, 40, 120 + i * 15, l, { size: 9, font: "sansBold" })
    put(s, 170, 120 + i * 15, v, { size: 9 })
  })
  const summaryFirst = r.chance(0.5)
  const summary = (sh: Sheet, y: number) => {
    put(sh, 330, y, label(r, L.openingBalance), { size: 9 })
    put(sh, right, y, formatMoney(opening, locale, r.pick(["symbol", "plain", "code"] as const)), {
      size: 9,
      align: "right"
    })
    put(sh, 330, y + 15, label(r, L.closingBalance), { size: 9, font: "sansBold" })
    put(sh, right, y + 15, formatMoney(closing, locale, r.pick(["symbol", "plain", "code"] as const)), {
      size: 9,
      font: "sansBold",
      align: "right"
    })
  }
  if (summaryFirst) summary(s, 120)
  const header = (sh: Sheet, y: number) => {
    rule(sh, 40, y - 4, right)
    put(sh, 40, y, label(r, L.txDate), { size: 8, font: "sansBold" })
    put(sh, 110, y, label(r, L.txDetails), { size: 8, font: "sansBold" })
    put(sh, right - 150, y, label(r, L.debit), { size: 8, font: "sansBold", align: "right" })
    put(sh, right - 75, y, label(r, L.credit), { size: 8, font: "sansBold", align: "right" })
    put(sh, right, y, label(r, L.balance), { size: 8, font: "sansBold", align: "right" })
    rule(sh, 40, y + 12, right)
    return y + 20
  }
  let y = header(s, 190)
  put(s, 110, y, label(r, L.openingBalance), { size: 8 })
  put(s, right, y, money(opening), { size: 8, align: "right" })
  y += 14
  const pages = count > 35 ? 2 : 1
  const pageMark = (sh: Sheet, k: number) =>
    put(sh, right, sh.height - 35, `${L.page} ${k} ${L.of} ${pages}`, { size: 8, align: "right" })
  for (const t of tx) {
    if (y > s.height - 70) {
      pageMark(s, 1)
      s = sheet(A4.width, A4.height)
      sheets.push(s)
      put(s, 40, 40, bankName, { size: 9, font: "sansBold" })
      put(s, right, 40, account, { size: 9, align: "right" })
      y = header(s, 80)
    }
    put(s, 40, y, fd(t.date), { size: 8 })
    put(s, 110, y, t.text, { size: 8 })
    put(s, t.credit ? right - 75 : right - 150, y, money(t.amount), { size: 8, align: "right" })
    put(s, right, y, money(t.balance), { size: 8, align: "right" })
    y += 14
  }
  put(s, 110, y, label(r, L.closingBalance), { size: 8, font: "sansBold" })
  put(s, right, y, money(closing), { size: 8, font: "sansBold", align: "right" })
  if (!summaryFirst) summary(s, y + 30)
  if (pages === 2) pageMark(s, 2)
  return {
    kind: "bank_statement",
    id,
    sheets,
    expected: {
      bank_name: bankName,
      account_holder: holder,
      account_number: account,
      opening_balance: opening,
      closing_balance: closing
    },
    scan: false
  }
}

/** A purchase order: the buyer's letterhead, the vendor block, the order lines and total. */
export const purchaseOrder = (r: Random, locale: Locale, id: string): SynthDocument => {
  const L = locale.labels
  const buyer = company(r, locale), vendor = company(r, locale)
  const date = randomDate(r)
  const number = r.pick([
    `PO-${r.int(10000, 99999)}`,
    `${date.slice(0, 4)}-${r.int(100, 999)}`,
    `P${r.int(100000, 999999)}`
  ])
  const style = r.pick(locale.dateStyles)
  const lines = Array.from({ length: r.int(1, 6) }, () => {
    const qty = r.int(1, 20), price = cents(r.int(2, 300) + r.pick([0, 0.5, 0.95]))
    return { text: product(r), qty, price, amount: cents(qty * price) }
  })
  const total = cents(lines.reduce((s, l) => s + l.amount, 0))
  const s = sheet(A4.width, A4.height)
  const right = s.width - 45
  put(s, 45, 40, buyer.name, { size: 15, font: "sansBold" })
  buyer.address.forEach((a, i) => put(s, 45, 60 + i * 11, a, { size: 8 }))
  put(s, right, 40, label(r, L.poTitle), { size: 18, font: "sansBold", align: "right" })
  put(s, right - 190, 75, label(r, L.poNo), { size: 9 })
  put(s, right, 75, number, { size: 9, align: "right" })
  put(s, right - 190, 89, label(r, L.invoiceDate).replace(/invoice |rechnungs|factuur|fattura /i, ""), { size: 9 })
  put(s, right, 89, formatDate(date, style, locale), { size: 9, align: "right" })
  put(s, 45, 140, label(r, L.supplier), { size: 8, font: "sansBold" })
  put(s, 45, 152, vendor.name, { size: 10 })
  vendor.address.forEach((a, i) => put(s, 45, 165 + i * 12, a, { size: 9 }))
  put(s, 320, 140, label(r, L.shipTo), { size: 8, font: "sansBold" })
  put(s, 320, 152, buyer.name, { size: 10 })
  address(r, locale).forEach((a, i) => put(s, 320, 165 + i * 12, a, { size: 9 }))
  let y = 240
  rule(s, 40, y - 4, right + 5)
  put(s, 45, y, label(r, L.description), { size: 9, font: "sansBold" })
  put(s, 330, y, label(r, L.qty), { size: 9, font: "sansBold" })
  put(s, right - 90, y, label(r, L.unitPrice), { size: 9, font: "sansBold", align: "right" })
  put(s, right, y, label(r, L.amount), { size: 9, font: "sansBold", align: "right" })
  rule(s, 40, y + 13, right + 5)
  y += 22
  for (const l of lines) {
    put(s, 45, y, l.text, { size: 9 })
    put(s, 330, y, String(l.qty), { size: 9 })
    put(s, right - 90, y, formatNumber(l.price, locale), { size: 9, align: "right" })
    put(s, right, y, formatNumber(l.amount, locale), { size: 9, align: "right" })
    y += 16
  }
  rule(s, 40, y, right + 5)
  put(s, right - 190, y + 12, label(r, L.total), { size: 11, font: "sansBold" })
  put(s, right, y + 12, formatMoney(total, locale, "symbol"), { size: 11, font: "sansBold", align: "right" })
  put(s, 45, s.height - 80, `${label(r, ["Authorised by", "Approved by", "Requested by"])}: ${personName(r)}`, {
    size: 9
  })
  return {
    kind: "purchase_order",
    id,
    sheets: [s],
    expected: { po_number: number, date, vendor: vendor.name, total },
    scan: false
  }
}

const LETTER_BODY = [
  "Please find enclosed the documents relating to our recent correspondence.",
  "We would be grateful if you could review them at your earliest convenience.",
  "Should you have any questions, do not hesitate to contact us.",
  "We look forward to continuing our cooperation."
]

/** A cover letter in front of a packet: no requested template fits it. */
export const coverLetter = (r: Random, locale: Locale, id: string): SynthDocument => {
  const sender = company(r, locale), to = person(r, locale)
  const s = sheet(A4.width, A4.height)
  put(s, 45, 40, sender.name, { size: 14, font: "sansBold" })
  sender.address.forEach((a, i) => put(s, 45, 60 + i * 11, a, { size: 8 }))
  put(s, 45, 140, to.name, { size: 10 })
  to.address.forEach((a, i) => put(s, 45, 153 + i * 12, a, { size: 10 }))
  put(s, 400, 200, formatDate(randomDate(r), r.pick(locale.dateStyles), locale), { size: 10 })
  put(s, 45, 240, `Dear ${to.name},`, { size: 10 })
  r.shuffle(LETTER_BODY).slice(0, 3).forEach((t, i) => put(s, 45, 265 + i * 15, t, { size: 10 }))
  put(s, 45, 340, "Yours sincerely,", { size: 10 })
  put(s, 45, 380, personName(r), { size: 10 })
  return { kind: "letter", id, sheets: [s], expected: {}, scan: false }
}
