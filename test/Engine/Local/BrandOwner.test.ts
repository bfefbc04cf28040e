import { describe, expect, it } from "@effect/vitest"
import { extractLines, partiesOf as parties, valueOf } from "../fixtures.js"

const RECEIPT = {
  company: "Name of the store or company that issued the receipt",
  address: "Address of the store",
  total: { type: "number", description: "Total amount paid" }
}

describe("the owner a letterhead names under its brand", () => {
  it("gives the sole trader named with its legal form under a brand in small letters", () => {
    const page = [
      "atelier lune",
      "photographie & retouche",
      "Margot Lefèvre EI",
      "5 rue des Halles, 22000 Saint-Brieuc",
      "SIRET 901 234 567 00012",
      "contact@atelierlune.fr",
      "",
      "                                       Boulangerie Le Goff SARL",
      "                                       2 place du Martray",
      "                                       22000 Saint-Brieuc",
      "",
      "Facture n° 2025-031                    Saint-Brieuc, le 2 avril 2025",
      "Prestation                          Qté      Prix unitaire      Montant",
      "Reportage photo boutique              1           450,00         450,00",
      "                                           Total à payer        450,00 €"
    ]
    expect(parties(page).issuer).toBe("Margot Lefèvre EI")
  })

  it("gives the person named right over the owner's tax number under a brand", () => {
    const page = [
      "NORTE REFORMAS                           DATOS DEL CLIENTE",
      "Reformas integrales · fontanería         Talleres Ebro, S.L.",
      "Andrés Gil Navarro                       Calle Mayor 12",
      "NIF 25123456J                            50001 Zaragoza",
      "C/ San Miguel 8, 2º",
      "50001 Zaragoza",
      "info@nortereformas.es",
      "",
      "FACTURA",
      "Nº de factura 2025-022",
      "Fecha 03/03/2025",
      "Concepto                               Cantidad    Precio     Total",
      "Sustitución de grifería                     1      180,00    180,00",
      "                                           Total factura   217,80 €"
    ]
    expect(parties(page).issuer).toBe("Andrés Gil Navarro")
  })

  it("takes no line of the address over a tax number for the owner (a receipt's town over its GST ID)", () => {
    const out = extractLines(
      [
        "        SEVEN SEAS",
        "       BISTRO & CAFE",
        "      22, JALAN SS2/64,",
        "      PETALING JAYA",
        "   GST ID : 001234567890",
        "BILL DT: 12/03/2018 10:25:49 PM",
        "1 FRIED RICE                 12.00",
        "NET TOTAL                    12.00"
      ],
      "receipt",
      RECEIPT
    )
    expect(valueOf(out["company"])).not.toBe("PETALING JAYA")
  })
})

describe("the company a legal line names at the letterhead's address", () => {
  const invoice = (footer: string) => [
    "stylwerk                                                       Annenstraße 61 · 8020 Graz",
    "                                                                 office@stylwerk.example",
    "raumausstattung · vorhänge · polsterei                              www.stylwerk.example",
    "",
    "Hotel Kögl KG                                          Rechnung Nr.     SW-24-0209",
    "Sackstraße 12                                          Rechnungsdatum   05.02.2024",
    "8010 Graz",
    "",
    "Pos.  Bezeichnung                           Menge     EP €      Gesamt €",
    "1     Vorhangstoff Alba                      46,5    38,90      1.808,85",
    "                                             Gesamtbetrag EUR   2.170,62",
    // The footer at the page's foot.
    ...Array<string>(33).fill(""),
    footer
  ]

  it("gives the company of the footer's legal line at the brand's address", () => {
    expect(
      parties(invoice("Raumausstattung Pichler GmbH · Annenstraße 61, 8020 Graz · FN 402117 m · UID ATU69022815"))
        .issuer
    ).toBe("Raumausstattung Pichler GmbH")
  })

  it("still reads the recipient's window under the brand's block once the footer's company is the issuer", () => {
    expect(parties([
      "stylwerk                                                        RECHNUNG",
      "Annenstraße 61 · 8020 Graz",
      "www.stylwerk.at",
      "",
      "Frau Maria Gruber",
      "Elisabethstraße 9",
      "8010 Graz",
      "",
      "Rechnungsnr. SW-2024-088                         Datum 12.03.2024",
      "",
      "Leistung                                       Menge     Preis       Betrag",
      "Vorhänge nähen                                     3    120,00       360,00",
      "                                             Gesamtbetrag            432,00",
      ...Array<string>(33).fill(""),
      "Raumausstattung Pichler-Strohmeier GmbH · Annenstraße 61, 8020 Graz · FN 412233a · UID ATU66778899"
    ])).toEqual({ issuer: "Raumausstattung Pichler-Strohmeier GmbH", customer: "Maria Gruber" })
  })

  it("keeps the brand when the legal line's company is at another address", () => {
    expect(
      parties(invoice("Alpen Holding GmbH · Ringstraße 4, 1010 Wien · FN 118822 a · UID ATU11223344")).issuer
    ).not.toBe("Alpen Holding GmbH")
  })
})

describe("a footer naming the issuer's parent", () => {
  it("leaves the brand the issuer: 'Ein Unternehmen der …' names another company", () => {
    expect(parties([
      "Frischeparadies Deli                                             RECHNUNG",
      "Große Elbstraße 210 · 22767 Hamburg",
      "",
      "Restaurant Elbblick GmbH                           Rechnungsnr.   FP-24-5512",
      "Elbchaussee 130                                    Datum          21.05.2024",
      "22763 Hamburg",
      "",
      "Artikel                                        Menge     Preis       Betrag",
      "Lachsfilet frisch kg                               6     28,90       173,40",
      "                                             Gesamtbetrag           185,54",
      ...Array<string>(35).fill(""),
      "Ein Unternehmen der Transgourmet Deutschland GmbH & Co. OHG · Große Elbstraße 210, 22767 Hamburg · HRA 12345"
    ])).toEqual({ issuer: "Frischeparadies Deli", customer: "Restaurant Elbblick GmbH" })
  })
})
