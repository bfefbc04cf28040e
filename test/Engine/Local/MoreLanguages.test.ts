import { describe, expect, it } from "@effect/vitest"
import { hasLegalForm } from "../../../src/Engine/Local/LegalForms.js"
import { extractLines, partiesOf as parties, valueOf } from "../fixtures.js"

const INVOICE = {
  invoice_number: "The invoice number",
  date: { type: "date", description: "Invoice date" },
  amount: { type: "number", description: "Total amount to pay, taxes included" }
}

const header = (lines: Array<string>) => {
  const out = extractLines(lines, "invoice", INVOICE)
  return {
    number: valueOf(out["invoice_number"]),
    date: valueOf(out["date"]),
    amount: valueOf(out["amount"])
  }
}

describe("Spanish and Italian invoices' headers", () => {
  it("reads a row of labels over their values: 'Nº FACTURA' is the number, 'ALBARÁN' beside 'CLIENTE' no customer", () => {
    const page = [
      "SUMINISTROS HOSTELEROS LEVANTE                                              FACTURA",
      "Suministros Hosteleros Levante, S.L.",
      "46988 Paterna (Valencia) · CIF B97123456",
      "",
      "Nº FACTURA      FECHA         CLIENTE      ALBARÁN                      FORMA DE PAGO",
      "FV25-00731      17-03-2025    4302         AV25-02214 de 14-03-2025     Recibo 30 días",
      "",
      "                                                    ARROCERÍA LA ALBUFERA, S.L.",
      "                                                    Avda. de los Pinares, 8",
      "                                                    46012 El Saler (Valencia)",
      "",
      "Código     Descripción                          Cant.     Precio     Importe",
      "PA-60      Paella acero pulido 60 cm               4       24,90       99,60",
      "                                          TOTAL FACTURA            120,52 €"
    ]
    expect(header(page)).toEqual({ number: "FV25-00731", date: "2025-03-17", amount: 120.52 })
    expect(parties(page).customer).toBe("ARROCERÍA LA ALBUFERA, S.L.")
  })

  it("takes the number under a title a line of another column separates from it ('FATTURA' … 'Numero   7/2025')", () => {
    expect(
      header([
        "Studio Associato Ferrandi & Colombo",
        "Via Emilia Est 227 – 41121 Modena",
        "",
        "FATTURA                                             Spett.le",
        "                                                    Immobiliare Valtrebbia S.r.l.",
        " Numero              7/2025                         Via Cavour 18",
        " Data                14/02/2025                     29121 Piacenza (PC)",
        "",
        "Descrizione                                   Q.tà      Importo",
        "Progettazione strutturale                        1     3.800,00",
        "                              Totale documento         4.636,00"
      ]).number
    ).toBe("7/2025")
  })

  it("makes the amount to pay what is left after a tax withheld ('ritenuta d'acconto', 'retención IRPF')", () => {
    const italian = [
      "Studio Associato Ferrandi & Colombo",
      "FATTURA N. 7/2025 del 14/02/2025",
      "",
      "Descrizione                                   Q.tà      Importo",
      "Progettazione strutturale                        1     6.210,00",
      "",
      "                         Imponibile IVA                 6.458,40",
      "                         IVA 22%                        1.420,85",
      "                         Totale documento               7.879,25",
      "                         Ritenuta d'acconto 20%       - 1.242,00",
      "                         NETTO A PAGARE               € 6.637,25"
    ]
    expect(header(italian).amount).toBe(6637.25)
    const spanish = [
      "Lucía Ortega Ramírez · Traducción jurada",
      "Nº de factura      2025-014",
      "Fecha              21/02/2025",
      "",
      "Concepto                                   Cantidad    Precio     Total",
      "Traducción jurada                                 1    870,00    870,00",
      "",
      "                          Base imponible              870,00 €",
      "                          IVA (21%)                   182,70 €",
      "                          Retención IRPF (15%)       -130,50 €",
      "                          TOTAL A PAGAR               922,20 €"
    ]
    expect(header(spanish).amount).toBe(922.2)
    // Without a tax withheld, the document's total stays the amount.
    expect(header(italian.slice(0, 9)).amount).toBe(7879.25)
  })
})

describe("a document's date beside another document's number", () => {
  const page = (rows: Array<string>) => [
    "Gráficas Albaicín, S.L.",
    "C/ San Juan de los Reyes, 27, 18010 Granada",
    "",
    ...rows,
    "",
    "Código      Concepto                        Cantidad     Precio      Importe",
    "CAT-24      Catálogo corporativo                 100      18,60     1.860,00",
    "                                           TOTAL A PAGAR          2.250,60 €"
  ]

  it("is the title line's, not the order's or the delivery note's", () => {
    expect(
      header(page([
        "Cliente nº      000412",
        "Pedido          PQ-2025-031 (12/02/2025)",
        "Albarán         A-2025/0207 (28/02/2025)",
        "",
        "Factura nº F-2025/118 de 3 de marzo de 2025"
      ])).date
    ).toBe("2025-03-03")
  })

  it("is the order's row's when the page has no other (a till receipt dates itself there)", () => {
    expect(header(page(["Order No. 1000219   11/03/2018 06:20 PM"])).date).toBe("2018-03-11")
  })

  it("is an order's row's date when no number is given it, before a later date of another kind (found by a review)", () => {
    const receipt = (order: string, later: string) => [
      "TAPERIA LA GIRALDA",
      "C/ Feria 12, Sevilla",
      order,
      "Tortilla española         2     3,50      7,00",
      "TOTAL                                     7,00",
      later
    ]
    expect(header(receipt("Pedido 1234        12/02/2025 18:20", "Devoluciones hasta 14/03/2025")).date).toBe(
      "2025-02-12"
    )
    expect(header(receipt("Auftrag 58         11.03.2018 18:20", "Abholung bis 30.04.2018")).date).toBe("2018-03-11")
    // A delivery note and invoice in one, its number's date the document's.
    expect(
      header([
        "Muster Handel GmbH",
        "Lieferschein / Rechnung 2025-118 vom 03.03.2025",
        "Menge  Bezeichnung                 Preis     Betrag",
        "2      Schraubenset                12,00      24,00",
        "                           Gesamtbetrag       24,00",
        "Gültig ab 01.01.2025: neue Preisliste"
      ]).date
    ).toBe("2025-03-03")
    expect(
      header([
        "Muster Handel GmbH",
        "Freiburg, 02.12.2024                Lieferung frei Haus",
        "Menge  Bezeichnung                 Preis     Betrag",
        "2      Schraubenset                12,00      24,00",
        "                           Gesamtbetrag       24,00"
      ]).date
    ).toBe("2024-12-02")
  })

  it("is a letter's date line before the dates of an order and a delivery in its header", () => {
    expect(
      header(page([
        "Auftrag          A-24/3318 vom 4. Dezember 2024",
        "Lieferung        15. Jänner 2025",
        "",
        "                                                   Innsbruck, 17. Jänner 2025",
        "RECHNUNG Nr. 2025/0012"
      ])).date
    ).toBe("2025-01-17")
  })
})

describe("a customer's heading in more languages", () => {
  it("names the customer under 'DATOS DEL CLIENTE'; a customer's reference in brackets names none", () => {
    expect(
      parties([
        "LEXIS                                       DATOS DEL CLIENTE",
        "                                            Asesoría Jurídica Montalbán, S.L.P.",
        "TRADUCCIONES                                A/A Sr. Javier Montalbán",
        "Lucía Ortega Ramírez                        Paseo de la Independencia, 22, 5º",
        "C/ Alfonso I, 17, 3º B                      50004 Zaragoza",
        "",
        "FACTURA",
        "Nº de factura      2025-014",
        "",
        "Concepto                                           Cantidad    Precio     Total",
        "Traducción jurada de contrato de distribución              1    533,50    533,50",
        "(ref. cliente: expediente 2025/017-MER)",
        "                                            TOTAL A PAGAR             533,50 €"
      ]).customer
    ).toBe("Asesoría Jurídica Montalbán, S.L.P.")
  })

  it("knows the legal forms of a sole trader and of professional companies", () => {
    expect(["Camille Roussel EI", "Atelier Morvan EIRL", "Asesoría Montalbán, S.L.P.", "Ticino Consulenze Sagl"]
      .map(hasLegalForm)).toEqual([true, true, true, true])
    expect(["Rue des Écoles", "Hei Tiki Tours", "Bio-Hof Frisches Ei", "Frühstück mit Ei"].map(hasLegalForm)).toEqual(
      [false, false, false, false]
    )
  })
})

describe("a Mexican invoice's parties", () => {
  it("reads the customer at 'Receptor', the issuer at 'Emisor'", () => {
    const page = [
      "FACTURA                                                     Serie A   Folio 1187",
      "",
      "Emisor:    Distribuidora Agrícola del Bajío S.A. de C.V.",
      "           RFC: DAB010203AB1      Régimen fiscal: 601",
      "           Blvd. Adolfo López Mateos 2310, 37270 León, Gto.",
      "Receptor:  Comercializadora Norteña de Granos S. de R.L. de C.V.",
      "           RFC: CNG990101XY2      Uso CFDI: G03",
      "",
      "Fecha de emisión: 2025-02-11T10:42:03",
      "",
      "Cantidad   Descripción                         Valor unitario     Importe",
      "     12    Sorgo grano, tonelada                    4,850.00     58,200.00",
      "                                                  Subtotal       58,200.00",
      "                                                  IVA 0%              0.00",
      "                                                  Total          58,200.00"
    ]
    expect(parties(page)).toMatchObject({
      issuer: "Distribuidora Agrícola del Bajío S.A. de C.V.",
      customer: "Comercializadora Norteña de Granos S. de R.L. de C.V."
    })
  })
})
