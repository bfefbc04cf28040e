/**
 * `npx tsx eval/wide.ts [--read-cache] [--out DIR] [--nulls]`: the fields users ask for beyond the corpora's
 * templates (due date, tax and net totals, VAT ids, IBAN, BIC, order number, the parties' addresses,
 * the number of lines), scored on the ZUGFeRD / Factur-X corpora against the XML each PDF embeds
 * (eval/InvoiceXml.ts; a scan is scored against its source's XML). Held-back part first, as the main
 * report does; at the service's MIN_CONFIDENCE, with the share right of values at 0.9 or more.
 *
 * A field the XML does not state is not scored: a value given for it is counted apart ("answered
 * without truth"), since the page may print what the XML leaves out.
 */
import { Effect, Either, Exit } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { type Grounded, isGrounded } from "../src/Domain/Extraction.js"
import type { PageModel } from "../src/Domain/PageModel.js"
import { Pipeline } from "../src/Pipeline/Pipeline.js"
import { normalizeTemplate } from "../src/Templates/TemplateData.js"
import { readCached } from "./Harness.js"
import { attachedXml, type InvoiceTruth, truthOfXml } from "./InvoiceXml.js"
import { loadCorpus } from "./Manifest.js"
import { evalRuntime } from "./Runtime.js"
import { type Part, partOf } from "./Split.js"

const WIDE_TEMPLATE = {
  due_date: { type: "date", description: "Date the payment is due" },
  tax_amount: { type: "number", description: "Total tax amount" },
  net_amount: { type: "number", description: "Total amount before tax" },
  vat_number: "VAT identification number of the seller",
  buyer_vat_number: "VAT identification number of the buyer",
  iban: "IBAN to pay to",
  bic: "BIC of the payee's bank",
  order_number: "The buyer's purchase order number",
  supplier_address: "Address of the supplier",
  customer_address: "Address of the customer",
  line_count: "Number of line items"
}
type Field = keyof typeof WIDE_TEMPLATE
const FIELDS = Object.keys(WIDE_TEMPLATE) as Array<Field>

const CORPORA = ["invoices-zugferd-dev", "invoices-zugferd-dev-scanned"]

const args = process.argv.slice(2)
const out = args.includes("--out") ? args[args.indexOf("--out") + 1]! : path.join("eval", "out")
const readCache = args.includes("--read-cache")
  ? process.env["EVAL_READ_CACHE"] ?? path.join(out, "read-cache")
  : undefined
const shared = path.resolve("..", "shared", "corpora")
/** `--nulls`: also list the tuned part's values the XML states and the engine left null. */
const showNulls = args.includes("--nulls")

const squeeze = (s: string) => s.normalize("NFKC").toUpperCase().replace(/[^\p{L}\p{N}]/gu, "")

/** "untrue": a value where the XML states none; "unstated": neither states one (not counted). */
type Verdict = "right" | "wrong" | "null" | "untrue" | "unstated"

/** A value against the XML's: amounts to the cent, ids and dates as written apart from spacing, addresses by postcode and street. */
const verdictOf = (field: Field, truth: InvoiceTruth, got: Grounded | null): Verdict => {
  const expected = truth[field]
  if (expected === undefined) return got === null ? "unstated" : "untrue"
  if (got === null) return "null"
  const value = got.value
  if (typeof expected === "number") {
    const n = typeof value === "number" ? value : Number(String(value).replace(",", "."))
    return Math.abs(n - expected) < 0.005 ? "right" : "wrong"
  }
  if (typeof expected === "object") {
    const text = squeeze(String(value))
    return text.includes(squeeze(expected.postcode)) && text.includes(squeeze(expected.street)) ? "right" : "wrong"
  }
  return squeeze(String(value)) === squeeze(expected) ? "right" : "wrong"
}

interface Tally {
  right: number
  wrong: number
  null: number
  untrue: number
  sure: number
  sureRight: number
}
const tally = (): Tally => ({ right: 0, wrong: 0, null: 0, untrue: 0, sure: 0, sureRight: 0 })

const main = (threshold: number) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    const fields = Either.getOrThrow(normalizeTemplate(WIDE_TEMPLATE))
    const spec = { templateId: "wide", documentType: "invoice", fields }
    const byPart = new Map<Part, Map<Field, Tally>>()
    const failures: Array<string> = []
    for (const name of CORPORA) {
      const dir = path.join(shared, name)
      if (!fs.existsSync(dir)) continue
      for (const item of loadCorpus(dir).manifest.items) {
        // A scan is named after its source ("017_facture_scan.pdf" of "017_facture.pdf"), whose PDF holds the XML.
        const xmlFile = path.join(shared, CORPORA[0]!, item.file.replace(/_scan(\.[^.]+)$/, "$1"))
        const xml = yield* Effect.promise(() => attachedXml(new Uint8Array(fs.readFileSync(xmlFile))))
        if (xml === undefined) continue
        const truth = truthOfXml(xml)
        const read = yield* readCached(new Uint8Array(fs.readFileSync(path.join(dir, item.file))), readCache)
        if (Exit.isFailure(read)) continue
        const model: PageModel = read.value
        const sections = yield* Effect.either(pipeline.splitAndExtract(model, [spec], { forceExclusive: true }))
        if (Either.isLeft(sections)) continue
        const values = sections.right[0]?.extracted ?? {}
        const part = partOf(item.file)
        const tallies = byPart.get(part) ?? new Map(FIELDS.map((f) => [f, tally()]))
        byPart.set(part, tallies)
        for (const field of FIELDS) {
          const raw = values[field]
          const got = isGrounded(raw) && raw.confidence >= threshold ? raw : null
          const t = tallies.get(field)!
          const verdict = verdictOf(field, truth, got)
          if (verdict !== "unstated") t[verdict]++
          // Failures of the tuned part only, to study (never the held-back part's).
          if (
            part === "tune" && (verdict === "wrong" || (showNulls && verdict === "null" && truth[field] !== undefined))
          ) {
            failures.push(
              `${item.file} ${field}: expected ${JSON.stringify(truth[field])}, got ${JSON.stringify(got?.value)} @${
                got?.confidence.toFixed(2)
              }`
            )
          }
          if (got !== null && got.confidence >= 0.9 && verdict !== "untrue") {
            t.sure++
            if (verdict === "right") t.sureRight++
          }
        }
      }
    }
    const pct = (a: number, b: number) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)}%`)
    const lines: Array<string> = [
      `# Fields beyond the templates (ZUGFeRD / Factur-X XML as truth), MIN_CONFIDENCE ${threshold}`,
      ""
    ]
    for (const part of ["held-back", "tune"] as const) {
      const tallies = byPart.get(part)
      if (tallies === undefined) continue
      lines.push(
        `## ${part}`,
        "",
        "| field | right | wrong | null | answered without truth | ≥ 0.9 right |",
        "|---|---|---|---|---|---|"
      )
      const sum = tally()
      for (const [field, t] of tallies) {
        const scored = t.right + t.wrong + t.null
        lines.push(
          `| ${field} | ${t.right}/${scored} (${pct(t.right, scored)}) | ${t.wrong} (${
            pct(t.wrong, scored)
          }) | ${t.null} | ${t.untrue} | ${t.sureRight}/${t.sure} |`
        )
        for (const k of Object.keys(sum) as Array<keyof Tally>) sum[k] += t[k]
      }
      const scored = sum.right + sum.wrong + sum.null
      lines.push(
        `| all | ${sum.right}/${scored} (${pct(sum.right, scored)}) | ${sum.wrong} (${
          pct(sum.wrong, scored)
        }) | ${sum.null} | ${sum.untrue} | ${sum.sureRight}/${sum.sure} (${pct(sum.sureRight, sum.sure)}) |`,
        ""
      )
    }
    const report = lines.join("\n")
    fs.mkdirSync(out, { recursive: true })
    fs.writeFileSync(path.join(out, "wide.md"), report)
    console.log(report)
    if (failures.length > 0) {
      console.log(["Wrong (and with --nulls, null) values of the tuned part:", ...failures].join("\n"))
    }
  })

const { dispose, runtime, threshold } = await evalRuntime(out)
try {
  await runtime.runPromise(main(threshold))
} finally {
  await dispose()
}
