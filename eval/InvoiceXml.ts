/**
 * What the machine-readable invoice embedded in a ZUGFeRD / Factur-X PDF says beyond a corpus's template:
 * due date, tax and net totals, the parties' VAT ids and addresses, the payee's IBAN and BIC, the buyer's
 * order number, the number of lines. Read from the PDF's attached XML (CII, any profile, ZUGFeRD 1 or 2).
 */
import { XMLParser } from "fast-xml-parser"
import { pdfjs } from "../src/Reading/PdfJs.js"

type Node = Record<string, unknown>

/** Truth for the fields of the wide template; a field the XML does not state is absent. */
export type InvoiceTruth = Partial<{
  due_date: string
  tax_amount: number
  net_amount: number
  vat_number: string
  buyer_vat_number: string
  iban: string
  bic: string
  order_number: string
  supplier_address: { readonly postcode: string; readonly street: string }
  customer_address: { readonly postcode: string; readonly street: string }
  line_count: number
}>

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v)
const list = (v: unknown): Array<unknown> => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** Every node under `node` (itself included) named `name`, depth first. */
const all = (node: unknown, name: string): Array<unknown> => {
  const out: Array<unknown> = []
  const walk = (v: unknown) => {
    for (const x of list(v)) {
      if (!isNode(x)) continue
      for (const [k, child] of Object.entries(x)) {
        if (k === name) out.push(...list(child))
        walk(child)
      }
    }
  }
  walk(node)
  return out
}
const first = (node: unknown, name: string): unknown => all(node, name)[0]

/** An element's text, whether it has attributes or not. */
const text = (v: unknown): string | undefined => {
  if (typeof v === "string") return v.trim() === "" ? undefined : v.trim()
  if (isNode(v) && typeof v["#text"] === "string") return text(v["#text"])
  return undefined
}
const amount = (v: unknown): number | undefined => {
  const t = text(v)
  return t === undefined || Number.isNaN(Number(t)) ? undefined : Number(t)
}

/** The VAT id among a party's tax registrations (scheme "VA"). */
const vatOf = (party: unknown): string | undefined =>
  all(party, "ID").filter((id) => isNode(id) && id["@schemeID"] === "VA").map(text).find((t) => t !== undefined)

const addressOf = (party: unknown) => {
  const address = first(party, "PostalTradeAddress")
  const postcode = text(first(address, "PostcodeCode"))
  const street = text(first(address, "LineOne"))
  return postcode === undefined || street === undefined ? undefined : { postcode, street }
}

const dateOf = (v: unknown): string | undefined => {
  const t = text(first(v, "DateTimeString"))
  return t !== undefined && /^\d{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : undefined
}

/** Reads the truth from the invoice's XML. */
export const truthOfXml = (xml: string): InvoiceTruth => {
  const tree = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false
  }).parse(xml) as Node
  const seller = first(tree, "SellerTradeParty")
  const buyer = first(tree, "BuyerTradeParty")
  const summation = first(tree, "SpecifiedTradeSettlementHeaderMonetarySummation") ??
    first(tree, "SpecifiedTradeSettlementMonetarySummation")
  const lines = all(tree, "IncludedSupplyChainTradeLineItem").length
  const entries: Array<[keyof InvoiceTruth, unknown]> = [
    ["due_date", dateOf(first(tree, "DueDateDateTime"))],
    ["tax_amount", amount(first(summation, "TaxTotalAmount"))],
    ["net_amount", amount(first(summation, "TaxBasisTotalAmount"))],
    ["vat_number", vatOf(seller)],
    ["buyer_vat_number", vatOf(buyer)],
    ["iban", text(first(tree, "IBANID"))],
    ["bic", text(first(tree, "BICID"))],
    ["order_number", text(first(first(tree, "BuyerOrderReferencedDocument"), "IssuerAssignedID"))],
    ["supplier_address", addressOf(seller)],
    ["customer_address", addressOf(buyer)],
    ["line_count", lines > 0 ? lines : undefined]
  ]
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as InvoiceTruth
}

/** The XML attached to a PDF (the first attachment whose name ends in .xml), if any. */
export const attachedXml = async (bytes: Uint8Array): Promise<string | undefined> => {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise
  try {
    const attachments = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null
    const xml = Object.values(attachments ?? {}).find((a) => /\.xml$/i.test(a.filename))
    return xml === undefined ? undefined : new TextDecoder().decode(xml.content)
  } finally {
    await doc.destroy()
  }
}
