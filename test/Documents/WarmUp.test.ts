import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Metric, Option, Redacted } from "effect"
import { LocalEngineLive } from "../../src/App.js"
import { AppConfig } from "../../src/Config.js"
import { warmUpAnswers, warmUpServer } from "../../src/Documents/WarmUp.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { DocumentReader } from "../../src/Reading/Reader.js"
import { testConfig } from "../support/app.js"

const pipelineWith = (config: AppConfig, engine: Layer.Layer<Splitter | Extractor>) =>
  Pipeline.Default.pipe(
    Layer.provide(engine),
    Layer.provideMerge(InProcessReader),
    Layer.provide(Layer.succeed(AppConfig, config))
  )

/** Pages the pages-read metric has counted in this process. */
const pagesCounted = Effect.map(
  Metric.snapshot,
  (pairs) =>
    pairs.filter((p) => p.metricKey.name === "docsplit_pages_read")
      .reduce((n, p) => n + Number((p.metricState as unknown as { count: number }).count ?? 0), 0)
)

/** An engine that counts its calls and answers nothing. */
const countingEngine = () => {
  const calls = { split: 0, extract: 0 }
  const layer = Layer.merge(
    Layer.succeed(Splitter, { split: () => Effect.sync(() => (calls.split++, [])) }),
    Layer.succeed(Extractor, { extract: () => Effect.sync(() => (calls.extract++, {})) })
  )
  return { calls, layer }
}

describe("the server's request warm-up", () => {
  it.effect("answers its documents through the real engine and the API's encoding, in both answer forms", () =>
    Effect.gen(function*() {
      const answers = yield* warmUpAnswers.pipe(Effect.provide(pipelineWith(testConfig(), LocalEngineLive)))
      // Each document as a text file's pages and as a PDF's, read by the reader.
      expect(answers.length).toBeGreaterThanOrEqual(16)
      const parsed = answers.map((json) =>
        JSON.parse(json) as { result: Array<{ document_type: string; properties: any }> }
      )
      // Invoices and a receipt, each answered as one section of its own kind.
      expect(new Set(parsed.map((a) => a.result.map((s) => s.document_type).join()))).toEqual(
        new Set(["invoice", "receipt"])
      )
      const numbers = parsed.map((answer) => answer.result[0]!.properties.invoice_number)
      // Plain values and values with their boxes.
      expect(numbers).toContain("1001")
      expect(numbers).toContainEqual(expect.objectContaining({ value: "1001", page: 1 }))
    }))

  it.effect("reads its documents as PDFs with the reader a user's document goes to", () =>
    Effect.gen(function*() {
      const read: Array<string> = []
      const counting = Layer.effect(
        DocumentReader,
        Effect.map(DocumentReader, (reader) =>
          DocumentReader.of({
            ...reader,
            read: (bytes, options) =>
              Effect.tap(reader.read(bytes, options), (model) => Effect.sync(() => read.push(model.mediaType)))
          }))
      ).pipe(Layer.provide(InProcessReader))
      const config = testConfig({ engine: "local" })
      const before = yield* pagesCounted
      yield* warmUpAnswers.pipe(
        Effect.provide(
          Pipeline.Default.pipe(
            Layer.provide(LocalEngineLive),
            Layer.provideMerge(counting),
            Layer.provide(Layer.succeed(AppConfig, config))
          )
        )
      )
      // Four rounds of the four documents, each a one-page PDF.
      expect(read).toEqual(Array.from({ length: 16 }, () => "application/pdf"))
      // The service's own reads: the pages-read metric does not count them.
      expect(yield* pagesCounted).toBe(before)
    }))

  it.effect("runs with the local engine, both split and exclusive", () =>
    Effect.gen(function*() {
      const { calls, layer } = countingEngine()
      const config = testConfig({ engine: "local" })
      yield* warmUpServer.pipe(Effect.provide(pipelineWith(config, layer)), Effect.provideService(AppConfig, config))
      // Half of the rounds split (the engine here finds no section), half take each file as one section:
      // two rounds of each of the four documents, as a text file and as a PDF.
      expect(calls).toEqual({ split: 16, extract: 16 })
    }))

  it.live("answers its text files while the reading worker is not there yet", () =>
    Effect.gen(function*() {
      const { calls, layer } = countingEngine()
      const config = testConfig({ engine: "local" })
      const workerStarted = yield* Deferred.make<void>()
      const starting = Layer.effect(
        DocumentReader,
        Effect.map(DocumentReader, (reader) =>
          DocumentReader.of({
            ...reader,
            read: (bytes, options) => Effect.zipRight(Deferred.await(workerStarted), reader.read(bytes, options))
          }))
      ).pipe(Layer.provide(InProcessReader))
      const pipeline = Pipeline.Default.pipe(
        Layer.provide(layer),
        Layer.provideMerge(starting),
        Layer.provide(Layer.succeed(AppConfig, config))
      )
      const fiber = yield* Effect.fork(warmUpAnswers.pipe(Effect.provide(pipeline)))
      for (let i = 0; i < 200 && calls.split === 0; i++) yield* Effect.sleep("5 millis")
      // The first document's text file is answered (the first round splits) before any read ends.
      expect(calls).toEqual({ split: 1, extract: 0 })
      yield* Deferred.succeed(workerStarted, undefined)
      expect(yield* Fiber.join(fiber)).toHaveLength(32)
    }))

  it.effect("stops once a user's document is read: the user's work does not take turns with it", () =>
    Effect.gen(function*() {
      const { calls, layer } = countingEngine()
      const config = testConfig({ engine: "local" })
      const pipeline = pipelineWith(config, layer)
      const [before, after] = yield* Effect.gen(function*() {
        const p = yield* Pipeline
        const before = yield* p.usersArrived
        // The service's own read does not count as a user's.
        yield* p.read(new TextEncoder().encode("warm-up text"), { layout: false, background: true })
        const own = yield* p.usersArrived
        yield* p.read(new TextEncoder().encode("A user's text file"), { layout: false })
        yield* warmUpServer.pipe(Effect.provideService(AppConfig, config))
        return [before || own, yield* p.usersArrived]
      }).pipe(Effect.provide(pipeline))
      expect(before).toBe(false)
      expect(after).toBe(true)
      expect(calls).toEqual({ split: 0, extract: 0 })
    }))

  it.effect("sends nothing to the Claude engine: with its key configured, the engine is not called", () =>
    Effect.gen(function*() {
      const key = Option.some(Redacted.make("sk-ant-test"))
      for (const engine of ["auto", "anthropic"] as const) {
        const { calls, layer } = countingEngine()
        const config = testConfig({ engine, anthropicApiKey: key })
        yield* warmUpServer.pipe(Effect.provide(pipelineWith(config, layer)), Effect.provideService(AppConfig, config))
        expect(calls).toEqual({ split: 0, extract: 0 })
      }
    }))
})
