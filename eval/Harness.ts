/**
 * Runs corpus items through the same pipeline the API's one-shot path uses (read, then split and
 * extract with the manifest's templates) and scores what comes back.
 */
import { Cause, Effect, Either, Exit, Option } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import type { ExtractedObject, ExtractedValue } from "../src/Domain/Extraction.js"
import { isGrounded } from "../src/Domain/Extraction.js"
import type { TemplateSpec } from "../src/Domain/FieldTree.js"
import { type PageModel, pageText } from "../src/Domain/PageModel.js"
import { normalizeTemplate } from "../src/Engine/TemplateData.js"
import { type ExtractedSection, Pipeline } from "../src/Pipeline/Pipeline.js"
import { sniff } from "../src/Reading/Sniff.js"
import { type Rules, compareValue, rulesOf } from "./Compare.js"
import type { Corpus, ExpectedSection, Item } from "./Manifest.js"
import { charErrorRate, inText } from "./TextCheck.js"

export interface FieldResult {
  readonly field: string
  readonly expected: unknown
  readonly got: unknown
  readonly ok: boolean
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

export interface ItemResult {
  readonly file: string
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
  field.split(".").reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<string, unknown>)[k] : undefined), obj)

const scoreFields = (
  expected: Readonly<Record<string, unknown>>,
  got: unknown,
  rules: Rules,
  text: string
): Array<FieldResult> =>
  Object.entries(expected).map(([field, exp]) => {
    const value = at(got, field) ?? null
    const verdict = compareValue(field, exp, value, rules)
    return { field, expected: exp, got: value, ok: verdict.ok, rule: verdict.rule, inText: inText(exp, text, rules, rules.fuzzy.has(field.toLowerCase())) }
  })

const sectionsOf = (xs: ReadonlyArray<{ readonly document_type: string; readonly pages: ReadonlyArray<number> }>): Array<SectionResult> =>
  xs.map((s) => ({ document_type: s.document_type, pages: [...s.pages] }))

const sameSection = (a: SectionResult, b: SectionResult) =>
  a.document_type === b.document_type && a.pages.length === b.pages.length && a.pages.every((p, i) => b.pages[i] === p)

/** Page-level and section-level agreement of a split with the expected one. */
export const scorePacket = (expected: ReadonlyArray<SectionResult>, got: ReadonlyArray<SectionResult>, pages: number): PacketResult => {
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
  model: PageModel
): Array<FieldResult> =>
  expected.flatMap((s) => {
    if (s.expected === undefined) return []
    const match = found.find((f) => sameSection({ document_type: s.document_type, pages: s.pages }, { document_type: f.documentType, pages: f.pages }))
    if (match === undefined) return []
    const text = model.pages.filter((p) => s.pages.includes(p.page)).map(pageText).join("\n")
    return scoreFields(s.expected, plainValue(match.extracted), rules, text).map((r) => ({ ...r, field: `${s.document_type}.${r.field}` }))
  })

/** An item that could not be run: every field and page counts as wrong. */
const failed = (item: Item, rules: Rules, reason: string): ItemResult => {
  const expected = item.expected_sections === undefined ? undefined : sectionsOf(item.expected_sections)
  const pages = Math.max(0, ...(expected ?? []).flatMap((s) => s.pages))
  return {
    file: item.file,
    status: "error",
    reason,
    ms: 0,
    pages,
    emptyPages: 0,
    fields: item.expected_sections === undefined ? scoreFields(item.expected ?? {}, {}, rules, "") : [],
    sections: 0,
    ...(expected === undefined ? {} : { packet: scorePacket(expected, [], pages) })
  }
}

/**
 * Reads a file through the pipeline, or takes its page model from the development cache (a folder of
 * page models named by the hash of the file's bytes) when one is given: reading (OCR) dominates a run.
 */
const readCached = (bytes: Uint8Array, cacheDir: string | undefined) =>
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

const runItem = (corpus: Corpus, specs: ReadonlyArray<TemplateSpec>, rules: Rules, item: Item, truth: boolean, cacheDir: string | undefined) =>
  Effect.gen(function*() {
    const pipeline = yield* Pipeline
    const started = Date.now()
    const source = truth && item.ocr_truth !== undefined ? item.ocr_truth : item.file
    const bytes = new Uint8Array(fs.readFileSync(path.join(corpus.dir, source)))
    const read = yield* readCached(bytes, cacheDir)
    if (Exit.isFailure(read)) {
      const type = yield* sniff(bytes)
      const failure = Option.getOrUndefined(Cause.failureOption(read.cause))
      const detail = failure !== undefined && "detail" in failure ? String(failure.detail) : Cause.pretty(read.cause)
      const image = type?.mediaType.startsWith("image/") === true && failure?._tag === "UnsupportedMediaType"
      return image ? { ...failed(item, rules, "no image reader"), status: "skipped", fields: [] } satisfies ItemResult : failed(item, rules, detail)
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
      const packet = scorePacket(sectionsOf(item.expected_sections), sectionsOf(found.map((f) => ({ document_type: f.documentType, pages: f.pages }))), model.pages.length)
      return { ...base, packet, fields: packetFields(item.expected_sections, found, rules, model) } satisfies ItemResult
    }
    // One document per item: the API's first section is the answer a client reads.
    const got = found[0] === undefined ? {} : plainValue(found[0].extracted)
    return { ...base, fields: scoreFields(item.expected ?? {}, got, rules, text) } satisfies ItemResult
  }).pipe(
    Effect.catchAllDefect((defect) => Effect.succeed(failed(item, rules, `defect: ${defect instanceof Error ? defect.message : String(defect)}`)))
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
}

/** Every item of the corpus, a few at a time, results in manifest order. */
export const runCorpus = (corpus: Corpus, options: RunOptions = {}): Effect.Effect<CorpusResult, never, Pipeline> =>
  Effect.gen(function*() {
    const specs = specsOf(corpus)
    const rules = rulesOf(corpus.manifest.compare)
    const items = yield* Effect.forEach(
      corpus.manifest.items,
      (item, i) => runItem(corpus, specs, rules, item, options.truth === true, options.readCache).pipe(Effect.tap((r) => Effect.sync(() => options.onItem?.(corpus, r, i)))),
      { concurrency: options.concurrency ?? 2 }
    )
    const truth = options.truth === true && corpus.manifest.items.some((i) => i.ocr_truth !== undefined)
    return { name: truth ? `${corpus.manifest.name} (truth text)` : corpus.manifest.name, dir: corpus.dir, kind: corpus.kind, items }
  }).pipe(Effect.withSpan("Eval.corpus", { attributes: { corpus: corpus.manifest.name } }))
