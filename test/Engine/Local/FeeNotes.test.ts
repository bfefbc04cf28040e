/** A liberal profession's invoice under its own title ("Note d'honoraires", "Honorarnote", "Compte d'honoraires"). */
import { describe, expect, it } from "@effect/vitest"
import type { SplitSection } from "../../../src/Domain/Extraction.js"
import { splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { extractLines, INVOICE_AND_RECEIPT_TEMPLATES, receiptPage, valueOf } from "../fixtures.js"

const feeNote = (title: ReadonlyArray<string>, date: string, total: string) => [
  "Cabinet Dubois & Associés",
  "12 rue des Lilas, 69003 Lyon",
  "",
  "                                           SARL Boulangerie Martin",
  "                                           4 place Bellecour",
  "                                           69002 Lyon",
  "",
  ...title,
  date,
  "",
  "Désignation                                              Montant",
  "Honoraires : consultation et rédaction d'actes          1 200,00",
  "TVA 20 %                                                  240,00",
  `Total TTC                                              ${total} €`
]

const honorarnote = [
  "Kanzlei Dr. Huber",
  "Ringstraße 4, 1010 Wien",
  "",
  "Frau Anna Berger",
  "Hauptplatz 2",
  "8010 Graz",
  "",
  "HONORARNOTE Nr. 31/117",
  "Wien, am 3. April 2031",
  "",
  "Leistung                                       Betrag",
  "Beratung und Vertretung                      1.500,00",
  "USt 20 %                                       300,00",
  "Gesamtbetrag                              EUR 1.800,00"
]

const TEMPLATE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay" }
}

const read = (lines: ReadonlyArray<string>) =>
  Object.fromEntries(Object.entries(extractLines(lines, "invoice", TEMPLATE)).map(([k, v]) => [k, valueOf(v)]))

describe("a fee note", () => {
  it("gives its number and date from its title line, in French and German", () => {
    expect(read(feeNote(["NOTE D'HONORAIRES N° 2031-045"], "Lyon, le 14 mars 2031", "1 440,00"))).toEqual({
      invoice_number: "2031-045",
      date: "2031-03-14",
      amount: 1440
    })
    expect(read(honorarnote)).toEqual({ invoice_number: "31/117", date: "2031-04-03", amount: 1800 })
  })

  it("is typed an invoice among receipts, and two fee notes in a row are two documents", () => {
    const pages = [
      receiptPage("KEDAI RUNCIT AMAN", "02/03/2031", "49.00"),
      feeNote(["NOTE D'HONORAIRES N° 2031-045"], "Lyon, le 14 mars 2031", "1 440,00"),
      receiptPage("99 SPEEDMART", "03/03/2031", "12.00"),
      honorarnote,
      feeNote(["COMPTE D'HONORAIRES ET DE DÉBOURS", "N° 2031-046"], "Lyon, le 15 mars 2031", "960,00")
    ]
    const shape = (sections: ReadonlyArray<SplitSection>) => sections.map((s) => [s.documentType, [...s.pages]])
    expect(shape(splitDocument(pageModelFromLines(pages), INVOICE_AND_RECEIPT_TEMPLATES))).toEqual([
      ["receipt", [1]],
      ["invoice", [2]],
      ["receipt", [3]],
      ["invoice", [4]],
      ["invoice", [5]]
    ])
  })
})

describe("a title line's number with no mark before it", () => {
  const numberOf = (lines: ReadonlyArray<string>) => read(lines).invoice_number

  it("is read after the title ('Tax Invoice MC-118', 'RECHNUNG 2030-214'), ending it or before its date", () => {
    const page = (title: string) => [
      "Mia Chen Design",
      "mia@miachendesign.com.au | 0412 555 019 | Fitzroy VIC 3065",
      "",
      title,
      "Date issued: 3 April 2031",
      "",
      "Logo design (3 concepts, 2 revisions)                $1,200.00",
      "Total                                                $1,815.00"
    ]
    expect(
      ["Tax Invoice MC-118", "RECHNUNG 2030-214", "Invoice F2031-045 dated 3 April 2031"].map((t) => numberOf(page(t)))
    )
      .toEqual(["MC-118", "2030-214", "F2031-045"])
  })
})

describe("a title alone on its row", () => {
  it("gives the number its details give under it, a blank line between them", () => {
    expect(
      read([
        "Menuiserie Lambert SRL",
        "Rue de Namur 112",
        "5000 Namur",
        "",
        "                                       Monsieur Philippe Dubois",
        "                                       Avenue des Combattants 7",
        "                                       1340 Ottignies",
        "",
        "FACTURE",
        "",
        "Numéro : 2031/0188                     Date : 19/05/2031",
        "Votre référence : châssis cuisine      Échéance : 18/06/2031",
        "",
        "Pose et finitions                                1          480,00       480,00",
        "                                     Total TVAC                    3.148,20 €"
      ]).invoice_number
    ).toBe("2031/0188")
  })
})

describe("a Portuguese invoice's number", () => {
  it("is its series and number after a compound title ('Fatura-Recibo n.º FR 2030/55')", () => {
    expect(
      read([
        "Ricardo Almeida",
        "Av. da República, 50 – 7.º Esq.",
        "1050-196 Lisboa",
        "",
        "Lisboa, 2 de dezembro de 2030",
        "",
        "Fatura-Recibo n.º FR 2030/55",
        "",
        "Desenvolvimento de sistema de reservas online          1.800,00 €",
        "Total                                                  1.881,60 €"
      ]).invoice_number
    ).toBe("FR 2030/55")
  })
})
