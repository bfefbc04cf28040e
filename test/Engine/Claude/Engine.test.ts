import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option, Redacted } from "effect"
import { EngineLive } from "../../../src/App.js"
import { AppConfig } from "../../../src/Config.js"
import { Splitter } from "../../../src/Engine/Engine.js"
import { testConfig } from "../../support/app.js"
import type { ConfigShape } from "../../support/app.js"
import { makeFakeAnthropic } from "../../support/fakeAnthropic.js"
import { invoice, packetPages, receipt, TEMPLATE_DATA } from "../../support/packets.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const SPECS = [spec("invoice", TEMPLATE_DATA["invoice"]), spec("receipt", TEMPLATE_DATA["receipt"])]
const PACKET = pageModelFromLines(packetPages([invoice("INV-1", 2), receipt("R-1")]))

/** Splits the packet with the engine the settings select; returns the calls the fake received. */
const callsWith = (settings: (url: string) => Partial<ConfigShape>) =>
  Effect.gen(function*() {
    const fake = yield* makeFakeAnthropic()
    const layer = EngineLive.pipe(Layer.provide(Layer.succeed(AppConfig, testConfig(settings(fake.url)))))
    const sections = yield* Effect.flatMap(Splitter, (s) => s.split(PACKET, SPECS)).pipe(Effect.provide(layer))
    expect(sections.map((s) => s.pages)).toEqual([[1, 2], [3]])
    return fake.stats.received
  }).pipe(Effect.scoped)

const key = Option.some(Redacted.make("sk-test"))

describe("Engine selection (ENGINE)", () => {
  it.live("auto uses the model when ANTHROPIC_API_KEY is set, the local engine when not", () =>
    Effect.gen(function*() {
      expect(yield* callsWith((url) => ({ engine: "auto", anthropicApiKey: key, anthropicBaseUrl: Option.some(url) })))
        .toBeGreaterThan(0)
      expect(yield* callsWith((url) => ({ engine: "auto", anthropicBaseUrl: Option.some(url) }))).toBe(0)
      expect(
        yield* callsWith((url) => ({
          engine: "auto",
          anthropicApiKey: Option.some(Redacted.make(" ")),
          anthropicBaseUrl: Option.some(url)
        }))
      ).toBe(0)
    }))

  it.live("local never calls the model, even with a key", () =>
    Effect.gen(function*() {
      expect(yield* callsWith((url) => ({ engine: "local", anthropicApiKey: key, anthropicBaseUrl: Option.some(url) })))
        .toBe(0)
    }))

  it.live("anthropic without a key fails at start with a clear message", () =>
    Effect.gen(function*() {
      const layer = EngineLive.pipe(Layer.provide(Layer.succeed(AppConfig, testConfig({ engine: "anthropic" }))))
      const exit = yield* Effect.exit(Effect.scoped(Layer.build(layer)))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(String(Exit.isFailure(exit) ? exit.cause : "")).toContain("ENGINE=anthropic needs ANTHROPIC_API_KEY")
    }))
})
