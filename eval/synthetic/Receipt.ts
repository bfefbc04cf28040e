/**
 * Synthetic till receipts: a narrow roll in a monospace font, the store's name and address centred
 * on top, then the sale, the total and the payment. Malaysian receipts (like the SROIE scans) and
 * European ones.
 */
import type { SynthDocument } from "./Document.js"
import { cents, formatDate, formatNumber, type Locale, randomDate } from "./Locales.js"
import { address, companyName, receiptItem } from "./Names.js"
import type { Random } from "./Random.js"
import { put, type Sheet, sheet } from "./Sheet.js"

interface Words {
  readonly title: ReadonlyArray<string>
  readonly receiptNo: ReadonlyArray<string>
  readonly date: ReadonlyArray<string>
  readonly cashier: ReadonlyArray<string>
  readonly subtotal: ReadonlyArray<string>
  readonly tax: ReadonlyArray<string>
  readonly rounding: ReadonlyArray<string>
  readonly total: ReadonlyArray<string>
  readonly cash: ReadonlyArray<string>
  readonly change: ReadonlyArray<string>
  readonly thanks: ReadonlyArray<string>
}

const WORDS: Partial<Record<Locale["id"], Words>> & { ms: Words } = {
  ms: {
    title: ["TAX INVOICE", "CASH BILL", "RECEIPT", "SIMPLIFIED TAX INVOICE", "OFFICIAL RECEIPT"],
    receiptNo: ["RECEIPT NO:", "BILL NO:", "INVOICE NO:", "DOC NO:", "NO. RESIT:"],
    date: ["DATE:", "TARIKH:", "DATE :"],
    cashier: ["CASHIER:", "JURUWANG:", "SERVED BY:"],
    subtotal: ["SUBTOTAL", "SUB TOTAL", "TOTAL SALES (EXCL GST)"],
    tax: ["GST 6%", "SST 6%", "SERVICE TAX 6%"],
    rounding: ["ROUNDING ADJ", "ROUNDING", "ROUNDING ADJUSTMENT"],
    total: ["TOTAL", "TOTAL (RM)", "GRAND TOTAL", "TOTAL RM", "NETT TOTAL", "TOTAL AMOUNT"],
    cash: ["CASH", "TUNAI", "CASH TENDERED"],
    change: ["CHANGE", "BAKI", "CHANGE DUE"],
    thanks: [
      "THANK YOU, PLEASE COME AGAIN",
      "TERIMA KASIH",
      "GOODS SOLD ARE NOT RETURNABLE",
      "THANK YOU FOR SHOPPING WITH US"
    ]
  },
  "en-GB": {
    title: ["RECEIPT", "SALES RECEIPT", "VAT RECEIPT"],
    receiptNo: ["Receipt No:", "Trans:", "Txn No:"],
    date: ["Date:", ""],
    cashier: ["Served by:", "Cashier:", "Operator:"],
    subtotal: ["SUBTOTAL", "Sub-total"],
    tax: ["VAT 20% incl.", "VAT @ 20%"],
    rounding: [],
    total: ["TOTAL", "BALANCE DUE", "TOTAL TO PAY"],
    cash: ["CASH", "CARD"],
    change: ["CHANGE", "CHANGE DUE"],
    thanks: ["Thank you for shopping with us", "Please keep your receipt"]
  },
  de: {
    title: ["KASSENBON", "Beleg", "QUITTUNG"],
    receiptNo: ["Bon-Nr.:", "Beleg-Nr.:", "Bon"],
    date: ["Datum:", ""],
    cashier: ["Kasse:", "Bediener:", "Es bediente Sie:"],
    subtotal: ["Zwischensumme"],
    tax: ["MwSt 19% enth.", "inkl. MwSt 7%"],
    rounding: [],
    total: ["SUMME", "SUMME EUR", "Gesamt", "Zu zahlen"],
    cash: ["Bar", "Gegeben", "BAR"],
    change: ["Rückgeld", "Zurück"],
    thanks: ["Vielen Dank für Ihren Einkauf!", "Danke und auf Wiedersehen"]
  },
  fr: {
    title: ["TICKET DE CAISSE", "REÇU", "TICKET"],
    receiptNo: ["Ticket n°", "N° ticket :", "Transaction :"],
    date: ["Date :", "Le", ""],
    cashier: ["Caisse :", "Caissier :", "Vendeur :"],
    subtotal: ["SOUS-TOTAL", "Total HT"],
    tax: ["dont TVA 20%", "TVA 5,5%"],
    rounding: [],
    total: ["TOTAL", "TOTAL TTC", "TOTAL A PAYER", "NET A PAYER"],
    cash: ["ESPECES", "Espèces"],
    change: ["RENDU", "Rendu monnaie"],
    thanks: ["MERCI DE VOTRE VISITE", "A bientôt !"]
  },
  nl: {
    title: ["KASSABON", "Bon"],
    receiptNo: ["Bonnr:", "Bon nr.", "Transactie:"],
    date: ["Datum:", ""],
    cashier: ["Kassa:", "Caissière:"],
    subtotal: ["SUBTOTAAL", "Subtotaal"],
    tax: ["BTW 9%", "BTW 21% incl."],
    rounding: ["Afronding"],
    total: ["TOTAAL", "TE BETALEN", "Totaal"],
    cash: ["CONTANT", "Contant"],
    change: ["WISSELGELD", "Terug"],
    thanks: ["Bedankt en tot ziens!", "Bedankt voor uw bezoek"]
  }
}

export interface ReceiptOptions {
  /** Receipt roll width in points (80 mm ≈ 227 pt). */
  readonly width?: number
}

export const receipt = (r: Random, locale: Locale, id: string, options: ReceiptOptions = {}): SynthDocument => {
  const W = WORDS[locale.id] ?? WORDS.ms
  const upper = locale.id === "ms"
  const name = upper ? companyName(r, locale).toUpperCase() : companyName(r, locale)
  const addr = address(r, locale).map((a) => (upper ? a.toUpperCase() : a))
  const date = randomDate(r)
  const style = locale.id === "en-US"
    ? "mdy/"
    : r.pick(locale.id === "de" ? ["dmy."] as const : ["dmy/", "dmy/", "dmy-"] as const)
  const items = Array.from(
    { length: r.int(1, 8) },
    () => ({
      name: receiptItem(r),
      qty: r.chance(0.7) ? 1 : r.int(2, 4),
      price: cents(r.int(1, 40) + r.pick([0, 0.5, 0.9, 0.2, 0.35]))
    })
  )
  const subtotal = cents(items.reduce((s, i) => s + i.qty * i.price, 0))
  const taxed = locale.id === "ms" && r.chance(0.5)
  const tax = taxed ? cents(subtotal * 0.06) : 0
  const raw = cents(subtotal + tax)
  // Malaysian cash sales round to 5 sen.
  const total = locale.id === "ms" ? cents(Math.round(raw * 20) / 20) : raw
  const rounding = cents(total - raw)
  const cash = cents(Math.ceil(total / 10) * 10 + (r.chance(0.3) ? 10 : 0))

  const width = options.width ?? r.pick([204, 227, 240])
  const size = r.pick([7.5, 8, 8.5])
  const lineH = size * 1.45
  const chars = Math.floor((width - 16) / (size * 0.6))
  const rows: Array<{ text: string; align: "left" | "center"; bold?: boolean; big?: boolean }> = []
  const center = (text: string, bold = false, big = false) => rows.push({ text, align: "center", bold, big })
  const left = (text: string) => rows.push({ text, align: "left" })
  const both = (a: string, b: string) => left(`${a}${" ".repeat(Math.max(1, chars - a.length - b.length))}${b}`)
  const num = (n: number) => formatNumber(n, locale)

  center(name, true, r.chance(0.5))
  if (upper && r.chance(0.6)) center(`(${r.int(100000, 999999)}-${r.pick(["H", "W", "K", "A", "P"])})`)
  for (const a of addr) center(a)
  if (r.chance(0.7)) center(`TEL: 0${r.int(3, 9)}-${r.int(100, 999)} ${r.int(1000, 9999)}`)
  if (upper && taxed) center(`GST ID: ${String(r.int(100000, 999999)).padStart(12, "0")}`)
  center("")
  center(r.pick(W.title), true)
  const receiptNo = `${r.pick(["", "CS", "T", "R"])}${r.int(10000, 99999999)}`
  both(r.pick(W.receiptNo), receiptNo)
  const time = `${String(r.int(8, 22)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}${
    r.chance(0.5) ? `:${String(r.int(0, 59)).padStart(2, "0")}` : ""
  }`
  const dateLabel = r.pick(W.date)
  const dateText = formatDate(date, style, locale)
  if (r.chance(0.5)) both(`${dateLabel} ${dateText}`.trim(), time)
  else left(`${dateLabel} ${dateText} ${time}`.trim())
  both(r.pick(W.cashier), r.pick(["ALI", "SITI", "MEI", "JOHN", "01", "KASSE 2"]))
  left("-".repeat(chars))
  for (const it of items) {
    const amount = num(cents(it.qty * it.price))
    if (it.qty > 1 || r.chance(0.4)) {
      left(it.name)
      both(`  ${it.qty} x ${num(it.price)}`, amount)
    } else both(it.name, amount)
  }
  left("-".repeat(chars))
  if (taxed || r.chance(0.4)) both(r.pick(W.subtotal), num(subtotal))
  if (taxed) both(r.pick(W.tax), num(tax))
  if (rounding !== 0 && W.rounding.length > 0) both(r.pick(W.rounding), num(rounding))
  const totalLabel = r.pick(W.total)
  rows.push({
    text: `${totalLabel}${" ".repeat(Math.max(1, chars - totalLabel.length - num(total).length))}${num(total)}`,
    align: "left",
    bold: true
  })
  both(r.pick(W.cash), num(cash))
  both(r.pick(W.change), num(cents(cash - total)))
  left("")
  center(r.pick(W.thanks))

  const height = 30 + rows.length * lineH + 30
  const s: Sheet = sheet(width, Math.max(height, 260))
  rows.forEach((row, i) => {
    const y = 24 + i * lineH
    const font = row.bold ? "monoBold" : "mono"
    const sz = row.big ? size * 1.3 : size
    if (row.align === "center") put(s, width / 2, y, row.text, { size: sz, font, align: "center" })
    else put(s, 8, y, row.text, { size: sz, font })
  })
  return {
    kind: "receipt",
    id,
    sheets: [s],
    expected: { company: name, date, address: addr.join(" "), total },
    scan: true
  }
}
