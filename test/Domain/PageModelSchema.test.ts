import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { decodeCachedPageModelPaced, PageModelSchema } from "../../src/Domain/PageModelSchema.js"
import { makePacer } from "../../src/lib/Pacer.js"
import { pageModelFromLines } from "../support/pageModel.js"

describe("a cached page model checked page by page", () => {
  const { pace } = makePacer()
  const stored = JSON.parse(
    JSON.stringify(pageModelFromLines([["Invoice No: 1001", "Total 20.00"], ["Page two"], []]))
  ) as { mediaType: string; pages: Array<Record<string, unknown>> }

  it.effect("decodes what the whole-model check decodes, page for page", () =>
    Effect.gen(function*() {
      const paced = yield* decodeCachedPageModelPaced(stored, pace)
      expect(Option.getOrThrow(paced)).toEqual(Option.getOrThrow(Schema.decodeUnknownOption(PageModelSchema)(stored)))
      expect(Option.getOrThrow(paced).pages.map((p) => p.page)).toEqual([1, 2, 3])
    }))

  it.effect("is no model when any page, or the model itself, does not decode", () =>
    Effect.gen(function*() {
      const badPage = { ...stored, pages: [stored.pages[0], { ...stored.pages[1], source: "fax" }, stored.pages[2]] }
      expect(Option.isNone(yield* decodeCachedPageModelPaced(badPage, pace))).toBe(true)
      for (const bad of [null, 42, "x", { mediaType: 1, pages: [] }, { mediaType: "application/pdf", pages: {} }]) {
        expect(Option.isNone(yield* decodeCachedPageModelPaced(bad, pace))).toBe(true)
      }
    }))
})
