import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Redacted } from "effect"
import { LocalEngineLive } from "../../src/App.js"
import { AppConfig } from "../../src/Config.js"
import { warmUpAnswers, warmUpServer } from "../../src/Documents/WarmUp.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { testConfig } from "../support/app.js"

const pipelineWith = (config: AppConfig, engine: Layer.Layer<Splitter | Extractor>) =>
  Pipeline.Default.pipe(
    Layer.provide([InProcessReader, engine]),
    Layer.provide(Layer.succeed(AppConfig, config))
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
      expect(answers.length).toBeGreaterThanOrEqual(8)
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

  it.effect("runs with the local engine, both split and exclusive", () =>
    Effect.gen(function*() {
      const { calls, layer } = countingEngine()
      const config = testConfig({ engine: "local" })
      yield* warmUpServer.pipe(Effect.provide(pipelineWith(config, layer)), Effect.provideService(AppConfig, config))
      // Half of the rounds split (the engine here finds no section), half take each file as one section:
      // two rounds of each of the four documents.
      expect(calls).toEqual({ split: 8, extract: 8 })
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
