import { describe, expect, it } from "@effect/vitest"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec, valueOf } from "../fixtures.js"

const TEMPLATE = { date: { type: "date", description: "Invoice date (date of issue)" } }

const invoice = [
  "Netzwerk Huber GmbH · Lindwurmstr. 4 · 80337 München",
  "",
  "Gasthaus Krone KG                                Rechnungs-Nr.   R-24-0112",
  "Marktplatz 3                                     Rechnungsdatum  05.04.2024",
  "82362 Weilheim",
  "",
  "Pos.  Bezeichnung                          Menge      Einzelpreis      Gesamt €",
  "1     Wartung Netzwerk März 2024              1           450,00        450,00",
  "                                              Rechnungsbetrag brutto    535,50"
]
const serviceLog = [
  "Anlage zur Rechnung R-24-0112: Leistungsnachweis März 2024",
  "",
  "Datum         Techniker    Tätigkeit                              Std.",
  "04.03.2024    T. Berg      Router getauscht                       2,00",
  "12.03.2024    T. Berg      Firewall-Regeln angepasst              1,50",
  "26.03.2024    S. Aydin     WLAN Gastraum eingerichtet             3,00"
]

describe("a label over a column of dates", () => {
  it("heads a table's dates: an annex's service log gives no invoice date", () => {
    const model = pageModelFromLines([serviceLog, invoice])
    expect(valueOf(extractSection(model, [1, 2], spec("invoice", TEMPLATE))["date"])).toBe("2024-04-05")
  })

  it("leaves a date alone under its label", () => {
    const page = [
      "Rechnung R-24-0113",
      "",
      "Datum",
      "08.04.2024",
      "",
      "Pos.  Bezeichnung    Gesamt €",
      "1  Wartung   450,00"
    ]
    expect(valueOf(extractSection(pageModelFromLines([page]), [1], spec("invoice", TEMPLATE))["date"])).toBe(
      "2024-04-08"
    )
  })
})

describe("a date with no label of the document's own", () => {
  const dateOf = (page: Array<string>) =>
    valueOf(extractSection(pageModelFromLines([page]), [1], spec("invoice", TEMPLATE))["date"])

  it("is not another document's ('Ihr Auftrag 08.01.2024', 'Auftrag vom …') nor the end of a period ('bis …')", () => {
    expect(
      dateOf([
        "Elektro Brandt GmbH · Werkstr. 3 · 04229 Leipzig              Ihr Auftrag 08.01.2024",
        "Wohnbau Süd eG                                                Rechnungs-Nr. AR-2024-0051",
        "",
        "gemäß Zahlungsplan zu unserem Auftrag vom 08.01.2024 berechnen wir:",
        "Pos.  Bezeichnung                                 Menge        GP €",
        "1     Baustromverteiler, vorgehalten bis 31.03.2024   1    1.450,00",
        "                                      Rechnungsbetrag      1.725,50 €"
      ])
    ).toBeNull()
  })

  it("is still a letter's date line ('Leipzig, den 14.03.2024')", () => {
    expect(
      dateOf([
        "Elektro Brandt GmbH · Werkstr. 3 · 04229 Leipzig              Ihr Auftrag 08.01.2024",
        "Wohnbau Süd eG                                                Leipzig, den 14.03.2024",
        "Rechnung AR-2024-0051",
        "Pos.  Bezeichnung                                 Menge        GP €",
        "1     Baustromverteiler                             1      1.450,00",
        "                                      Rechnungsbetrag      1.725,50 €"
      ])
    ).toBe("2024-03-14")
  })

  it("is not a stay's first or last day ('Anreise 08.04.2024', 'Check-out 12/04/2024')", () => {
    expect(
      dateOf([
        "Hotel Bergblick GmbH · Dorfstraße 12 · 6580 St. Anton",
        "",
        "Novatec Beratung OG                                   Zimmer 31",
        "Praterstraße 10                                       Anreise 08.04.2024",
        "1020 Wien                                             Abreise 12.04.2024",
        "",
        "Rechnung Nr. 7741                                                 14.04.2024",
        "Leistung                                   Anzahl      Preis      Betrag",
        "Übernachtung Doppelzimmer                      4      150,00      600,00",
        "                                      Gesamtbetrag inkl. USt.     660,00"
      ])
    ).toBe("2024-04-14")
    expect(
      dateOf([
        "The Harbour Inn Ltd, 2 Quay Street, Galway",
        "Guest: Ms Aoife Byrne                   Check-in   08/04/2024",
        "                                        Check-out  12/04/2024",
        "Folio 5512                                          14/04/2024",
        "Accommodation, 4 nights                             600.00",
        "                                    Total EUR       660.00"
      ])
    ).toBe("2024-04-14")
  })
})
