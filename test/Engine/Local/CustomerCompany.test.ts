import { describe, expect, it } from "@effect/vitest"
import { partiesOf as parties } from "../fixtures.js"

describe("a customer's label naming a person while the document is addressed to a company", () => {
  it("gives the company a hotel's bill is addressed to, not its guest under 'Client'", () => {
    const page = [
      "HÔTEL DU CANAL                                            Hôtel du Canal SARL",
      "                                                          14 quai Riquet",
      "                                                          11100 Narbonne",
      "",
      "                                                          Facture n° H-2025-0412",
      "                                                          Date 18/03/2025",
      "Atelier Bréhat Conseil SAS            Client       M. Louis Morvan",
      "Service comptabilité                  Arrivée      15/03/2025",
      "22 rue de la Loge                     Départ       18/03/2025",
      "34000 Montpellier",
      "",
      "Prestation                            Qté      P.U. TTC      Montant TTC",
      "Chambre double                          3        110,00           330,00",
      "                                                    Total TTC     330,00 €"
    ]
    expect(parties(page).customer).toBe("Atelier Bréhat Conseil SAS")
  })

  it("does so for a German 'Kunde: Herr …' beside the company's address", () => {
    const page = [
      "Gasthof zur Linde KG",
      "Dorfstraße 4, 83229 Aschau",
      "",
      "Weber Haustechnik GmbH                    Rechnung Nr. 2025-311",
      "Industriestraße 8                         Datum 02.04.2025",
      "83022 Rosenheim                           Kunde: Herr Max Weber",
      "",
      "Leistung                                  Menge     Preis      Betrag",
      "Übernachtung Einzelzimmer                   2      89,00      178,00",
      "                                          Gesamtbetrag EUR    178,00"
    ]
    expect(parties(page).customer).toBe("Weber Haustechnik GmbH")
  })

  it("keeps the person when the document is addressed to the person", () => {
    const page = [
      "HÔTEL DU CANAL                                            Hôtel du Canal SARL",
      "                                                          14 quai Riquet",
      "                                                          11100 Narbonne",
      "",
      "M. Louis Morvan                       Client       M. Louis Morvan",
      "22 rue de la Loge                     Arrivée      15/03/2025",
      "34000 Montpellier                     Facture n° H-2025-0413",
      "",
      "Prestation                            Qté      P.U. TTC      Montant TTC",
      "Chambre double                          3        110,00           330,00",
      "                                                    Total TTC     330,00 €"
    ]
    expect(parties(page).customer).toBe("M. Louis Morvan")
  })
})

describe("a guest's label, the customer where nothing else names one", () => {
  const hotel = (left: string, right: string) => [
    "Hotel Seeblick GmbH                                 RECHNUNG",
    "Seestraße 4, 82319 Starnberg",
    "",
    `${left.padEnd(52)}Rechnung Nr. 4711`,
    `${right.padEnd(52)}Datum 12.03.2024`,
    "80331 München",
    "",
    "Leistung                              Menge    Preis      Betrag",
    "Übernachtung                             2    120,00      240,00",
    "                                      Gesamtbetrag EUR    256,80"
  ]

  it("reads the guest of a hotel's bill as the customer", () => {
    expect(parties(hotel("Gast: Herr Thomas Müller", "Lindenweg 3")).customer).toBe("Herr Thomas Müller")
    expect(parties(hotel("Guest: Ms. Laura Bennett", "27 Rose Avenue")).customer).toBe("Ms. Laura Bennett")
  })

  it("takes no patient for the customer: a vet's patient is a pet, a hospital's is not who pays", () => {
    expect(parties(hotel("Patient: Biscuit", "Owner: Karen Mitchell")).customer).not.toBe("Biscuit")
  })

  it("keeps the customer a stronger label names over the guest", () => {
    expect(parties(hotel("Kunde: Weber Consulting GmbH", "Gast: Herr Thomas Müller")).customer)
      .toBe("Weber Consulting GmbH")
  })
})
