/**
 * Summaries of an evaluation run: per-corpus and per-field accuracy, packet split scores, the
 * failures with expected vs got, as console text, a markdown table and a JSON report.
 */
import type { CorpusResult, FieldResult, ItemResult, SectionResult } from "./Harness.js"
import type { Part } from "./Split.js"

export interface Ratio {
  readonly right: number
  readonly total: number
}

export interface FieldSummary extends Ratio {
  readonly field: string
  /** A value that is not the expected one. */
  readonly wrong: number
  /** Fields whose expected value is in the page text at all. */
  readonly inText: number
  /** Of those, extracted right. */
  readonly rightInText: number
}

/** Values whose confidence falls in [from, to), and how many of them are right. */
export interface Bin {
  readonly from: number
  readonly to: number
  readonly n: number
  readonly right: number
}

/** Fields right, wrong and null if values below `threshold` were not returned. */
export interface CurvePoint {
  readonly threshold: number
  readonly right: number
  readonly wrong: number
  readonly total: number
}

export interface CorpusSummary {
  readonly name: string
  readonly part: Part | "all"
  readonly kind: CorpusResult["kind"]
  readonly items: number
  readonly scored: number
  readonly skipped: number
  readonly errors: number
  readonly skipReasons: ReadonlyArray<string>
  readonly fields: Ratio
  /** Fields with a value that is not the expected one. */
  readonly wrong: number
  readonly perField: ReadonlyArray<FieldSummary>
  readonly lines?: {
    readonly expected: number
    readonly got: number
    readonly found: number
    /** Of the lines found: description right / given by the truth, quantity right / given. */
    readonly described: { readonly total: number; readonly right: number }
    readonly counted: { readonly total: number; readonly right: number }
  }
  /** Confidence of every value the engine gave (before the threshold) against being right. */
  readonly calibration: ReadonlyArray<Bin>
  readonly curve: ReadonlyArray<CurvePoint>
  readonly sectionCalibration?: ReadonlyArray<Bin>
  readonly pages?: Ratio
  readonly sections?: Ratio
  readonly packets?: Ratio
  readonly meanCer?: number
  readonly msPerItem: number
}

export const ratio = (right: number, total: number): Ratio => ({ right, total })
export const pct = (r: Ratio | undefined): string =>
  r === undefined || r.total === 0 ? "–" : `${((100 * r.right) / r.total).toFixed(1)}%`
const frac = (r: Ratio | undefined): string => (r === undefined ? "–" : `${r.right}/${r.total}`)

const BINS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001]
export const THRESHOLDS = [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]

export const binsOf = (xs: ReadonlyArray<{ readonly confidence: number; readonly right: boolean }>): Array<Bin> =>
  BINS.slice(0, -1).map((from, i) => {
    const to = BINS[i + 1]!
    const inBin = xs.filter((x) => x.confidence >= from && x.confidence < to)
    return { from, to: Math.min(1, to), n: inBin.length, right: inBin.filter((x) => x.right).length }
  })

/** The trade-off of a threshold: a value below it is returned as null. */
export const curveOf = (fields: ReadonlyArray<FieldResult>): Array<CurvePoint> =>
  THRESHOLDS.map((threshold) => {
    let right = 0, wrong = 0
    for (const f of fields) {
      if (f.raw === undefined || f.raw.confidence < threshold) {
        // Nothing returned: right only when nothing was expected.
        if (f.expected === null) right++
        continue
      }
      if (f.raw.ok) right++
      else wrong++
    }
    return { threshold, right, wrong, total: fields.length }
  })

export const summarize = (c: CorpusResult, part: Part | "all" = "all"): CorpusSummary => {
  const items = part === "all" ? c.items : c.items.filter((i) => i.part === part)
  const counted = items.filter((i) => i.status !== "skipped")
  const fields = counted.flatMap((i) => i.fields)
  const names = [...new Set(fields.map((f) => f.field))]
  const perField = names.map((field) => {
    const fs = fields.filter((f) => f.field === field)
    return {
      field,
      right: fs.filter((f) => f.ok).length,
      wrong: fs.filter((f) => f.verdict === "wrong").length,
      total: fs.length,
      inText: fs.filter((f) => f.inText).length,
      rightInText: fs.filter((f) => f.inText && f.ok).length
    }
  })
  const packets = counted.flatMap((i) => (i.packet === undefined ? [] : [i.packet]))
  const cers = counted.flatMap((i) => (i.cer === undefined ? [] : [i.cer]))
  const lines = counted.flatMap((i) => (i.lines === undefined ? [] : [i.lines]))
  const sections = counted.flatMap((i) => i.sectionConfidences ?? [])
  return {
    name: part === "all" ? c.name : `${c.name} [${part}]`,
    part,
    kind: c.kind,
    items: items.length,
    scored: items.filter((i) => i.status === "scored").length,
    skipped: items.filter((i) => i.status === "skipped").length,
    errors: items.filter((i) => i.status === "error").length,
    skipReasons: [...new Set(items.filter((i) => i.status === "skipped").map((i) => i.reason ?? "skipped"))],
    fields: ratio(fields.filter((f) => f.ok).length, fields.length),
    wrong: fields.filter((f) => f.verdict === "wrong").length,
    perField,
    ...(lines.length > 0
      ? {
        lines: {
          expected: lines.reduce((n, l) => n + l.expected, 0),
          got: lines.reduce((n, l) => n + l.got, 0),
          found: lines.reduce((n, l) => n + l.found, 0),
          described: {
            total: lines.reduce((n, l) => n + (l.described?.total ?? 0), 0),
            right: lines.reduce((n, l) => n + (l.described?.right ?? 0), 0)
          },
          counted: {
            total: lines.reduce((n, l) => n + (l.counted?.total ?? 0), 0),
            right: lines.reduce((n, l) => n + (l.counted?.right ?? 0), 0)
          }
        }
      }
      : {}),
    calibration: binsOf(
      fields.flatMap((f) => (f.raw === undefined ? [] : [{ confidence: f.raw.confidence, right: f.raw.ok }]))
    ),
    curve: curveOf(fields),
    ...(sections.length > 0 ? { sectionCalibration: binsOf(sections) } : {}),
    ...(c.kind === "packets"
      ? {
        pages: ratio(packets.reduce((n, p) => n + p.pagesRight, 0), packets.reduce((n, p) => n + p.pages, 0)),
        sections: ratio(
          packets.reduce((n, p) => n + p.sectionsRight, 0),
          packets.reduce((n, p) => n + p.expected.length, 0)
        ),
        packets: ratio(packets.filter((p) => p.exact).length, packets.length)
      }
      : {}),
    ...(cers.length > 0 ? { meanCer: Math.round((cers.reduce((a, b) => a + b, 0) / cers.length) * 1000) / 1000 } : {}),
    msPerItem: counted.length === 0 ? 0 : Math.round(counted.reduce((n, i) => n + i.ms, 0) / counted.length)
  }
}

/** Every value of several summaries in one calibration table. */
export const pooledBins = (
  summaries: ReadonlyArray<CorpusSummary>,
  which: "calibration" | "sectionCalibration" = "calibration"
): Array<Bin> =>
  BINS.slice(0, -1).map((from, i) => {
    const bins = summaries.flatMap((s) => (s[which] ?? []).filter((b) => b.from === from))
    return {
      from,
      to: Math.min(1, BINS[i + 1]!),
      n: bins.reduce((n, b) => n + b.n, 0),
      right: bins.reduce((n, b) => n + b.right, 0)
    }
  })

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
    out.push(
      `${" ".repeat(where.length)}        got ${sectionsText(item.packet.got)}${
        item.emptyPages > 0 ? `  (${item.emptyPages} page(s) without text)` : ""
      }`
    )
  }
  for (const f of item.fields) {
    if (f.ok) continue
    out.push(
      `${where}: ${f.field}: expected ${show(f.expected)} got ${show(f.got)}${f.inText ? "" : "  [not in text]"}`
    )
  }
  for (const m of item.lines?.mismatches ?? []) {
    out.push(`${where}: line: expected ${show(m.expected)} got ${show(m.got)}`)
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
      ...a.perField.map((
        f
      ): [string, Ratio | undefined, Ratio | undefined] => [
        `field ${f.field}`,
        b.perField.find((x) => x.field === f.field),
        f
      ]),
      [
        "line items found",
        b.lines === undefined ? undefined : ratio(b.lines.found, b.lines.expected),
        a.lines === undefined ? undefined : ratio(a.lines.found, a.lines.expected)
      ],
      [
        "line items precision",
        b.lines === undefined ? undefined : ratio(b.lines.found, b.lines.got),
        a.lines === undefined ? undefined : ratio(a.lines.found, a.lines.got)
      ],
      [
        "line item descriptions right",
        b.lines?.described === undefined ? undefined : ratio(b.lines.described.right, b.lines.described.total),
        a.lines === undefined ? undefined : ratio(a.lines.described.right, a.lines.described.total)
      ],
      [
        "line item quantities right",
        b.lines?.counted === undefined ? undefined : ratio(b.lines.counted.right, b.lines.counted.total),
        a.lines === undefined ? undefined : ratio(a.lines.counted.right, a.lines.counted.total)
      ],
      ["fields wrong", ratio(b.wrong ?? 0, b.fields.total), ratio(a.wrong, a.fields.total)]
    ]
    for (const [what, x, y] of pairs) {
      if (rate(x) !== rate(y)) {
        out.push({ name: a.name, what, before: `${frac(x)} ${pct(x)}`, after: `${frac(y)} ${pct(y)}` })
      }
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
      lines.push(
        `  pages typed right ${frac(s.pages)} ${pct(s.pages)} · exact sections ${frac(s.sections)} ${
          pct(s.sections)
        } · packets with no error ${frac(s.packets)} ${pct(s.packets)}`
      )
    }
    if (s.fields.total > 0) {
      const wrong = ratio(s.wrong, s.fields.total)
      lines.push(
        `  ${s.kind === "packets" ? "fields of the sections split right" : "fields"} right ${frac(s.fields)} ${
          pct(s.fields)
        } · wrong ${frac(wrong)} ${pct(wrong)}${
          s.meanCer !== undefined ? ` · mean CER ${s.meanCer}` : ""
        } · ${s.msPerItem} ms/item`
      )
      for (const f of s.perField) {
        lines.push(
          `    ${f.field.padEnd(24)} ${frac(f).padStart(7)} ${pct(f).padStart(6)}  wrong ${
            String(f.wrong).padStart(3)
          }   in text ${f.inText}/${f.total}, right when in text ${f.rightInText}/${f.inText}`
        )
      }
      if (s.lines !== undefined) {
        lines.push(
          `    line items: found ${s.lines.found}/${s.lines.expected} (recall ${
            pct(ratio(s.lines.found, s.lines.expected))
          }), precision ${pct(ratio(s.lines.found, s.lines.got))} of ${s.lines.got} returned; of those found, ` +
            `description right ${s.lines.described.right}/${s.lines.described.total}, ` +
            `quantity right ${s.lines.counted.right}/${s.lines.counted.total}`
        )
      }
    } else lines.push(`  ${s.msPerItem} ms/item`)
  }
  return lines.join("\n")
}

/** The markdown report: one table of corpora, one of fields. */
export const markdownReport = (
  summaries: ReadonlyArray<CorpusSummary>,
  meta: { readonly date: string; readonly seed: number }
): string => {
  const lines = [
    `# Evaluation (${meta.date}, synthetic seed ${meta.seed})`,
    "",
    "| corpus | items | fields right | fields wrong | line items found | pages typed right | exact sections | packets with no error | OCR CER |",
    "|---|---|---|---|---|---|---|---|---|"
  ]
  for (const s of summaries) {
    const items = `${s.items}${s.skipped > 0 ? ` (${s.skipped} skipped: ${s.skipReasons.join("; ")})` : ""}${
      s.errors > 0 ? ` (${s.errors} errors)` : ""
    }`
    const f = s.fields.total > 0 ? `${frac(s.fields)} (${pct(s.fields)})` : "–"
    const cell = (r: Ratio | undefined) => (r === undefined ? "–" : `${frac(r)} (${pct(r)})`)
    const wrong = s.fields.total > 0 ? `${s.wrong} (${pct(ratio(s.wrong, s.fields.total))})` : "–"
    const li = s.lines === undefined
      ? "–"
      : `${s.lines.found}/${s.lines.expected} (${pct(ratio(s.lines.found, s.lines.expected))})`
    lines.push(
      `| ${s.name} | ${items} | ${f} | ${wrong} | ${li} | ${cell(s.pages)} | ${cell(s.sections)} | ${
        cell(s.packets)
      } | ${s.meanCer ?? "–"} |`
    )
  }
  lines.push(
    "",
    "| corpus | field | right | accuracy | wrong | value in text | right when in text |",
    "|---|---|---|---|---|---|---|"
  )
  for (const s of summaries) {
    for (const f of s.perField) {
      lines.push(
        `| ${s.name} | ${f.field} | ${frac(f)} | ${
          pct(f)
        } | ${f.wrong} | ${f.inText}/${f.total} | ${f.rightInText}/${f.inText} |`
      )
    }
  }
  const heldBack = summaries.filter((s) => s.part === "held-back"),
    tuned = summaries.filter((s) => s.part !== "held-back")
  if (heldBack.length > 0) lines.push("", confidenceMarkdown("Held back (never tuned on)", heldBack))
  if (tuned.length > 0) lines.push("", confidenceMarkdown("Tuned on", tuned))
  return lines.join("\n") + "\n"
}

/** The trade-off of every threshold over several summaries' fields together. */
const pooledCurve = (summaries: ReadonlyArray<CorpusSummary>): Array<CurvePoint> =>
  THRESHOLDS.map((threshold) => {
    const points = summaries.flatMap((s) => s.curve.filter((p) => p.threshold === threshold))
    const sum = (k: "right" | "wrong" | "total") => points.reduce((n, p) => n + p[k], 0)
    return { threshold, right: sum("right"), wrong: sum("wrong"), total: sum("total") }
  })

const binLabel = (b: Bin) => `${b.from.toFixed(2)}–${b.to >= 1 ? "1.00" : b.to.toFixed(2)}`

/** The calibration table and the threshold trade-off of a group of summaries, as console lines. */
export const confidenceText = (title: string, summaries: ReadonlyArray<CorpusSummary>): string => {
  const lines = [`${title}: calibration (confidence → share right)`]
  for (const b of pooledBins(summaries)) {
    if (b.n > 0) {
      lines.push(`    ${binLabel(b)}  ${String(b.n).padStart(4)} values  ${pct(ratio(b.right, b.n)).padStart(6)} right`)
    }
  }
  const sections = pooledBins(summaries, "sectionCalibration")
  if (sections.some((b) => b.n > 0)) {
    lines.push("  sections:")
    for (const b of sections) {
      if (b.n > 0) {
        lines.push(
          `    ${binLabel(b)}  ${String(b.n).padStart(4)} sections ${pct(ratio(b.right, b.n)).padStart(6)} exact`
        )
      }
    }
  }
  lines.push(`${title}: MIN_CONFIDENCE trade-off (fields right / wrong / null)`)
  for (const { threshold: t, right, wrong, total } of pooledCurve(summaries)) {
    lines.push(
      `    ${t.toFixed(2)}  right ${pct(ratio(right, total)).padStart(6)}  wrong ${
        pct(ratio(wrong, total)).padStart(6)
      }  null ${pct(ratio(total - right - wrong, total)).padStart(6)}`
    )
  }
  lines.push(`  the most right values less twice the wrong ones at ${bestThreshold(summaries).toFixed(2)}`)
  return lines.join("\n")
}

/** A wrong value costs its user twice what a right one gains: the threshold the default is chosen by, on the tune part. */
export const WRONG_COST = 2

/** The threshold with the most right values less WRONG_COST times the wrong ones. */
export const bestThreshold = (summaries: ReadonlyArray<CorpusSummary>): number => {
  let best = 0, bestScore = -Infinity
  for (const p of pooledCurve(summaries)) {
    const score = p.right - WRONG_COST * p.wrong
    if (score > bestScore) {
      best = p.threshold
      bestScore = score
    }
  }
  return best
}

/** The same as markdown tables. */
export const confidenceMarkdown = (title: string, summaries: ReadonlyArray<CorpusSummary>): string => {
  const lines = [`### ${title}`, "", "| confidence | values | right |", "|---|---|---|"]
  for (const b of pooledBins(summaries)) {
    if (b.n > 0) lines.push(`| ${binLabel(b)} | ${b.n} | ${pct(ratio(b.right, b.n))} |`)
  }
  const sections = pooledBins(summaries, "sectionCalibration")
  if (sections.some((b) => b.n > 0)) {
    lines.push("", "| section confidence | sections | exact |", "|---|---|---|")
    for (const b of sections) if (b.n > 0) lines.push(`| ${binLabel(b)} | ${b.n} | ${pct(ratio(b.right, b.n))} |`)
  }
  lines.push("", "| MIN_CONFIDENCE | right | wrong | null |", "|---|---|---|---|")
  for (const { threshold: t, right, wrong, total } of pooledCurve(summaries)) {
    lines.push(
      `| ${t.toFixed(2)} | ${pct(ratio(right, total))} | ${pct(ratio(wrong, total))} | ${
        pct(ratio(total - right - wrong, total))
      } |`
    )
  }
  return lines.join("\n") + "\n"
}
