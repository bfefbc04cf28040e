/**
 * How documents from one country print things: numbers, money, dates, and the labels of common
 * fields, with the variants real documents use. Only WinAnsi characters (the standard PDF fonts).
 */
import { monthNames } from "./Months.js"
import type { Random } from "./Random.js"

export type LocaleId = "en-US" | "en-GB" | "de" | "fr" | "nl" | "es" | "it" | "pt" | "ms"

export interface Labels {
  readonly invoiceTitle: ReadonlyArray<string>
  readonly invoiceNo: ReadonlyArray<string>
  readonly invoiceDate: ReadonlyArray<string>
  readonly dueDate: ReadonlyArray<string>
  readonly orderNo: ReadonlyArray<string>
  readonly customerNo: ReadonlyArray<string>
  readonly billTo: ReadonlyArray<string>
  readonly description: ReadonlyArray<string>
  readonly qty: ReadonlyArray<string>
  readonly unitPrice: ReadonlyArray<string>
  readonly amount: ReadonlyArray<string>
  readonly subtotal: ReadonlyArray<string>
  /** "{rate}" is replaced by the rate. */
  readonly tax: ReadonlyArray<string>
  readonly total: ReadonlyArray<string>
  readonly page: string
  readonly of: string
  readonly paymentTerms: ReadonlyArray<string>
  readonly thanks: ReadonlyArray<string>
  readonly phone: string
  readonly vatId: ReadonlyArray<string>
  readonly poTitle: ReadonlyArray<string>
  readonly poNo: ReadonlyArray<string>
  readonly supplier: ReadonlyArray<string>
  readonly shipTo: ReadonlyArray<string>
  readonly statementTitle: ReadonlyArray<string>
  readonly accountNo: ReadonlyArray<string>
  readonly accountHolder: ReadonlyArray<string>
  readonly period: ReadonlyArray<string>
  readonly openingBalance: ReadonlyArray<string>
  readonly closingBalance: ReadonlyArray<string>
  readonly txDate: ReadonlyArray<string>
  readonly txDetails: ReadonlyArray<string>
  readonly debit: ReadonlyArray<string>
  readonly credit: ReadonlyArray<string>
  readonly balance: ReadonlyArray<string>
}

export interface Locale {
  readonly id: LocaleId
  readonly currency: string
  readonly symbol: string
  /** "€ 12,50" vs "12,50 €". */
  readonly symbolFirst: boolean
  readonly decimal: "." | ","
  readonly thousands: "," | "." | " " | "'"
  /** Date styles this country prints. */
  readonly dateStyles: ReadonlyArray<DateStyle>
  readonly months: ReadonlyArray<string>
  readonly labels: Labels
  readonly companySuffixes: ReadonlyArray<string>
  readonly taxRates: ReadonlyArray<number>
}

export type DateStyle =
  | "dmy/"
  | "dmy."
  | "dmy-"
  | "mdy/"
  | "iso"
  | "d month y"
  | "month d, y"
  | "d-mon-y"
  | "d de month de y"

const EN: Labels = {
  invoiceTitle: ["INVOICE", "Invoice", "TAX INVOICE", "Tax Invoice"],
  invoiceNo: ["Invoice No:", "Invoice #", "Invoice Number:", "Invoice No.", "Inv No:"],
  invoiceDate: ["Invoice Date:", "Date:", "Date of issue:", "Issue Date:"],
  dueDate: ["Due Date:", "Payment Due:", "Due:"],
  orderNo: ["Order No:", "PO Number:", "Your Ref:"],
  customerNo: ["Customer No:", "Account No:", "Customer ID:"],
  billTo: ["Bill To:", "Invoice To:", "Billed To:", "Customer:"],
  description: ["Description", "Item", "Item Description", "Details"],
  qty: ["Qty", "Quantity", "Units"],
  unitPrice: ["Unit Price", "Price", "Rate"],
  amount: ["Amount", "Total", "Line Total"],
  subtotal: ["Subtotal", "Sub Total", "Net Amount", "Total excl. VAT"],
  tax: ["VAT {rate}%", "Tax ({rate}%)", "Sales Tax {rate}%", "VAT @ {rate}%"],
  total: ["Total", "Total Due", "Amount Due", "Grand Total", "Balance Due", "TOTAL", "Total (incl. VAT)"],
  page: "Page",
  of: "of",
  paymentTerms: ["Payment terms: 30 days", "Terms: Net 14", "Please pay within 30 days"],
  thanks: ["Thank you for your business!", "Thank you for your order."],
  phone: "Tel:",
  vatId: ["VAT No:", "VAT Reg No:", "Tax ID:", "EIN:"],
  poTitle: ["PURCHASE ORDER", "Purchase Order"],
  poNo: ["PO Number:", "PO No:", "Order No:", "Purchase Order #"],
  supplier: ["Vendor:", "Supplier:", "To:"],
  shipTo: ["Ship To:", "Deliver To:"],
  statementTitle: ["STATEMENT OF ACCOUNT", "Bank Statement", "Account Statement"],
  accountNo: ["Account Number:", "Account No:", "Account:"],
  accountHolder: ["Account Holder:", "Account Name:", "Name:"],
  period: ["Statement Period:", "Period:"],
  openingBalance: ["Opening Balance", "Previous Balance", "Balance Brought Forward"],
  closingBalance: ["Closing Balance", "New Balance", "Ending Balance"],
  txDate: ["Date"],
  txDetails: ["Description", "Details", "Transaction"],
  debit: ["Debit", "Withdrawals", "Paid Out"],
  credit: ["Credit", "Deposits", "Paid In"],
  balance: ["Balance"]
}

const DE: Labels = {
  invoiceTitle: ["RECHNUNG", "Rechnung"],
  invoiceNo: ["Rechnungsnummer:", "Rechnungs-Nr.:", "Rechnung Nr.", "Re.-Nr.:"],
  invoiceDate: ["Rechnungsdatum:", "Datum:"],
  dueDate: ["Fällig am:", "Zahlbar bis:", "Fälligkeitsdatum:"],
  orderNo: ["Bestellnummer:", "Auftrag Nr.:"],
  customerNo: ["Kundennummer:", "Kunden-Nr.:"],
  billTo: ["Rechnungsempfänger:", "Rechnungsadresse:", "Kunde:"],
  description: ["Beschreibung", "Bezeichnung", "Artikel", "Leistung"],
  qty: ["Menge", "Anzahl", "Stk."],
  unitPrice: ["Einzelpreis", "Preis", "E-Preis"],
  amount: ["Betrag", "Gesamt", "Gesamtpreis"],
  subtotal: ["Zwischensumme", "Nettobetrag", "Summe netto"],
  tax: ["MwSt. {rate}%", "USt. {rate} %", "zzgl. {rate}% MwSt."],
  total: ["Gesamtbetrag", "Rechnungsbetrag", "Summe", "Zu zahlen", "Gesamtsumme"],
  page: "Seite",
  of: "von",
  paymentTerms: ["Zahlbar innerhalb von 14 Tagen ohne Abzug.", "Zahlungsziel: 30 Tage netto"],
  thanks: ["Vielen Dank für Ihren Auftrag!"],
  phone: "Tel.:",
  vatId: ["USt-IdNr.:", "Steuernummer:"],
  poTitle: ["BESTELLUNG", "Bestellung"],
  poNo: ["Bestellnummer:", "Bestell-Nr.:"],
  supplier: ["Lieferant:", "An:"],
  shipTo: ["Lieferadresse:", "Lieferanschrift:"],
  statementTitle: ["KONTOAUSZUG", "Kontoauszug"],
  accountNo: ["Kontonummer:", "Konto:", "IBAN:"],
  accountHolder: ["Kontoinhaber:", "Inhaber:"],
  period: ["Zeitraum:", "Abrechnungszeitraum:"],
  openingBalance: ["Alter Saldo", "Anfangssaldo", "Saldovortrag"],
  closingBalance: ["Neuer Saldo", "Endsaldo", "Schlusssaldo"],
  txDate: ["Datum", "Buchungstag"],
  txDetails: ["Verwendungszweck", "Buchungstext"],
  debit: ["Soll", "Belastung"],
  credit: ["Haben", "Gutschrift"],
  balance: ["Saldo"]
}

const FR: Labels = {
  invoiceTitle: ["FACTURE", "Facture"],
  invoiceNo: ["Facture n°", "N° de facture :", "Numéro de facture :", "Facture N°"],
  invoiceDate: ["Date :", "Date de facture :", "Date d'émission :", "Date de facturation :"],
  dueDate: ["Échéance :", "Date d'échéance :", "À payer avant le :"],
  orderNo: ["N° de commande :", "Commande :"],
  customerNo: ["N° client :", "Code client :"],
  billTo: ["Facturé à :", "Client :", "Adresse de facturation :"],
  description: ["Désignation", "Description", "Libellé"],
  qty: ["Qté", "Quantité"],
  unitPrice: ["Prix unitaire", "P.U. HT", "Prix unit."],
  amount: ["Montant", "Montant HT", "Total HT"],
  subtotal: ["Total HT", "Montant HT", "Sous-total"],
  tax: ["TVA {rate} %", "TVA ({rate}%)"],
  total: ["Total TTC", "Net à payer", "Montant total", "Total à payer", "Montant TTC"],
  page: "Page",
  of: "sur",
  paymentTerms: ["Paiement à 30 jours", "Conditions de paiement : à réception"],
  thanks: ["Merci de votre confiance."],
  phone: "Tél :",
  vatId: ["N° TVA :", "TVA intracommunautaire :", "SIRET :"],
  poTitle: ["BON DE COMMANDE", "Bon de commande"],
  poNo: ["N° de commande :", "Commande n°"],
  supplier: ["Fournisseur :", "À l'attention de :"],
  shipTo: ["Adresse de livraison :", "Livrer à :"],
  statementTitle: ["RELEVÉ DE COMPTE", "Relevé de compte"],
  accountNo: ["N° de compte :", "Compte n°", "IBAN :"],
  accountHolder: ["Titulaire du compte :", "Titulaire :"],
  period: ["Période :", "Période du relevé :"],
  openingBalance: ["Solde précédent", "Ancien solde", "Solde initial"],
  closingBalance: ["Nouveau solde", "Solde final", "Solde au"],
  txDate: ["Date"],
  txDetails: ["Libellé", "Opération"],
  debit: ["Débit"],
  credit: ["Crédit"],
  balance: ["Solde"]
}

const NL: Labels = {
  invoiceTitle: ["FACTUUR", "Factuur"],
  invoiceNo: ["Factuurnummer:", "Factuurnr.:", "Factuur nr."],
  invoiceDate: ["Factuurdatum:", "Datum:"],
  dueDate: ["Vervaldatum:", "Uiterste betaaldatum:"],
  orderNo: ["Ordernummer:", "Bestelnummer:"],
  customerNo: ["Klantnummer:", "Debiteurnummer:"],
  billTo: ["Factuuradres:", "Klant:", "Aan:"],
  description: ["Omschrijving", "Artikel", "Product"],
  qty: ["Aantal"],
  unitPrice: ["Prijs", "Stukprijs", "Prijs per stuk"],
  amount: ["Bedrag", "Totaal"],
  subtotal: ["Subtotaal", "Totaal excl. btw"],
  tax: ["BTW {rate}%", "Btw {rate}%"],
  total: ["Totaal", "Te betalen", "Totaal incl. btw", "Totaalbedrag"],
  page: "Pagina",
  of: "van",
  paymentTerms: ["Betaling binnen 14 dagen", "Betalingstermijn: 30 dagen"],
  thanks: ["Bedankt voor uw bestelling!"],
  phone: "Tel:",
  vatId: ["BTW-nummer:", "Btw-nr.:", "KvK:"],
  poTitle: ["INKOOPORDER", "Inkooporder"],
  poNo: ["Ordernummer:", "Inkoopordernr.:"],
  supplier: ["Leverancier:", "Aan:"],
  shipTo: ["Afleveradres:", "Leveringsadres:"],
  statementTitle: ["REKENINGAFSCHRIFT", "Rekeningafschrift"],
  accountNo: ["Rekeningnummer:", "IBAN:"],
  accountHolder: ["Rekeninghouder:", "Naam:"],
  period: ["Periode:"],
  openingBalance: ["Beginsaldo", "Vorig saldo"],
  closingBalance: ["Eindsaldo", "Nieuw saldo"],
  txDate: ["Datum"],
  txDetails: ["Omschrijving"],
  debit: ["Af", "Debet"],
  credit: ["Bij", "Credit"],
  balance: ["Saldo"]
}

const ES: Labels = {
  invoiceTitle: ["FACTURA", "Factura"],
  invoiceNo: ["Nº de factura:", "Factura n.º", "Número de factura:", "Factura Nº"],
  invoiceDate: ["Fecha:", "Fecha de emisión:", "Fecha factura:"],
  dueDate: ["Vencimiento:", "Fecha de vencimiento:"],
  orderNo: ["Nº de pedido:", "Pedido:"],
  customerNo: ["Nº cliente:", "Código cliente:"],
  billTo: ["Cliente:", "Facturar a:"],
  description: ["Descripción", "Concepto", "Artículo"],
  qty: ["Cantidad", "Cant."],
  unitPrice: ["Precio", "Precio unitario"],
  amount: ["Importe", "Total"],
  subtotal: ["Base imponible", "Subtotal"],
  tax: ["IVA {rate}%", "IVA ({rate}%)"],
  total: ["Total", "Total factura", "Importe total", "Total a pagar"],
  page: "Página",
  of: "de",
  paymentTerms: ["Forma de pago: transferencia bancaria", "Pago a 30 días"],
  thanks: ["Gracias por su confianza."],
  phone: "Tel.:",
  vatId: ["CIF:", "NIF:"],
  poTitle: ["ORDEN DE COMPRA", "Pedido de compra"],
  poNo: ["Nº de pedido:", "Orden de compra Nº"],
  supplier: ["Proveedor:"],
  shipTo: ["Dirección de entrega:"],
  statementTitle: ["EXTRACTO DE CUENTA", "Extracto bancario"],
  accountNo: ["Número de cuenta:", "IBAN:"],
  accountHolder: ["Titular:"],
  period: ["Periodo:"],
  openingBalance: ["Saldo anterior", "Saldo inicial"],
  closingBalance: ["Saldo final", "Saldo actual"],
  txDate: ["Fecha"],
  txDetails: ["Concepto"],
  debit: ["Cargo", "Debe"],
  credit: ["Abono", "Haber"],
  balance: ["Saldo"]
}

const IT: Labels = {
  invoiceTitle: ["FATTURA", "Fattura"],
  invoiceNo: ["Fattura n.", "Numero fattura:", "Fattura N."],
  invoiceDate: ["Data:", "Data fattura:", "Data emissione:"],
  dueDate: ["Scadenza:", "Data scadenza:"],
  orderNo: ["Ordine n.:", "Rif. ordine:"],
  customerNo: ["Codice cliente:"],
  billTo: ["Cliente:", "Destinatario:", "Spett.le"],
  description: ["Descrizione", "Articolo"],
  qty: ["Quantità", "Q.tà"],
  unitPrice: ["Prezzo", "Prezzo unitario"],
  amount: ["Importo", "Totale"],
  subtotal: ["Imponibile", "Totale imponibile"],
  tax: ["IVA {rate}%", "IVA ({rate}%)"],
  total: ["Totale", "Totale fattura", "Totale documento", "Totale da pagare"],
  page: "Pagina",
  of: "di",
  paymentTerms: ["Pagamento: bonifico bancario 30 gg", "Modalità di pagamento: bonifico"],
  thanks: ["Grazie per la fiducia."],
  phone: "Tel.",
  vatId: ["P.IVA:", "Partita IVA:", "C.F.:"],
  poTitle: ["ORDINE DI ACQUISTO", "Ordine d'acquisto"],
  poNo: ["Ordine n.:", "Numero ordine:"],
  supplier: ["Fornitore:"],
  shipTo: ["Indirizzo di consegna:"],
  statementTitle: ["ESTRATTO CONTO", "Estratto conto"],
  accountNo: ["Numero conto:", "IBAN:"],
  accountHolder: ["Intestatario:"],
  period: ["Periodo:"],
  openingBalance: ["Saldo iniziale", "Saldo precedente"],
  closingBalance: ["Saldo finale", "Saldo contabile"],
  txDate: ["Data"],
  txDetails: ["Descrizione"],
  debit: ["Dare", "Addebiti"],
  credit: ["Avere", "Accrediti"],
  balance: ["Saldo"]
}

const PT: Labels = {
  invoiceTitle: ["FATURA", "Fatura"],
  invoiceNo: ["Fatura n.º", "Número da fatura:", "Fatura Nº"],
  invoiceDate: ["Data:", "Data de emissão:", "Data da fatura:"],
  dueDate: ["Vencimento:", "Data de vencimento:"],
  orderNo: ["Encomenda n.º", "Pedido:"],
  customerNo: ["N.º cliente:"],
  billTo: ["Cliente:", "Faturar a:"],
  description: ["Descrição", "Artigo"],
  qty: ["Qtd.", "Quantidade"],
  unitPrice: ["Preço unit.", "Preço"],
  amount: ["Valor", "Total"],
  subtotal: ["Total sem IVA", "Subtotal", "Total ilíquido"],
  tax: ["IVA {rate}%", "IVA ({rate}%)"],
  total: ["Total", "Total a pagar", "Valor total", "Total da fatura"],
  page: "Página",
  of: "de",
  paymentTerms: ["Pagamento a 30 dias", "Condições de pagamento: pronto pagamento"],
  thanks: ["Obrigado pela preferência."],
  phone: "Tel.:",
  vatId: ["NIF:", "Contribuinte n.º"],
  poTitle: ["NOTA DE ENCOMENDA", "Ordem de compra"],
  poNo: ["Encomenda n.º", "Ordem de compra n.º"],
  supplier: ["Fornecedor:"],
  shipTo: ["Morada de entrega:"],
  statementTitle: ["EXTRATO DE CONTA", "Extrato bancário"],
  accountNo: ["N.º de conta:", "IBAN:"],
  accountHolder: ["Titular:"],
  period: ["Período:"],
  openingBalance: ["Saldo inicial", "Saldo anterior"],
  closingBalance: ["Saldo final", "Saldo atual"],
  txDate: ["Data"],
  txDetails: ["Descritivo", "Descrição"],
  debit: ["Débito"],
  credit: ["Crédito"],
  balance: ["Saldo"]
}

const MS: Labels = {
  invoiceTitle: ["INVOIS", "INVOIS CUKAI", "TAX INVOICE"],
  invoiceNo: ["No. Invois:", "Invois No:", "Invoice No:"],
  invoiceDate: ["Tarikh:", "Date:", "Tarikh Invois:"],
  dueDate: ["Tarikh Akhir:", "Due Date:"],
  orderNo: ["No. Pesanan:", "PO No:"],
  customerNo: ["No. Pelanggan:", "A/C No:"],
  billTo: ["Kepada:", "Bill To:", "Pelanggan:"],
  description: ["Keterangan", "Perkara", "Description"],
  qty: ["Kuantiti", "Qty"],
  unitPrice: ["Harga Seunit", "Harga", "U/Price"],
  amount: ["Jumlah", "Amaun", "Amount"],
  subtotal: ["Jumlah Kecil", "Sub Total"],
  tax: ["SST {rate}%", "GST {rate}%"],
  total: ["Jumlah Besar", "Jumlah Perlu Dibayar", "Jumlah", "TOTAL", "Grand Total"],
  page: "Muka surat",
  of: "dari",
  paymentTerms: ["Terma: 30 hari", "Terms: C.O.D."],
  thanks: ["Terima kasih.", "Thank you."],
  phone: "Tel:",
  vatId: ["No. SST:", "GST ID:", "GST Reg No:"],
  poTitle: ["PESANAN BELIAN", "PURCHASE ORDER"],
  poNo: ["No. Pesanan:", "PO No:"],
  supplier: ["Pembekal:", "Supplier:"],
  shipTo: ["Alamat Penghantaran:", "Deliver To:"],
  statementTitle: ["PENYATA AKAUN", "STATEMENT OF ACCOUNT"],
  accountNo: ["No. Akaun:", "Account No:"],
  accountHolder: ["Nama:", "Nama Pemegang Akaun:"],
  period: ["Tempoh:", "Statement Period:"],
  openingBalance: ["Baki Awal", "Baki Bawa Ke Hadapan", "Opening Balance"],
  closingBalance: ["Baki Akhir", "Baki Penutup", "Closing Balance"],
  txDate: ["Tarikh", "Date"],
  txDetails: ["Butiran", "Keterangan"],
  debit: ["Debit", "Pengeluaran"],
  credit: ["Kredit", "Deposit"],
  balance: ["Baki"]
}

export const LOCALES: Record<LocaleId, Locale> = {
  "en-US": {
    id: "en-US",
    currency: "USD",
    symbol: "$",
    symbolFirst: true,
    decimal: ".",
    thousands: ",",
    dateStyles: ["mdy/", "month d, y", "iso"],
    months: monthNames("en"),
    labels: EN,
    companySuffixes: ["Inc.", "LLC", "Corp.", "Co.", ""],
    taxRates: [0, 6, 7.25, 8]
  },
  "en-GB": {
    id: "en-GB",
    currency: "GBP",
    symbol: "£",
    symbolFirst: true,
    decimal: ".",
    thousands: ",",
    dateStyles: ["dmy/", "d month y", "d-mon-y"],
    months: monthNames("en"),
    labels: EN,
    companySuffixes: ["Ltd", "Limited", "PLC", "Ltd.", ""],
    taxRates: [20]
  },
  de: {
    id: "de",
    currency: "EUR",
    symbol: "€",
    symbolFirst: false,
    decimal: ",",
    thousands: ".",
    dateStyles: ["dmy.", "d month y"],
    months: monthNames("de"),
    labels: DE,
    companySuffixes: ["GmbH", "AG", "GmbH & Co. KG", "e.K.", "UG"],
    taxRates: [19, 7]
  },
  fr: {
    id: "fr",
    currency: "EUR",
    symbol: "€",
    symbolFirst: false,
    decimal: ",",
    thousands: " ",
    dateStyles: ["dmy/", "d month y"],
    months: monthNames("fr"),
    labels: FR,
    companySuffixes: ["SARL", "SAS", "SA", "EURL"],
    taxRates: [20, 10]
  },
  nl: {
    id: "nl",
    currency: "EUR",
    symbol: "€",
    symbolFirst: true,
    decimal: ",",
    thousands: ".",
    dateStyles: ["dmy-", "d month y"],
    months: monthNames("nl"),
    labels: NL,
    companySuffixes: ["B.V.", "N.V.", "V.O.F.", ""],
    taxRates: [21, 9]
  },
  es: {
    id: "es",
    currency: "EUR",
    symbol: "€",
    symbolFirst: false,
    decimal: ",",
    thousands: ".",
    dateStyles: ["dmy/", "d de month de y"],
    months: monthNames("es"),
    labels: ES,
    companySuffixes: ["S.L.", "S.A.", "S.L.U."],
    taxRates: [21, 10]
  },
  it: {
    id: "it",
    currency: "EUR",
    symbol: "€",
    symbolFirst: false,
    decimal: ",",
    thousands: ".",
    dateStyles: ["dmy/", "d month y"],
    months: monthNames("it"),
    labels: IT,
    companySuffixes: ["S.r.l.", "S.p.A.", "S.n.c."],
    taxRates: [22, 10]
  },
  pt: {
    id: "pt",
    currency: "EUR",
    symbol: "€",
    symbolFirst: false,
    decimal: ",",
    thousands: " ",
    dateStyles: ["dmy/", "dmy-", "d de month de y"],
    months: monthNames("pt"),
    labels: PT,
    companySuffixes: ["Lda.", "S.A.", "Unipessoal Lda."],
    taxRates: [23, 13]
  },
  ms: {
    id: "ms",
    currency: "MYR",
    symbol: "RM",
    symbolFirst: true,
    decimal: ".",
    thousands: ",",
    dateStyles: ["dmy/", "dmy-", "d-mon-y"],
    months: monthNames("ms"),
    labels: MS,
    companySuffixes: ["Sdn Bhd", "Sdn. Bhd.", "Enterprise", "Trading", "Berhad"],
    taxRates: [6, 0]
  }
}

export const LOCALE_IDS = Object.keys(LOCALES) as Array<LocaleId>

const pad = (n: number) => String(n).padStart(2, "0")

/** A date (ISO) printed in one of the styles. */
export const formatDate = (iso: string, style: DateStyle, locale: Locale): string => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number]
  const month = locale.months[m - 1]!
  switch (style) {
    case "dmy/":
      return `${pad(d)}/${pad(m)}/${y}`
    case "dmy.":
      return `${pad(d)}.${pad(m)}.${y}`
    case "dmy-":
      return `${pad(d)}-${pad(m)}-${y}`
    case "mdy/":
      return `${pad(m)}/${pad(d)}/${y}`
    case "iso":
      return iso
    case "d month y":
      return locale.id === "de" ? `${d}. ${month} ${y}` : `${d} ${month} ${y}`
    case "month d, y":
      return `${month} ${d}, ${y}`
    case "d-mon-y":
      return `${pad(d)}-${month.slice(0, 3)}-${y}`
    case "d de month de y":
      return `${d} de ${month} de ${y}`
  }
}

/** A number with the locale's separators and two decimals. */
export const formatNumber = (n: number, locale: Locale, decimals = 2): string => {
  const fixed = Math.abs(n).toFixed(decimals)
  const [int, frac] = fixed.split(".") as [string, string | undefined]
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, locale.thousands)
  return `${n < 0 ? "-" : ""}${grouped}${frac !== undefined ? locale.decimal + frac : ""}`
}

export type MoneyStyle = "symbol" | "code" | "plain"

/** An amount with the currency as the locale prints it: "$1,234.56", "1.234,56 €", "EUR 1.234,56", "1.234,56". */
export const formatMoney = (n: number, locale: Locale, style: MoneyStyle): string => {
  const num = formatNumber(n, locale)
  if (style === "plain") return num
  if (style === "code") return `${locale.currency} ${num}`
  if (locale.symbolFirst) return locale.symbol.length > 1 ? `${locale.symbol} ${num}` : `${locale.symbol}${num}`
  return `${num} ${locale.symbol}`
}

export const label = (r: Random, options: ReadonlyArray<string>, rate?: number): string =>
  r.pick(options).replace("{rate}", rate === undefined ? "" : String(rate).replace(".", ","))

/** A random ISO date between 2015 and 2024. */
export const randomDate = (r: Random): string => `${r.int(2015, 2024)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`

/** An ISO date `days` after another. */
export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)

/** Money rounded to cents. */
export const cents = (n: number): number => Math.round(n * 100) / 100
