/** A document's date where a generic label ("Date") and the template's own ("Date of issue") both lead to one. */
import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const TEMPLATE = { date: { type: "date", description: "Invoice date (date of issue)" } }

const dateOf = (lines: ReadonlyArray<string>) => valueOf(extractLines(lines, "invoice", TEMPLATE)["date"])

describe("an invoice's date", () => {
  it("is the one its own label names, not one a word sets apart from a generic label ('Date duc')", () => {
    for (const due of ["Date due", "Date duc", "Datum Lieferung"]) {
      expect(
        dateOf([
          "Fernhill Software Ltd.                                 Invoice",
          "",
          "Billed to                          Invoice number    INV-3107",
          "Tallow Lane Bakery                 Date of issue     March 5th, 2031",
          `14 Quay Street                     ${due.padEnd(18)}April 4th, 2031`
        ]),
        due
      ).toBe("2031-03-05")
    }
  })

  it("is read at a generic label followed by its value", () => {
    expect(dateOf(["Fernhill Software Ltd.", "Invoice INV-3108", "Date:   March 6th, 2031"])).toBe("2031-03-06")
  })

  it("is never the first item's date under an item table's 'Datum' column", () => {
    const got = extractLines(
      [
        "                                             Physiopraxis am Dom",
        "                                             Domplatz 5 · 91054 Erlangen",
        "Herrn",
        "Jonas Weber",
        "Schillerstraße 18",
        "91052 Erlangen",
        "                                             Erlangen, 25.11.2031",
        "Rechnung Nr. 2031/0418",
        "Datum         Leistung                        Anzahl        Betrag",
        "04.11.2031    Krankengymnastik                     1       32,50 €",
        "11.11.2031    Manuelle Therapie                    1       38,00 €",
        "                                       Gesamtbetrag        70,50 €"
      ],
      "invoice",
      TEMPLATE
    )["date"]
    expect(valueOf(got)).toBe("2031-11-25")
  })

  it("is read at 'ISSUED', not at the due date in an amount-due box above it", () => {
    expect(dateOf([
      "Bluewater Consulting Ltd                              AMOUNT DUE",
      "14 Dock Street, Dundee DD1 3DR                         £4,320.00",
      "                                                  by 31 Jan 2031",
      "",
      "CUSTOMER                          INVOICE   BC-0193",
      "Tay Valley Distillers Ltd         ISSUED    1 January 2031",
      "Mill Road, Perth PH1 5QT          TERMS     30 days"
    ])).toBe("2031-01-01")
  })
})

describe("a date asked for as text", () => {
  it("is read as a date whatever date it names: a service's, a stay's first and last days", () => {
    const got = extractLines(
      [
        "Hotel Seeblick GmbH · Uferweg 3 · 6020 Innsbruck",
        "Rechnung Nr. 2031-0412                     Rechnungsdatum: 14.03.2031",
        "Anreise: 10.03.2031 Zimmer 12",
        "Abreise: 13.03.2031 Zimmer 12",
        "Leistungsdatum: 13.03.2031 Hotel",
        "Gesamtbetrag                                          412,00 EUR"
      ],
      "invoice",
      {
        arrival_date: { type: "string", description: "Arrival date" },
        departure_date: { type: "string", description: "Departure date" },
        service_date: { type: "string", description: "Date of service" }
      }
    )
    expect([valueOf(got["arrival_date"]), valueOf(got["departure_date"]), valueOf(got["service_date"])]).toEqual([
      "10.03.2031",
      "13.03.2031",
      "13.03.2031"
    ])
  })
})
