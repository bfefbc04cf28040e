/**
 * Singapore's, Malaysia's and New Zealand's ways of printing a company and an address: a UEN, nested
 * registration numbers, an HDB block, a town with its postcode last.
 */
import { describe, expect, it } from "@effect/vitest"
import { townLine } from "../../../src/Engine/Local/Towns.js"
import { extractLines, PARTIES, partiesOf, valueOf } from "../fixtures.js"

const RECEIPT = {
  company: "Name of the store or company that issued the receipt",
  address: "Address of the store"
}

const receipt = (lines: ReadonlyArray<string>) => {
  const out = extractLines(lines, "receipt", RECEIPT)
  return { company: valueOf(out["company"]), address: valueOf(out["address"]) }
}

describe("a company's registration printed with its name", () => {
  it("ends the name: a UEN on the name's line, numbers in nested brackets", () => {
    expect(
      receipt([
        "    KOPI CORNER (BUGIS JUNCTION)",
        "  Corner F&B Pte Ltd  UEN 200312345K",
        "     GST REG NO: 20-0312345-K",
        "   200 Victoria Street #01-45",
        "        Singapore 188021",
        "",
        "Date: 03/06/2031   10:22 AM",
        "1  Kaya Butter Toast Set       6.20",
        "Total (GST Incl.)             14.20"
      ]).company
    ).toBe("Corner F&B Pte Ltd")
    const out = extractLines(
      [
        "SRI MURNI TRADING SDN. BHD. (201501023456 (1148822-X))",
        "No. 12, Jalan Perusahaan 3, Taman Perindustrian Kulim,",
        "09000 Kulim, Kedah Darul Aman.",
        "",
        "                              INVOICE",
        "Bill To:                                   Invoice No : SMT/INV/2030/0871",
        "KEDAI RUNCIT AH HOCK                       Date       : 15/10/2030",
        "No. 45, Jalan Pasar,",
        "08000 Sungai Petani, Kedah.",
        "                                          Total (RM)            941.33"
      ],
      "invoice",
      PARTIES
    )
    expect(valueOf(out["issuer"])).toBe("SRI MURNI TRADING SDN. BHD.")
  })
})

describe("a shop's company named in brackets under its brand", () => {
  it("is the company's name without the brackets and its registration number", () => {
    expect(
      receipt([
        "      RESTORAN SRI MELAKA",
        "  (KL TRADING SDN BHD 201801034567)",
        "   NO 8, JALAN TELAWI 3, BANGSAR BARU",
        "       59100 KUALA LUMPUR",
        "",
        "14-08-2032 13:05:22   Cashier: Aina",
        "2 x Nasi Lemak Ayam        @9.50   19.00",
        "Grand Total                        35.70"
      ]).company
    ).toBe("KL TRADING SDN BHD")
  })
})

describe("a public-housing block's address", () => {
  it("is an address: 'Blk 512 Tampines Central 1 #01-220' over 'Singapore 520512'", () => {
    expect(
      receipt([
        "          SHENG HENG MART",
        "    SHENG HENG SUPERMARKET PTE LTD",
        "       Co Reg No: 199504321M",
        "     GST Reg No: M2-0098765-4",
        " Blk 512 Tampines Central 1 #01-220",
        "          Singapore 520512",
        "           Tel: 6785 2211",
        "",
        "05/12/2032 19:47   POS 03   Cshr 118",
        "GOLDEN EAGLE JASMINE RICE 5KG    13.95",
        "TOTAL  5 ITEMS                   28.35"
      ]).address
    ).toBe("Blk 512 Tampines Central 1 #01-220 Singapore 520512")
  })
})

describe("a town with its postcode last ('Christchurch 8052', 'Singapore 188021')", () => {
  const xero = (name: string) => [
    "TAX INVOICE                               Kowhai Landscapes Limited",
    "                                          42 Fitzgerald Avenue",
    `${name.padEnd(42)}Christchurch 8011`,
    "14 Tui Street                             NEW ZEALAND",
    "Fendalton",
    "Christchurch 8052                         Invoice Date",
    "                                          18 Aug 2032",
    "",
    "Monthly garden maintenance             1.00       420.00    15%        420.00",
    "                                                      TOTAL NZD       842.38"
  ]

  it("ends an address block: the customer's, the store's", () => {
    expect(partiesOf(xero("Harbour Dental")).customer).toBe("Harbour Dental")
    expect(
      receipt([
        "    KOPI CORNER (BUGIS JUNCTION)",
        "  Corner F&B Pte Ltd  UEN 200312345K",
        "   200 Victoria Street #01-45",
        "        Singapore 188021",
        "",
        "Order: 0087         Dine In",
        "Date: 03/06/2031   10:22 AM",
        "Total (GST Incl.)             14.20"
      ]).address
    ).toBe("200 Victoria Street #01-45 Singapore 188021")
  })

  it("takes no locality under the street for the block's name", () => {
    expect(partiesOf(xero("Tui Street Dental")).customer).not.toBe("Fendalton")
  })

  it("is no label or month with its number", () => {
    expect(["Invoice 0312", "Total 1200", "March 2031", "Christchurch 8052"].map(townLine)).toEqual([
      false,
      false,
      false,
      true
    ])
  })
})
