import { describe, expect, it } from "@effect/vitest"
import type { ExtractedValue, Grounded } from "../../../src/Domain/Extraction.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const INVOICE = [
  "Atelier Exemple SARL                              FACTURE N° F-2024-031",
  "4 rue des Tilleuls, 69003 Lyon                    Date : 3 avril 2024",
  "N° TVA : FR 88 100 000 009",
  "BIC : Voir RIB joint",
  "",
  "Client : Librairie du Parc",
  "12 avenue Foch, 75016 Paris",
  "N° TVA client FR40 303 265 045",
  "Livraison : adresse, références",
  "",
  "Désignation                    Qté    Prix unitaire HT    Montant HT",
  "Reliure cuir                     4            25,00 €      100,00 €",
  "                                            Total TTC        120,00 €"
]

const value = (v: ExtractedValue | undefined) => (v === null || v === undefined ? null : (v as Grounded).value)

const read = (lines: ReadonlyArray<string>, template: Record<string, unknown>) =>
  extractSection(pageModelFromLines([lines]), [1], spec("invoice", template))

describe("tax numbers, bank codes and addresses have their shape", () => {
  it("reads a tax number printed in groups after its country whole", () => {
    expect(value(read(INVOICE, { vat_number: "Seller VAT id" })["vat_number"])).toBe("FR 88 100 000 009")
  })

  it("reads the customer's tax number at the customer's label, and never gives it as the issuer's", () => {
    expect(value(read(INVOICE, { buyer_vat_number: "VAT id of the buyer" })["buyer_vat_number"])).toBe(
      "FR40 303 265 045"
    )
    const issuerOnly = INVOICE.filter((l) => !l.startsWith("N° TVA :"))
    expect(value(read(issuerOnly, { vat_number: "VAT number" })["vat_number"])).toBeNull()
  })

  it("takes no street number or postcode for a tax number", () => {
    const noCustomerVat = INVOICE.filter((l) => !l.startsWith("N° TVA client"))
    expect(value(read(noCustomerVat, { customer_vat_number: "string" })["customer_vat_number"])).toBeNull()
  })

  it("takes only a bank code of a bank code's shape", () => {
    expect(value(read(INVOICE, { bic: "BIC / SWIFT code" })["bic"])).toBeNull()
    const withBic = INVOICE.map((l) => (l.startsWith("BIC") ? "BIC : AGRIFRPP882" : l))
    expect(value(read(withBic, { bic: "BIC / SWIFT code" })["bic"])).toBe("AGRIFRPP882")
  })

  it("takes no word beside an address label for an address", () => {
    expect(value(read(INVOICE, { delivery_address: "Delivery address" })["delivery_address"])).not.toBe("références")
    expect(value(read(INVOICE, { address: "Address" })["address"])).not.toBe("références")
  })
})

describe("a tax number after the tax's own name", () => {
  it("is read there when it has a tax number's shape", () => {
    const lines = [
      "Au bon moulin SARL - 1242 chemin de l'olive - 84340 Malaucène",
      "TVA : FR11999999998 - SIRET : 99999999800010",
      "Facture FA-2017-0009",
      "TVA 20 %                       16,38 €"
    ]
    expect(value(read(lines, { vat_number: "VAT number of the seller" })["vat_number"])).toBe("FR11999999998")
  })
})
