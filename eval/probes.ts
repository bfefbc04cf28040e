/**
 * `npx tsx eval/probes.ts [--failures] [eval/probes/set1.json …]`: pages invented as text by helpers that had
 * not seen the engine (invoices of many countries and invoicing programs, till receipts), each written as
 * lines with the values a reader expects, read by the local engine as a text file's page is. Prints, per
 * set and group, the fields right, wrong (a value, not the expected one) and null; with `--failures`, each
 * field that is not right. A name is compared without case and punctuation (a person's with or without a
 * title where the page's expected values list both); an amount to the cent; a date exactly. An invoice's
 * amount is its grand total, as the corpora define it.
 */
import { Either } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import type { ExtractedValue, Grounded } from "../src/Domain/Extraction.js"
import { extractSection } from "../src/Engine/Local/Extractor.js"
import { normalizeTemplate } from "../src/Templates/TemplateData.js"
import { pageModelFromLines } from "../test/support/pageModel.js"
import { TEMPLATES as SYNTHETIC_TEMPLATES } from "./synthetic/Document.js"

interface Probe {
  readonly id: string
  readonly group: string
  readonly kind: "invoice" | "receipt"
  readonly lines: ReadonlyArray<string>
  readonly expected: Record<string, string | number | ReadonlyArray<string | number>>
}

/** The corpora's invoice and receipt templates (the synthetic set's), an invoice's without its line items. */
const { lines: _lines, ...invoiceFields } = SYNTHETIC_TEMPLATES.invoice.template_data as Record<string, unknown>
const TEMPLATES: Record<Probe["kind"], Record<string, unknown>> = {
  invoice: invoiceFields,
  receipt: SYNTHETIC_TEMPLATES.receipt.template_data as Record<string, unknown>
}

const specOf = (kind: Probe["kind"]) => ({
  templateId: `probe-${kind}`,
  documentType: kind,
  fields: Either.getOrThrow(normalizeTemplate(TEMPLATES[kind]))
})

const folded = (v: unknown) => String(v).normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

const matches = (field: string, got: unknown, expected: Probe["expected"][string]): boolean =>
  (Array.isArray(expected) ? expected : [expected]).some((e) => {
    if (typeof e === "number") return typeof got === "number" && Math.abs(got - e) < 0.005
    if (field === "date") return got === e
    if (field === "currency") return String(got).toUpperCase() === e.toUpperCase()
    return folded(got) === folded(e)
  })

const valueOf = (v: ExtractedValue | undefined): unknown => v === null || v === undefined ? null : (v as Grounded).value

const args = process.argv.slice(2)
const failures = args.includes("--failures")
const here = path.dirname(new URL(import.meta.url).pathname)
const files = args.filter((a) => !a.startsWith("--"))
const sets = files.length > 0 ? files : ["set1.json", "set2.json"].map((f) => path.join(here, "probes", f))

for (const file of sets) {
  const probes = JSON.parse(fs.readFileSync(file, "utf8")) as ReadonlyArray<Probe>
  const tally = new Map<string, { right: number; wrong: number; none: number }>()
  const missed: Array<string> = []
  for (const probe of probes) {
    const out = extractSection(pageModelFromLines([probe.lines]), [1], specOf(probe.kind))
    const group = `${probe.kind} ${probe.group}`
    const t = tally.get(group) ?? { right: 0, wrong: 0, none: 0 }
    tally.set(group, t)
    for (const field of Object.keys(TEMPLATES[probe.kind])) {
      const got = valueOf(out[field] as ExtractedValue)
      if (got === null) t.none++
      else if (matches(field, got, probe.expected[field]!)) t.right++
      else t.wrong++
      if (got === null || !matches(field, got, probe.expected[field]!)) {
        missed.push(`${probe.id} ${field}: ${JSON.stringify(got)} (expected ${JSON.stringify(probe.expected[field])})`)
      }
    }
  }
  const all = [...tally.values()].reduce((a, t) => ({
    right: a.right + t.right,
    wrong: a.wrong + t.wrong,
    none: a.none + t.none
  }), { right: 0, wrong: 0, none: 0 })
  console.log(`${path.basename(file)}: ${probes.length} pages`)
  for (const [group, t] of [...tally.entries(), ["all", all] as const]) {
    const n = t.right + t.wrong + t.none
    console.log(
      `  ${group.padEnd(16)} right ${String(t.right).padStart(3)}/${n} (${(100 * t.right / n).toFixed(1)}%)  wrong ${
        String(t.wrong).padStart(2)
      }  null ${String(t.none).padStart(2)}`
    )
  }
  if (failures) { for (const line of missed) console.log(`    ${line}`) }
}
