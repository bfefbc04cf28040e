import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { LocalExtractor } from "../../src/Engine/Local/Extractor.js"
import { LocalSplitter } from "../../src/Engine/Local/Splitter.js"
import { makePacer } from "../../src/lib/Pacer.js"
import { normalizeTemplate } from "../../src/Templates/TemplateData.js"
import { pageModelFromLines } from "../support/pageModel.js"

/** Keeps the thread busy for `ms`, as a page of engine work does. */
const busy = (ms: number) => {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spinning
  }
}

/** Runs `work` and tells how much of it had been done when a timer set as it started fired. */
const whenTimerFires = <A>(work: (done: () => void) => Effect.Effect<A>) =>
  Effect.gen(function*() {
    let steps = 0
    let seenAt: number | undefined
    setTimeout(() => (seenAt = steps), 0)
    yield* work(() => steps++)
    return { steps, seenAt }
  })

describe("pacing long synchronous work", () => {
  it.effect("lets the event loop turn once a slice of work has run, and not before", () =>
    Effect.gen(function*() {
      const { pace } = makePacer(10)
      // 100 steps of 2 ms: the timer fires after five or six of them, not after the hundredth.
      const paced = yield* whenTimerFires((done) =>
        Effect.forEach(Array.from({ length: 100 }), () => Effect.zipRight(pace, Effect.sync(() => (busy(2), done()))), {
          discard: true
        })
      )
      expect(paced.seenAt).toBeDefined()
      expect(paced.seenAt!).toBeLessThan(30)
      const unpaced = yield* whenTimerFires((done) =>
        Effect.forEach(Array.from({ length: 100 }), () => Effect.sync(() => (busy(2), done())), { discard: true })
      )
      expect(unpaced.seenAt).toBeUndefined()
    }))

  it.effect("many fibers waiting for a turn go on in slices, not all at once after it", () =>
    Effect.gen(function*() {
      const { pace } = makePacer(10)
      let steps = 0
      const seen: Array<number> = []
      const timer = setInterval(() => seen.push(steps), 0)
      yield* Effect.forEach(Array.from({ length: 60 }), () =>
        Effect.zipRight(pace, Effect.sync(() => (busy(2), steps++))), {
        concurrency: "unbounded",
        discard: true
      })
      clearInterval(timer)
      // The interval ran between slices throughout, not only once at the start.
      expect(
        seen.filter((s) =>
          s > 0 && s < 60
        ).length
      ).toBeGreaterThanOrEqual(3)
    }))

  it.effect("the local splitter and extractor serve the event loop between pages of a long document", () =>
    Effect.gen(function*() {
      const fields = Either.getOrThrow(normalizeTemplate({ invoice_number: "The invoice number", total: "number" }))
      const spec = { templateId: "t", documentType: "invoice", fields }
      const pages = Array.from({ length: 300 }, (_, i) => [
        `Example Trading Ltd                 INVOICE`,
        `Invoice No: ${1000 + i}             Date: 0${1 + (i % 9)}.02.2024`,
        `Widgets                      2        ${10 + i}.00`,
        `Total EUR                             ${20 + 2 * i}.00`
      ])
      const model = pageModelFromLines(pages)
      const splitter = yield* Splitter
      const extractor = yield* Extractor
      let fired = false
      setTimeout(() => (fired = true), 0)
      const sections = yield* splitter.split(model, [spec])
      expect(sections).toHaveLength(300)
      expect(fired).toBe(true)
      fired = false
      setTimeout(() => (fired = true), 0)
      const values = yield* Effect.forEach(sections, (s) => extractor.extract(model, s.pages, spec), {
        concurrency: "unbounded"
      })
      expect((values[299]!.invoice_number as { value: string }).value).toBe("1299")
      expect(fired).toBe(true)
    }).pipe(Effect.provide(LocalSplitter), Effect.provide(LocalExtractor)))
})
