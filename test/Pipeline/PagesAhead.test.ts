/**
 * The engine's per-page work done while the document is still being read: the pipeline hands the
 * pages the reader gives early to the splitter's `prepare`, and stops when the reading ends.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer, Option } from "effect"
import { AppConfig } from "../../src/Config.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { DocumentReader } from "../../src/Reading/Reader.js"
import { testConfig } from "../support/app.js"
import { pageModelFromLines } from "../support/pageModel.js"

const MODEL = pageModelFromLines([["a"], ["b"], ["c"], ["d"]])

/**
 * A reader that gives pages 1–2, waits for `release`, gives pages 3–4 and answers; a splitter whose
 * `prepare` records the pages it is given.
 */
const scripted = Effect.gen(function*() {
  const release = yield* Deferred.make<void>()
  const prepared: Array<number> = []
  const reader = Layer.succeed(DocumentReader, {
    read: (_bytes, options) =>
      Effect.gen(function*() {
        options.onPages?.(MODEL.pages.slice(0, 2))
        yield* Deferred.await(release)
        options.onPages?.(MODEL.pages.slice(2))
        return MODEL
      }),
    pageImage: () => Effect.succeed(Option.none())
  })
  const splitter = Layer.succeed(Splitter, {
    split: () => Effect.succeed([]),
    prepare: (page) => Effect.sync(() => void prepared.push(page.page))
  })
  const extractor = Layer.succeed(Extractor, { extract: () => Effect.succeed({}) })
  const pipeline = yield* Pipeline.pipe(Effect.provide(Pipeline.Default.pipe(
    Layer.provide([reader, splitter, extractor]),
    Layer.provide(Layer.succeed(AppConfig, testConfig()))
  )))
  return { pipeline, release, prepared }
})

describe("Pipeline: pages worked on while the reading goes on", () => {
  it.live("the pages given early are prepared before the reading ends", () =>
    Effect.gen(function*() {
      const { pipeline, release, prepared } = yield* scripted
      const reading = yield* Effect.fork(pipeline.read(new Uint8Array([1]), { layout: false }))
      yield* Effect.sleep("30 millis")
      expect(prepared).toEqual([1, 2])
      yield* Deferred.succeed(release, undefined)
      const model = yield* reading.await.pipe(Effect.flatten)
      expect(model).toBe(MODEL)
    }))

  it.live("pages laid out again after reading (layout) are new objects: nothing is prepared", () =>
    Effect.gen(function*() {
      const { pipeline, release, prepared } = yield* scripted
      const reading = yield* Effect.fork(pipeline.read(new Uint8Array([1]), { layout: true }))
      yield* Effect.sleep("30 millis")
      yield* Deferred.succeed(release, undefined)
      yield* reading.await.pipe(Effect.flatten)
      expect(prepared).toEqual([])
    }))
})
