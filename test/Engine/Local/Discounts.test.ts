import { describe, expect, it } from "@effect/vitest"
import { extractLines, valueOf } from "../fixtures.js"

const discountOf = (lines: ReadonlyArray<string>) =>
  valueOf(extractLines(lines, "invoice", { discount: "number" })["discount"])

const HEAD = [
  "Muster Handwerk GmbH                           Rechnung Nr. 2024-0815",
  "Lindenweg 7, 34117 Kassel                      Datum: 14.03.2024",
  "",
  "Pos.  Bezeichnung                  Menge     Gesamt",
  "1     Montage Fenster                  3     200,00",
  ""
]

describe("a discount", () => {
  it("is the amount its row ends with, after the rate and the base it is taken from", () => {
    expect(discountOf([...HEAD, "Remise commerciale 20,00 % sur 200,00 EUR        -40,00", "Total TTC    192,00"]))
      .toBe(
        -40
      )
  })

  it("is not read from the terms of payment's sentence, nor its days", () => {
    expect(
      discountOf([
        ...HEAD,
        "Gesamtbetrag                                    238,00",
        "Bitte zahlen Sie innerhalb 21 Tagen ohne Abzug bis 20.04.2031, 2% Skonto innerhalb 7 Tagen bis 05.04.2031"
      ])
    ).toBeNull()
  })
})

describe("a date's label inside a sentence", () => {
  it("labels no date: the sentence's own dates are not the field's", () => {
    const lines = [
      ...HEAD,
      "Gesamtbetrag                                    238,00",
      "En cas de retard après la date d'échéance indiquée, des pénalités seront dues au taux légal prévu,",
      "(selon le texte du 12 mars 2015) ainsi qu'une indemnité de 40 euros pour les frais engagés."
    ]
    const got = extractLines(lines, "invoice", { due_date: "date" })
    expect(valueOf(got["due_date"])).toBeNull()
  })

  it("labels the date written right after it", () => {
    const lines = [
      ...HEAD,
      "Gesamtbetrag                                    238,00",
      "Please pay the amount shown above by the due date 30.04.2031 to our bank account."
    ]
    const got = extractLines(lines, "invoice", { due_date: "date" })
    expect(valueOf(got["due_date"])).toBe("2031-04-30")
  })
})
