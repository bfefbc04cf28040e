import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Layer } from "effect"
import { AnthropicEngineLive } from "../../src/App.js"
import { AppConfig } from "../../src/Config.js"
import { BadGateway } from "../../src/Domain/Errors.js"
import type { SplitSection } from "../../src/Domain/Extraction.js"
import { recordUsage, withUsage } from "../../src/Engine/Claude/Usage.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { spec } from "../Engine/fixtures.js"
import { modelConfig } from "../support/anthropic.js"
import { testConfig } from "../support/app.js"
import { makeFakeAnthropic } from "../support/fakeAnthropic.js"
import { invoice, packetPages, receipt, statement, TEMPLATE_DATA } from "../support/packets.js"
import { pageModelFromLines } from "../support/pageModel.js"

const A = spec("invoice", TEMPLATE_DATA["invoice"])
const B = spec("receipt", TEMPLATE_DATA["receipt"])
const MODEL = pageModelFromLines([["a"], ["b"], ["c"], ["d"]])
const section = (s: typeof A, pages: Array<number>): SplitSection => ({
  templateId: s.templateId,
  documentType: s.documentType,
  pages,
  confidence: 1
})
const keyOf = (pages: ReadonlyArray<number>) => pages.join(",")

interface Plan {
  readonly preview: ReadonlyArray<SplitSection> | undefined
  readonly split: ReadonlyArray<SplitSection>
  /** Sections (by pages) whose extraction fails. */
  readonly failing?: ReadonlyArray<string>
}

/**
 * A pipeline on scripted engines: the split answers only once `release` is completed, so the test
 * sees which extractions started before it; every extraction records one model call and one
 * ungrounded value in the request's usage as soon as it starts.
 */
const scripted = (plan: Plan) =>
  Effect.gen(function*() {
    const release = yield* Deferred.make<void>()
    const started: Array<string> = []
    const finished: Array<string> = []
    const interrupted: Array<string> = []
    const splitter = Layer.succeed(Splitter, {
      split: () => Effect.as(Deferred.await(release), plan.split),
      ...(plan.preview !== undefined ? { preview: () => Effect.succeed(plan.preview!) } : {})
    })
    const extractor = Layer.succeed(Extractor, {
      extract: (_model, pages) => {
        const key = keyOf(pages)
        return Effect.gen(function*() {
          started.push(key)
          yield* recordUsage({ calls: 1, ungrounded: 1 })
          yield* Effect.sleep("30 millis")
          if (plan.failing?.includes(key)) return yield* new BadGateway({ detail: `extraction of ${key} failed` })
          finished.push(key)
          return { [key]: null }
        }).pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted.push(key))))
      }
    })
    const pipeline = yield* Pipeline.pipe(Effect.provide(Pipeline.Default.pipe(
      Layer.provide([InProcessReader, splitter, extractor]),
      Layer.provide(Layer.succeed(AppConfig, testConfig()))
    )))
    return { pipeline, release, started, finished, interrupted }
  })

describe("Pipeline: extraction overlapped with splitting", () => {
  it.live("extracts the previewed sections while the split runs and keeps those the split confirms", () =>
    Effect.gen(function*() {
      const preview = [section(A, [1, 2]), section(B, [3, 4])]
      const { pipeline, release, started } = yield* scripted({ preview, split: preview })
      const fiber = yield* Effect.fork(withUsage(pipeline.splitAndExtract(MODEL, [A, B], { forceExclusive: false })))
      yield* Effect.sleep("50 millis")
      // Both extractions started before the split answered.
      expect(started).toEqual(["1,2", "3,4"])
      yield* Deferred.succeed(release, undefined)
      const [sections, usage] = yield* fiber.await.pipe(Effect.flatten)
      expect(sections.map((s) => [s.templateId, s.pages, s.extracted])).toEqual([
        [A.templateId, [1, 2], { "1,2": null }],
        [B.templateId, [3, 4], { "3,4": null }]
      ])
      expect(started).toEqual(["1,2", "3,4"])
      expect(usage.calls).toBe(2)
      expect(usage.ungrounded).toBe(2)
    }))

  it.live("a section the split confirms keeps the values found early, with the split's confidence", () =>
    Effect.gen(function*() {
      const previewed = { ...section(A, [1, 2]), confidence: 0.5 }
      const { pipeline, release } = yield* scripted({
        preview: [previewed],
        split: [{ ...section(A, [1, 2]), confidence: 0.9 }]
      })
      const fiber = yield* Effect.fork(pipeline.splitAndExtract(MODEL, [A], { forceExclusive: false }))
      yield* Effect.sleep("10 millis")
      yield* Deferred.succeed(release, undefined)
      const sections = yield* fiber.await.pipe(Effect.flatten)
      expect(sections.map((s) => [s.pages, s.confidence, s.extracted])).toEqual([[[1, 2], 0.9, { "1,2": null }]])
    }))

  it.live("re-extracts what the split changed, interrupts the rest, counts their calls but not their values", () =>
    Effect.gen(function*() {
      const { pipeline, release, started, interrupted, finished } = yield* scripted({
        preview: [section(A, [1, 2]), section(B, [3, 4])],
        split: [section(A, [1, 2]), section(B, [3]), section(B, [4])]
      })
      const fiber = yield* Effect.fork(withUsage(pipeline.splitAndExtract(MODEL, [A, B], { forceExclusive: false })))
      yield* Effect.sleep("10 millis")
      yield* Deferred.succeed(release, undefined)
      const [sections, usage] = yield* fiber.await.pipe(Effect.flatten)
      expect(sections.map((s) => [s.pages, s.extracted])).toEqual([
        [[1, 2], { "1,2": null }],
        [[3], { "3": null }],
        [[4], { "4": null }]
      ])
      expect(interrupted).toEqual(["3,4"])
      expect(finished).not.toContain("3,4")
      expect(started.filter((k) => k === "1,2")).toHaveLength(1)
      expect(usage.calls).toBe(4)
      // Values of the dropped extraction were never returned.
      expect(usage.ungrounded).toBe(3)
    }))

  it.live("a failed early extraction fails the request only when the split keeps its section", () =>
    Effect.gen(function*() {
      const kept = yield* scripted({
        preview: [section(A, [1, 2, 3, 4])],
        split: [section(A, [1, 2, 3, 4])],
        failing: ["1,2,3,4"]
      })
      yield* Deferred.succeed(kept.release, undefined)
      const exit = yield* Effect.exit(kept.pipeline.splitAndExtract(MODEL, [A], { forceExclusive: false }))
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("extraction of 1,2,3,4 failed")

      const dropped = yield* scripted({
        preview: [section(A, [1, 2, 3, 4])],
        split: [section(A, [1, 2]), section(A, [3, 4])],
        failing: ["1,2,3,4"]
      })
      const fiber = yield* Effect.fork(dropped.pipeline.splitAndExtract(MODEL, [A], { forceExclusive: false }))
      yield* Effect.sleep("60 millis")
      yield* Deferred.succeed(dropped.release, undefined)
      const sections = yield* fiber.await.pipe(Effect.flatten)
      expect(sections.map((s) => s.extracted)).toEqual([{ "1,2": null }, { "3,4": null }])
    }))

  it.live("a failed split interrupts the early extractions", () =>
    Effect.gen(function*() {
      const release = yield* Deferred.make<void>()
      const interrupted: Array<string> = []
      const splitter = Layer.succeed(Splitter, {
        split: () => Effect.zipRight(Deferred.await(release), new BadGateway({ detail: "split failed" })),
        preview: () => Effect.succeed([section(A, [1, 2, 3, 4])])
      })
      const extractor = Layer.succeed(Extractor, {
        extract: (_model, pages) =>
          Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted.push(keyOf(pages)))))
      })
      const pipeline = yield* Pipeline.pipe(Effect.provide(Pipeline.Default.pipe(
        Layer.provide([InProcessReader, splitter, extractor]),
        Layer.provide(Layer.succeed(AppConfig, testConfig()))
      )))
      const fiber = yield* Effect.fork(pipeline.splitAndExtract(MODEL, [A], { forceExclusive: false }))
      yield* Effect.sleep("10 millis")
      yield* Deferred.succeed(release, undefined)
      const exit = yield* fiber.await
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("split failed")
      expect(interrupted).toEqual(["1,2,3,4"])
    }))

  it.live("force_exclusive_template and engines without a preview do not speculate", () =>
    Effect.gen(function*() {
      const forced = yield* scripted({ preview: [section(A, [1, 2]), section(B, [3, 4])], split: [] })
      const sections = yield* forced.pipeline.splitAndExtract(MODEL, [A, B], { forceExclusive: true })
      expect(sections.map((s) => s.pages)).toEqual([[1, 2, 3, 4]])
      expect(forced.started).toEqual(["1,2,3,4"])

      const plain = yield* scripted({ preview: undefined, split: [section(A, [1, 2, 3, 4])] })
      const fiber = yield* Effect.fork(plain.pipeline.splitAndExtract(MODEL, [A], { forceExclusive: false }))
      yield* Effect.sleep("20 millis")
      expect(plain.started).toEqual([])
      yield* Deferred.succeed(plain.release, undefined)
      yield* fiber.await.pipe(Effect.flatten)
      expect(plain.started).toEqual(["1,2,3,4"])
    }))

  it.live("with the Claude engine, a packet costs one extraction call per section and extraction starts before the split ends", () =>
    Effect.gen(function*() {
      const fake = yield* makeFakeAnthropic({ latencyMs: 100 })
      const pipeline = yield* Pipeline.pipe(Effect.provide(Pipeline.Default.pipe(
        Layer.provide([InProcessReader, AnthropicEngineLive]),
        Layer.provide(Layer.succeed(AppConfig, modelConfig(fake.url, { modelConcurrency: 8 })))
      )))
      const packet = pageModelFromLines(
        packetPages([invoice("INV-1", 4), statement("DE-1", 3), receipt("R-1"), invoice("INV-2", 4)], 10)
      )
      const specs = [A, B, spec("bank statement", TEMPLATE_DATA["bank statement"])]
      const [sections, usage] = yield* withUsage(pipeline.splitAndExtract(packet, specs, { forceExclusive: false }))
      expect(sections.map((s) => [s.documentType, s.pages])).toEqual([
        ["invoice", [1, 2, 3, 4]],
        ["bank statement", [5, 6, 7]],
        ["receipt", [8]],
        ["invoice", [9, 10, 11, 12]]
      ])
      expect(sections[3]!.extracted["invoice_number"]).toMatchObject({ value: "INV-2" })
      expect(fake.stats.answeredByTool["record_fields"]).toBe(4)
      const of = (tool: string) => fake.calls.filter((c) => c.tool === tool)
      const splitEnd = Math.max(...of("classify_pages").map((c) => c.answeredAt ?? Infinity))
      expect(Math.min(...of("record_fields").map((c) => c.receivedAt))).toBeLessThan(splitEnd)
      expect(usage.calls).toBe(fake.stats.received)
      // Split batches and extractions fit the concurrency together: one wave of calls.
      expect(fake.stats.received).toBeLessThanOrEqual(8)
    }).pipe(Effect.scoped))
})
