import { describe, expect, it } from "@effect/vitest"
import { brandOf, tradingCompany } from "../../../src/Engine/Local/CompanyNames.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import type { NameLine } from "../../../src/Engine/Local/NameLines.js"
import { pageModelFromPlaced } from "../../support/pageModel.js"
import { PARTIES, partiesOf as parties, spec, valueOf } from "../fixtures.js"

/** A name's line as the engine holds it, for the functions that look at its words only. */
const nameLine = (text: string) =>
  ({ words: text.split(" ").map((word) => ({ text: word, box: [0, 0, 0, 0] })) }) as unknown as NameLine

/** Blank lines down to the page's foot (a footer's rows lie below four fifths of the page). */
const toFooter = (lines: ReadonlyArray<string>): Array<string> => [
  ...lines,
  ...Array.from({ length: Math.max(0, 46 - lines.length) }, () => "")
]

/** A one-page invoice under a letterhead of the given lines, with a three-column footer. */
const invoice = (letterhead: ReadonlyArray<string>, footer: ReadonlyArray<string>) =>
  toFooter([
    ...letterhead,
    "",
    "Rechnungsadresse",
    "Tischlerei Ahrens GmbH",
    "Werkstraße 8",
    "49074 Osnabrück",
    "",
    "Rechnung Nr. 2031-0417 vom 12.03.2031",
    "",
    "Pos. Leistung                         Menge   Einzelpreis      Gesamt",
    "1    Wartung Lüftungsanlage              1        480,00      480,00",
    "                                    Nettobetrag               480,00",
    "                                    MwSt. 19 %                 91,20",
    "                                    Gesamtbetrag              571,20 EUR"
  ]).concat(footer)

describe("a brand in the letterhead, the company's legal name in the footer", () => {
  const FOOTER = [
    "Brauhaus Larsen Getränke GmbH     Bankverbindung              Amtsgericht Bremen HRB 22905",
    "Mühlenweg 2                       Weserbank                   USt-IdNr. DE 131 447 820",
    "28195 Bremen                      IBAN DE69 7116 0000 0002 4417 30"
  ]

  it("names the issuer by the legal name whose words the brand starts, its footer column's heading apart", () => {
    const got = parties(invoice(["                    Larsen", "        G E T R Ä N K E H A N D E L"], FOOTER))
    expect(got).toEqual({ issuer: "Brauhaus Larsen Getränke GmbH", customer: "Tischlerei Ahrens GmbH" })
  })

  it("ends the footer's legal name before a telephone's label and number its column's neighbour sets close", () => {
    const got = parties(invoice(["                    Larsen"], [
      "Brauhaus Larsen GmbH & Co. Tel. 0421 39 75 40   Weserbank                   Amtsgericht Bremen HRA 1290",
      "KG                         post@larsen.example  IBAN DE69 7116 0000 0002    USt-IdNr. DE 131 447 820"
    ]))
    expect(got.issuer).toBe("Brauhaus Larsen GmbH & Co.")
  })

  it("reads a brand in small letters as the start of the legal name's words", () => {
    const got = parties(invoice(["larsen brau", "Tel. 0421 39 75 40 · post@larsen-brau.example"], [
      "Larsen & Sohn Brauerei KG         Bankverbindung              Amtsgericht Bremen HRA 1290",
      "Mühlenweg 2                       Weserbank                   USt-IdNr. DE 131 447 820"
    ]))
    expect(got.issuer).toBe("Larsen & Sohn Brauerei KG")
  })

  it("never names the issuer by the web site's host name printed under the letterhead", () => {
    const got = parties(invoice([
      "Elbgrün Garten- und Landschaftsbau GmbH",
      "Fährstraße 52",
      "01279 Dresden",
      "buero@elbgruen-gala.example",
      "elbgruen-gala.example"
    ], []))
    expect(got.issuer).toBe("Elbgrün Garten- und Landschaftsbau GmbH")
  })

  it("keeps a brand when no legal name on the page goes with it", () => {
    const got = parties(invoice(["                    Larsen", "Mühlenweg 2, 28195 Bremen"], [
      "Weserbank · IBAN DE69 7116 0000 0002 4417 30 · USt-IdNr. DE 131 447 820"
    ]))
    expect(got.issuer).toBe("Larsen")
  })

  it("takes a word for the start of another only when it has three letters or more", () => {
    expect(brandOf("licht", "Lichtblick Veranstaltungstechnik GmbH")).toBe(true)
    expect(brandOf("feldmann druck", "Feldmann & Sohn Druckerei KG")).toBe(true)
    expect(brandOf("Druck Feldmann", "Feldmann & Sohn Druckerei KG")).toBe(false)
    expect(brandOf("AB Li", "ABC Lighting Ltd")).toBe(false)
    expect(brandOf("Larsen GmbH", "Larsen GmbH")).toBe(false)
  })

  it("names the company a footer says trades under the brand ('… Ltd trading as …'), not the whole phrase", () => {
    const got = parties(invoice(["                    The Harbour Lantern", "Custom House Quay, Dublin 1"], [
      "Quayside Inns Ltd trading as The Harbour Lantern · Registered in Ireland No. 712884 · VAT IE 9712884K"
    ]))
    expect(got.issuer).toBe("Quayside Inns Ltd")
    // A person trading under a name has no company before the words: the name stays as printed.
    expect(tradingCompany(nameLine("John Byrne t/a Byrne Plumbing")).words.map((w) => w.text).join(" ")).toBe(
      "John Byrne t/a Byrne Plumbing"
    )
  })

  it("reads a brand set in spaced letters, parted into other words, as the legal name's first words", () => {
    expect(brandOf("G AGNON BÉRUBÉ", "Gagnon Bérubé Avocats Inc.")).toBe(true)
    expect(brandOf("B R I G H T L I N E", "Brightline Creative LLC")).toBe(true)
    // The letters must end where one of the name's words ends, and the name must say more.
    expect(brandOf("G AGNO", "Gagnon Bérubé Avocats Inc.")).toBe(false)
    expect(brandOf("L ARSEN G MBH", "Larsen GmbH")).toBe(false)
    const got = parties([
      "G AGNON BÉRUBÉ                                               Gagnon Bérubé Avocats Inc.",
      "                                          900, boulevard René-Lévesque Est, bureau 610",
      "AVOCAT S · L AW YER S                                       Québec (Québec) G1R 2B5",
      "",
      "Québec, le 15 juillet 2024",
      "",
      "Transports Lévis ltée",
      "215, route 132",
      "Lévis (Québec) G6V 2C0",
      "",
      "Facture N° 24-0771",
      "Honoraires                                            Heures        Taux       Montant",
      "Analyse du contrat                                       4,0      285,00      1 140,00",
      "                                                 Total                        1 310,72 $"
    ])
    expect(got.issuer).toBe("Gagnon Bérubé Avocats Inc.")
  })
})

describe("the seller's own address block under its name and slogan", () => {
  it("is the seller's, so the window's block under the sender line is the customer's", () => {
    // The name in large print, set apart from its slogan and address; the sender line over the window.
    const lines = [
      "Möbelhaus Krüger OHG",
      "Herrn Stefan Krüger",
      "Gewerbepark Süd 31",
      "06112 Halle (Saale)",
      "",
      "Rechnung Nr.: AR2031/0357",
      "Rechnungsdatum: 23. März 2031",
      "",
      "Pos. Artikel                          Anzahl   Einzelpreis      Gesamt",
      "1    Palettentausch                      34          9,50      323,00",
      "                                    Gesamtbetrag              384,37 €"
    ]
    const model = pageModelFromPlaced([[
      { text: "Ostwind Logistik AG", x: 14, y: 0, size: 2 },
      { text: "Kontraktlogistik & Stückgut", x: 18, y: 3.2 },
      { text: "Hafenstraße 118 · 18147 Rostock", x: 17, y: 4.2 },
      { text: "Ostwind Logistik AG · Hafenstraße 118 · 18147 Rostock", x: 0, y: 7, size: 0.7 },
      ...lines.map((text, i) => ({ text, x: 0, y: 8 + i }))
    ]])
    const out = extractSection(model, [1], spec("invoice", PARTIES))
    expect({ issuer: valueOf(out["issuer"]), customer: valueOf(out["customer"]) })
      .toEqual({ issuer: "Ostwind Logistik AG", customer: "Möbelhaus Krüger OHG" })
  })
})

/** A bill's lines under the window's block of the letters below. */
const WINDOW_BILL = [
  "Rechnungsnummer: 18430",
  "Rechnungsdatum: 01.08.2031",
  "",
  "Pos. Leistung                         Menge   Einzelpreis      Gesamt",
  "1    Wartung Heizungsanlage              1        224,00      224,00",
  "                                    Gesamtbetrag              266,56 EUR"
]

describe("the window's block under a sender line as OCR reads it", () => {
  const windowLetter = (sender: string) =>
    parties(toFooter([
      "Kranich Haustechnik GmbH",
      "Lindenhofweg 14",
      "34117 Kassel",
      "Tel. 0561 48 29 310",
      "",
      sender,
      "Stadtwerke Mühlbach GmbH",
      "Abt. Einkauf / Herr Gerd Winkler",
      "Werkstraße 1",
      "74172 Neckarsulm",
      "",
      ...WINDOW_BILL
    ]))

  it("is the customer's when a mark between the sender's parts was read as a dash", () => {
    expect(windowLetter("Kranich Haustechnik GmbH · Lindenhofweg 14 - 34117 Kassel")).toEqual({
      issuer: "Kranich Haustechnik GmbH",
      customer: "Stadtwerke Mühlbach GmbH"
    })
  })

  it("is the customer's when the sender line's marks were glued to its words and a misread gap cut it", () => {
    expect(windowLetter("KranichHaustech nik         GmbH· Lindenhofweg 14· 34117 Kassel")).toEqual({
      issuer: "Kranich Haustechnik GmbH",
      customer: "Stadtwerke Mühlbach GmbH"
    })
  })

  it("is the customer's when the sender line was read without its spaces", () => {
    expect(windowLetter("KranichHaustechnikGmbHLindenhofweg14 34117Kassel").customer).toBe("Stadtwerke Mühlbach GmbH")
  })
})

describe("a letterhead whose name did not read, the legal name in a footer of columns", () => {
  it("names the issuer by the footer's company, beside its bank and legal columns, a speck above it apart", () => {
    const got = parties(
      invoice(["TRANSPORT & MESSAGERIE RÉGIONALE", "Tél. 03 80 46 77 10 · facturation@example.org"], [
        "a",
        "Transports Girardot SAS          Coordonnées bancaires         RCS Dijon 504 220 918",
        "ZA des Grands Prés               Banque de Bourgogne           SIRET 504 220 918 00041",
        "21800 Quetigny                   IBAN FR76 1027 8025 0000      N° TVA FR 27 504220918"
      ])
    )
    expect(got.issuer).toBe("Transports Girardot SAS")
  })

  it("takes a register court ('AG Traunstein HRB …') for no company", () => {
    const got = parties(invoice(["G E T R Ä N K E F A C H H A N D E L"], [
      "Brauhaus Larsen Getränke GmbH     Bankverbindung              AG Traunstein HRB 22905",
      "Mühlenweg 2                       Weserbank                   USt-IdNr. DE 131 447 820"
    ]))
    expect(got.issuer).toBe("Brauhaus Larsen Getränke GmbH")
  })
})

describe("names the rules above must not take (found by a review)", () => {
  it("keeps a sole trader's name over a bank in the footer's bank column ('Commerzbank AG')", () => {
    const got = parties(invoice(["Malerbetrieb Hans Weber", "Meisterbetrieb seit 1987"], [
      "Malerbetrieb Hans Weber          Bankverbindung                 Steuernummer 020/123/45678",
      "Inh. Hans Weber                  Commerzbank AG                 USt-IdNr. DE 131 447 820",
      "Lindenweg 4 · 35390 Gießen       IBAN DE69 7116 0000 0002 4417 30"
    ]))
    expect(got.issuer).toBe("Malerbetrieb Hans Weber")
  })

  it("keeps the letterhead's name over the parent group under it in the footer", () => {
    const got = parties(invoice(["Kestrel Digital", "12 High Street, Leeds LS1 4AP"], [
      "Kestrel Digital                  Bank details                   Company No. 08123456",
      "Part of the Osprey Group         Sort code 20-45-77             VAT No. GB 123 4567 89"
    ]))
    expect(got.issuer).toBe("Kestrel Digital")
  })

  it("names a company whose legal name is its domain", () => {
    const got = parties(invoice(["notebooksbilliger.de AG", "Wiedemannstraße 3", "31157 Sarstedt"], []))
    expect(got.issuer).toBe("notebooksbilliger.de AG")
  })

  it("reads the window's block far under a letterhead that is only its name as the customer's", () => {
    const got = parties(
      toFooter([
        "Kranich Haustechnik GmbH",
        "",
        "",
        "Stadtwerke Mühlbach GmbH",
        "Werkstraße 1",
        "74172 Neckarsulm",
        "",
        ...WINDOW_BILL
      ]).concat([
        "Kranich Haustechnik GmbH · Lindenhofweg 14 · 34117 Kassel · AG Kassel HRB 4711 · USt-IdNr. DE 131 447 820"
      ])
    )
    expect(got).toEqual({ issuer: "Kranich Haustechnik GmbH", customer: "Stadtwerke Mühlbach GmbH" })
  })

  it("does not end the recipient's block at a row whose right column lists contacts between marks", () => {
    const got = parties(toFooter([
      "                                            Kranich Haustechnik GmbH",
      "                                            Lindenhofweg 14",
      "                                            34117 Kassel",
      "",
      "Stadtwerke Mühlbach GmbH                    Tel. 0561 482 · Fax 0561 483 · Mo-Fr 8-17",
      "Abt. Einkauf / Herr Gerd Winkler",
      "Werkstraße 1",
      "74172 Neckarsulm",
      "",
      ...WINDOW_BILL
    ]))
    expect(got).toEqual({ issuer: "Kranich Haustechnik GmbH", customer: "Stadtwerke Mühlbach GmbH" })
  })
})

describe("a footer's lines that name no party", () => {
  it("takes a street address cut at its comma for no company ('ZI Briffaut Est, 9 rue …')", () => {
    const got = parties(
      toFooter([
        "                                                   Vitrages du Rhône SA",
        "                                                   Miroiterie · Vitrerie",
        "                                                   ZI Briffaut Est, 9 rue Latécoère",
        "                                                   26000 Valence",
        "",
        "Code client : K04915",
        "Cave des Coteaux Gris SCA",
        "Route des Vins",
        "71570 Leynes",
        "",
        "Facture n° VT067200 du 13 mars 2031",
        "",
        "Réf. Description                        Qté   Prix unit. HT     Total HT",
        "1    Vitrage isolant 4/16/4               2         600,00      1 200,00",
        "                                    Total TTC                   1 440,00 €"
      ]).concat([
        "ZI Briffaut Est, 9 rue Latécoère    Banque Drôme-Ardèche      RCS Romans 351 996 087",
        "26000 Valence                       IBAN FR76 1390 6000 5140  SIRET 351 996 087 00057",
        "SA au capital de 250 000 €          BIC BDRAFR21XXX           TVA intracom. FR 93 351996087"
      ])
    )
    expect(got.issuer).toBe("Vitrages du Rhône SA")
  })

  it("takes the owner a footer names ('Inhaber: …') for no customer", () => {
    const got = parties(
      toFooter([
        "                                  rautenberg",
        "",
        "Rautenberg Bürotechnik e.K. · Podbielskistraße 312 · 30655 Hannover",
        "Kunden-Nr. 39801",
        "Pflegeheim Am Lindenpark gGmbH",
        "Lindenparkweg 3",
        "37073 Göttingen",
        "",
        "Rechnung Nr. 2401319 vom 25.08.2031",
        "",
        "Pos. Leistung                         Menge   Einzelpreis      Gesamt",
        "1    Wartung Kopiersystem                1        735,53      735,53",
        "                                    Gesamtbetrag              875,28 EUR"
      ]).concat([
        "Rautenberg Bürotechnik e.K.       Bankverbindung: Leinetal Volksbank    Amtsgericht Hannover HRA 209417",
        "Podbielskistraße 312              IBAN DE12 2509 0500 0031 8845 17      USt-IdNr. DE 277 109 834",
        "30655 Hannover                    BIC GENODEF1LTV                       Steuer-Nr. 25/142/07719",
        "Inhaber: Ingo Rautenberg"
      ])
    )
    expect(got.customer).toBe("Pflegeheim Am Lindenpark gGmbH")
  })
})

describe("a name wrapped onto a second line", () => {
  const letter = (head: ReadonlyArray<string>, footer: string) =>
    toFooter([
      ...head,
      "Nijverheidsstraat 27",
      "5061 KV Oisterwijk",
      "",
      "Klant:                                    Factuurnummer:  F-2031-114",
      "Bakkerij De Korenschoof                   Factuurdatum:   12-03-2031",
      "Dorpsstraat 4, 5062 AB Oisterwijk",
      "",
      "Omschrijving                  Aantal       Bedrag",
      "Onderhoud cv-ketel                 1       180,00",
      "                               Te betalen  217,80 €"
    ]).concat([footer])
  const issuerOf = (head: ReadonlyArray<string>, footer: string) => parties(letter(head, footer)).issuer

  it("is the two lines when the page prints them as one name elsewhere", () => {
    expect(issuerOf(
      ["Installatiebedrijf Verhoeven & De", "Wit B.V."],
      "IBAN NL46 PLDR 5256 4586 88 · t.n.v. Installatiebedrijf Verhoeven & De Wit B.V."
    )).toBe("Installatiebedrijf Verhoeven & De Wit B.V.")
    expect(issuerOf(
      ["Quinta do Vale Escuro,", "Sociedade Agrícola, Lda."],
      "IBAN PT50 0002 0123 1234 5678 9015 4 · Titular Quinta do Vale Escuro, Sociedade Agrícola, Lda."
    )).toBe("Quinta do Vale Escuro, Sociedade Agrícola, Lda.")
    expect(issuerOf(
      ["Studio Grafico Pennarossa di Elena", "Fabbri"],
      "IBAN IT62 K098 3758 7040 0007 7541 204 · Intestatario Studio Grafico Pennarossa di Elena Fabbri"
    )).toBe("Studio Grafico Pennarossa di Elena Fabbri")
  })

  it("is one line when the other printing lists the name and the next line apart, or the name is whole", () => {
    expect(issuerOf(["Studio Verde", "Anna Rossi"], "Studio Verde, Anna Rossi, Via Roma 12, 20121 Milano")).toBe(
      "Studio Verde"
    )
    expect(issuerOf(["Harbour Tools Ltd", "Quality Tools For Trade"], "Harbour Tools Ltd Quality Tools For Trade"))
      .toBe("Harbour Tools Ltd")
  })

  it("is one line when the page prints nothing longer, or only the name and its street with a mark between", () => {
    expect(
      issuerOf(["Installatiebedrijf Verhoeven B.V.", "Sanitair en verwarming"], "KvK 18093356 · BTW NL809127463B01")
    )
      .toBe("Installatiebedrijf Verhoeven B.V.")
    expect(
      issuerOf(
        ["Installatiebedrijf Verhoeven B.V.", "Sanitair en verwarming"],
        "Installatiebedrijf Verhoeven B.V. · Sanitair en verwarming"
      )
    )
      .toBe("Installatiebedrijf Verhoeven B.V.")
  })

  it("under a party's heading, is the lines of its block the page prints as one name", () => {
    const lines = [
      "Fattura n. 482/2031                                    Data 20/11/2031",
      "",
      "Cedente / prestatore                 Cessionario / committente",
      "Falegnameria Bortolin S.n.c. di      Agriturismo Le Tre Querce S.r.l.",
      "Bortolin Marco & C.                  Località Collalto, 5",
      "Via dei Mestieri, 18                 31058 Susegana (TV)",
      "31015 Conegliano (TV)",
      "",
      "Descrizione                      Quantità     Importo",
      "Tavolo in rovere                        1     1.200,00",
      "                              Totale documento  1.464,00 €",
      "IBAN IT33 K022 6234 1010 0009 3863 478 · Intestatario Falegnameria Bortolin S.n.c. di Bortolin Marco & C."
    ]
    expect(parties(lines).issuer).toBe("Falegnameria Bortolin S.n.c. di Bortolin Marco & C.")
  })
})
