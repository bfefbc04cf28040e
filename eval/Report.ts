/**
 * Summaries of an evaluation run: per-corpus and per-field accuracy, packet split scores, the
 * failures with expected vs got, as console text, a markdown table and a JSON report.
 */
import type { CorpusResult, ItemResult, SectionResult } from "./Harness.js"

export interface Ratio {
  readonly right: number
  readonly total: number
}

export interface FieldSummary extends Ratio {
  readonly field: string
  /** Fields whose expected value is in the page text at all. */
  readonly inText: number
  /** Of those, extracted right. */
  readonly rightInText: number
}

export interface CorpusSummary {
  readonly name: string
  readonly kind: CorpusResult["kind"]
  readonly items: number
  readonly scored: number
  readonly skipped: number
  readonly errors: number
  readonly skipReasons: ReadonlyArray<string>
  readonly fields: Ratio
  readonly perField: ReadonlyArray<FieldSummary>
  readonly pages?: Ratio
  readonly sections?: Ratio
  readonly packets?: Ratio
  readonly meanCer?: number
  readonly msPerItem: number
}

const ratio = (right: number, total: number): Ratio => ({ right, total })
export const pct = (r: Ratio | undefined): string =>
  r === undefined || r.total === 0 ? "–" : `${((100 * r.right) / r.total).toFixed(1)}%`
const frac = (r: Ratio | undefined): string => (r === undefined ? "–" : `${r.right}/${r.total}`)

export const summarize = (c: CorpusResult): CorpusSummary => {
  const counted = c.items.filter((i) => i.status !== "skipped")
  const fields = counted.flatMap((i) => i.fields)
  const names = [...new Set(fields.map((f) => f.field))]
  const perField = names.map((field) => {
    const fs = fields.filter((f) => f.field === field)
    return {
      field,
      right: fs.filter((f) => f.ok).length,
      total: fs.length,
      inText: fs.filter((f) => f.inText).length,
      rightInText: fs.filter((f) => f.inText && f.ok).length
    }
  })
  const packets = counted.flatMap((i) => (i.packet === undefined ? [] : [i.packet]))
  const cers = counted.flatMap((i) => (i.cer === undefined ? [] : [i.cer]))
  return {
    name: c.name,
    kind: c.kind,
    items: c.items.length,
    scored: c.items.filter((i) => i.status === "scored").length,
    skipped: c.items.filter((i) => i.status === "skipped").length,
    errors: c.items.filter((i) => i.status === "error").length,
    skipReasons: [...new Set(c.items.filter((i) => i.status === "skipped").map((i) => i.reason ?? "skipped"))],
    fields: ratio(fields.filter((f) => f.ok).length, fields.length),
    perField,
    ...(c.kind === "packets"
      ? {
        pages: ratio(packets.reduce((n, p) => n + p.pagesRight, 0), packets.reduce((n, p) => n + p.pages, 0)),
        sections: ratio(packets.reduce((n, p) => n + p.sectionsRight, 0), packets.reduce((n, p) => n + p.expected.length, 0)),
        packets: ratio(packets.filter((p) => p.exact).length, packets.length)
      }
      : {}),
    ...(cers.length > 0 ? { meanCer: Math.round((cers.reduce((a, b) => a + b, 0) / cers.length) * 1000) / 1000 } : {}),
    msPerItem: counted.length === 0 ? 0 : Math.round(counted.reduce((n, i) => n + i.ms, 0) / counted.length)
  }
}

/** "I[1,2] R[3]": a split in short form (type initials may collide; the full names are in the JSON). */
export const sectionsText = (sections: ReadonlyArray<SectionResult>): string =>
  sections.length === 0 ? "(none)" : sections.map((s) => `${s.document_type}[${s.pages.join(",")}]`).join(" ")

const show = (v: unknown): string => (v === undefined ? "–" : JSON.stringify(v))

/** The failures of an item, one line each. */
export const failureLines = (c: CorpusResult, item: ItemResult): Array<string> => {
  const where = `${c.name}/${item.file}`
  if (item.status === "skipped") return []
  const out: Array<string> = []
  if (item.status === "error") out.push(`${where}: ERROR ${item.reason ?? ""}`)
  if (item.packet !== undefined && !item.packet.exact) {
    out.push(`${where}: split expected ${sectionsText(item.packet.expected)}`)
    out.push(`${" ".repeat(where.length)}        got ${sectionsText(item.packet.got)}${item.emptyPages > 0 ? `  (${item.emptyPages} page(s) without text)` : ""}`)
  }
  for (const f of item.fields) {
    if (f.ok) continue
    out.push(`${where}: ${f.field}: expected ${show(f.expected)} got ${show(f.got)}${f.inText ? "" : "  [not in text]"}`)
  }
  return out
}

export interface Delta {
  readonly name: string
  readonly what: string
  readonly before: string
  readonly after: string
}

const rate = (r: Ratio | undefined) => (r === undefined || r.total === 0 ? undefined : r.right / r.total)

/** What changed against an earlier run's summaries (same corpus names). */
export const deltas = (before: ReadonlyArray<CorpusSummary>, after: ReadonlyArray<CorpusSummary>): Array<Delta> => {
  const out: Array<Delta> = []
  for (const a of after) {
    const b = before.find((x) => x.name === a.name)
    if (b === undefined) continue
    const pairs: Array<[string, Ratio | undefined, Ratio | undefined]> = [
      ["fields", b.fields, a.fields],
      ["pages", b.pages, a.pages],
      ["sections", b.sections, a.sections],
      ["packets", b.packets, a.packets],
      ...a.perField.map((f): [string, Ratio | undefined, Ratio | undefined] => [`field ${f.field}`, b.perField.find((x) => x.field === f.field), f])
    ]
    for (const [what, x, y] of pairs) {
      if (rate(x) !== rate(y)) out.push({ name: a.name, what, before: `${frac(x)} ${pct(x)}`, after: `${frac(y)} ${pct(y)}` })
    }
  }
  return out
}

const corpusLine = (s: CorpusSummary): string => {
  const skipped = s.skipped > 0 ? `, ${s.skipped} skipped (${s.skipReasons.join("; ")})` : ""
  const errors = s.errors > 0 ? `, ${s.errors} errors` : ""
  return `${s.name}: ${s.items} items${skipped}${errors}`
}

/** The console summary: per corpus its totals and per-field accuracy. */
export const summaryText = (summaries: ReadonlyArray<CorpusSummary>): string => {
  const lines: Array<string> = []
  for (const s of summaries) {
    lines.push(corpusLine(s))
    if (s.scored + s.errors === 0) continue
    if (s.kind === "packets") {
      lines.push(`  pages typed right ${frac(s.pages)} ${pct(s.pages)} · exact sections ${frac(s.sections)} ${pct(s.sections)} · packets with no error ${frac(s.packets)} ${pct(s.packets)}`)
    }
    if (s.fields.total > 0) {
      lines.push(`  ${s.kind === "packets" ? "fields of the sections split right" : "fields"} ${frac(s.fields)} ${pct(s.fields)}${s.meanCer !== undefined ? ` · mean CER ${s.meanCer}` : ""} · ${s.msPerItem} ms/item`)
      for (const f of s.perField) {
        lines.push(`    ${f.field.padEnd(24)} ${frac(f).padStart(7)} ${pct(f).padStart(6)}   in text ${f.inText}/${f.total}, right when in text ${f.rightInText}/${f.inText}`)
      }
    } else lines.push(`  ${s.msPerItem} ms/item`)
  }
  return lines.join("\n")
}

/** The markdown report: one table of corpora, one of fields. */
export const markdownReport = (summaries: ReadonlyArray<CorpusSummary>, meta: { readonly date: string; readonly seed: number }): string => {
  const lines = [
    `# Evaluation (${meta.date}, synthetic seed ${meta.seed})`,
    "",
    "| corpus | items | fields right | pages typed right | exact sections | packets with no error | OCR CER |",
    "|---|---|---|---|---|---|---|"
  ]
  for (const s of summaries) {
    const items = `${s.items}${s.skipped > 0 ? ` (${s.skipped} skipped: ${s.skipReasons.join("; ")})` : ""}${s.errors > 0 ? ` (${s.errors} errors)` : ""}`
    const f = s.fields.total > 0 ? `${frac(s.fields)} (${pct(s.fields)})` : "–"
    const cell = (r: Ratio | undefined) => (r === undefined ? "–" : `${frac(r)} (${pct(r)})`)
    lines.push(`| ${s.name} | ${items} | ${f} | ${cell(s.pages)} | ${cell(s.sections)} | ${cell(s.packets)} | ${s.meanCer ?? "–"} |`)
  }
  lines.push("", "| corpus | field | right | accuracy | value in text | right when in text |", "|---|---|---|---|---|---|")
  for (const s of summaries) {
    for (const f of s.perField) {
      lines.push(`| ${s.name} | ${f.field} | ${frac(f)} | ${pct(f)} | ${f.inText}/${f.total} | ${f.rightInText}/${f.inText} |`)
    }
  }
  return lines.join("\n") + "\n"
}
