/** The process's page-model cache: bounded by PARSE_CACHE_MB (least recently used out first), and a deleted document's models go. */
import { expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { AppConfig } from "../../src/Config.js"
import { heldBytes, modelBytes, ParseCache } from "../../src/Documents/ParseCache.js"
import type { PageModel } from "../../src/Domain/PageModel.js"
import { testConfig } from "../support/app.js"

/** A model of `pages` pages of 100 words each. */
const model = (pages: number): PageModel => ({
  mediaType: "application/pdf",
  pages: Array.from({ length: pages }, (_, i) => ({
    page: i + 1,
    width: 595,
    height: 842,
    source: "text" as const,
    lines: Array.from({ length: 10 }, (_, l) => ({
      text: "word ".repeat(10).trim(),
      box: [0, l / 10, 1, l / 10 + 0.05] as const,
      words: Array.from(
        { length: 10 },
        (_, w) => ({ text: "word", box: [w / 10, l / 10, w / 10 + 0.05, l / 10 + 0.05] as const, confidence: 1 })
      )
    }))
  }))
})

const cacheOf = (mb: number) =>
  ParseCache.Default.pipe(Layer.provide(Layer.succeed(AppConfig, testConfig({ parseCacheMb: mb }))))

it.effect("keeps what fits in PARSE_CACHE_MB, dropping the least recently used first", () =>
  Effect.gen(function*() {
    const cache = yield* ParseCache
    const big = model(35)
    expect(modelBytes(big)).toBeGreaterThan(300_000)
    expect(modelBytes(big)).toBeLessThan(1024 * 1024)
    // Counted with the engines' work kept beside its pages: two such models fit in 8 MB, three do not.
    expect(heldBytes(big)).toBeGreaterThan(8 * 1024 * 1024 / 3)
    expect(heldBytes(big)).toBeLessThan(4 * 1024 * 1024)
    cache.set("a", "plain", big)
    cache.set("b", "plain", model(35))
    expect(cache.get("a", "plain")).toBe(big)
    // A third model does not fit beside both: b, used least recently, goes.
    cache.set("c", "plain", model(35))
    expect(cache.get("a", "plain")).toBe(big)
    expect(cache.get("b", "plain")).toBeUndefined()
    expect(cache.get("c", "plain")).toBeDefined()
  }).pipe(Effect.provide(cacheOf(8))))

it.effect("forgets every model of a deleted document, and keeps nothing with PARSE_CACHE_MB=0", () =>
  Effect.gen(function*() {
    const cache = yield* ParseCache
    cache.set("a", "plain", model(2))
    cache.set("a", "layout", model(2))
    cache.set("b", "plain", model(2))
    cache.forget("a")
    expect(cache.get("a", "plain")).toBeUndefined()
    expect(cache.get("a", "layout")).toBeUndefined()
    expect(cache.get("b", "plain")).toBeDefined()
    const none = yield* Effect.provide(ParseCache, cacheOf(0))
    none.set("a", "plain", model(1))
    expect(none.get("a", "plain")).toBeUndefined()
  }).pipe(Effect.provide(cacheOf(8))))
