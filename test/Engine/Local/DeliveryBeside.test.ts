import { describe, expect, it } from "@effect/vitest"
import { partiesOf } from "../fixtures.js"

describe("the billed customer beside the place the goods or the work went", () => {
  it("'Client facturé' is the customer, 'Client livré' beside it the delivery", () => {
    const page = [
      "BRASSERIE DES CRÊTES                                                              Brasserie des Crêtes SA",
      "                                                                          Rue du Moulin 14, 4800 Verviers",
      "Brasserie artisanale · Verviers · Spa · Eupen                            Tél. 087 22 10 40 · info@cretes.be",
      "",
      "",
      " Client facturé                                                      Client livré",
      " Taverne du Marché SRL                                               Le Petit Bouchon",
      " Place Verte 2                                                       Rue Spintay 9",
      " 4800 Verviers                                                       4800 Verviers",
      " TVA BE 0612.334.771                                                 Livraison : jeudi matin",
      "",
      " FACTURE N° 24-3318            Date facture : 03-05-2024",
      " Désignation                              Qté      P.U. HTVA     Montant HTVA",
      " Bière blonde 33 cl (casier 24)             10         21,60           216,00",
      "                                              Total TVAC              261,36"
    ]
    expect(partiesOf(page).customer).toBe("Taverne du Marché SRL")
  })

  it("'Bill To:' beside 'Job Address:' gives the person billed, not the job's heading", () => {
    const page = [
      "Kestrel Roofing & Guttering",
      "                                                                                INVOICE",
      "12 Canal Wharf, Bradford BD1 4RE",
      "",
      "Bill To:                                  Job Address:",
      "Mrs Priya Shah                            Rental property:                 Invoice No: KR-2207",
      "9 Manor Row                               14 Hallfield Road                Invoice Date: 7 June 2024",
      "Bradford BD1 4PB                          Bradford BD1 3RQ",
      "",
      "Description                                              Qty     Unit Price      Amount",
      "Replace cracked ridge tiles                                1        £220.00     £220.00",
      "                                                         Total                  £264.00"
    ]
    expect(partiesOf(page).customer).toBe("Mrs Priya Shah")
  })
})

describe("the recipient among several address blocks with no label", () => {
  it("is the block addressed to a person by title when another block holds the account's details", () => {
    const page = [
      "Northgate Water",
      "Your water bill",
      "",
      "",
      "Mr Owen Pritchard",
      "7 Heol y Coed",
      "Cardiff",
      "CF14 6HJ",
      "",
      "",
      "Bill date        4 March 2024                    Account number      5521 0093 44",
      "Billing period   1 Jan 2024 - 29 Feb 2024        Supply address      7 Heol y Coed, CF14 6HJ",
      "",
      "Charges for this period                                              £84.20",
      "Balance to pay                                                       £84.20"
    ]
    expect(partiesOf(page).customer).toBe("Owen Pritchard")
  })
})
