import { describe, expect, it } from "@effect/vitest"
import { itemRowsOf } from "../fixtures.js"

describe("an item table's header whose words OCR read without their first letter", () => {
  it("reads 'enge', 'reis', 'etto' as Menge, Preis, Netto on a row naming another column, and ends at the tax summary", () => {
    expect(
      itemRowsOf([
        "Kaffeehaus Lindner OG",
        "RECHNUNG",
        "Artikel                           enge      reis EUR    USt.    etto EUR",
        "Espressobohnen Hausmischung 1 kg    12         24,80    10 %      297,60",
        "Filterkaffee gemahlen 500 g         20          8,90    10 %      178,00",
        "Milchkännchen Edelstahl              2         18,50    20 %       37,00",
        "",
        "USt.-Satz      Netto       USt.      Brutto",
        "10 %          475,60      47,56      523,16",
        "20 %           37,00       7,40       44,40",
        "                                   Gesamtbetrag EUR 567,56"
      ])
    ).toEqual([
      ["Espressobohnen Hausmischung 1 kg", 12, 297.6],
      ["Filterkaffee gemahlen 500 g", 20, 178],
      ["Milchkännchen Edelstahl", 2, 37]
    ])
  })

  it("reads no such word on a row that names no column ('enge Gassen', 'etto' alone)", () => {
    expect(
      itemRowsOf([
        "Stadtführungen Berger",
        "Führung durch enge Gassen     etto",
        "Altstadtführung 2 Std.             1     120,00"
      ])
    ).toEqual([])
  })
})
