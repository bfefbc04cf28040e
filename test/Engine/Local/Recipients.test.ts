import { describe, expect, it } from "@effect/vitest"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromPlaced } from "../../support/pageModel.js"
import { extractLines, PARTIES, partiesOf as parties, spec, valueOf } from "../fixtures.js"

describe("the recipient of a letter-shaped invoice", () => {
  it("reads the name under a party's heading, not the seller's block whose town line is beside the heading", () => {
    expect(
      parties([
        "Rechnung Nr. 2031/044                                   Kupferschmiede Leerhafe e.K.",
        "                                                        Hafenweg 2",
        "Rechnungsempfänger:                                     26789 Leerhafe",
        "Gemeindewerke Moorhusen GmbH                            Tel. 0491 555123",
        "Einkauf",
        "26800 Moorhusen",
        "",
        "Rechnungsdatum: 06.05.2031",
        "Gesamtbetrag                                               752,56 €"
      ]).customer
    ).toBe("Gemeindewerke Moorhusen GmbH")
  })

  it("reads the name under a party's heading, not the seller's town line beside the heading (American layout)", () => {
    expect(parties([
      "INVOICE                                              Copperleaf Studio",
      "                                                     17 Mill Street",
      "Bill To                                              Asheville, NC 28801",
      "Juniper Bakery                                       hello@copperleaf.example",
      "202 Oak Ave",
      "Asheville, NC 28803",
      "",
      "Invoice #   0042          Date   March 3, 2031",
      "              Total          $900.00"
    ])).toEqual({ issuer: "Copperleaf Studio", customer: "Juniper Bakery" })
  })

  it("reads the name under a heading whose space OCR lost ('BILLTO', 'Facturéà'), never the heading itself", () => {
    const customer = (heading: string) =>
      valueOf(
        extractLines(
          [
            "Harbour Light Studio LLC                     INVOICE",
            "410 Wharf Rd                         Invoice #: HLS-0931",
            "Portland, ME 04101                   Date: 12/06/2031",
            "",
            `${heading}                     SHIPTO`,
            "Peña Boatworks Inc.         Same as billing",
            "18 Ocean Ave",
            "Bar Harbor, ME 04609",
            "",
            "Hull survey                   1,200.00",
            "BALANCE DUE                   $1,200.00"
          ],
          "invoice",
          { customer: "Name of the customer (buyer) billed" }
        )["customer"]
      )
    expect(customer("BILLTO")).toBe("Peña Boatworks Inc.")
    expect(customer("Facturéà")).toBe("Peña Boatworks Inc.")
  })

  it("reads the name under a Portuguese letter's addressing ('Exmo.(s) Sr.(s)')", () => {
    expect(valueOf(
      extractLines(
        [
          "Tipografia Azevedo, Lda.",
          "Rua de Santa Catarina, 88",
          "4000-447 Porto",
          "",
          "Exmo.(s) Sr.(s)                          FATURA FT 2031/0388",
          "Sofia Magalhães Edições                  Data: 02-12-2031",
          "Av. da República 50",
          "1050-196 Lisboa",
          "",
          "Impressão de livros          3.100,00",
          "Total a pagar                3.813,00 €"
        ],
        "invoice",
        { customer: "Name of the customer (buyer) billed" }
      )["customer"]
    )).toBe("Sofia Magalhães Edições")
  })

  it("reads the name under a party's label, not the e-mail address beside it", () => {
    expect(
      parties([
        "Pixel Forge Ltd                        Invoice INV-3301",
        "3 Quay St, Bristol BS1 4DJ             Date: 12 Feb 2031",
        "",
        "Customer:  accounts@harbourview.example",
        "Harbourview Hotel Group",
        "1 Marine Parade, Weymouth DT4 7AA",
        "              Total GBP     2,880.00"
      ]).customer
    ).toBe("Harbourview Hotel Group")
  })

  it("takes the lines a salutation heads for the recipient's, and a footer's company for the issuer", () => {
    const letter = [
      "                                                   RECHNUNG",
      "Herrn",
      "Dr. Ole Brandt",
      "Lindenring 8",
      "24999 Ostholm",
      "                                                   Rechnungs-Nr.: 7301-C",
      "                                                   Datum: 15.01.2031",
      "Sehr geehrter Herr Dr. Brandt,",
      "für unsere Leistungen berechnen wir Ihnen:",
      "Pos  Leistung                                  Menge      Betrag",
      "1    Wartung Lüftungsanlage                       1      180,00",
      "                                      Endbetrag         214,20 €",
      "Zahlbar innerhalb von 14 Tagen ohne Abzug.",
      ...Array<string>(30).fill(""),
      "Klimatechnik Ostholm GmbH · Sitz Ostholm · Geschäftsführerin: Ida Lorenz"
    ]
    // Not the salutation, the greeting, the item table's header, nor the terms of payment.
    expect(parties(letter)).toEqual({ issuer: "Klimatechnik Ostholm GmbH", customer: "Dr. Ole Brandt" })
  })

  it("takes the letterhead's name for the issuer, not a footer's phrase before a register number", () => {
    const letter = [
      "Cabinet Vernier Audit et Conseil",
      "18 quai de la Fosse",
      "44000 Nantes",
      "",
      "                                         Association Les Chardons",
      "                                         3 allée des Tanneurs",
      "                                         44100 Nantes",
      "",
      "FACTURE",
      "Numéro : CV-2031-0188",
      "Date : 14 mars 2031",
      "",
      "Prestation                                                        Montant HT",
      "Révision des comptes annuels                                        1 400,00",
      "                                           Total TTC              1 680,00 €",
      ...Array<string>(30).fill(""),
      "Inscrit au tableau de l'Ordre des Experts-Comptables - SIRET 912 345 678 00017"
    ]
    expect(parties(letter)).toEqual({
      issuer: "Cabinet Vernier Audit et Conseil",
      customer: "Association Les Chardons"
    })
  })

  it("reads no party from a header row's 'CUSTOMER PO' cell, nor a number from a misread 'N0.'", () => {
    const out = extractLines(
      [
        "Harbor Rigging Supply Co.",
        "210 Wharf Street",
        "Portland, ME 04101",
        "",
        "INVOICE N0.   INVOICE DATE   CUSTOMER PO   TERMS",
        "HR-31077      03/14/2031     QB-2031-04    Net 30"
      ],
      "invoice",
      { invoice_number: "The invoice number (identifier of this invoice)", ...PARTIES }
    )
    expect(valueOf(out["invoice_number"])).toBe("HR-31077")
    expect(valueOf(out["customer"])).toBeNull()
  })

  it("reads the name under its heading when OCR misread the seller's postcode above it", () => {
    for (const postcode of ["55l16", "55116"]) {
      expect(
        parties([
          "Weingut Karst OHG",
          `Rheinallee 8, ${postcode} Mainz`,
          "Empfänger:",
          "Hotel Rheinblick",
          "Uferstraße 1",
          "55116 Mainz",
          "",
          "Rechnung Nr. 31214                                Datum: 02.12.2031"
        ]),
        postcode
      ).toEqual({ issuer: "Weingut Karst OHG", customer: "Hotel Rheinblick" })
    }
  })

  it("reads no label of another field beside a party's heading, and a name its column wrapped before its legal form", () => {
    expect(parties([
      "Rijwielhandel Bosman                           Lijnbaansgracht 120",
      "                                               1016 VX Amsterdam",
      "                                               KvK 30123456 · BTW NL123456789B01",
      "Factuur",
      "Factuuradres Factuurnummer 2031-0388",
      "Koeriersdienst",
      "Snel B.V. Factuurdatum 12-11-2031",
      "Vaartsche Rijn 8",
      "3523 AA Utrecht"
    ])).toEqual({ issuer: "Rijwielhandel Bosman", customer: "Koeriersdienst Snel B.V." })
  })

  it("finds the customer's block when the issuer's name was read from the footer's longer form of it", () => {
    expect(parties([
      "         Cave des Remparts",
      "        Caviste · 8 place du Plouy · 80100 Abbeville",
      "Facture n° 2031-212                      Restaurant La Baie",
      "Date : 28/11/2031                        M. Julien Caron",
      "Réf. client : CL-0093                    2 quai Jeanne d'Arc",
      "                                         80230 Saint-Valery-sur-Somme",
      "",
      "Désignation                        Quantité       Montant HT",
      "Chablis 2029                             24           444,00",
      "                                   Net à payer        532,80 €",
      ...Array<string>(36).fill(""),
      "SARL Cave des Remparts · capital 20 000 € · RCS Amiens 901 234 567 · TVA FR32901234567"
    ])).toEqual({ issuer: "SARL Cave des Remparts", customer: "Restaurant La Baie" })
  })

  it("reads the company under 'SOLD TO:', not the department an 'Attn:' line beside names", () => {
    expect(parties([
      "Cascade Paper Supply",
      "77 Harbor Rd, Seattle, WA 98101",
      "",
      "SOLD TO:",
      "Attn: Accounts Payable",
      "Evergreen Dental Group",
      "1200 5th Ave, Seattle, WA 98101",
      "",
      "Invoice 31120  Date 05/06/2031"
    ])).toEqual({ issuer: "Cascade Paper Supply", customer: "Evergreen Dental Group" })
  })

  it("reads a customer whose name starts with a label's word beside its heading ('Service 24 Ltd')", () => {
    expect(parties([
      "Harbour Tools Ltd",
      "1 Quay Road, Leeds LS1 1AA",
      "",
      "Bill To: Service 24 Ltd",
      "12 Long Street, York YO1 7HH",
      "",
      "Invoice 31077   Date 14/03/2031"
    ])).toEqual({ issuer: "Harbour Tools Ltd", customer: "Service 24 Ltd" })
  })

  it("reads the name under a 'Customer Details' heading and beside a 'Name' set a column apart", () => {
    expect(parties([
      "Harbour Tools Ltd",
      "1 Quay Road, Leeds LS1 1AA",
      "",
      "Customer Details",
      "Name: Northern Rail Supplies Ltd",
      "Address: 12 Station Rd, York YO1 6HT",
      "",
      "Invoice No: 3044  Date: 04.05.2031"
    ])).toEqual({ issuer: "Harbour Tools Ltd", customer: "Northern Rail Supplies Ltd" })
    expect(parties([
      "Seller: Nordic Parts AB",
      "Storgatan 1, 111 22 Stockholm",
      "",
      "Buyer",
      "Name          Hansen Maskin AS",
      "Address       Industriveien 5, 0668 Oslo",
      "",
      "Invoice 3521   Date 2031-03-01"
    ])).toEqual({ issuer: "Nordic Parts AB", customer: "Hansen Maskin AS" })
  })

  it("reads the name under 'Facturé à', not the delivery heading beside it", () => {
    expect(parties([
      "Menuiserie Perrin SARL",
      "3 rue du Port, 44000 Nantes",
      "",
      "Facturé à :                              Livré à :",
      "Crêperie des Halles SAS                  Crêperie des Halles - Cuisine",
      "9 place du Commerce                      2 rue Neuve",
      "44000 Nantes                             44000 Nantes",
      "",
      "Facture N° 2031-088    Date : 04/02/2031"
    ])).toEqual({ issuer: "Menuiserie Perrin SARL", customer: "Crêperie des Halles SAS" })
  })

  it("reads the names under a line that only says 'Familie'", () => {
    expect(
      parties([
        "                                              Malerbetrieb Ostendorf",
        "                                              Kirchweg 4, 48143 Münster",
        "Kundennr. 3307",
        "Familie",
        "Lena und Paul Hartmann",
        "Am Teich 12",
        "48149 Münster",
        "",
        "Rechnung 2031/021                                   Münster, 09.01.2031"
      ]).customer
    ).toBe("Lena und Paul Hartmann")
    // The same read by OCR, one letter of it read in doubt for a like one; printed, "Familia" is a word.
    const scanned = (word: string, confidence: number) =>
      valueOf(
        extractSection(
          pageModelFromPlaced([[
            { text: "Malerbetrieb Ostendorf", x: 46, y: 0, confidence: 0.95 },
            { text: "Kirchweg 4, 48143 Münster", x: 46, y: 1, confidence: 0.95 },
            { text: word, x: 0, y: 2, confidence },
            { text: "Lena und Paul Hartmann", x: 0, y: 3, confidence: 0.95 },
            { text: "Am Teich 12", x: 0, y: 4, confidence: 0.95 },
            { text: "48149 Münster", x: 0, y: 5, confidence: 0.95 },
            { text: "Rechnung 2031/021", x: 0, y: 7, confidence: 0.95 },
            { text: "Münster, 09.01.2031", x: 52, y: 7, confidence: 0.95 }
          ]]),
          [1],
          spec("invoice", PARTIES)
        )["customer"]
      )
    expect(scanned("Familic", 0.7)).toBe("Lena und Paul Hartmann")
  })

  it("reads the recipient under a sender line in small print whose town wrapped to the next line", () => {
    // The sender line ran into the column beside it on its row; its town went on to the line under it.
    const letter = (parts: {
      readonly letterhead: readonly [string, string]
      /** The sender line in small print, and its rest the column wrapped to the next line. */
      readonly sender: readonly [string, string]
      readonly number: string
      readonly recipient: ReadonlyArray<string>
      readonly title: string
      readonly total: string
    }) =>
      pageModelFromPlaced([[
        { text: parts.letterhead[0], x: 0, y: 0, size: 1.6 },
        { text: parts.letterhead[1], x: 0, y: 1.6 },
        { text: parts.sender[0], x: 0, y: 5, size: 0.75 },
        { text: parts.number, x: 72, y: 5 },
        { text: parts.sender[1], x: 0, y: 5.6, size: 0.75 },
        ...parts.recipient.map((text, i) => ({ text, x: 0, y: 6.4 + i })),
        { text: parts.title, x: 0, y: 12, size: 1.3 },
        { text: parts.total, x: 50, y: 16 }
      ]])
    const german = (sender: readonly [string, string]) =>
      letter({
        letterhead: ["Brandt & Söhne Haustechnik GmbH", "Industriestraße 14 · 76131 Karlsruhe"],
        sender,
        number: "Rechnungsnummer   RE-2031-0412",
        recipient: ["Wohnungsbau Kessler KG", "z. Hd. Frau Petra Kessler", "Am Stadtgarten 3", "76133 Karlsruhe"],
        title: "Rechnung RE-2031-0412",
        total: "Rechnungsbetrag   1.190,00 €"
      })
    const customerOf = (model: ReturnType<typeof letter>) =>
      valueOf(extractSection(model, [1], spec("invoice", PARTIES))["customer"])
    expect(customerOf(german(["Brandt & Söhne Haustechnik GmbH · Industriestraße 14 · 76131", "Karlsruhe"])))
      .toBe("Wohnungsbau Kessler KG")
    expect(customerOf(german(["Brandt & Söhne Haustechnik GmbH · Industriestraße 14 ·", "76131 Karlsruhe"])))
      .toBe("Wohnungsbau Kessler KG")
    // Its name is no recipient's, though nothing but a postcode's end separates it from the recipient's lines.
    const english = letter({
      letterhead: ["Harbour Chandlery Services Ltd", "Unit 4, Quayside Works · Falmouth TR11 3XA"],
      sender: ["Harbour Chandlery Services Ltd · Unit 4, Quayside Works · Falmouth TR11", "3XA"],
      number: "Invoice No.   INV-88213",
      recipient: ["Penrose Sailing Club", "Attn: The Treasurer", "Harbour Terrace", "St Mawes TR2 5DJ"],
      title: "INVOICE INV-88213",
      total: "Total due   130.00"
    })
    expect(customerOf(english)).toBe("Penrose Sailing Club")
  })

  it("reads the organisation over an attention line for the customer, not the contact it names", () => {
    // The address's town lost to OCR: no address block, only the "Attn:" line names a recipient.
    expect(
      parties([
        "Harbour Chandlery Services Ltd",
        "Unit 4, Quayside Works, Falmouth TR11 3XA",
        "",
        "Penrose Sailing Club                         Invoice No.    INV-88213",
        "Attn: The Treasurer                          Invoice Date   3 September 2026",
        "HarbaweTr",
        "",
        "Description                    Qty      Amount",
        "Mooring line 16 mm, 10 m         5      727.83",
        "                              Total due  873.40"
      ]).customer
    ).toBe("Penrose Sailing Club")
  })

  it("never gives the issuer's own name for the customer, however OCR spelled either", () => {
    const billedTo = (name: string) =>
      parties([
        "Quincale Lefèvre et Fils SARL                  SIRET 512 348 907 00021",
        "27, rue des Tanneurs, 67000 Strasbourg",
        "",
        "Facturé à :",
        name,
        "4, impasse des Vosges",
        "67200 Strasbourg",
        "",
        "FACTURE FA-2031-1187                            Date : 05/11/2031",
        "Désignation                    Qté    Montant HT",
        "Charnière laiton 80 mm          4        52,00",
        "                              Total TTC   62,40"
      ])
    // The sender's line under the heading, the letterhead's name misread: no customer rather than the issuer.
    expect(billedTo("Quincaillerie Lefèvre et Fils SARL")).toEqual({
      issuer: "Quincale Lefèvre et Fils SARL",
      customer: null
    })
    expect(billedTo("Quincaillerie Lefévre et Fils SARL").customer).toBeNull()
    expect(billedTo("Menuiserie Hoffmann").customer).toBe("Menuiserie Hoffmann")
    // A company of the same group is another company: its name differs in a short word.
    expect(billedTo("Quincaillerie Lefèvre et Fils SA").customer).toBe("Quincaillerie Lefèvre et Fils SA")
  })

  it("reads the name after the customer's number beside the label ('Kunde: 10023 - Müller Bau GmbH')", () => {
    expect(parties([
      "Sanitär Reiners GmbH",
      "Lindenallee 3 · 33602 Bielefeld",
      "",
      "Rechnung Nr. 2031-0412",
      "Kunde: 20931 - Dachdeckerei Brinkmann GmbH",
      "Summe brutto     1.190,00 €"
    ])).toEqual({ issuer: "Sanitär Reiners GmbH", customer: "Dachdeckerei Brinkmann GmbH" })
    // A dash inside a name is the name's; so is a number of too few digits to be the customer's.
    const customerOf = (line: string) =>
      parties(["Harbour Tools Ltd", "1 Quay Road, Leeds LS1 1AA", "", "Invoice 4410", line, "Total   £1,200.00"])
        .customer
    expect(customerOf("Customer: Smith - Jones Partners LLP")).toBe("Smith Jones Partners LLP")
    expect(customerOf("Kunde: Müller – Lüdenscheidt GmbH")).toBe("Müller Lüdenscheidt GmbH")
    expect(customerOf("Customer: 3M - United Kingdom PLC")).toBe("3M United Kingdom PLC")
    expect(customerOf("Kunde: K-2201 | Müller Bau GmbH")).toBe("Müller Bau GmbH")
  })

  it("takes the footer's name before its address and tax number ('St.-Nr.') for the issuer of a letter with no letterhead", () => {
    expect(parties([
      "                                                        Rechnung",
      "",
      "Frau",
      "Dr. Greta Albers",
      "Kastanienweg 3",
      "50667 Köln",
      "                                                        Rechnungsnummer  R-3107",
      "                                                        Rechnungsdatum   01.07.2031",
      "",
      "Sehr geehrte Frau Dr. Albers,",
      "wir berechnen Ihnen für unsere Leistungen:",
      "Krankengymnastik, 6 Behandlungen à 38,00 €                         228,00 €",
      "Rechnungsbetrag                                                   228,00 €",
      "Mit freundlichen Grüßen",
      ...Array<string>(34).fill(""),
      "Praxis für Krankengymnastik Lindner · Domstraße 10 · 50668 Köln · St.-Nr. 214/5678/1234"
    ])).toEqual({ issuer: "Praxis für Krankengymnastik Lindner", customer: "Dr. Greta Albers" })
    // The customer's own tax number in its address block does not make it the issuer.
    expect(parties([
      "                                        Atelier Lindqvist GmbH",
      "                                        Lindenstr. 22, 04109 Leipzig",
      "",
      "Konditorei Brandt GmbH",
      "Markt 4",
      "04600 Altenburg",
      "Ihre St.-Nr. 214/5678/1234",
      "",
      "Rechnung Nr. RE3107    Datum 21.01.2031",
      "Gestaltung Flyer        880,60 €"
    ])).toEqual({ issuer: "Atelier Lindqvist GmbH", customer: "Konditorei Brandt GmbH" })
  })

  it("takes the name on the sender's line over the window for the issuer, and the company under it for the customer", () => {
    expect(parties([
      "                                                        Atelier Lindqvist",
      "",
      "",
      "Atelier Lindqvist · Lindenstr. 22 · 04109 Leipzig",
      "Konditorei Brandt GmbH                                  Rechnungsnr.  RE3107",
      "Frau Ilse Brandt                                        Datum         21.01.2031",
      "Markt 4",
      "04600 Altenburg",
      "",
      "Rechnung Nr. RE3107",
      "Gestaltung Flyer                                        880,60 €"
    ])).toEqual({ issuer: "Atelier Lindqvist", customer: "Konditorei Brandt GmbH" })
    // A one-line address under a heading is the recipient's, not a sender's line.
    expect(parties([
      "                                        Atelier Lindqvist GmbH",
      "                                        Lindenstr. 22, 04109 Leipzig",
      "",
      "Rechnung an:",
      "Konditorei Brandt · Markt 4 · 04600 Altenburg",
      "Frau Ilse Brandt",
      "",
      "Rechnung Nr. RE3107    Datum 21.01.2031",
      "Gestaltung Flyer        880,60 €"
    ])).toEqual({ issuer: "Atelier Lindqvist GmbH", customer: "Konditorei Brandt" })
  })

  it("reads the name under 'Bill To' in its own column when the 'Ship To' column's text runs close to it", () => {
    expect(parties([
      "Granite Ridge Tools Inc.                                            Invoice",
      "77 Mill St, Manchester, NH 03101",
      "",
      "Ship To                Bill To                 Invoice No.   GS-31719",
      "Harborview Marina LLC  Seacoast Boatworks LLC  Invoice Date  March 21, 2031",
      "Dock 3, 12 Harbor Pl   PO Box 410              Terms         Net 30",
      "",
      "Total Due   $369.96"
    ])).toEqual({ issuer: "Granite Ridge Tools Inc.", customer: "Seacoast Boatworks LLC" })
    // A mark OCR read beside a party's heading is no cell of a header row: the block under it is the party's.
    expect(parties([
      "Handelsrechnung (380) Nr.123 vom 03.06.2031",
      "",
      "Verkäufer  > ?",
      "Nummer:    22 00 0001 00001",
      "Name:      Lindgren Werkzeuge GmbH",
      "Weitere Informationen: Kleinunternehmer",
      "",
      "Käufer",
      "Name: Brandt Haustechnik KG",
      "Gesamtbetrag    120,00 EUR"
    ])).toEqual({ issuer: "Lindgren Werkzeuge GmbH", customer: "Brandt Haustechnik KG" })
    // A name longer than its heading's cell, nothing beside it, stays whole.
    expect(
      parties([
        "Harbour Tools Ltd",
        "1 Quay Road, Leeds LS1 1AA",
        "",
        "Bill To                         Invoice No.   4410",
        "Northern Rail Supplies Holdings Ltd",
        "12 Station Rd, York YO1 6HT     Date          04.05.2031"
      ]).customer
    ).toBe("Northern Rail Supplies Holdings Ltd")
  })
})

describe("a recipient addressed in the south and north of Europe", () => {
  const letter = (block: ReadonlyArray<string>) => [
    "Oficina Digital Ribeiro, Lda.",
    "Rua do Castelo, 41 · 2410-112 Leiria",
    "",
    ...block.map((line) => `                                          ${line}`),
    "",
    "Fatura n.º FT OD2031/458",
    "Data de emissão 20/05/2031",
    "",
    "Descrição                          Preço        Valor",
    "Horas de suporte técnico           42,97       150,40",
    "                              Total a pagar    185,00 €"
  ]
  const customerOf = (block: ReadonlyArray<string>) => parties(letter(block)).customer

  it("is the name over a Portuguese, Brazilian or Swedish postcode and town", () => {
    expect(customerOf(["Escola de Música Allegretto, Lda.", "Praça da República, 21", "2400-130 Leiria"]))
      .toBe("Escola de Música Allegretto, Lda.")
    expect(customerOf(["Padaria Pão Quente Ltda.", "Avenida Paulista, 900", "01310-100 São Paulo"]))
      .toBe("Padaria Pão Quente Ltda.")
    expect(customerOf(["Bostadsrättsföreningen Mälarbrisen", "Kopparbergsvägen 12", "721 30 Västerås"]))
      .toBe("Bostadsrättsföreningen Mälarbrisen")
  })

  it("is the name under a salutation, abbreviated or with its plural written against it", () => {
    const block = (salutation: string, name: string) => [salutation, name, "Praça da República, 21", "2400-130 Leiria"]
    expect(customerOf(block("Exmo(s). Senhor(es)", "Escola de Música Allegretto, Lda.")))
      .toBe("Escola de Música Allegretto, Lda.")
    expect(customerOf(block("Exmo(s). Senhor(es)", "Ana Ribeiro"))).toBe("Ana Ribeiro")
    expect(customerOf(block("Sig.ra", "Giulia Ferri"))).toBe("Giulia Ferri")
    expect(customerOf(block("Sres.", "Talleres Ortega S.L."))).toBe("Talleres Ortega S.L.")
  })

  it("is never a street line, whatever its language", () => {
    expect(customerOf(["Praça da República, 21", "2400-130 Leiria"])).toBeNull()
    expect(customerOf(["Vestergade 12", "8000 Aarhus C"])).toBeNull()
  })
})

describe("the recipient's block beside the document's title", () => {
  it("is the customer, whatever address a labelled line of the letter names under it", () => {
    expect(
      parties([
        "CUISINES & BAINS GARONNE SARL                             48 quai des Queyries",
        "                                                          33100 Bordeaux",
        "Conception · fabrication · pose",
        "",
        "",
        "FACTURE D'ACOMPTE                         SCI Les Chartrons Nord",
        "                                          M. Bastien Lacoste, gérant",
        "N° FAC-2024-0107                          17 rue Notre-Dame",
        "Bordeaux, le 14 mars 2024                 33000 Bordeaux",
        "Client : CL-0712",
        "",
        "  Objet : Devis n° D-2024-0088 du 2 mars 2024, montant total 31 416,00 € TTC.",
        "  Chantier : 17 rue Notre-Dame, 33000 Bordeaux – appartement 3e étage. Conformément aux conditions",
        "",
        "Désignation                                Qté     P.U. HT      Montant HT",
        "Acompte 40 % sur devis D-2024-0088           1    10 472,00      10 472,00",
        "                                                  Total TTC      12 566,40"
      ]).customer
    ).toBe("SCI Les Chartrons Nord")
  })

  it("keeps a company's name with its legal form as the block's name whatever mark a scan reads after it", () => {
    expect(
      parties([
        "Tandartspraktijk Van Dijk B.V.                              FACTUUR",
        "Oudegracht 12, 3511 AB Utrecht",
        "",
        "",
        "Zorgcentrum De Linde B.V. :                   Factuurnummer    2024-0412",
        "Lindelaan 4                                   Factuurdatum     12-03-2024",
        "3583 XK Utrecht",
        "",
        "Omschrijving                          Aantal     Prijs      Bedrag",
        "Periodieke controle                        1     28,50       28,50",
        "                                             Totaal EUR      28,50"
      ]).customer
    ).toBe("Zorgcentrum De Linde B.V.")
  })
})

describe("the recipient's block beside the document's details, under the sender's address", () => {
  const letter = (sender: Array<string>, recipient: [string, string, string]) => [
    ...sender,
    "",
    `${recipient[0].padEnd(46)}Rechnung Nr.   2024-118`,
    `${recipient[1].padEnd(46)}Datum          12.03.2024`,
    recipient[2],
    "",
    "Leistung                              Menge    Preis      Betrag",
    "Reparatur Tür                             1    420,00     420,00",
    "                                      Gesamtbetrag EUR    499,80"
  ]

  it("is the customer though its name has a legal form and the letterhead's has none", () => {
    expect(parties(letter(
      ["Schreinerei Holzmann                                      RECHNUNG", "Dorfstraße 3, 83022 Rosenheim"],
      ["Bergbahnen Tegernsee GmbH", "Seestraße 1", "83684 Tegernsee"]
    ))).toEqual({ issuer: "Schreinerei Holzmann", customer: "Bergbahnen Tegernsee GmbH" })
    expect(parties(letter(
      ["Tandartspraktijk Van Dijk", "Oudegracht 12", "3511 AB Utrecht", "Tel. 030 231 44 55"],
      ["Zorgcentrum De Linde B.V.", "Lindelaan 4", "3583 XK Utrecht"]
    ))).toEqual({ issuer: "Tandartspraktijk Van Dijk", customer: "Zorgcentrum De Linde B.V." })
  })

  it("leaves the letterhead's own block beside the details, at the page's top, the issuer's", () => {
    expect(parties([
      "Holzmann Schreinerei GmbH                     Rechnung Nr.   2024-118",
      "Dorfstraße 3                                  Datum          12.03.2024",
      "83022 Rosenheim",
      "",
      "Herrn",
      "Max Berger",
      "Seestraße 1",
      "83684 Tegernsee",
      "",
      "Leistung                              Menge    Preis      Betrag",
      "Reparatur Tür                             1    420,00     420,00",
      "                                      Gesamtbetrag EUR    499,80"
    ])).toEqual({ issuer: "Holzmann Schreinerei GmbH", customer: "Max Berger" })
  })
})

describe("a sole trader's letterhead over a company's address block", () => {
  const page = (seller: string, address: string, buyer: string, buyerAddress: string, rest: ReadonlyArray<string>) => [
    seller,
    address,
    "",
    `                                           ${buyer}`,
    `                                           ${buyerAddress}`,
    "",
    ...rest
  ]

  it("reads the first name, over its own address, as the issuer and the company's block under it as the customer", () => {
    const cases = [
      page(
        "Jane Porter Design",
        "4 Mill Lane, Leeds LS1 4AB",
        "Acme Widgets Ltd",
        "22 Canal Street, Manchester M1 3HE",
        [
          "INVOICE No. 2031-17   Date: 14 March 2031",
          "Website design, 12 hours                     960.00",
          "Total                                    £ 1,152.00"
        ]
      ),
      page(
        "Fotostudio Lena Krause",
        "Hauptstr. 5, 50667 Köln",
        "Müller Maschinenbau GmbH",
        "Industriestr. 9, 40210 Düsseldorf",
        [
          "Rechnung Nr. 2031-17 vom 14.03.2031",
          "Fotografie Produktkatalog                  960,00",
          "Gesamtbetrag                           1.142,40 EUR"
        ]
      ),
      page(
        "Atelier Lenoir",
        "12 rue des Lilas, 69003 Lyon",
        "Boulangerie Martin SARL",
        "4 place Bellecour, 69002 Lyon",
        [
          "FACTURE N° 2031-045",
          "Lyon, le 14 mars 2031",
          "Total TTC                                  1 440,00 €"
        ]
      )
    ]
    expect(cases.map((lines) => parties(lines))).toEqual([
      { issuer: "Jane Porter Design", customer: "Acme Widgets Ltd" },
      { issuer: "Fotostudio Lena Krause", customer: "Müller Maschinenbau GmbH" },
      { issuer: "Atelier Lenoir", customer: "Boulangerie Martin SARL" }
    ])
  })

  it("still reads a brand's company named under it, over the company's own address, as the issuer", () => {
    expect(
      parties([
        "NORTHWIND",
        "Northwind Traders Ltd",
        "8 Dock Road, Bristol BS1 5TR",
        "",
        "                                           Harbour Cafe",
        "                                           3 Quay Street, Bristol BS1 4DA",
        "",
        "INVOICE No. 2031-18   Date: 15 March 2031",
        "Total                                    £ 240.00"
      ])
    ).toEqual({ issuer: "Northwind Traders Ltd", customer: "Harbour Cafe" })
  })
})

describe("a couple addressed together", () => {
  it("is named without both titles and the word joining them, in French, German and English", () => {
    const customerOf = (who: string) =>
      parties([
        "Atelier Lenoir SARL",
        "12 rue des Lilas, 69003 Lyon",
        "",
        `                                           ${who}`,
        "                                           4 place Bellecour",
        "                                           69002 Lyon",
        "",
        "FACTURE N° 2031-045",
        "Total TTC                                  1 440,00 €"
      ]).customer
    expect(
      [
        "Mme et M. Le Goff",
        "Monsieur et Madame Claes",
        "Herrn und Frau Dr. Weber",
        "Mr & Mrs Lim Wei Ming",
        "Mr and Mrs Smith"
      ]
        .map(customerOf)
    ).toEqual(["Le Goff", "Claes", "Dr. Weber", "Lim Wei Ming", "Smith"])
    // "M." alone is an initial; a company keeps its words.
    expect(["Herr M. Gisler", "Smith and Sons Ltd"].map(customerOf)).toEqual(["M. Gisler", "Smith and Sons Ltd"])
  })
})

describe("a sole trader's letterhead with its address on one line", () => {
  it("is the issuer, not the company of the block under it nor a footer's sentence about VAT", () => {
    expect(
      parties([
        "MALERBETRIEB KERN",
        "Inh. Thomas Kern · Bahnhofstraße 5 · 34117 Kassel",
        "",
        "Wohnbau Nordhessen GmbH",
        "Hausverwaltung",
        "Wilhelmshöher Allee 210",
        "34119 Kassel",
        "                                               Rechnungs-Nr.   0031/31",
        "",
        "Rechnung",
        "Treppenhaus streichen, 3 Etagen                                 2.600,00",
        "Bruttobetrag                                                    3.665,20 EUR"
      ])
    ).toEqual({ issuer: "MALERBETRIEB KERN", customer: "Wohnbau Nordhessen GmbH" })
    expect(
      parties([
        "Sarah Whitfield · Bookkeeping · 9 Orchard Close · Harrogate HG2 8PL · 01423 555 210",
        "",
        "Mr Tom Bailey",
        "Bailey's Bakery",
        "41 Cold Bath Road",
        "Harrogate HG2 0NA",
        "                                              Invoice 0312",
        "                                              5 May 2031",
        "Bookkeeping, April 2031 (12 hours at £32.00)          £384.00",
        "Total                                                  £504.00",
        "",
        "Not VAT registered. Please pay by 19 May 2031 to",
        "S. Whitfield, sort code 20-45-67, account 33445566. Thank you!"
      ]).issuer
    ).toBe("Sarah Whitfield")
  })
})

describe("a recipient addressed through a role or a heading letters use", () => {
  it("is the company under the role its letter is addressed to ('The Manager', 'The Accounts Team')", () => {
    expect(
      parties([
        "                                         Pennine Electrical Services Ltd",
        "                                         Unit 3, Mill Lane",
        "                                         Hebden Bridge HX7 6AB",
        "The Manager",
        "Calder Valley Garden Centre",
        "Burnley Road",
        "Mytholmroyd HX7 5PG",
        "                                         22nd January 2031",
        "Please find below our invoice no. PES/2031/118.",
        "                                            Total         £2,508.00"
      ]).customer
    ).toBe("Calder Valley Garden Centre")
    expect(
      parties([
        "Rohan Mehta",
        "Freelance Content Writer",
        "B-14, Sector 62, Noida, UP 201301",
        "",
        "INVOICE",
        "Invoice No: RM/031                      Date: 02/07/2031",
        "",
        "To,",
        "The Accounts Team",
        "Brightleaf Edtech Private Limited",
        "4th Floor, Cyber Hub, Gurugram, Haryana 122002",
        "",
        "      Total                                          33,000.00"
      ]).customer
    ).toBe("Brightleaf Edtech Private Limited")
  })

  it("is read after 'M/s:' and 'VENDU À'", () => {
    expect(
      parties([
        "AH HUAT RENOVATION WORKS",
        "21 Kaki Bukit Road 1, #02-33, Singapore 415937",
        "",
        "                              INVOICE",
        "M/s: Mr & Mrs Lim Wei Ming                  No.  : 0877",
        "     Blk 456 Serangoon Ave 4 #11-208        Date : 14/03/2031",
        "     Singapore 550456",
        "      Balance payable                                     3,311.00"
      ]).customer
    ).toBe("Mr & Mrs Lim Wei Ming")
    expect(
      parties([
        "                                          Quincaillerie Gagnon & Fils ltée",
        "                                          88, rue Principale",
        "                                          Saint-Sauveur (Québec) J0R 1R0",
        "",
        "VENDU À                               FACTURE          No 408812",
        "Construction Lavoie inc.              DATE             2030-10-07",
        "1420, chemin du Lac                   TERMES           Net 30 jours",
        "Sainte-Adèle (Québec) J8B 1K3",
        "      TOTAL                                                  3 231,08 $"
      ]).customer
    ).toBe("Construction Lavoie inc.")
  })
})

describe("a letter's recipient and the account a payment goes to", () => {
  it("is the company under its department, past the person its letter is for", () => {
    expect(
      parties([
        "CONSEIL & STRATÉGIE RH",
        "SARL au capital de 8 000 € – RCS Paris 789 456 123",
        "47 rue de Richelieu, 75001 Paris",
        "",
        "                                   À l'attention de M. Julien Perrin",
        "                                   Direction des ressources humaines",
        "                                   BATIMAT OUEST SA",
        "                                   ZI de la Lande",
        "                                   35510 Cesson-Sévigné",
        "",
        "Objet : Facture n° CS-2030-041 – Accompagnement recrutement",
        "   Montant TTC                                                 8 174,40 €"
      ]).customer
    ).toBe("BATIMAT OUEST SA")
  })

  it("is not the account holder a sentence sends the payment to ('… by bank transfer to:')", () => {
    expect(
      parties([
        "                                         J. Whitfield Plumbing & Heating",
        "                                         14 Larch Close",
        "                                         Harrogate HG2 7PQ",
        "",
        "Mrs Eleanor Hartley",
        "3 Grove Terrace",
        "Knaresborough",
        "HG5 0AB",
        "",
        "INVOICE No. 0457",
        "Labour (2 days)                                              £640.00",
        "Total due                                                  £2,485.80",
        "",
        "Payment within 14 days by bank transfer to:",
        "J Whitfield, Sort code 40-22-18, Account 61234578"
      ]).customer
    ).toBe("Eleanor Hartley")
  })
})
