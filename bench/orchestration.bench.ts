/**
 * Orchestration of the Claude engine: a 40-page, 4-document packet split and extracted through the
 * real Pipeline against the fake Messages API answering every call in 300 ms, MODEL_CONCURRENCY=8.
 * Wall time is compared with the ideal (calls ÷ concurrency × latency), first with every call
 * succeeding, then with 20% of calls failing transiently (429 with a short retry-after, or 529).
 * The reference in the same run is the pipeline without speculative extraction
 * (MODEL_SPECULATIVE_EXTRACTION=false), where extraction waits for the split to finish.
 */
import { Effect, Layer } from "effect"
import * as os from "node:os"
import { AnthropicEngineLive } from "../src/App.js"
import { AppConfig } from "../src/Config.js"
import type { ExtractedObject } from "../src/Domain/Extraction.js"
import { Pipeline } from "../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../src/Reading/DocumentReader.js"
import { spec } from "../test/Engine/fixtures.js"
import { modelConfig } from "../test/support/anthropic.js"
import {
  type FakeAnthropicShape,
  type FakeCall,
  type FakeReply,
  makeFakeAnthropic
} from "../test/support/fakeAnthropic.js"
import { deliveryNote, invoice, packetPages, statement, TEMPLATE_DATA } from "../test/support/packets.js"
import { pageModelFromLines } from "../test/support/pageModel.js"

const LATENCY_MS = 300
const ERROR_LATENCY_MS = 20
const RETRY_AFTER_MS = 100
const CONCURRENCY = 8
const RUNS = 3

const PACKET = pageModelFromLines(packetPages([
  invoice("INV-100", 10),
  statement("DE-4455", 10),
  deliveryNote("DN-77", 10),
  invoice("INV-101", 10)
], 30))
const SPECS = ["invoice", "bank statement", "delivery note"].map((t) => spec(t, TEMPLATE_DATA[t]))
const EXPECTED = [[1, 10], [11, 20], [21, 30], [31, 40]]

/** 20% of calls fail: a deterministic pseudo-random choice per arrival, half 429 (retry-after 100 ms), half 529. */
const transientFailures = (seed: number) => (call: FakeCall): FakeReply => {
  const x = Math.sin(seed * 1_000 + call.index * 12.9898) * 43_758.5453
  const r = x - Math.floor(x)
  if (r >= 0.2) return { kind: "answer" }
  return r < 0.1
    ? { kind: "error", status: 429, headers: { "retry-after-ms": String(RETRY_AFTER_MS), "retry-after": "1" } }
    : { kind: "error", status: 529 }
}

interface Run {
  readonly ms: number
  /** CPU time of this process (engine, SDK and the in-process fake together). */
  readonly cpuMs: number
  readonly split: number
  readonly extract: number
  readonly attempts: number
  readonly failed: number
  readonly ok: boolean
}

const leafValues = (o: ExtractedObject) => Object.values(o).filter((v) => v !== null).length

const runOnce = (pipeline: Pipeline, fake: FakeAnthropicShape, reply: ((c: FakeCall) => FakeReply) | undefined) =>
  Effect.gen(function*() {
    fake.reset()
    fake.configure({ latencyMs: LATENCY_MS, errorLatencyMs: ERROR_LATENCY_MS, ...(reply ? { reply } : {}) })
    const start = performance.now()
    const cpu = process.cpuUsage()
    const result = yield* Effect.either(pipeline.splitAndExtract(PACKET, SPECS, { forceExclusive: false }))
    const ms = performance.now() - start
    const used = process.cpuUsage(cpu)
    const cpuMs = (used.user + used.system) / 1000
    const sections = result._tag === "Right" ? result.right : []
    const ok = result._tag === "Right" &&
      JSON.stringify(sections.map((s) => [s.pages[0], s.pages[s.pages.length - 1]])) === JSON.stringify(EXPECTED) &&
      sections.every((s) => leafValues(s.extracted) === 3 || leafValues(s.extracted) === 4)
    const failed = Object.entries(fake.stats.byStatus).filter(([s]) => s !== "200").reduce((n, [, k]) => n + k, 0)
    return {
      ms,
      cpuMs,
      split: fake.stats.answeredByTool["classify_pages"] ?? 0,
      extract: fake.stats.answeredByTool["record_fields"] ?? 0,
      attempts: fake.stats.received,
      failed,
      ok
    } satisfies Run
  })

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** A call that fails once cannot finish before its error, the shortest wait before its retry, and the retry. */
const ONE_RETRY_FLOOR_MS = ERROR_LATENCY_MS + RETRY_AFTER_MS + LATENCY_MS

const report = (label: string, runs: ReadonlyArray<Run>, reference?: number) => {
  const r = runs[0]!
  const calls = r.split + r.extract
  const ms = median(runs.map((x) => x.ms))
  const ideal = (calls / CONCURRENCY) * LATENCY_MS
  const failed = median(runs.map((x) => x.failed))
  console.log(
    `${label.padEnd(34)} wall ${ms.toFixed(0).padStart(5)} ms (median of ${runs.length})  ` +
      `calls ${calls} (split ${r.split}, extract ${r.extract}; attempts ${
        median(runs.map((x) => x.attempts))
      }, failed ${failed})  ` +
      `ideal ${ideal.toFixed(0)} ms → ${(ms / ideal).toFixed(2)}×` +
      (failed > 0 ? `  one-retry floor ${ONE_RETRY_FLOOR_MS} ms → ${(ms / ONE_RETRY_FLOOR_MS).toFixed(2)}×` : "") +
      (reference !== undefined ? `  vs sequential ${(ms / reference).toFixed(2)}×` : "") +
      `  cpu ${median(runs.map((x) => x.cpuMs)).toFixed(0)} ms  requests ok ${
        runs.filter((x) => x.ok).length
      }/${runs.length}`
  )
  return { ...r, ms }
}

export default async function() {
  await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const fake = yield* makeFakeAnthropic()
    const pipelineWith = (modelSpeculate: boolean) =>
      Pipeline.pipe(Effect.provide(Pipeline.Default.pipe(
        Layer.provide([InProcessReader, AnthropicEngineLive]),
        Layer.provide(
          Layer.succeed(
            AppConfig,
            modelConfig(fake.url, { modelConcurrency: CONCURRENCY, modelTimeoutMs: 10_000, modelSpeculate })
          )
        )
      )))
    const speculative = yield* pipelineWith(true)
    const sequential = yield* pipelineWith(false)
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`)
    console.log(
      `${PACKET.pages.length} pages, 4 documents, ${SPECS.length} templates; ${LATENCY_MS} ms per call, MODEL_CONCURRENCY=${CONCURRENCY}`
    )
    yield* runOnce(speculative, fake, undefined) // warm-up
    yield* runOnce(sequential, fake, undefined)

    const runs = (pipeline: Pipeline, reply: ((seed: number) => (c: FakeCall) => FakeReply) | undefined) =>
      Effect.forEach(Array.from({ length: RUNS }, (_, i) => i + 1), (seed) => runOnce(pipeline, fake, reply?.(seed)))

    const base = report("sequential, all calls succeed", yield* runs(sequential, undefined))
    const r = report("speculative, all calls succeed", yield* runs(speculative, undefined), base.ms)
    const flakyBase = report("sequential, 20% fail transiently", yield* runs(sequential, transientFailures))
    report("speculative, 20% fail transiently", yield* runs(speculative, transientFailures), flakyBase.ms)

    const pages = PACKET.pages.length
    console.log(
      `model calls per page: splitting ${(r.split / pages).toFixed(3)} (${r.split} for ${pages} pages), ` +
        `extraction ${(r.extract / pages).toFixed(3)} (${r.extract}: one per section), total ${
          ((r.split + r.extract) / pages).toFixed(3)
        }`
    )
  })))
}
