import { describe, expect, it } from "@effect/vitest"
import { isStreetLine } from "../../../src/Engine/Local/AddressLines.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { layoutOf } from "../../../src/Engine/Local/Layout.js"
import { hasLegalForm } from "../../../src/Engine/Local/LegalForms.js"
import { looksLikeName } from "../../../src/Engine/Local/NameLines.js"
import { townLine } from "../../../src/Engine/Local/Towns.js"
import { pageModelFromLines, pageModelFromPlaced } from "../../support/pageModel.js"
import { extractLines, itemRowsOf, PARTIES, partiesOf as parties, spec, valueOf } from "../fixtures.js"

/** Whether the engine takes a line, alone on its row, for a name. */
const nameLike = (line: string): boolean => {
  const layout = layoutOf(pageModelFromLines([[line]]).pages[0]!)
  const row = layout.rows[0]!
  return looksLikeName(layout, row, row.words)
}

const RECEIPT = {
  company: "Name of the store or company that issued the receipt",
  date: { type: "date", description: "Date of the purchase" },
  address: "Address of the store",
  total: { type: "number", description: "Total amount paid" }
}

const receipt = (lines: Array<string>) => {
  const out = extractLines(lines, "receipt", RECEIPT)
  return { company: valueOf(out["company"]), address: valueOf(out["address"]), total: valueOf(out["total"]) }
}

describe("a letterhead whose address is set beside its name, in a column of its own", () => {
  it("names the company on the address's first row, not the street or the town under it", () => {
    const page = [
      "Gerberei Wallner & Töchter OG                                   Mühlgasse 12",
      "                                                                 4020 Linz",
      "Leder · Taschen · Reparaturen                                    UID: ATU55123456",
      "                                                                 FN 334455 x, LG Linz",
      "",
      "Brauhaus Kellermann GmbH                  Rechnungs-Nr.   2025/118",
      "Hauptplatz 3                              Datum           12.03.2025",
      "4600 Wels",
      "",
      "Artikel                          Menge     Einzelpreis      Betrag",
      "Schürze Rindleder                  4          62,00         248,00",
      "                                            Gesamtbetrag EUR 297,60"
    ]
    expect(parties(page)).toEqual({ issuer: "Gerberei Wallner & Töchter OG", customer: "Brauhaus Kellermann GmbH" })
  })

  it("does so for a street without a number word and a town with its postcode last", () => {
    const page = [
      "Ateliers Kervella SAS                                Zone de Kerlann",
      "                                                     56000 Vannes",
      "Chaudronnerie – Soudure                              SIRET 812 334 556 00018",
      "",
      "Garage Le Bihan SARL                                 Facture n° 25-0412",
      "4 rue du Port                                        Date 03/04/2025",
      "29200 Brest",
      "",
      "Désignation                               Qté     P.U. HT     Montant HT",
      "Cuve inox 500 l                             1     1 850,00      1 850,00",
      "                                            Total TTC            2 220,00"
    ]
    expect(parties(page)).toEqual({ issuer: "Ateliers Kervella SAS", customer: "Garage Le Bihan SARL" })
  })

  it("reads the company's block down its column past rows of the other column only", () => {
    const page = [
      "Karoo Print Works (Pty) Ltd                      Unit 4, Ndabeni Park",
      "                                                 11 Fir Street, Observatory",
      "Reg. No. 2011/004512/07 · VAT No. 4120 334 556   Cape Town, 7925",
      "",
      "TAX INVOICE",
      "Sunbird Travel CC                                Invoice No. KP-3310",
      "VAT No. 4550 221 009                             Date 2025/05/14",
      "8 Loop Street",
      "Cape Town, 8001",
      "",
      "Description                        Qty     Unit Price        Amount",
      "Brochures A4 folded               500       R 4.20      R 2 100.00",
      "                                  Total incl. VAT        R 2 415.00"
    ]
    expect(parties(page)).toEqual({ issuer: "Karoo Print Works (Pty) Ltd", customer: "Sunbird Travel CC" })
  })

  it("takes a name starting with a table heading's word when it ends with its legal form", () => {
    const page = [
      "Services Numériques Laurentides inc.              1200, rue King Ouest, bureau 300",
      "                                                  Sherbrooke (Québec) J1H 1R4",
      "",
      "FACTURER À                                        Facture no 2025-0077",
      "Cabinet dentaire du Lac inc.                      Date 2025-03-02",
      "45, rue Wellington Nord",
      "Sherbrooke (Québec) J1H 5B7",
      "",
      "Description                           Qté     Prix unitaire      Montant",
      "Soutien technique (février)             4          95,00 $       380,00 $",
      "                                      Total                     436,91 $"
    ]
    expect(parties(page).issuer).toBe("Services Numériques Laurentides inc.")
  })

  it("never takes a paragraph under the item table for the company its footer's legal line names", () => {
    const page = [
      "Brisa Mobile                                    Brisa Mobile SAS",
      "                                                Service clients : 3990",
      "Votre facture                                   Espace client : brisa.example",
      "",
      "Monsieur Hugo Lemaire                           Facture n° M2504-1188",
      "8 rue des Arts                                  Date de facture 04/04/2025",
      "59000 Lille",
      "",
      "Détail de votre facture",
      "",
      "Service                                          Qté      Montant TTC",
      "Forfait mobile 50 Go                               1          12,99 €",
      "                                              Total TTC       12,99 €",
      "Les forfaits sont facturés à échoir ; les communications hors forfait le sont",
      "le mois suivant.",
      "Brisa Mobile SAS au capital de 1 000 000 € · RCS Lille 812 000 111 · TVA FR11 812000111"
    ]
    expect(parties(page)).toEqual({ issuer: "Brisa Mobile SAS", customer: "Hugo Lemaire" })
  })

  it("does so when a skewed scan's OCR gives the name and the street rows of their own at the same height", () => {
    const model = pageModelFromPlaced([[
      // A speck read before the street, over the name's column, sets the street's line apart from the name's row.
      { text: "e 8                                        Rue Haute 40", x: 16, y: 0 },
      { text: "Imprimerie Delvaux SRL", x: 0, y: 0.1 },
      { text: "1000 Bruxelles", x: 60, y: 1.2 },
      { text: "Impression offset", x: 0, y: 2.2 },
      { text: "TVA BE 0455.123.987", x: 60, y: 2.2 },
      { text: "Café Le Sablon SPRL", x: 0, y: 5 },
      { text: "Facture n°: 25/0088", x: 60, y: 5 },
      { text: "Place du Grand Sablon 12", x: 0, y: 6 },
      { text: "1000 Bruxelles", x: 0, y: 7 },
      { text: "Description      Quantité     Total HTVA", x: 0, y: 10 },
      { text: "Menus A4             200         120,00", x: 0, y: 11 },
      { text: "Total TVAC                       145,20", x: 20, y: 13 }
    ]])
    // The name and the street stand on rows of their own.
    expect(layoutOf(model.pages[0]!).rows.slice(0, 2).map((r) => r.words.length)).toEqual([5, 3])
    const out = extractSection(model, [1], spec("invoice", PARTIES))
    expect(valueOf(out["issuer"])).toBe("Imprimerie Delvaux SRL")
  })

  it("knows postcodes written after the town: Canada's, Ireland's, South Africa's", () => {
    expect(townLine("Sherbrooke (Québec) J1H 1R4")).toBe(true)
    expect(townLine("Galway H91 E2K3")).toBe(true)
    expect(townLine("Dublin 8 D08 T6X4")).toBe(true)
    expect(townLine("Port Elizabeth, 6001")).toBe(true)
    expect(townLine("Windows 2000")).toBe(false)
  })

  it("takes a German street named by its preposition, a French business zone, a label ending '.:' for no name", () => {
    for (
      const line of [
        "Am Wall 148",
        "An der Alster 12a",
        "Zone de Kerlann",
        "ZA de Kerdroual",
        "TSE-Seriennr.: 9c21ab...77f0"
      ]
    ) {
      expect(nameLike(line), line).toBe(false)
    }
    expect(isStreetLine("Im Tal 3")).toBe(true)
    // A name with such a word and no house number stays a name.
    for (const line of ["Zum Goldenen Hirsch", "Gasthof Am Wall GmbH"]) expect(nameLike(line), line).toBe(true)
  })

  it("reads Austrian, Polish, Danish, Belgian, Luxembourg and Swiss legal forms", () => {
    expect(hasLegalForm("Gerberei Wallner & Töchter OG")).toBe(true)
    expect(hasLegalForm("Tischlerei Hofer e.U.")).toBe(true)
    expect(hasLegalForm("Drukarnia Wisła Sp. z o.o.")).toBe(true)
    expect(hasLegalForm("Tømrerfirma Holm A/S")).toBe(true)
    expect(hasLegalForm("Traiteur du Kirchberg S.à r.l.")).toBe(true)
    expect(hasLegalForm("Léman Bureautique Sàrl")).toBe(true)
    expect(hasLegalForm("Boulangerie Weber SARL-S")).toBe(true)
    expect(hasLegalForm("ASBL Les Jardins du Canal")).toBe(true)
    expect(hasLegalForm("Lenz & Partner Architekten mbB")).toBe(true)
    // "og" is a Danish word: only the capitals are a legal form.
    expect(hasLegalForm("Tak for handlen og på gensyn")).toBe(false)
  })
})

describe("the seller named beside a marketplace", () => {
  it("reads the issuer after 'Verkauft von' / 'Vendu par'", () => {
    const page = [
      "marktbude.de                                Verkauft von: Holzspielwaren Brenner e.K.",
      "                                            Inh. Sabine Brenner",
      "Marktplatz                                  Am Anger 4, 99084 Erfurt",
      "",
      "Rechnung",
      "Rechnungs-Nr.   MB-2025-77120",
      "Rechnungsdatum  02.05.2025",
      "",
      "Artikel                                  Menge       Betrag",
      "Holzeisenbahn Set                            1        49,90",
      "                                 Gesamtbetrag        49,90 €"
    ]
    expect(parties(page).issuer).toBe("Holzspielwaren Brenner e.K.")
  })
})

describe("items under a position's heading alone", () => {
  it("reads the description from a first column headed 'Position' when no heading names it", () => {
    expect(
      itemRowsOf([
        "Stadtwerke Beispielstadt GmbH",
        "Jahresabrechnung Gas 2024",
        "",
        "Position                                  Menge        Preis netto €     Betrag netto €",
        "Arbeitspreis Gas                      12.400 kWh             0,0912           1.130,88",
        "Grundpreis                             12 Monate              9,50              114,00",
        "                                                   Summe netto              1.244,88",
        "                                                   Rechnungsbetrag brutto   1.481,41"
      ])
    ).toEqual([["Arbeitspreis Gas", 12400, 1130.88], ["Grundpreis", 12, 114]])
  })
})

describe("till receipts", () => {
  it("reads a Singapore address whole: its first lines before any street word, its unit's number alone", () => {
    expect(
      receipt([
        "   KOPI CORNER PTE. LTD.",
        "   21 WOODLANDS SQUARE 3",
        "    #02-15 CAUSEWAY 2",
        "    SINGAPORE 738099",
        "    TEL: 6362 1180",
        "No: W2-0033120 11/03/2024 07:55",
        "KOPI O                     1.60",
        "TOTAL                      1.60"
      ]).address
    ).toBe("21 WOODLANDS SQUARE 3 #02-15 CAUSEWAY 2 SINGAPORE 738099")
    expect(
      receipt([
        "       PINE CLINIC",
        "   PINE MEDICAL PTE. LTD.",
        " BLK 88 TOA PAYOH LORONG 4",
        "         #01-12",
        "    SINGAPORE 310088",
        "RCPT: 0091 05/03/2024 10:40",
        "CONSULTATION              30.00",
        "TOTAL                     30.00"
      ]).address
    ).toBe("BLK 88 TOA PAYOH LORONG 4 #01-12 SINGAPORE 310088")
  })
})

describe("what these rules leave alone", () => {
  it("keeps items whose names start with a card network's word, and a salesperson 'Vendu par' names", () => {
    expect(
      itemRowsOf([
        "Wayfarer Travel Ltd",
        "Description                          Qty     Unit Price      Amount",
        "Return flights LHR-BKK                 1         620.00      620.00",
        "Visa application service               1          45.00       45.00",
        "Travel insurance                       1          35.00       35.00",
        "                                      Total GBP              700.00"
      ]).map((row) => row[2])
    ).toEqual([620, 45, 35])
    expect(
      parties([
        "Meubles Dubois SARL",
        "12 rue Nationale",
        "37000 Tours",
        "",
        "Facture n° F-2024-311            Vendu par : Sophie",
        "Date : 12/03/2024",
        "",
        "Désignation                 Qté      Montant",
        "Table chêne                   1       890,00",
        "                       Total TTC      890,00"
      ]).issuer
    ).toBe("Meubles Dubois SARL")
  })

  it("reads a credit note's own number, not the invoice it refers to", () => {
    expect(
      valueOf(
        extractLines(
          [
            "Müller Haustechnik GmbH",
            "Hauptstr. 1",
            "80331 München",
            "",
            "Gutschrift Nr. G-2024-7",
            "Datum: 12.03.2024",
            "Rechnungsreferenz: 2024-31",
            "",
            "Gesamtbetrag -50,00 €"
          ],
          "invoice",
          { invoice_number: "The invoice number" }
        )["invoice_number"]
      )
    ).toBe("G-2024-7")
  })

  it("takes no first name 'Zac', no first floor '1. OG', no 'March, 2024' and no opening hours for an address's part", () => {
    expect(nameLike("Zac Thompson")).toBe(true)
    expect(nameLike("Zone Sport Loisirs")).toBe(true)
    expect(hasLegalForm("Ärztehaus, 1. OG")).toBe(false)
    expect(townLine("Services for March, 2024")).toBe(false)
    expect(
      receipt([
        "     THE CORNER SHOP LTD",
        "   Open 7 days 7am - 10pm",
        "      24 Market Street",
        "      Leeds LS1 6DT",
        "12/05/2024 09:12",
        "Milk 2L                    1.45",
        "TOTAL                      1.45"
      ]).address
    ).toBe("24 Market Street Leeds LS1 6DT")
  })

  it("gives no position's number for a description under 'Pos'", () => {
    expect(
      itemRowsOf([
        "Elektro Huber GmbH",
        "Pos    Text                             Menge     Preis      Betrag",
        "1      Kabel NYM 3x1,5 50 m                 2     39,90       79,80",
        "2      Abzweigdose AP                      10      2,10       21,00",
        "                                         Summe netto         100,80"
      ]).map((row) => row[0])
    ).not.toContain("1")
  })
})
