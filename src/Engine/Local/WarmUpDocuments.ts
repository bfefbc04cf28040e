/**
 * The documents the local engine warms up on (WarmUp.ts): made-up, one of each kind of page users send
 * most, so that the code a first document of that kind runs is compiled before it arrives. Each kind
 * reaches code the others do not: a German invoice's title line with its number and date, day-first dates
 * and decimal commas; a French invoice's spelled-out date and its parties; a till receipt's narrow column,
 * its store name, address and total among tender rows; an English invoice's labels and line items.
 */

/** A warm-up document: its type, its lines as a plain-text file lays them out, and its template. */
export interface WarmUpDocument {
  readonly documentType: string
  readonly lines: ReadonlyArray<string>
  readonly template: Readonly<Record<string, unknown>>
}

const INVOICE_TEMPLATE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay" },
  currency: "ISO 4217 currency code",
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer billed",
  lines: [{ description: "Item", quantity: "number", amount: "number" }]
}

const RECEIPT_TEMPLATE = {
  company: "Name of the store or company that issued the receipt",
  date: { type: "date", description: "Date of the purchase" },
  address: "Address of the store",
  total: { type: "number", description: "Total amount paid" }
}

const ENGLISH_INVOICE: WarmUpDocument = {
  documentType: "invoice",
  template: INVOICE_TEMPLATE,
  lines: [
    "Example Supplies Ltd                               INVOICE",
    "12 Harbour Road                                    Invoice No: 1001",
    "Bristol BS1 4DJ                                    Date: 01.02.2024",
    "",
    "Bill to: Sample Trading GmbH, Hauptstraße 5, 80333 München",
    "",
    "Description                  Qty     Unit price      Amount",
    "Paper A4, 500 sheets           2          10.00       20.00",
    "Toner cartridge                1          45.50       45.50",
    "",
    "                                       Subtotal       65.50",
    "                                       VAT 20%        13.10",
    "                                       Total EUR      78.60",
    "Payment by bank transfer, IBAN DE00 0000 0000 0000 0000 00"
  ]
}

const GERMAN_INVOICE: WarmUpDocument = {
  documentType: "invoice",
  template: INVOICE_TEMPLATE,
  lines: [
    "Muster Handwerk GmbH · Lindenweg 7 · 34117 Kassel",
    "",
    "Firma                                        Rechnung Nr. 2024-0815 vom 14.03.2024",
    "Beispiel Bau AG",
    "Am Markt 3                                   Kundennummer: K-4711",
    "01067 Dresden                                Leistungsdatum: 12.03.2024",
    "",
    "Pos.  Bezeichnung                  Menge   Einzelpreis      Gesamt",
    "1     Montage Fenster                  3      120,00 €    360,00 €",
    "2     Dichtband 10 m                   2       14,50 €     29,00 €",
    "",
    "                                     Nettobetrag                389,00 €",
    "                                     zzgl. 19 % MwSt.            73,91 €",
    "                                     Gesamtbetrag               462,91 €",
    "Zahlbar innerhalb von 14 Tagen ohne Abzug.",
    "IBAN: DE00 0000 0000 0000 0000 00 · USt-IdNr.: DE000000000"
  ]
}

const FRENCH_INVOICE: WarmUpDocument = {
  documentType: "invoice",
  template: INVOICE_TEMPLATE,
  lines: [
    "Atelier Exemple SARL",
    "4 rue des Tilleuls",
    "69003 Lyon                                  FACTURE N° F-2024-031",
    "SIRET : 000 000 000 00000                   Date : 3 avril 2024",
    "",
    "                                            Client : Librairie du Parc",
    "                                            8 avenue Foch, 75016 Paris",
    "",
    "Désignation                    Qté    Prix unitaire HT    Montant HT",
    "Reliure cuir                     4            25,00 €      100,00 €",
    "Dorure titre                     4             7,50 €       30,00 €",
    "",
    "                                            Total HT         130,00 €",
    "                                            TVA 20 %          26,00 €",
    "                                            Total TTC        156,00 €",
    "Conditions de paiement : 30 jours."
  ]
}

const RECEIPT: WarmUpDocument = {
  documentType: "receipt",
  template: RECEIPT_TEMPLATE,
  lines: [
    "    EXAMPLE MINI MART SDN BHD",
    "        (000000-X)",
    "  NO 5, JALAN CONTOH 2, TAMAN MAJU,",
    "     50000 KUALA LUMPUR",
    "     TEL: 03-0000 0000",
    "  GST REG NO: 000000000000",
    "     SIMPLIFIED TAX INVOICE",
    "Receipt: CS00012345  Date: 05/01/2018",
    "Cashier: ALI         Time: 10:42",
    "ITEM            QTY  PRICE  AMOUNT",
    "Mineral Water     2   1.80    3.60",
    "Wholemeal Bread   1   3.20    3.20",
    "TOTAL (RM)                    6.80",
    "CASH                         10.00",
    "CHANGE                        3.20",
    "GST SUMMARY  AMOUNT(RM)  TAX(RM)",
    "SR @ 6%          6.42      0.38",
    "  THANK YOU. PLEASE COME AGAIN."
  ]
}

/** Every warm-up document, the English invoice first (the server also answers it as a file). */
export const WARM_UP_DOCUMENTS: ReadonlyArray<WarmUpDocument> = [
  ENGLISH_INVOICE,
  GERMAN_INVOICE,
  FRENCH_INVOICE,
  RECEIPT
]
