import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ExtractedObject, ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import type { Box } from "../../../src/Domain/PageModel.js"
import { Extractor } from "../../../src/Engine/Engine.js"
import { extractSection, LocalExtractor, sectionOf } from "../../../src/Engine/Local/Extractor.js"
import { readLabelled } from "../../../src/Engine/Local/LabelReading.js"
import { pageModelFromLines, pageModelFromPlaced, wordBox } from "../../support/pageModel.js"
import { INVOICE_LINES, spec } from "../fixtures.js"

const INVOICE_TEMPLATE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date (date of issue)" },
  due_date: "date",
  total: { type: "number", description: "Total amount to pay" },
  currency: "ISO 4217 currency code",
  issuer: "Name of the company that issued the invoice",
  customer: "Name of the customer",
  po_number: "Purchase order number",
  lines: [{ description: "string", quantity: "integer", unit_price: "number", amount: "number" }]
}

const g = (v: ExtractedValue): Grounded => {
  if (v === null || Array.isArray(v) || !("box" in (v as object))) {
    throw new Error(`not a grounded value: ${JSON.stringify(v)}`)
  }
  return v as Grounded
}
const valuesOf = (v: ExtractedValue): unknown =>
  v === null
    ? null
    : Array.isArray(v)
    ? v.map(valuesOf)
    : "box" in (v as object)
    ? (v as Grounded).value
    : Object.fromEntries(Object.entries(v as ExtractedObject).map(([k, x]) => [k, valuesOf(x)]))

const union = (...boxes: Array<Box>): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3]))
]

/** The values the local engine reads from one page of these lines by a template of the type given. */
const valuesFrom = (lines: ReadonlyArray<string>, documentType: string, template: unknown) =>
  valuesOf(extractSection(pageModelFromLines([lines]), [1], spec(documentType, template)))

/** The customer the local engine reads from one page of these lines. */
const customerOf = (lines: ReadonlyArray<string>) => valuesFrom(lines, "invoice", { customer: "Name of the customer" })

/** The labelled reading of a receipt's total on a page of these lines. */
const receiptTotal = (lines: ReadonlyArray<string>) =>
  readLabelled(sectionOf(pageModelFromLines([lines]), [1], "receipt"), {
    kind: "leaf",
    name: "total",
    type: "number"
  }, ["total"])

describe("LocalExtractor", () => {
  describe("a clean invoice", () => {
    const model = pageModelFromLines([INVOICE_LINES])
    const out = extractSection(model, [1], spec("invoice", INVOICE_TEMPLATE))

    it("extracts every field exactly", () => {
      expect(valuesOf(out)).toEqual({
        invoice_number: "INV-2023-0042",
        date: "2023-03-20",
        due_date: "2023-04-19",
        total: 57.72,
        currency: "EUR",
        issuer: "ACME Supplies GmbH",
        customer: "Globex Corporation",
        po_number: null,
        lines: [
          { description: "Widget large", quantity: 2, unit_price: 10, amount: 20 },
          { description: "Gadget small", quantity: 3, unit_price: 5.5, amount: 16.5 },
          { description: "Service fee", quantity: 1, unit_price: 12, amount: 12 }
        ]
      })
    })

    it("grounds the invoice number on its own word, on the label's row, right of the label", () => {
      const v = g(out.invoice_number!)
      const label = wordBox(model, 1, "No:")
      expect(v.page).toBe(1)
      expect(v.box).toEqual(wordBox(model, 1, "INV-2023-0042"))
      expect(v.box[0]).toBeGreaterThan(label[2])
      expect(v.box[1]).toBe(label[1])
    })

    it("grounds a written date on the union of its words", () => {
      expect(g(out.date!).box).toEqual(
        union(wordBox(model, 1, "20"), wordBox(model, 1, "March"), wordBox(model, 1, "2023"))
      )
    })

    it("grounds the total on the totals row and the currency on its code there", () => {
      expect(g(out.total!).box).toEqual(wordBox(model, 1, "57.72"))
      expect(g(out.currency!).box).toEqual(wordBox(model, 1, "EUR"))
    })

    it("grounds table cells on their row", () => {
      const lines = out.lines as ReadonlyArray<ExtractedObject>
      expect(g(lines[1]!.amount!).box).toEqual(wordBox(model, 1, "16.50"))
      expect(g(lines[1]!.description!).box).toEqual(union(wordBox(model, 1, "Gadget"), wordBox(model, 1, "small")))
    })

    it("grounds the customer below its label", () => {
      const v = g(out.customer!)
      const label = wordBox(model, 1, "Bill")
      expect(v.box[1]).toBeGreaterThan(label[3])
      expect(v.box[0]).toBe(label[0])
    })
  })

  describe("value positions", () => {
    it("reads a number a narrow cell broke at its hyphen, its label set in the middle between its lines", () => {
      // A table cell centred vertically: the label's line lies between the number's two lines, and the
      // number's second line, half a line lower, beside the label.
      const model = pageModelFromPlaced([[
        { text: "NordHaven Elektro GmbH", x: 0, y: 0, size: 1.6 },
        { text: "NW-2031-", x: 103, y: 5.67 },
        { text: "Rechnungsnummer", x: 73, y: 6.11, size: 1.2 },
        { text: "0142", x: 103, y: 6.61 },
        { text: "Rechnungsdatum   14.03.2031", x: 73, y: 7.5 },
        { text: "Rechnungsbetrag   705,31 €", x: 40, y: 12 }
      ]])
      const out = extractSection(model, [1], spec("invoice", { invoice_number: "The invoice number" }))
      expect(valuesOf(out)).toEqual({ invoice_number: "NW-2031-0142" })
    })

    it("reads a date whose year a narrow cell set on the line under it, not another date of the page", () => {
      const model = pageModelFromLines([[
        "Harbour Chandlery Services Ltd",
        "",
        "Penrose Sailing Club                       Invoice No.     INV-88213",
        "Attn: The Treasurer                        Invoice Date    3 September",
        "Harbour Terrace                                            2026",
        "St Mawes TR2 5DJ                           Delivery        28 August 2026",
        "                                           Date",
        "",
        "Total due   130.00"
      ]])
      const out = extractSection(model, [1], spec("invoice", { date: { type: "date", description: "Invoice date" } }))
      expect(valuesOf(out)).toEqual({ date: "2026-09-03" })
    })

    it("reads a value under a header label, in the label's column", () => {
      const model = pageModelFromLines([[
        "Invoice Date:        Due Date:          Reference:",
        "05/17/2023           06/01/2023         ORDREF457",
        "Total   $ 412.36"
      ]])
      const out = extractSection(
        model,
        [1],
        spec("invoice", {
          date: { type: "date", description: "Invoice date" },
          due_date: "date",
          reference: "string",
          total: "number"
        })
      )
      expect(valuesOf(out)).toEqual({
        date: "2023-05-17",
        due_date: "2023-06-01",
        reference: "ORDREF457",
        total: 412.36
      })
      expect(g(out.date!).box).toEqual(wordBox(model, 1, "05/17/2023"))
      expect(g(out.total!).box).toEqual(union(wordBox(model, 1, "$"), wordBox(model, 1, "412.36")))
    })

    it("reads labels in other languages and number formats", () => {
      const model = pageModelFromLines([[
        "LINDENPRESSE",
        "Facture n° 2023118457",
        "Date : 14/09/2023",
        "Total HT :      52,10 €",
        "TVA 20% :       10,42 €",
        "Total TTC :     62,52 €"
      ]])
      const out = extractSection(
        model,
        [1],
        spec("facture", { invoice_number: "string", date: "date", amount: "number", currency: "string" })
      )
      expect(valuesOf(out)).toEqual({
        invoice_number: "2023118457",
        date: "2023-09-14",
        amount: 62.52,
        currency: "EUR"
      })
    })

    it("reads German labels and a value split from its label by a wide gap", () => {
      const model = pageModelFromLines([[
        "Rechnung",
        "Rechnungsnr.  30071852          Kundennr.  52318",
        "Rechnungsdatum  19. Mai 2016",
        "Gesamtbetrag                                 1.234,56 EUR"
      ]])
      const out = extractSection(
        model,
        [1],
        spec("rechnung", { rechnungsnummer: "string", rechnungsdatum: "date", total: "number" })
      )
      expect(valuesOf(out)).toEqual({ rechnungsnummer: "30071852", rechnungsdatum: "2016-05-19", total: 1234.56 })
    })

    it("prefers the grand total over line totals and the total over cash tendered", () => {
      const model = pageModelFromLines([[
        "Product   Qty   Price   Total",
        "Card        1  212.71  244.00",
        "Total       1  212.71  244.00",
        "Grand Total          244.00",
        "CASH                 300.00",
        "CHANGE                56.00"
      ]])
      expect(valuesOf(extractSection(model, [1], spec("invoice", { amount: "number" })))).toEqual({ amount: 244 })
    })

    it("does not take a label that is part of another field's label", () => {
      const model = pageModelFromLines([[
        "Due Date:      19/04/2023",
        "Order Date:    01/03/2023",
        "Date:          20/03/2023"
      ]])
      expect(valuesOf(extractSection(model, [1], spec("invoice", { date: "date" })))).toEqual({ date: "2023-03-20" })
      const receipt = pageModelFromLines([["TOTAL           25.90", "TOTAL SAVINGS 4.10", "TOTAL QTY 3"]])
      expect(valuesOf(extractSection(receipt, [1], spec("receipt", { total: "number" })))).toEqual({ total: 25.9 })
    })

    it("reads past a label's qualifier in parentheses, even one naming another field", () => {
      const receipt = pageModelFromLines([[
        "Item      Qty  Price  Amount",
        "5207 MUG   1   64 36  6436 SR",
        "Total Sales (Excluding GST)  64.36",
        "Total GST                     0.00",
        "Rounding                     -0.01",
        "Total Salas (Inclusve of GST) : 64.35",
        "CASH                         100.00"
      ]])
      const out = extractSection(receipt, [1], spec("receipt", { total: "number", tax: "number" }))
      expect(valuesOf(out)).toEqual({ total: 64.35, tax: 0 })
      // Read at its label, not guessed by the fallback.
      const total = readLabelled(sectionOf(receipt, [1], "receipt"), { kind: "leaf", name: "total", type: "number" }, [
        "total"
      ])
      expect([total?.value, total?.label]).toEqual([64.35, "total sales"])
      // An amount in parentheses is a value, not a qualifier.
      const refund = pageModelFromLines([["Refund total (12.50)"]])
      expect(valuesOf(extractSection(refund, [1], spec("receipt", { total: "number" })))).toEqual({ total: -12.5 })
    })

    it("takes the total row that equals what was paid, tendered less change", () => {
      const total = receiptTotal([
        "Total RM Incl. of GST      22.37",
        "Rounding Adj               -0.02",
        "Total RM                   22.35",
        "Cash                       30.00",
        "Change                      7.65"
      ])
      expect([total?.value, total?.agreed]).toEqual([22.35, true])
      // Without the payment rows the total row under the rounding is still the answer: the row above it
      // is the amount before the rounding, however its label scores.
      const unpaid = pageModelFromLines([[
        "Total RM Incl. of GST      22.37",
        "Rounding Adj   -0.02",
        "Total RM   22.35"
      ]])
      expect(valuesOf(extractSection(unpaid, [1], spec("receipt", { total: "number" })))).toEqual({ total: 22.35 })
      // Two total rows with no adjustment between them: the larger (an item count's total comes first).
      const counted = pageModelFromLines([[
        "Total Qty 3       12.40",
        "Total RM          13.90"
      ]])
      expect(valuesOf(extractSection(counted, [1], spec("receipt", { total: "number" })))).toEqual({ total: 13.9 })
      // "Total Inclusive GST:" names what the amount includes; the item-count row's sum is not paid.
      const inclusive = pageModelFromLines([[
        "9 Type: 3 Total          61.90",
        "Total Inclusive GST:     61.00",
        "CASH                     70.00",
        "Change                    9.00"
      ]])
      expect(valuesOf(extractSection(inclusive, [1], spec("receipt", { total: "number" })))).toEqual({ total: 61 })
      // A total printed in parentheses that cash pays exactly is a payment, not a refund.
      const bracketed = pageModelFromLines([["Total Sales : ( 18.40)", "CASH : 18.40", "Change : 0.00"]])
      expect(valuesOf(extractSection(bracketed, [1], spec("receipt", { total: "number" })))).toEqual({ total: 18.4 })
    })

    it("takes the total row that equals the subtotal with its adjustments, or the amount handed over", () => {
      const total = receiptTotal
      // No payment printed: 45.10 + 3.20 - 1.00 + 0.05 = 47.35 confirms the second total row.
      const summed = total([
        "Sub-total                  45.10",
        "Total Sales                45.10",
        "Discount                    1.00",
        "GST 6%                      3.20",
        "Rounding Adj                0.05",
        "Total After Adj            47.35"
      ])
      expect([summed?.value, summed?.agreed]).toEqual([47.35, true])
      // Paid exactly, the change row unreadable: the amount handed over confirms the total (a rounding row
      // between the two totals would make the second the amount to pay: ReceiptTotals.test.ts).
      const tendered = total([
        "Total Sales incl GST       19.85",
        "Item Count 3",
        "Total                      19.80",
        "Amount Tendered            19.85",
        "Change  ~~"
      ])
      expect([tendered?.value, tendered?.agreed]).toEqual([19.85, true])
      // The change printed after another field on its row still counts.
      const midRow = total([
        "Total incl. GST            63.47",
        "Rounding Adj                0.03",
        "Total After Adj            63.50",
        "Cash                      100.00",
        "Item Count 3    Change Amt 36.50"
      ])
      expect([midRow?.value, midRow?.agreed]).toEqual([63.5, true])
      // What was paid (tendered less change) comes before the amount handed over: "Total Tendered" is no total.
      const handed = total([
        "Total                      18.20",
        "Cash                       20.00",
        "Change                      1.80",
        "Total Tendered             20.00"
      ])
      expect([handed?.value, handed?.agreed]).toEqual([18.2, true])
    })

    it("reads a total whose decimal mark OCR lost only when other amounts confirm it", () => {
      const read = (lines: ReadonlyArray<string>) => valuesFrom(lines, "receipt", { total: "number" })
      // "61-40": the subtotal and the tax add up to it.
      expect(read(["Subtotal        57.92", "GST 6%           3.48", "Total           61-40"])).toEqual({ total: 61.4 })
      // "RM 9 30" is what was handed over.
      expect(read(["Total Incl GST  RM 9 30", "Cash             9.30"])).toEqual({ total: 9.3 })
      // Unconfirmed, it is no reading at all: neither 9 nor 30 is the total.
      expect(read(["Total Incl GST  RM 9 30"])).toEqual({ total: null })
    })

    it("takes no buyer reference for the buyer", () => {
      const out = extractSection(
        pageModelFromLines([["Muster GmbH", "Rechnung Nr. 2024-118", "SERVICE : BuyerReference - Achats central"]]),
        [1],
        spec("invoice", { customer: "Name of the customer (buyer) billed" })
      )
      expect(valuesOf(out)).toEqual({ customer: null })
    })

    it("does not take a tax's total for the document's total", () => {
      const out = extractSection(
        pageModelFromLines([["Subtotal   23.60", "Total      25.00", "TAX TOTAL: 1.40"]]),
        [1],
        spec("receipt", { total: "number" })
      )
      expect(valuesOf(out)).toEqual({ total: 25 })
    })

    it("takes an unlabelled total that the payment or a second row confirms, and says it agrees", () => {
      const read = (lines: ReadonlyArray<string>) =>
        g(
          (extractSection(pageModelFromLines([lines]), [1], spec("receipt", { total: "number" })) as ExtractedObject)
            .total!
        )
      // "T0T*L," and "CA." are labels OCR lost: 58.00 is printed twice (the items, one misread, do not add up to it).
      const twice = read(["Item A        12.40", "Item B        45.50", "T0T*L, :   RM 58.00", "CA. :   RM 58.00"])
      expect(twice.value).toBe(58)
      const once = read(["Item A        12.40", "Item B        45.50", "T0T*L, :   RM 58.00"])
      expect(once.value).toBe(58)
      expect(twice.confidence).toBeGreaterThan(once.confidence)
    })

    it("takes the euro from a euro-area bank account or VAT id when no currency is printed, and only then", () => {
      const currency = (lines: ReadonlyArray<string>) =>
        valuesFrom(lines, "invoice", { currency: "ISO 4217 currency code" })
      expect(currency(["Rechnung 2024-7", "Summe 78,60", "IBAN DE89 3704 0044 0532 0130 00"])).toEqual({
        currency: "EUR"
      })
      expect(currency(["Facture 12", "Total 78,60", "TVA intracom. FR40303265045"])).toEqual({ currency: "EUR" })
      // A currency printed wins; an account outside the euro area says nothing.
      expect(currency(["Invoice 7", "Total USD 78.60", "IBAN DE89 3704 0044 0532 0130 00"])).toEqual({
        currency: "USD"
      })
      expect(currency(["Invoice 7", "Total 78.60", "IBAN GB95 WXYZ 2045 1776 5432 10"])).toEqual({ currency: null })
    })

    it("takes no currency from a mark alone on its row", () => {
      const speck = pageModelFromLines([["Rechnung 4711", "£", "Artikel        Betrag", "Ordnerrücken   86,40"]])
      expect(valuesOf(extractSection(speck, [1], spec("invoice", { currency: "ISO 4217 currency code" })))).toEqual({
        currency: null
      })
      const beside = pageModelFromLines([["Invoice 4711", "Item        Amount", "Binders     £ 86.40"]])
      expect(valuesOf(extractSection(beside, [1], spec("invoice", { currency: "ISO 4217 currency code" })))).toEqual({
        currency: "GBP"
      })
    })

    it("takes no running text for a party's name", () => {
      const model = pageModelFromLines([[
        "Atelier Marin SARL",
        "Facture FA-0042",
        "Client : Hôtel Bellevue",
        "Total TTC   120,00 €",
        "Facture à payer dès réception par virement sur le compte ci-dessous :",
        "IBAN : FR76 0000 0000 0000"
      ]])
      const out = extractSection(model, [1], spec("invoice", { customer: "Name of the customer (buyer) billed" }))
      expect(valuesOf(out)).toEqual({ customer: "Hôtel Bellevue" })
      // With no name anywhere, the sentence is still not one: null.
      const unnamed = pageModelFromLines([[
        "Atelier Marin SARL",
        "Facture FA-0042",
        "Total TTC   120,00 €",
        "Facture à payer dès réception par virement sur le compte ci-dessous :",
        "IBAN : FR76 0000 0000 0000"
      ]])
      expect(
        valuesOf(extractSection(unnamed, [1], spec("invoice", { customer: "Name of the customer (buyer) billed" })))
      )
        .toEqual({ customer: null })
    })

    it("reads a party's name past its contact person's line, and no party from a sentence a label word starts", () => {
      // The contact person's line under the label is not the customer.
      expect(customerOf([
        "Nordlicht Werkstatt GmbH                    Rechnungsadresse",
        "Hafenstraße 4                               Kontakt Einkauf",
        "20457 Hamburg                               Brauhaus am Markt KG",
        "                                            Marktplatz 9",
        "                                            49074 Osnabrück"
      ])).toEqual({ customer: "Brauhaus am Markt KG" })
      // "Buyer contact …" names the buyer's contact; the buyer is on the next line.
      expect(customerOf([
        "Buyer contact Jane Roe, Purchasing",
        "Pinewood Outfitters Ltd",
        "12 Harbour Road",
        "Invoice 7781"
      ])).toEqual({ customer: "Pinewood Outfitters Ltd" })
      // "Invoice to pay by …" is a sentence, not a heading over the lines below it.
      expect(customerOf([
        "Invoice 7781                Total  95.00 EUR",
        "Invoice to pay by bank transfer to the account given below:",
        "Banque Mutuelle du Nord",
        "IBAN : FR00 0000 0000 0000"
      ])).toEqual({ customer: null })
    })

    it("reads the customer alone in the recipient's window (its address left out), never a title, date or the seller", () => {
      const letter = (window: string) => [
        "Atelier Beaulieu SARL",
        "12 rue des Lilas",
        "75011 Paris",
        "Tél : 01 23 45 67 89",
        "SIRET : 123 456 789 00012",
        "",
        "",
        `                                                            ${window}`,
        "Facture n° : 2024-118",
        "Date : 3 mars 2024",
        "",
        "Désignation                      Montant",
        "Conseil                           250,00",
        "Total TTC                         250,00 €"
      ]
      expect(customerOf(letter("CABINET MARTIN ET ASSOCIES"))).toEqual({ customer: "CABINET MARTIN ET ASSOCIES" })
      // Less sure than a whole address block: answered at the default threshold, never among the surest.
      const found = extractSection(
        pageModelFromLines([letter("CABINET MARTIN ET ASSOCIES")]),
        [1],
        spec("invoice", { customer: "Name of the customer" })
      ).customer as Grounded
      expect(found.confidence).toBeGreaterThanOrEqual(0.7)
      expect(found.confidence).toBeLessThan(0.9)
      for (
        const other of [
          "FACTURE",
          "Paris, le 3 mars 2024",
          // Copy and payment stamps.
          "DUPLICATA",
          "Copie client",
          "Kopie",
          "Acquittée",
          // A contact person.
          "Sachbearbeiter Herr Maier",
          // The seller, however written.
          "Atelier Beaulieu SARL",
          "Atelier Beaulieu S.A.R.L.",
          "Atelier Beaulieu"
        ]
      ) expect(customerOf(letter(other))).toEqual({ customer: null })
    })

    it("reads the customer from an address window without a label, American, Australian, Canadian or Italian", () => {
      expect(customerOf([
        "Cascade Tools LLC                             INVOICE",
        "9 Main Street",
        "Seattle, WA 98101",
        "",
        "                                              Harbor Point Supplies Inc.",
        "                                              410 Pine Street",
        "                                              Tacoma, WA 98402",
        "Invoice Number: 20931",
        "Total Due   1,250.00"
      ])).toEqual({ customer: "Harbor Point Supplies Inc." })
      // A window of five lines above its town: the company, its department, building and contact, its street.
      expect(customerOf([
        "Nordlicht Werkstatt GmbH                     RECHNUNG",
        "Hafenstraße 4",
        "20457 Hamburg",
        "",
        "                                             Stadtwerke Nordheim GmbH",
        "                                             Abteilung Einkauf",
        "                                             Gebäude C, 2. OG",
        "                                             Frau Berg",
        "                                             Werkstraße 12",
        "                                             54321 Nordheim",
        "Rechnung Nr. 2024-118"
      ])).toEqual({ customer: "Stadtwerke Nordheim GmbH" })
      expect(customerOf([
        "Kookaburra Supplies Pty Ltd                   TAX INVOICE",
        "12 George Street",
        "Sydney NSW 2000",
        "",
        "                                              Wattle Cafe",
        "                                              3 Beach Road",
        "                                              Bondi NSW 2026",
        "Invoice Number: 20931"
      ])).toEqual({ customer: "Wattle Cafe" })
      expect(customerOf([
        "Maple Tools Inc.                    INVOICE",
        "40 King Street West",
        "Toronto, ON M5H 3Y2",
        "",
        "                                    Lakeside Lodge",
        "                                    8 Shore Road",
        "                                    Kingston, ON K7L 2N8",
        "Invoice Number: 20931"
      ])).toEqual({ customer: "Lakeside Lodge" })
      expect(customerOf([
        "FATTURA",
        "Spett.le",
        "Ferramenta Colombo S.r.l.",
        "Via Roma 12",
        "Fattura n. 118"
      ])).toEqual({ customer: "Ferramenta Colombo S.r.l." })
    })

    it("ends a party's name at the comma its address follows, and takes no country for a name", () => {
      expect(
        customerOf(["Rechnung 2024-7", "Bill to: Sample Trading GmbH, Hauptstraße 5, 80333 München", "Total 78.60"])
      )
        .toEqual({ customer: "Sample Trading GmbH" })
      expect(customerOf(["Rechnung 2024-7", "Bill to: Müller, Schmidt & Partner", "Total 78.60"]))
        .toEqual({ customer: "Müller, Schmidt & Partner" })
      expect(customerOf(["Rechnung 2024-7", "Kunde:", "Deutschland - Bayern", "Total 78.60"])).toEqual({
        customer: null
      })
    })

    it("takes a party's label only where a label stands, and never a date or a town for its name", () => {
      // Mid-line without its colon, "Buyer" is a word of the line, not a label.
      expect(customerOf(["Invoice 55", "Shipping terms - BUYER PICKUP", "Total 78.60"])).toEqual({ customer: null })
      // A buyer's word in a town line ("Buyer City") labels nothing.
      expect(customerOf(["Invoice 55", "67890 Buyer City", "Total 78.60"])).toEqual({ customer: null })
      // A date after a party label is not its name.
      expect(customerOf(["Invoice 55", "Buyer: 5 October 2023", "Total 78.60"])).toEqual({ customer: null })
      // "Rechnungsanschrift" and "Auftraggeber" head the customer's block.
      expect(
        customerOf(["Rechnung 2024-7", "Rechnungsanschrift", "Brauhaus am Markt KG", "Marktplatz 9", "Summe 78,60"])
      )
        .toEqual({ customer: "Brauhaus am Markt KG" })
      expect(customerOf(["Rechnung 2024-7", "Auftraggeber: Stadtwerke Nordheim GmbH", "Summe 78,60"]))
        .toEqual({ customer: "Stadtwerke Nordheim GmbH" })
      // "Adresse du client" heads the customer's block as a whole label.
      expect(customerOf([
        "Atelier Marin SARL              Adresse du client",
        "2 quai des Pêcheurs             Hôtel Bellevue",
        "29900 Concarneau                4 place du Port",
        "Facture FA-0042                 56000 Vannes",
        "Total TTC 120,00"
      ])).toEqual({ customer: "Hôtel Bellevue" })
    })

    it("reads the invoice date at its German and French labels rather than at a plain \"Datum\" above", () => {
      const date = (lines: ReadonlyArray<string>) =>
        valuesFrom(lines, "invoice", { date: { type: "date", description: "Invoice date (date of issue)" } })
      expect(date(["Rechnung 2024-7", "Ihre Bestellung   Datum: 02.04.2024", "Belegdatum: 05.04.2024", "Summe 78,60"]))
        .toEqual({ date: "2024-04-05" })
      expect(date(["Facture FA-12", "Votre commande   Date : 02/04/2024", "Émise le : 05/04/2024", "Total 78,60"]))
        .toEqual({ date: "2024-04-05" })
    })

    it("takes no account number for a party's name", () => {
      const out = extractSection(
        pageModelFromLines([[
          "Rechnung 2024-118",
          "Verkäufer-IBAN : DE08640501104718203965",
          "Gesamtbetrag 120,00 EUR"
        ]]),
        [1],
        spec("invoice", { issuer: "Name of the company that issued the invoice" })
      )
      expect(valuesOf(out)).toEqual({ issuer: null })
    })

    it("reads the customer's name from the address block a label word sits in", () => {
      const model = pageModelFromLines([[
        "Seaside Ceramics Ltd                            Invoice no: 5521",
        "                                                Clearwater Cafe Ltd",
        "                                                Client services, Dock 4",
        "                                                14 Quay Street",
        "                                                BS1 4DJ Bristol"
      ]])
      const out = extractSection(model, [1], spec("invoice", { customer: "Name of the customer" }))
      expect(valuesOf(out)).toEqual({ customer: "Clearwater Cafe Ltd" })
    })

    it("keeps a big title and the small line under it apart", () => {
      const model = pageModelFromPlaced([[
        { text: "Rowan Tillery", x: 0, y: 0, size: 2.5 },
        { text: "rtillery7@example.com", x: 0, y: 2 },
        { text: "INVOICE", x: 60, y: 1, size: 2 },
        { text: "Date:  Feb 3, 2022", x: 55, y: 6 }
      ]])
      const out = extractSection(
        model,
        [1],
        spec("invoice", { issuer: "Name of the issuer", email: "string", date: "date" })
      )
      expect(valuesOf(out)).toEqual({ issuer: "Rowan Tillery", email: "rtillery7@example.com", date: "2022-02-03" })
    })
  })

  describe("a receipt", () => {
    const model = pageModelFromLines([[
      "      KEDAI MAJU JAYA SDN BHD",
      "         (123456-A)",
      "   NO. 12, JALAN BESAR 3,",
      "   43650 BANDAR BAIDURI, SELANGOR",
      "   TEL: 03-8736 1234",
      "        TAX INVOICE",
      "Date: 25/12/2018 20:13       Cashier: Ali",
      "Receipt No: CS00123",
      "Item                 Qty      Amount",
      "Tepung 1kg             1       19.90",
      "Bread                  2        6.00",
      "TOTAL (RM):                    25.90",
      "CASH                           50.00",
      "CHANGE                         24.10",
      "   THANK YOU, PLEASE COME AGAIN"
    ]])
    const out = extractSection(
      model,
      [1],
      spec("receipt", {
        company: "Name of the store or company that issued the receipt",
        date: { type: "date", description: "Date of the purchase" },
        address: "Address of the store",
        total: { type: "number", description: "Total amount paid" },
        receipt_number: "string",
        currency: "string"
      })
    )

    it("ends the store's name at its registration number, whatever follows it on the line", () => {
      const store = extractSection(
        pageModelFromLines([[
          "   PERNIAGAAN SERI MAJU S/B 765432-W (PSM)",
          "   NO. 8, JALAN MERDEKA,",
          "   75000 MELAKA",
          "TOTAL                 12.50"
        ]]),
        [1],
        spec("receipt", { company: "Name of the store or company that issued the receipt" })
      )
      expect(valuesOf(store)).toEqual({ company: "PERNIAGAAN SERI MAJU S/B" })
    })

    it("extracts the store, its address, the date, the number and the total (not the cash)", () => {
      expect(valuesOf(out)).toEqual({
        company: "KEDAI MAJU JAYA SDN BHD",
        date: "2018-12-25",
        address: "NO. 12, JALAN BESAR 3, 43650 BANDAR BAIDURI, SELANGOR",
        total: 25.9,
        receipt_number: "CS00123",
        currency: "MYR"
      })
    })

    it("grounds the address on its two lines", () => {
      const words = ["NO.", "12,", "JALAN", "BESAR", "3,", "43650", "BANDAR", "BAIDURI,", "SELANGOR"].map((w) =>
        wordBox(model, 1, w)
      )
      expect(g(out.address!).box).toEqual(union(...words))
      expect(g(out.address!).box[1]).toBe(wordBox(model, 1, "NO.")[1])
      expect(g(out.address!).box[3]).toBe(wordBox(model, 1, "SELANGOR")[3])
    })
  })

  describe("a scanned receipt's OCR text", () => {
    const RECEIPT = {
      company: "Name of the store or company that issued the receipt",
      date: { type: "date", description: "Date of the purchase" },
      address: "Address of the store",
      total: { type: "number", description: "Total amount paid" }
    }
    const read = (lines: Array<string>, template: unknown = RECEIPT, type = "receipt") =>
      valuesOf(extractSection(pageModelFromLines([lines]), [1], spec(type, template)))

    it("finds labels OCR misread (T0TAL, lnvoice)", () => {
      expect(read(["lnvoice No: INV-77", "Item 1 4.00"], { invoice_number: "string" }, "invoice")).toEqual({
        invoice_number: "INV-77"
      })
      expect(
        read(["Mee Goreng         48.00", "T0TAL:             12.50", "CASH               50.00"], { total: "number" })
      ).toEqual({ total: 12.5 })
      expect(
        read(["Mee Goreng         48.00", "TOT AL RM          12.50", "CASH               50.00"], { total: "number" })
      ).toEqual({ total: 12.5 })
    })

    it("leaves a registration number glued before the address out of it, whole or cut by OCR", () => {
      const address = (line: string) =>
        read(["LIM KEE PAPER & GIFTS", line, "SELANGOR DARUL EHSAN", "TEL : 03-6142 5580", "TOTAL 4.90"], {
          address: RECEIPT.address
        })
      const expected = { address: "NO. 29, JALAN BESAR, 48350 MELOR SELANGOR DARUL EHSAN" }
      expect(address("(002870415-K) NO. 29, JALAN BESAR, 48350 MELOR")).toEqual(expected)
      expect(address("(002870 415L NO. 29, JALAN BESAR, 48350 MELOR")).toEqual(expected)
      expect(address("(002870415 NO. 29, JALAN BESAR, 48350 MELOR")).toEqual(expected)
      expect(address("(002870415:K) NO. 29, JALAN BESAR, 48350 MELOR")).toEqual(expected)
      expect(address("<002870415 -K> NO. 29, JALAN BESAR, 48350 MELOR")).toEqual(expected)
    })

    it("ends the address at its country: the line below names the mall", () => {
      expect(read([
        "KEDAI MAJU JAYA",
        "No 12, Jalan Besar 3, Taman Maju",
        "43650 Bandar Baiduri, Malaysia",
        "MAJU CITY MALL",
        "TOTAL 4.90"
      ], { address: RECEIPT.address })).toEqual({
        address: "No 12, Jalan Besar 3, Taman Maju 43650 Bandar Baiduri, Malaysia"
      })
    })

    it("reads an address line wider than the store's name above it, its phrases apart", () => {
      // "21C" stands past the name's end, a phrase of its own (a gap of 2.7 text heights), beside the rest.
      expect(read([
        "          PIZZA PLACE",
        "B-12, P Avenue , Jln 4       21C",
        "Taman Melati 53100 Kuala Lumpur",
        "TOTAL 4.90"
      ], { address: RECEIPT.address })).toEqual({
        address: "B-12, P Avenue Jln 4 21C Taman Melati 53100 Kuala Lumpur"
      })
      // A column far from the address (an order number) stays out of it.
      expect(read([
        "          PIZZA PLACE",
        "B-12, P Avenue , Jln 4                         Order 4021",
        "Taman Melati 53100 Kuala Lumpur",
        "TOTAL 4.90"
      ], { address: RECEIPT.address })).toEqual({ address: "B-12, P Avenue Jln 4 Taman Melati 53100 Kuala Lumpur" })
    })

    it("never takes a state or country line for the store", () => {
      // The store's name was not read (a stamp over it): better no name than the end of its address.
      expect(read([
        "(002870415-K)",
        "NO. 29, JALAN BESAR, 48350 MELOR",
        "SELANGOR DARUL EHSAN",
        "TEL : 03-6142 5580",
        "TOTAL 4.90"
      ], { company: RECEIPT.company })).toEqual({ company: null })
      expect(
        read(["MALAYSIA", "KEDAI MAJU JAYA", "NO. 12, JALAN BESAR 3,", "TOTAL 5.00"], { company: RECEIPT.company })
      )
        .toEqual({ company: "KEDAI MAJU JAYA" })
      expect(read(["Johor D.T.", "KEDAI MAJU JAYA", "TOTAL 5.00"], { company: RECEIPT.company })).toEqual({
        company: "KEDAI MAJU JAYA"
      })
    })

    it("reads a store whose name holds a label word before its legal form, not the shop's own line under it", () => {
      // "CASH" is the tender's label word, here inside a wholesaler's name set in wide letters (the gap
      // before it is a label's); its "BHD" read "8HD".
      expect(read([
        "METRO FRESH     CASH & CARRY SDN 8HD",
        "(123456-X)",
        "PASARAYA METRO FRESH",
        "NO. 5 Jalan Mawar 2, 41050 Klang",
        "TOTAL 5.00"
      ], { company: RECEIPT.company })).toEqual({ company: "METRO FRESH CASH & CARRY SDN BHD" })
      // Joined by "&" to the next word, a label word is part of the name, legal form or not (set wide again).
      expect(
        read(["MAJU     CASH & CARRY", "NO. 5 Jalan Mawar 2, 41050 Klang", "TOTAL 5.00"], { company: RECEIPT.company })
      )
        .toEqual({ company: "MAJU CASH & CARRY" })
      // A label that starts the line is still a label: no store is named here.
      expect(read(["CASH SDN BHD 20.00", "TOTAL 20.00"], { company: RECEIPT.company })).toEqual({ company: null })
    })

    it("never takes the salesperson or the cashier for the store", () => {
      expect(read([
        "   BOULANGERIE DU PORT",
        "   12 rue de la Paix",
        "   59000 Lille",
        "Ticket n° 4521",
        "Vendeur : LINA",
        "PAIN                1,20",
        "TOTAL               1,20"
      ], { company: RECEIPT.company })).toEqual({ company: "BOULANGERIE DU PORT" })
      expect(read(["Cashier: ALI", "KEDAI MAJU", "NO. 12, JALAN BESAR 3,", "TOTAL 5.00"], { company: RECEIPT.company }))
        .toEqual({ company: "KEDAI MAJU" })
      // On an invoice the "Vendeur" is the seller.
      expect(
        read(["FACTURE N° 12", "Vendeur : ACME SARL", "Total 10,00"], {
          issuer: "Name of the company that issued the invoice"
        }, "invoice")
      )
        .toEqual({ issuer: "ACME SARL" })
    })

    it("skips a name written above the printed store name, but not a big printed name", () => {
      const model = (first: string, gap: number) =>
        pageModelFromPlaced([[
          { text: first, x: 4, y: 0, size: 2 },
          { text: "PUSPA GIFT & HOME LIVING", x: 4, y: 2 + gap },
          { text: "14, JALAN CEMPAKA 9,", x: 4, y: 3 + gap },
          { text: "81750 BANDAR SERI MAWAR", x: 4, y: 4 + gap },
          { text: "TOTAL 9.00", x: 0, y: 8 + gap }
        ]])
      const company = (m: ReturnType<typeof model>) =>
        valuesOf(extractSection(m, [1], spec("receipt", { company: RECEIPT.company })))
      expect(company(model("Ong Siew Lan", 2))).toEqual({ company: "PUSPA GIFT & HOME LIVING" })
      expect(company(model("HAPPY PANDAS", 0))).toEqual({ company: "HAPPY PANDAS" })
    })

    it("takes no store name from a line of OCR noise (words read with little confidence)", () => {
      const model = (confidence: number) =>
        pageModelFromPlaced([[
          { text: "- ET E10 DEN ho", x: 4, y: 0, confidence },
          { text: "NO. 29, JALAN BESAR, 48350 MELOR", x: 0, y: 1 },
          { text: "TOTAL 4.90", x: 0, y: 4 }
        ]])
      const company = (m: ReturnType<typeof model>) =>
        valuesOf(extractSection(m, [1], spec("receipt", { company: RECEIPT.company })))
      expect(company(model(0.25))).toEqual({ company: null })
      expect(company(model(0.6))).toEqual({ company: "- ET E10 DEN ho" })
    })

    it("reads a store name cut over several lines", () => {
      expect(read([
        "KHEE SENG HARDWARE",
        "ENTERPRISE (DAMAI",
        "JAYA) SDN BHD",
        "613904-T",
        "NO. 9-G, JALAN DAMAI JAYA 2",
        "TOTAL 9.00"
      ], { company: RECEIPT.company })).toEqual({ company: "KHEE SENG HARDWARE ENTERPRISE (DAMAI JAYA) SDN BHD" })
    })

    it("gives no store name when only its legal form or the end of a cut word is left of it, but its address", () => {
      const fields = (first: string) =>
        read([first, "NO. 21, JALAN CONTOH 4,", "47000 SUNGAI BULOH", "TOTAL 9.00"], {
          company: RECEIPT.company,
          address: RECEIPT.address
        })
      const address = "NO. 21, JALAN CONTOH 4, 47000 SUNGAI BULOH"
      expect(fields("CO. (M) LTD")).toEqual({ company: null, address })
      expect(fields("r Harbour Supplies Ltd")).toEqual({ company: null, address })
      expect(fields("Harbour Supplies Ltd")).toEqual({ company: "Harbour Supplies Ltd", address })
    })

    it("keeps registration numbers and phone numbers out of the address, a postcode and town in it", () => {
      expect(read([
        "BUKU CERIA .M (TAMAN SEROJA) SDN BHD",
        "56720 3-P",
        "LOT 4172 JLN KENANGA RIA",
        "53700 KL",
        "7723049 FAX: 05-4471 2816",
        "TOTAL 9.00"
      ], { address: RECEIPT.address })).toEqual({ address: "LOT 4172 JLN KENANGA RIA 53700 KL" })
    })

    it("reads a street whose ß OCR misread, and a date glued to its time", () => {
      expect(
        read(["Coastal Software e.K.", "HauptstraRe 20", "10115 Berlin", "10.07.2019,12:56:22", "SUMME 4,00"], {
          address: RECEIPT.address,
          date: RECEIPT.date
        })
      )
        .toEqual({ address: "Hauptstraße 20 10115 Berlin", date: "2019-07-10" })
    })

    it("leaves specks out of the address", () => {
      expect(
        read(["KEDAI MAJU", "LOT 316, JALAN KEMBOJA a", "-\" 57200 KUALA LUMPUR", "TOTAL 9.00"], {
          address: RECEIPT.address
        })
      )
        .toEqual({ address: "LOT 316, JALAN KEMBOJA 57200 KUALA LUMPUR" })
    })

    it("takes the total below the service charge, tax and rounding rows over the one above them", () => {
      expect(read([
        "Total Amount :          36.80",
        "Serv Charge 10%          3.68",
        "GST 6%                   2.43",
        "Rounding Adj            -0.01",
        "TOTAL: RM               42.90",
        "CASH                    50.00"
      ], { total: RECEIPT.total })).toEqual({ total: 42.9 })
    })
  })

  describe("parties without a label", () => {
    const invoice = { invoice_number: "string", issuer: "Name of the company that issued the invoice" }

    it("keeps parties whose rows carry tax ids, names starting with a title or 'Rep', and a footer's company past a sentence naming another", () => {
      const parties = { issuer: "Name of the company that issued the invoice", customer: "Name of the customer billed" }
      const read = (lines: ReadonlyArray<string>) =>
        valuesOf(extractSection(pageModelFromLines([lines]), [1], spec("invoice", parties)))
      expect(read([
        "INVOICE 2024-77",
        "",
        "Seller: ACME Trading GmbH          VAT: DE123456789",
        "Buyer: Northwind Traders Ltd       VAT: GB123456789",
        "",
        "Widgets    2    10.00    20.00",
        "Total                     20.00"
      ])).toEqual({ issuer: "ACME Trading GmbH", customer: "Northwind Traders Ltd" })
      expect(read([
        "Rep Solutions Ltd",
        "4 Mill Lane, Leeds LS1 1AA",
        "",
        "Bill to:",
        "Mr Price Ltd",
        "12 High St, York YO1 1AA",
        "",
        "Invoice 88",
        "Posters   3   5.00   15.00",
        "Total            15.00"
      ])).toEqual({ issuer: "Rep Solutions Ltd", customer: "Mr Price Ltd" })
      expect(read([
        "Druckhaus Kern GmbH · Talweg 2 · 79100 Freiburg",
        "",
        "Frau Müller Moden GmbH",
        "Kaiserstraße 5",
        "79098 Freiburg",
        "",
        "Rechnung Nr. 12",
        "Flyer   1   50,00   50,00",
        "Gesamtbetrag   50,00 EUR"
      ])).toEqual({ issuer: "Druckhaus Kern GmbH", customer: "Frau Müller Moden GmbH" })
      expect(read([
        "",
        "",
        "Kanzlei Dr. Roth & Partner",
        "Bahnhofstraße 12",
        "60329 Frankfurt am Main",
        "",
        "Rechnung Nr. 2024-1187",
        "Beratung   720,00 €",
        "Gesamtbetrag   856,80 €",
        ...Array.from({ length: 32 }, () => ""),
        "Abtretung: Die Forderung ist abgetreten an ABC Factoring GmbH, HRB 98765, Amtsgericht Hamburg",
        "Weber IT-Service GmbH · Mainzer Landstraße 50 · 60325 Frankfurt · Geschäftsführer: Jan Weber"
      ])).toEqual({ issuer: "Weber IT-Service GmbH", customer: "Kanzlei Dr. Roth & Partner" })
    })

    it("takes the seller's name under its heading, never its tax representative's line nor a label word in its legal line", () => {
      const lines = [
        "FACTURE N° F-2024-0091                       Date : 12/03/2024",
        "",
        "SELLER BUSINESS NAME                         Adresse du Client :",
        "ATELIER ROUX                                 Boulangerie Martin",
        "12 rue Haute, 75003 Paris                    3 place du Marché, 69002 Lyon",
        "",
        "Représentant Fiscal",
        "SELLER TAX REPRESENTATIVE",
        "8 avenue Foch, 75016 Paris",
        "",
        "Prestation                                            Montant",
        "Réparation four                                        450,00",
        "Total TTC                                              540,00 €",
        ...Array.from({ length: 26 }, () => ""),
        "FOURNISSEUR ATELIER ROUX SARL au capital de 10 000 EUR - RCS PARIS 812 345 678"
      ]
      const out = extractSection(pageModelFromLines([lines]), [1], spec("invoice", invoice))
      expect(valuesOf(out)).toEqual({ invoice_number: "F-2024-0091", issuer: "ATELIER ROUX" })
      expect(g(out["issuer"]!).confidence).toBeGreaterThanOrEqual(0.9)
    })

    it("takes the issuer from the company's legal footer, not from the customer's address window", () => {
      const lines = [
        "INVOICE",
        "",
        "                                        Globex Corporation Ltd",
        "                                        42 Main Street",
        "                                        Springfield, IL 62704",
        "",
        "Invoice No: 2023-117",
        "Date: 20/03/2023",
        "",
        "Description     Qty    Amount",
        "Consulting       1     100.00",
        "                Total   100.00",
        ...Array.from({ length: 33 }, () => ""),
        "       Northwind Studio - 5 High Street, London - VAT No: GB123456789"
      ]
      expect(valuesOf(extractSection(pageModelFromLines([lines]), [1], spec("invoice", invoice)))).toEqual({
        invoice_number: "2023-117",
        issuer: "Northwind Studio"
      })
    })

    it("keeps a name set in wide letters whole when its legal form is on the next line", () => {
      const model = pageModelFromPlaced([[
        { text: "HARBOUR", x: 8, y: 0, size: 1.6 },
        { text: "PRINT", x: 30, y: 0, size: 1.6 },
        { text: "CO. (M) SDN BHD", x: 10, y: 1.6, size: 1.6 },
        { text: "(Co. No. 246810-K)", x: 10, y: 3.2 },
        { text: "No 3, Jalan Mawar 2, 43650 Bandar Baiduri", x: 4, y: 4.2 },
        { text: "TOTAL          12.50", x: 4, y: 6 }
      ]])
      const out = extractSection(model, [1], spec("receipt", { company: "Name of the store or company" }))
      expect(valuesOf(out)).toEqual({ company: "HARBOUR PRINT CO. (M) SDN BHD" })
    })

    it("never takes the issuer from the block under a Bill To label", () => {
      const lines = [
        "Bright Hardware                                  INVOICE",
        "12 Victoria Road, Leeds                 Invoice No: 77",
        "",
        "Bill To:",
        "Globex Corp.",
        "42 Main Street"
      ]
      expect(extractSection(pageModelFromLines([lines]), [1], spec("invoice", invoice)).issuer).toMatchObject({
        value: "Bright Hardware"
      })
    })

    it("names a marketplace's brand rather than the seller printed after Sold By, and the seller when there is no brand", () => {
      const lines = [
        "                 Retail Invoice",
        "Sold By: NK Commerce Services Pvt. Ltd.          Invoice No: DEL_1",
        "Total  244.00",
        "Ordered through Bazarfy.com     www.bazarfy.com/support",
        "Returns: at Bazarfy we accept returns within 10 days."
      ]
      const out = extractSection(pageModelFromLines([lines]), [1], spec("invoice", invoice))
      expect(out.issuer).toMatchObject({ value: "Bazarfy" })
      expect(g(out.issuer!).box).toEqual(wordBox(pageModelFromLines([lines]), 1, "Bazarfy.com"))
      const plain = extractSection(pageModelFromLines([lines.slice(0, 3)]), [1], spec("invoice", invoice))
      expect(plain.issuer).toMatchObject({ value: "NK Commerce Services Pvt. Ltd." })
    })

    it("reads a bank statement's bank from its letterhead and its holder, account and balances from their labels", () => {
      const lines = [
        "Polder Bank N.V.                          REKENINGAFSCHRIFT",
        "Kerkstraat 118, 3511 LX Utrecht",
        "",
        "Rekeninghouder:  Marieke Janssens",
        "IBAN:            NL53 PLDR 0417 5392 60",
        "",
        "Datum        Omschrijving          Af       Bij      Saldo",
        "             Beginsaldo                              2.415,60",
        "14-03-2016   Direct debit        318,45              2.097,15",
        "             Eindsaldo                               2.097,15"
      ]
      const out = extractSection(
        pageModelFromLines([lines]),
        [1],
        spec("bank statement", {
          bank_name: "Name of the bank that issued the statement",
          account_holder: "Name of the account holder",
          account_number: "Account number or IBAN",
          opening_balance: "number",
          closing_balance: "number"
        })
      )
      expect(valuesOf(out)).toEqual({
        bank_name: "Polder Bank N.V.",
        account_holder: "Marieke Janssens",
        account_number: "NL53 PLDR 0417 5392 60",
        opening_balance: 2415.6,
        closing_balance: 2097.15
      })
    })

    it("reads a purchase order's vendor from the block it is addressed to", () => {
      const lines = [
        "Birch Furnishings Inc.                           PURCHASE ORDER",
        "57 Alder St, Eugene, OR 97401              PO No: 2019-384",
        "",
        "To:                               Ship To:",
        "Copperleaf Works Corp.            Birch Furnishings Inc.",
        "63 Alder St                       41 Cedar Road"
      ]
      const out = extractSection(
        pageModelFromLines([lines]),
        [1],
        spec("purchase order", { po_number: "The purchase order number", vendor: "Name of the supplier" })
      )
      expect(valuesOf(out)).toEqual({ po_number: "2019-384", vendor: "Copperleaf Works Corp." })
    })
  })

  describe("a receipt's total", () => {
    const total = (lines: Array<string>) =>
      valuesOf(
        extractSection(
          pageModelFromLines([lines]),
          [1],
          spec("receipt", { total: { type: "number", description: "Total amount paid" } })
        )
      )

    it("is the largest of the plausible total rows, never a tax summary's total or the cash", () => {
      expect(total([
        "Item Name            Qty   Amount",
        "Tepung 1kg             1    30.00",
        "5 Item(s) Total (MYR):      30.00",
        "          Net Total (MYR) : 31.80",
        "Cash :                      50.00",
        "Change :                    18.20",
        "GST Summary   Amount (MYR)  Tax (MYR)",
        "SR @ 6%           30.00      1.80",
        "Total:            30.00      1.80"
      ])).toEqual({ total: 31.8 })
    })

    it("is the rounded total when one is printed", () => {
      expect(
        total([
          "TOTAL              RM 27.47",
          "ROUNDING ADJ       RM -0.02",
          "TOTAL ROUNDED      RM 27.45",
          "CASH               RM 50.00"
        ])
      ).toEqual({ total: 27.45 })
    })

    it("is the total row below a discount or a rounding, not a larger total above it", () => {
      expect(
        total([
          "Item A        60.00",
          "Item B        40.00",
          "Total Sales   100.00",
          "Discount 10%  -10.00",
          "Total         90.00"
        ])
      )
        .toEqual({ total: 90 })
      expect(
        total([
          "Item A   60.00",
          "Item B   13.47",
          "Total Sales Incl GST  73.47",
          "Rounding Adj  -0.02",
          "Total  73.45"
        ])
      )
        .toEqual({ total: 73.45 })
    })
  })

  describe("what is not there", () => {
    it("gives no other date of the page for the invoice date its own label holds unread", () => {
      const page = (date: string) =>
        pageModelFromLines([[
          "Harbour Chandlery Services Ltd",
          "",
          "Penrose Sailing Club                       Invoice No.     INV-88213",
          `Harbour Terrace                            Invoice Date    ${date}`,
          "St Mawes TR2 5DJ                           Detvery         28 August 2026",
          "",
          "Total due   130.00"
        ]])
      const dateOf = (date: string) =>
        valuesOf(
          extractSection(page(date), [1], spec("invoice", { date: { type: "date", description: "Invoice date" } }))
        )
      // OCR garbled the month: no date rather than the delivery date under it.
      expect(dateOf("3 0S2eptember")).toEqual({ date: null })
      expect(dateOf("3 September 2026")).toEqual({ date: "2026-09-03" })
      // A sentence that only names the invoice date holds none to read: the page's date is the date.
      const letter = pageModelFromLines([[
        "Tischlerei Vogt · Am Markt 3 · 79098 Freiburg",
        "Freiburg, 3. März 2031",
        "Rechnung Nr. 2031-077",
        "Rechnungsdatum entspricht Leistungsdatum",
        "Gesamtbetrag   1.190,00 €"
      ]])
      expect(
        valuesOf(extractSection(letter, [1], spec("invoice", { date: { type: "date", description: "Invoice date" } })))
      )
        .toEqual({ date: "2031-03-03" })
    })

    it("returns null for leaves and [] for lists it cannot find, never a guess", () => {
      const model = pageModelFromLines([["Dear Sir,", "Thank you for your letter of last week."]])
      const out = extractSection(
        model,
        [1],
        spec("invoice", {
          invoice_number: "string",
          total: "number",
          due_date: "date",
          paid: "boolean",
          lines: [{ qty: "integer" }],
          seller: { vat_id: "string" }
        })
      )
      expect(out).toEqual({
        invoice_number: null,
        total: null,
        due_date: null,
        paid: null,
        lines: [],
        seller: { vat_id: null }
      })
    })

    it("reads only the section's pages", () => {
      const model = pageModelFromLines([["Invoice No: A-1"], ["Invoice No: B-2"]])
      expect(valuesOf(extractSection(model, [2], spec("invoice", { invoice_number: "string" })))).toEqual({
        invoice_number: "B-2"
      })
      expect(g(extractSection(model, [2], spec("invoice", { invoice_number: "string" })).invoice_number!).page).toBe(2)
    })
  })

  describe("typed leaves", () => {
    it("reads booleans, integers and enums after their labels", () => {
      const model = pageModelFromLines([["Paid: yes", "Items: 3", "Payment method: Credit Card"]])
      const out = extractSection(
        model,
        [1],
        spec("invoice", { paid: "boolean", items: "integer", payment_method: { enum: ["Cash", "Credit Card"] } })
      )
      expect(valuesOf(out)).toEqual({ paid: true, items: 3, payment_method: "Credit Card" })
      expect(g(out.payment_method!).box).toEqual(union(wordBox(model, 1, "Credit"), wordBox(model, 1, "Card")))
    })

    it("nests objects and reads their leaves by the parent's context", () => {
      const model = pageModelFromLines([["Customer:  Globex Corporation", "VAT ID:  DE123456789"]])
      const out = extractSection(
        model,
        [1],
        spec("invoice", { customer: { name: "string" }, seller: { vat_id: "string" } })
      )
      expect(valuesOf(out)).toEqual({ customer: { name: "Globex Corporation" }, seller: { vat_id: "DE123456789" } })
    })
  })

  it.effect("is provided as the Extractor service", () =>
    Effect.gen(function*() {
      const extractor = yield* Extractor
      const out = yield* extractor.extract(
        pageModelFromLines([["Invoice No: X-42"]]),
        [1],
        spec("invoice", { invoice_number: "string" })
      )
      expect(valuesOf(out)).toEqual({ invoice_number: "X-42" })
    }).pipe(Effect.provide(LocalExtractor)))
})

describe("values with a shape of their own", () => {
  const letter = (extra: ReadonlyArray<string>) => [
    "Example Supplies Ltd                               INVOICE",
    "12 Harbour Road, Bristol                           Invoice No: 1001",
    "E-mail: sales@example-supplies.com                 Order ID: OD718293046512870004",
    "",
    "Bill to: Sample Trading GmbH",
    ...extra,
    "",
    "Total EUR      78.60"
  ]

  it("reads an IBAN only where its check digits add up, never an order number shaped like one", () => {
    const iban = { iban: "IBAN of the seller bank account" }
    expect(valuesFrom(letter([]), "invoice", iban)).toEqual({ iban: null })
    expect(valuesFrom(letter(["", "IBAN: DE89 3704 0044 0532 0130 00"]), "invoice", iban)).toEqual({
      iban: "DE89370400440532013000"
    })
    // One digit off: not an IBAN.
    expect(valuesFrom(letter(["", "IBAN: DE89 3704 0044 0532 0130 01"]), "invoice", iban)).toEqual({ iban: null })
  })

  it("reads the customer's e-mail, IBAN or phone as that value, at the customer's labels, never the issuer's or a name", () => {
    const template = {
      customer_email: "E-mail address of the customer",
      customer_iban: "IBAN of the customer",
      customer: "Name of the customer"
    }
    // The only e-mail is the issuer's: the customer's is not in the document.
    expect(valuesFrom(letter([]), "invoice", template)).toEqual({
      customer_email: null,
      customer_iban: null,
      customer: "Sample Trading GmbH"
    })
    expect(
      valuesFrom(
        letter([]).map((l) => l.replace("Bill to: Sample Trading GmbH", "Customer: buyer@sample-trading.de")),
        "invoice",
        { customer_email: "E-mail address of the customer" }
      )
    ).toEqual({
      customer_email: "buyer@sample-trading.de"
    })
  })
})

describe("an issuer read from the page's first lines", () => {
  it("is never a line of running text: a page that starts with a sentence names no issuer there", () => {
    const template = { issuer: "Name of the company that issued the invoice" }
    for (
      const first of [
        "hello this is plain text",
        "Please find attached the documents you asked for last week.",
        "thank you for your order"
      ]
    ) expect(valuesFrom([first, "", "Total EUR 12.00"], "invoice", template), first).toEqual({ issuer: null })
    // A name at the top is still read.
    expect(valuesFrom(["Harbour Tools Ltd", "", "Total EUR 12.00"], "invoice", template)).toEqual({
      issuer: "Harbour Tools Ltd"
    })
  })
})
