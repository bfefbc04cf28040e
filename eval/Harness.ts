/**
 * Runs corpus items through the same pipeline the API's one-shot path uses (read, then split and
 * extract with the manifest's templates) and scores what comes back.
 */
import { Cause, Effect, Either, Exit, Option } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import {
  abstain,
  type ExtractedObject,
  type ExtractedValue,
  type Grounded,
  isGrounded
} from "../src/Domain/Extraction.js"
import type { TemplateSpec } from "../src/Domain/FieldTree.js"
import { type PageModel, pageText } from "../src/Domain/PageModel.js"
import { type ExtractedSection, Pipeline } from "../src/Pipeline/Pipeline.js"
import { sniff } from "../src/Reading/Sniff.js"
import { normalizeTemplate } from "../src/Templates/TemplateData.js"
import { compareValue, fuzzyMatch, type Rules, rulesOf } from "./Compare.js"
import type { Corpus, ExpectedLine, ExpectedSection, Item } from "./Manifest.js"
import { type Part, partOf } from "./Split.js"
import { charErrorRate, inText } from "./TextCheck.js"

export interface FieldResult {
  readonly field: string
  readonly expected: unknown
  /** The value returned at the threshold the run scores at (null when the engine abstained). */
  readonly got: unknown
  readonly ok: boolean
  /** right; wrong (a value, not the expected one); null (no value). */
  readonly verdict: "right" | "wrong" | "null"
  /** The engine's value before the threshold, its confidence, and whether it was right. */
  readonly raw?: {
    readonly got: unknown
    readonly confidence: number
    readonly ok: boolean
    readonly evidence?: unknown
  }
  readonly rule: string
  /** Whether the expected value can be read in the page text at all (false: the reading lost it). */
  readonly inText: boolean
}

export interface SectionResult {
  readonly document_type: string
  readonly pages: ReadonlyArray<number>
}

export interface PacketResult {
  readonly expected: ReadonlyArray<SectionResult>
  readonly got: ReadonlyArray<SectionResult>
  readonly pages: number
  readonly pagesRight: number
  readonly sectionsRight: number
  /** Every section right, in order, and nothing more. */
  readonly exact: boolean
}

/** Line items: how many were expected, returned, and found (a returned line with the expected amount). */
export interface LinesResult {
  readonly expected: number
  readonly got: number
  readonly found: number
  /** Of the lines found, those the truth gives a description for, and those whose description is right (most words shared). */
  readonly described?: { readonly total: number; readonly right: number }
  /** Of the lines found, those the truth gives a quantity for, and those whose quantity is right. */
  readonly counted?: { readonly total: number; readonly right: number }
  /** The lines found with a wrong description or quantity: expected and returned. */
  readonly mismatches?: ReadonlyArray<{ readonly expected: ExpectedLine; readonly got: unknown }>
}

/** A returned section, its confidence, and whether it is exactly an expected one. */
export interface SectionConfidence {
  readonly confidence: number
  readonly right: boolean
}

export interface ItemResult {
  readonly file: string
  /** The corpus part the file falls in: tuned on, or held back (only scored). */
  readonly part: Part
  readonly status: "scored" | "skipped" | "error"
  readonly reason?: string
  readonly ms: number
  readonly pages: number
  /** Pages the reader returned no text for (a scan without OCR). */
  readonly emptyPages: number
  readonly fields: ReadonlyArray<FieldResult>
  readonly sections: number
  readonly packet?: PacketResult
  /** Character error rate of the page text against the item's ground-truth text, when the manifest gives one. */
  readonly cer?: number
  readonly lines?: LinesResult
  readonly sectionConfidences?: ReadonlyArray<SectionConfidence>
}

export interface CorpusResult {
  readonly name: string
  readonly dir: string
  readonly kind: Corpus["kind"]
  readonly items: ReadonlyArray<ItemResult>
}

const specsOf = (corpus: Corpus): Array<TemplateSpec> =>
  corpus.templates.map((t, i) => ({
    templateId: `t${i}`,
    documentType: t.document_type,
    fields: Either.getOrElse(normalizeTemplate(t.template_data), (detail) => {
      throw new Error(`${corpus.dir}: template ${i}: ${detail}`)
    })
  }))

/** Extracted values without their grounding: what the API returns with include_coordinates=false. */
export const plainValue = (v: ExtractedValue): unknown => {
  if (v === null) return null
  if (Array.isArray(v)) return v.map(plainValue)
  if (isGrounded(v)) return v.value
  return Object.fromEntries(Object.entries(v as ExtractedObject).map(([k, x]) => [k, plainValue(x)]))
}

/** A field of a nested result by its dotted path ("seller.name"). */
const at = (obj: unknown, field: string): unknown =>
  field.split(".").reduce<unknown>(
    (o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined),
    obj
  )

/** The grounded leaf at a dotted path, when the value there is one. */
const groundedAt = (extracted: ExtractedValue | undefined, field: string): Grounded | undefined => {
  const v = field.split(".").reduce<unknown>(
    (o, k) => (o !== null && typeof o === "object" && !isGrounded(o) ? (o as Record<string, unknown>)[k] : undefined),
    extracted
  )
  return isGrounded(v) ? v : undefined
}

const scoreFields = (
  expected: Readonly<Record<string, unknown>>,
  extracted: ExtractedObject | undefined,
  rules: Rules,
  text: string,
  threshold: number
): Array<FieldResult> => {
  const answered = extracted === undefined ? {} : plainValue(abstain(extracted, threshold))
  return Object.entries(expected).map(([field, exp]) => {
    const value = at(answered, field) ?? null
    const verdict = compareValue(field, exp, value, rules)
    const leaf = groundedAt(extracted, field)
    const raw = leaf === undefined
      ? undefined
      : {
        got: leaf.value,
        confidence: leaf.confidence,
        ok: compareValue(field, exp, leaf.value, rules).ok,
        ...(leaf.evidence !== undefined ? { evidence: leaf.evidence } : {})
      }
    return {
      field,
      expected: exp,
      got: value,
      ok: verdict.ok,
      verdict: verdict.ok ? "right" : value === null ? "null" : "wrong",
      ...(raw !== undefined ? { raw } : {}),
      rule: verdict.rule,
      inText: inText(exp, text, rules, rules.fuzzy.has(field.toLowerCase()))
    }
  })
}

/**
 * A line's description as the truth gives it: most words shared, or the same letters where the truth's XML
 * lost some to its encoding ("D�claration�d'�changes" for "Déclaration d'échanges": each "�" any one
 * character or a space).
 */
const sameDescription = (expected: string, got: string): boolean => {
  if (fuzzyMatch(expected, got)) return true
  if (!expected.includes("\uFFFD")) return false
  const letters = (s: string) => s.normalize("NFC").toLowerCase().replace(/\s+/g, "")
  const pattern = [...letters(expected)].map((c) => (c === "\uFFFD" ? ".?" : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
  return new RegExp(`^${pattern.join("")}$`, "u").test(letters(got))
}

/** Expected lines found among the returned ones by amount, each returned line used once. */
export const scoreLines = (
  expected: ReadonlyArray<ExpectedLine>,
  extracted: ExtractedObject | undefined,
  rules: Rules,
  threshold: number
): LinesResult => {
  // A truth without lines (an invoice profile that leaves them out of its XML) says nothing about the lines returned.
  if (expected.length === 0) return { expected: 0, got: 0, found: 0 }
  const answered = extracted === undefined ? undefined : at(plainValue(abstain(extracted, threshold)), "lines")
  const got = Array.isArray(answered) ? answered : []
  const pool = got.map((
    l
  ) => (l !== null && typeof l === "object" ? (l as Record<string, unknown>)["amount"] : undefined))
  let found = 0
  const described = { total: 0, right: 0 }, counted = { total: 0, right: 0 }
  const mismatches: Array<{ readonly expected: ExpectedLine; readonly got: unknown }> = []
  for (const line of expected) {
    const i = pool.findIndex((a) => a !== undefined && compareValue("amount", line.amount, a, rules).ok)
    if (i < 0) continue
    found++
    pool[i] = undefined
    const returned = got[i] as Record<string, unknown>
    let right = true
    if (line.description !== undefined) {
      described.total++
      const d = returned["description"]
      if (typeof d === "string" && sameDescription(line.description, d)) described.right++
      else right = false
    }
    if (line.quantity !== undefined) {
      counted.total++
      if (compareValue("quantity", line.quantity, returned["quantity"], rules).ok) counted.right++
      else right = false
    }
    if (!right) mismatches.push({ expected: line, got: returned })
  }
  return { expected: expected.length, got: got.length, found, described, counted, mismatches }
}

const sectionsOf = (
  xs: ReadonlyArray<{ readonly document_type: string; readonly pages: ReadonlyArray<number> }>
): Array<SectionResult> => xs.map((s) => ({ document_type: s.document_type, pages: [...s.pages] }))

const sameSection = (a: SectionResult, b: SectionResult) =>
  a.document_type === b.document_type && a.pages.length === b.pages.length && a.pages.every((p, i) => b.pages[i] === p)

/** Page-level and section-level agreement of a split with the expected one. */
export const scorePacket = (
  expected: ReadonlyArray<SectionResult>,
  got: ReadonlyArray<SectionResult>,
  pages: number
): PacketResult => {
  const typeOf = (sections: ReadonlyArray<SectionResult>) => {
    const m = new Map<number, string>()
    for (const s of sections) for (const p of s.pages) m.set(p, s.document_type)
    return m
  }
  const e = typeOf(expected), g = typeOf(got)
  let pagesRight = 0
  for (let p = 1; p <= pages; p++) if ((e.get(p) ?? "") === (g.get(p) ?? "")) pagesRight++
  const sectionsRight = expected.filter((s) => got.some((x) => sameSection(s, x))).length
  const exact = expected.length === got.length && expected.every((s, i) => sameSection(s, got[i]!))
  return { expected, got, pages, pagesRight, sectionsRight, exact }
}

/**
 * The values of the sections split right (same type and pages), scored like single documents; a
 * section split wrong is already counted by the split scores, so its values are not scored again.
 */
const packetFields = (
  expected: ReadonlyArray<ExpectedSection>,
  found: ReadonlyArray<ExtractedSection>,
  rules: Rules,
  model: PageModel,
  threshold: number
): Array<FieldResult> =>
  expected.flatMap((s) => {
    if (s.expected === undefined) return []
    const match = found.find((f) =>
      sameSection({ document_type: s.document_type, pages: s.pages }, { document_type: f.documentType, pages: f.pages })
    )
    if (match === undefined) return []
    const text = model.pages.filter((p) => s.pages.includes(p.page)).map(pageText).join("\n")
    return scoreFields(s.expected, match.extracted, rules, text, threshold).map((r) => ({
      ...r,
      field: `${s.document_type}.${r.field}`
    }))
  })

/** An item that could not be run: every field and page counts as wrong. */
const failed = (item: Item, rules: Rules, reason: string): ItemResult => {
  const expected = item.expected_sections === undefined ? undefined : sectionsOf(item.expected_sections)
  const pages = Math.max(0, ...(expected ?? []).flatMap((s) => s.pages))
  return {
    file: item.file,
    part: item.part ?? partOf(item.file),
    status: "error",
    reason,
    ms: 0,
    pages,
    emptyPages: 0,
    fields: item.expected_sections === undefined ? scoreFields(item.expected ?? {}, undefined, rules, "", 1) : [],
    ...(item.lines !== undefined ? { lines: { expected: item.lines.length, got: 0, found: 0 } } : {}),
    sections: 0,
    ...(expected === undefined ? {} : { packet: scorePacket(expected, [], pages) })
  }
}

/**
 * Reads a file through the pipeline, or takes its page model from the development cache (a folder of
 * page models named by the hash of the file's bytes) when one is given: reading (OCR) dominates a run.
 */
export const readCached = (bytes: Uint8Array, cacheDir: string | undefined) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    if (cacheDir === undefined) return yield* Effect.exit(pipeline.read(bytes, { layout: false }))
    const file = path.join(cacheDir, `${createHash("sha256").update(bytes).digest("hex")}.json`)
    if (fs.existsSync(file)) return Exit.succeed(JSON.parse(fs.readFileSync(file, "utf8")) as PageModel)
    const read = yield* Effect.exit(pipeline.read(bytes, { layout: false }))
    if (Exit.isSuccess(read)) {
      fs.mkdirSync(cacheDir, { recursive: true })
      fs.writeFileSync(file, JSON.stringify(read.value))
    }
    return read
  })

const runItem = (corpus: Corpus, specs: ReadonlyArray<TemplateSpec>, rules: Rules, item: Item, options: RunOptions) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    const started = Date.now()
    const threshold = options.threshold ?? 0
    const source = options.truth === true && item.ocr_truth !== undefined ? item.ocr_truth : item.file
    const bytes = new Uint8Array(fs.readFileSync(path.join(corpus.dir, source)))
    const read = yield* readCached(bytes, options.readCache)
    if (Exit.isFailure(read)) {
      const type = yield* sniff(bytes)
      const failure = Option.getOrUndefined(Cause.failureOption(read.cause))
      const detail = failure !== undefined && "detail" in failure ? String(failure.detail) : Cause.pretty(read.cause)
      const image = type?.mediaType.startsWith("image/") === true && failure?._tag === "UnsupportedMediaType"
      return image
        ? { ...failed(item, rules, "no image reader"), status: "skipped", fields: [] } satisfies ItemResult
        : failed(item, rules, detail)
    }
    const model = read.value
    const run = yield* Effect.either(pipeline.splitAndExtract(model, specs, { forceExclusive: false }))
    if (Either.isLeft(run)) {
      const e: unknown = run.left
      return failed(item, rules, typeof e === "object" && e !== null && "detail" in e ? String(e.detail) : String(e))
    }
    const found = run.right
    const text = model.pages.map(pageText).join("\n")
    const base = {
      file: item.file,
      part: item.part ?? partOf(item.file),
      status: "scored" as const,
      ms: Date.now() - started,
      pages: model.pages.length,
      emptyPages: model.pages.filter((p) => p.lines.length === 0).length,
      sections: found.length,
      ...(item.ocr_truth !== undefined && fs.existsSync(path.join(corpus.dir, item.ocr_truth))
        ? { cer: charErrorRate(fs.readFileSync(path.join(corpus.dir, item.ocr_truth), "utf8"), text) }
        : {})
    }
    if (item.expected_sections !== undefined) {
      const packet = scorePacket(
        sectionsOf(item.expected_sections),
        sectionsOf(found.map((f) => ({ document_type: f.documentType, pages: f.pages }))),
        model.pages.length
      )
      const sectionConfidences = found.map((f) => ({
        confidence: f.confidence,
        right: packet.expected.some((e) => sameSection(e, { document_type: f.documentType, pages: f.pages }))
      }))
      return {
        ...base,
        packet,
        sectionConfidences,
        fields: packetFields(item.expected_sections, found, rules, model, threshold)
      } satisfies ItemResult
    }
    // One document per item: the API's first section is the answer a client reads.
    const first = found[0]?.extracted
    return {
      ...base,
      fields: scoreFields(item.expected ?? {}, first, rules, text, threshold),
      ...(item.lines !== undefined ? { lines: scoreLines(item.lines, first, rules, threshold) } : {})
    } satisfies ItemResult
  }).pipe(
    Effect.catchAllDefect((defect) =>
      Effect.succeed(failed(item, rules, `defect: ${defect instanceof Error ? defect.message : String(defect)}`))
    )
  )

export interface RunOptions {
  /** Called after each item (progress output). */
  readonly onItem?: (corpus: Corpus, item: ItemResult, index: number) => void
  /**
   * Read each item's ground-truth transcription (`ocr_truth`, as plain text) instead of its file:
   * the engine's accuracy with perfect OCR, to tell reading losses from extraction losses.
   */
  readonly truth?: boolean
  /** Items run at once (OCR pages of one item already share the OCR workers). Default 2. */
  readonly concurrency?: number
  /** Development cache of page models by file hash (reading skipped for files already read); off when absent. */
  readonly readCache?: string
  /** Values below this confidence count as not returned, as the API's MIN_CONFIDENCE makes them. */
  readonly threshold?: number
  /** Called before an item is run (the oracle learns the item's truth); with it, items run one at a time. */
  readonly beforeItem?: (item: Item) => void
}

/** Every item of the corpus, a few at a time, results in manifest order. */
export const runCorpus = (corpus: Corpus, options: RunOptions = {}): Effect.Effect<CorpusResult, never, Pipeline> =>
  Effect.gen(function*() {
    const specs = specsOf(corpus)
    const rules = rulesOf(corpus.manifest.compare)
    const items = yield* Effect.forEach(
      corpus.manifest.items,
      (item, i) =>
        Effect.sync(() => options.beforeItem?.(item)).pipe(
          Effect.zipRight(runItem(corpus, specs, rules, item, options)),
          Effect.tap((r) => Effect.sync(() => options.onItem?.(corpus, r, i)))
        ),
      { concurrency: options.beforeItem !== undefined ? 1 : options.concurrency ?? 2 }
    )
    const truth = options.truth === true && corpus.manifest.items.some((i) => i.ocr_truth !== undefined)
    return {
      name: truth ? `${corpus.manifest.name} (truth text)` : corpus.manifest.name,
      dir: corpus.dir,
      kind: corpus.kind,
      items
    }
  }).pipe(Effect.withSpan("Eval.corpus", { attributes: { corpus: corpus.manifest.name } }))
