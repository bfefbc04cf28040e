/**
 * Documents of the eighth invented set (eval/invented/set8-*), read from their PDFs as the service reads
 * them: the cases its rules were built for, where a made-up page of lines does not show the layout (a
 * letterhead's columns, a till roll's narrow page).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { PageModel } from "../../../src/Domain/PageModel.js"
import { extractSection } from "../../../src/Engine/Local/Extractor.js"
import { splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { readPdf } from "../../../src/Reading/Pdf.js"
import { spec, valueOf } from "../fixtures.js"

const SET = path.resolve(import.meta.dirname, "../../../eval/invented")

const modelOf = (corpus: string, name: string) => {
  const file = fs.readdirSync(path.join(SET, corpus, "files")).find((f) => f.startsWith(name))!
  return readPdf(new Uint8Array(fs.readFileSync(path.join(SET, corpus, "files", file))), { maxPages: 10 })
}

const fieldsOf = (corpus: string, name: string) =>
  Effect.gen(function*() {
    const manifest = JSON.parse(fs.readFileSync(path.join(SET, corpus, "manifest.json"), "utf8"))
    const model = yield* modelOf(corpus, name)
    const out = extractSection(
      model,
      model.pages.map((p) => p.page),
      spec(manifest.template.document_type, manifest.template.template_data)
    )
    return Object.fromEntries(
      Object.entries(out).map(([k, v]) => [k, Array.isArray(v) ? v.length : valueOf(v as never)])
    )
  })

describe("the eighth invented set's letterheads", () => {
  it.effect("names the company beside its address block, not the street or town of that block", () =>
    Effect.gen(function*() {
      const catering = yield* fieldsOf("set8-invoices", "08_")
      expect([catering.issuer, catering.customer]).toEqual(["Feinkost Albers KG", "Weserport Logistik GmbH"])
      const roastery = yield* fieldsOf("set8-invoices", "06_")
      expect(roastery.issuer).toBe("Kaffeerösterei Pichler & Söhne OG")
      const it = yield* fieldsOf("set8-invoices", "12_")
      expect([it.issuer, it.customer]).toEqual([
        "Services Informatiques Boréal inc.",
        "Clinique vétérinaire des Deux-Rives inc."
      ])
    }))

  it.effect("reads the seller a marketplace names, and a telecom bill's subscriber past its portal's line", () =>
    Effect.gen(function*() {
      expect((yield* fieldsOf("set8-invoices", "05_")).issuer).toBe("Gartenwelt Vogt e.K.")
      const telecom = yield* fieldsOf("set8-invoices", "09_")
      expect([telecom.issuer, telecom.customer]).toEqual(["Ondalis Télécom SAS", "Claire Vasseur"])
    }))
})

describe("the eighth invented set's till receipts", () => {
  it.effect("takes the card network's amount for the total, not a loyalty balance; reads a unit's line", () =>
    Effect.gen(function*() {
      const pharmacy = yield* fieldsOf("set8-receipts", "r04_")
      expect([pharmacy.total, pharmacy.address]).toEqual([43.9, "BLK 216 BEDOK NORTH STREET 1 #01-34 SINGAPORE 460216"])
    }))

  it.effect("reads the address under the name at the top, the footer printing the name again", () =>
    Effect.gen(function*() {
      expect((yield* fieldsOf("set8-receipts", "r08_")).address).toBe("3 Saddler Street Durham DH1 3NP")
    }))

  it.effect("never takes the signature unit's lines for the store", () =>
    Effect.gen(function*() {
      const bakery = yield* fieldsOf("set8-receipts", "r11_")
      expect([bakery.company, bakery.address]).toEqual(["Sonnenkorn Backwaren GmbH", "Bergstraße 14 69120 Heidelberg"])
    }))
})

describe("the eighth invented set's documents in a packet", () => {
  it.effect("types a German till's receipt ('Beleg', 'Kasse 02', 'girocard', 'Kundenbeleg') after an invoice as a receipt", () =>
    Effect.gen(function*() {
      const parts = [
        yield* modelOf("set8-invoices", "22_"),
        yield* modelOf("set8-receipts", "r12_"),
        yield* modelOf("set8-invoices", "01_")
      ]
      const model: PageModel = {
        mediaType: "application/pdf",
        pages: parts.flatMap((m) => m.pages).map((p, i) => ({ ...p, page: i + 1 }))
      }
      // The templates of the corpora the two documents come from, as the evaluation's packets use them.
      const templates = ["set8-invoices", "set8-receipts"].map((corpus) => {
        const { template } = JSON.parse(fs.readFileSync(path.join(SET, corpus, "manifest.json"), "utf8"))
        return spec(template.document_type, template.template_data)
      })
      const sections = splitDocument(model, templates).map((s) => [s.documentType, [...s.pages]])
      expect(sections).toEqual([["invoice", [1]], ["receipt", [2]], ["invoice", [3]]])
    }))
})
