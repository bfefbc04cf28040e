import { describe, expect, it } from "@effect/vitest"
import { itemRowsOf } from "../fixtures.js"

const page = (header: string, rows: Array<string>, sums: Array<string> = []) => [
  "Schrauben-Kontor GmbH",
  "Rechnung Nr. 2025-118",
  "Datum 03.03.2025",
  "",
  header,
  ...rows,
  "",
  ...sums
]

const quantities = (lines: Array<string>) => itemRowsOf(lines).map((row) => row[1])

describe("a line's count by its arithmetic", () => {
  it("takes the count a price per 100 makes the amount with, not a grade in the description run into the column", () => {
    expect(
      quantities(page("Pos  Bezeichnung                        Menge  ME    Preis   PE    Betrag", [
        "10   Sechskantschraube ISO 4017 M10x40 8.8 vz 500 Stk  12,80  100   64,00",
        "20   Gewindestange DIN 976 M12x1000 4.6 vz    20 Stk    2,35    1   47,00"
      ], ["                                       Gesamtbetrag          111,00"]))
    ).toEqual([500, 20])
  })

  it("takes a count OCR set outside its column, its decimal mark lost, or its unit glued to it", () => {
    expect(
      quantities(page("Pos  Menge  Einh.  Bezeichnung                Einzelpreis   MwSt   Gesamtpreis", [
        "18                3 Stk  PTZ-Kamera                140,00      19        420,00",
        "19   15     Std    Service Siebträgermaschine        145,00      19        217,50",
        "20   2000ex.       Sacs kraft imprimés               0,210       19        420,00"
      ], ["                                          Gesamtbetrag               1.057,50"]))
    ).toEqual([3, 1.5, 2000])
  })

  it("reads a count in thousands as the row's amount writes its numbers, with a price to the tenth of a cent", () => {
    expect(
      quantities(page("Código      Concepto                         Cantidad   Ud.     Precio      Importe", [
        "CAT-A4-24   Catálogo corporativo 24 págs.       1.500     ud      1,860     2.790,00",
        "TRI-A4      Folleto tríptico A4 plegado         5.000     ud      0,094       470,00",
        "EXP-SM      Expositor de sobremesa                 40     ud     12,750       510,00"
      ], ["                                           TOTAL A PAGAR        3.770,00 €"]))
    ).toEqual([1500, 5000, 40])
    // A price OCR read with a dot in a comma's place is still a price ("0.210" by "420,00").
    expect(
      quantities(page("Ref        Désignation                        Qté        PU HT      Montant HT", [
        "IMP-415    Sacs kraft imprimés au logo         2000ex.    0.210          420,00 €"
      ], ["                                         Total TTC              504,00 €"]))
    ).toEqual([2000])
  })

  it("keeps a count its price bears out, a count of one at its amount, and a count no single number replaces", () => {
    expect(
      quantities(page("Pos  Bezeichnung                   Menge    Einzelpreis   Rabatt     Betrag", [
        // A discount: the count makes no amount, and the position's number, which would, is no count.
        "2    Beratung vor Ort                 4          25,00        50 %      50,00",
        "3    Pauschale Anfahrt                1          35,00                  35,00",
        "4    Schulung                         3          80,00                 240,00"
      ], ["                                     Gesamtbetrag             325,00"]))
    ).toEqual([4, 1, 3])
  })

  it("leaves counts alone in a table with a discount column, and takes neither the amount nor a rate for a count (found by a review)", () => {
    expect(
      quantities(page("Pos  Bezeichnung                Menge     Preis     Rabatt     Betrag", [
        "1    Kabel Cat6 2m                  4      10,00      50 %       20,00",
        "2    Kabel Cat6 3 m                 5       4,00      40 %       12,00",
        "3    Bleistift                     10       1,00      10 %        9,00"
      ], ["                                        Gesamtbetrag         41,00"]))
    ).toEqual([4, 5, 10])
    expect(
      quantities(page("Pos  Bezeichnung                Menge     Preis     MwSt     Brutto", [
        "2    Stift                          2       1,00       19        2,38",
        "10   Kabel 36 m                     4      25,00     10 %       90,00"
      ], ["                                        Gesamtbetrag         92,38"]))
    ).toEqual([2, 4])
  })
})
