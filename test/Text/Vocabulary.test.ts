import { describe, expect, it } from "@effect/vitest"
import { documentTypeProfile } from "../../src/Text/DocumentTypes.js"
import { fieldNameWords, tokensOf } from "../../src/Text/Tokens.js"
import { fieldProfile } from "../../src/Text/Vocabulary.js"

const hasPhrase = (path: Array<string>, label: string, description?: string) =>
  fieldProfile(path, description).phrases.some((p) => p.tokens.join(" ") === tokensOf(label).join(" "))

describe("Vocabulary", () => {
  it("splits field names in any case style", () => {
    expect(fieldNameWords("invoice_number")).toEqual(["invoice", "number"])
    expect(fieldNameWords("invoiceNumber")).toEqual(["invoice", "number"])
    expect(fieldNameWords("VATNumber")).toEqual(["vat", "number"])
    expect(fieldNameWords("Due-Date")).toEqual(["due", "date"])
  })

  it("folds labels so that N°, No., Nr. and # all match", () => {
    expect(tokensOf("Facture N°")).toEqual(["facture", "no"])
    expect(tokensOf("Rechnung Nr.")).toEqual(["rechnung", "no"])
    expect(tokensOf("INV#")).toEqual(["inv", "no"])
    expect(tokensOf("Date d'émission")).toEqual(["date", "d", "emission"])
  })

  it("maps field names to concepts and their labels in several languages", () => {
    expect(fieldProfile(["invoice_number"]).concepts[0]).toBe("invoice_number")
    expect(fieldProfile(["invoiceNumber"]).concepts[0]).toBe("invoice_number")
    for (
      const label of [
        "Invoice No",
        "Facture n°",
        "Rechnungsnr.",
        "Factuurnummer",
        "Número de factura",
        "Numero fattura",
        "No Invois"
      ]
    ) {
      expect(hasPhrase(["invoice_number"], label)).toBe(true)
    }
    expect(fieldProfile(["total"]).concepts).toEqual(["total"])
    for (
      const label of [
        "Grand Total",
        "Total TTC",
        "Gesamtbetrag",
        "Totaal",
        "Importe total",
        "Totale",
        "Valor total",
        "Jumlah"
      ]
    ) {
      expect(hasPhrase(["total"], label)).toBe(true)
    }
  })

  it("prefers the specific meaning of a name over the generic one", () => {
    expect(fieldProfile(["due_date"]).concepts).toEqual(["due_date"])
    expect(fieldProfile(["tax_rate"]).concepts).toEqual(["tax_rate"])
    expect(fieldProfile(["vat_number"]).concepts).toEqual(["vat_id"])
  })

  it("reads a generic name's meaning from its description", () => {
    expect(fieldProfile(["date"], "Invoice date (date of issue)").concepts).toEqual(["date", "invoice_date"])
    expect(fieldProfile(["when"], "The due date of the payment").concepts).toEqual(["due_date"])
  })

  it("reads a leaf by its parent's name when the leaf alone says little", () => {
    expect(fieldProfile(["seller", "name"]).concepts).toEqual(["issuer"])
    expect(fieldProfile(["customer", "name"]).concepts).toEqual(["customer"])
  })

  it("uses the field's own name as a label when no concept knows it", () => {
    expect(fieldProfile(["policy_number"]).concepts).toEqual([])
    expect(hasPhrase(["policy_number"], "Policy No.")).toBe(true)
  })

  it("reads amount columns of a list as line amounts, not the document total", () => {
    expect(fieldProfile(["lines", "amount"], undefined, { table: true }).concepts).toEqual(["line_amount"])
  })

  it("resolves document types to their classification vocabulary", () => {
    expect(documentTypeProfile("invoice").key).toBe("invoice")
    expect(documentTypeProfile("Invoices").key).toBe("invoice")
    expect(documentTypeProfile("credit_note").key).toBe("credit_note")
    expect(documentTypeProfile("Bank Statement").key).toBe("bank_statement")
    expect(documentTypeProfile("utility bill").key).toBe("utility_bill")
    expect(documentTypeProfile("purchaseOrder").key).toBe("purchase_order")
    expect(documentTypeProfile("receipt").singlePage).toBe(true)
    const unknown = documentTypeProfile("medical_record")
    expect(unknown.key).toBeUndefined()
    expect(unknown.titles).toEqual([["medical", "record"]])
  })
})
