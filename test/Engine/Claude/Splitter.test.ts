import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { AppConfig } from "../../../src/Config.js"
import { statusOf } from "../../../src/Domain/Errors.js"
import type { Page } from "../../../src/Domain/PageModel.js"
import { AnthropicSplitter, assembleSections, batchesOf, MAX_BATCH_PAGES } from "../../../src/Engine/Claude/Splitter.js"
import { Splitter } from "../../../src/Engine/Engine.js"
import { splitDocument } from "../../../src/Engine/Local/Splitter.js"
import { modelClientLayer, modelConfig } from "../../support/anthropic.js"
import type { ConfigShape } from "../../support/app.js"
import { type FakeOptions, makeFakeAnthropic } from "../../support/fakeAnthropic.js"
import { invoice, MEMO_PAGE, packetPages, receipt, statement, TEMPLATE_DATA } from "../../support/packets.js"
import { pageModelFromLines } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const INVOICE = spec("invoice", TEMPLATE_DATA["invoice"])
const RECEIPT = spec("receipt", TEMPLATE_DATA["receipt"])
const STATEMENT = spec("bank statement", TEMPLATE_DATA["bank statement"])

const pages = (n: number, lines: ReadonlyArray<string> = ["text"]): Array<Page> =>
  pageModelFromLines(Array.from({ length: n }, () => lines)).pages as Array<Page>

/** Runs `use` with the anthropic splitter on a fresh fake. */
const withSplitter = <A, E>(
  fakeOptions: Partial<FakeOptions>,
  use: (splitter: Splitter["Type"], fake: { stats: { received: number } }) => Effect.Effect<A, E>,
  settings: Partial<ConfigShape> = { modelConcurrency: 4, modelSpeculate: false }
) =>
  Effect.gen(function*() {
    const fake = yield* makeFakeAnthropic(fakeOptions)
    const layer = AnthropicSplitter.pipe(
      Layer.provide(modelClientLayer(fake.url, settings)),
      Layer.provide(Layer.succeed(AppConfig, modelConfig(fake.url, settings)))
    )
    const splitter = yield* Splitter.pipe(Effect.provide(layer))
    return yield* use(splitter, fake)
  }).pipe(Effect.scoped)

describe("Anthropic splitter: batches", () => {
  it("spreads 40 pages over the concurrency in batches that overlap by one page", () => {
    const batches = batchesOf(pages(40), 8)
    expect(batches).toHaveLength(8)
    expect(batches.every((b) => b.length <= 6)).toBe(true)
    for (let i = 1; i < batches.length; i++) {
      expect(batches[i]![0]!.page).toBe(batches[i - 1]![batches[i - 1]!.length - 1]!.page)
    }
    expect(batches[0]![0]!.page).toBe(1)
    expect(batches[batches.length - 1]!.at(-1)!.page).toBe(40)
  })

  it("keeps small files in one batch and caps batch size", () => {
    expect(batchesOf(pages(3), 8)).toHaveLength(1)
    expect(batchesOf(pages(100), 1).every((b) => b.length <= MAX_BATCH_PAGES)).toBe(true)
  })

  it("keeps a batch within the token budget (long pages make smaller batches)", () => {
    const long = pages(12, Array.from({ length: 40 }, () => "x".repeat(95)))
    const batches = batchesOf(long, 1)
    // 4,000 characters a page (head and tail) ≈ 1,000 tokens: 12 pages fit 12,000 tokens in one batch at most.
    expect(batches.every((b) => b.length >= 2)).toBe(true)
    expect(batches.flat().at(-1)!.page).toBe(12)
  })
})

describe("Anthropic splitter: sections from the per-page answers", () => {
  const model = pageModelFromLines([["a"], [], ["b"], ["c"], ["d"], [], ["e"]])
  const labels = ["invoice", "receipt"]
  const answer = (page: number, type: string | null, starts: boolean) =>
    [page, { page, type, starts_document: starts }] as const

  it("joins blank pages to the section before, leaves unmatched pages out, separates consecutive documents", () => {
    const answers = new Map([
      answer(1, "invoice", true),
      answer(3, "invoice", true), // a second invoice right after the first
      answer(4, null, true), // a document of no requested type
      answer(5, "receipt", false), // a new type starts a section even without starts_document
      answer(7, null, false) // continues page 5 (its type not shown on the page)
    ])
    const sections = assembleSections(model.pages, answers, [INVOICE, RECEIPT], labels)
    expect(sections.map((s) => [s.documentType, s.pages])).toEqual([
      ["invoice", [1, 2]],
      ["invoice", [3]],
      ["receipt", [5, 6, 7]]
    ])
  })

  it("leaves out the continuation pages of a document of no requested type", () => {
    const m = pageModelFromLines([["a"], ["b"], ["c"], ["d"]])
    const answers = new Map([
      answer(1, "invoice", true),
      answer(2, null, true),
      answer(3, null, false),
      answer(4, "receipt", true)
    ])
    const sections = assembleSections(m.pages, answers, [INVOICE, RECEIPT], labels)
    expect(sections.map((s) => [s.documentType, s.pages])).toEqual([["invoice", [1]], ["receipt", [4]]])
  })

  it("puts leading blank pages in the first section", () => {
    const m = pageModelFromLines([[], ["a"], ["b"]])
    const sections = assembleSections(m.pages, new Map([answer(2, "receipt", true), answer(3, "receipt", false)]), [
      INVOICE,
      RECEIPT
    ], labels)
    expect(sections.map((s) => s.pages)).toEqual([[1, 2, 3]])
  })
})

describe("Anthropic splitter through the fake Messages API", () => {
  // invoice 1–3, invoice 4–5, blank 6, memo 7, receipt 8, statement 9–10
  const packet = pageModelFromLines([
    ...packetPages([invoice("INV-1", 3), invoice("INV-2", 2)]),
    [],
    MEMO_PAGE,
    ...packetPages([receipt("R-7"), statement("DE-55", 2)])
  ])

  it.live("splits a packet by type in page order, with one call per batch", () =>
    withSplitter({}, (splitter, fake) =>
      Effect.gen(function*() {
        const sections = yield* splitter.split(packet, [INVOICE, RECEIPT, STATEMENT])
        expect(sections.map((s) => [s.documentType, s.pages])).toEqual([
          ["invoice", [1, 2, 3]],
          ["invoice", [4, 5, 6]],
          ["receipt", [8]],
          ["bank statement", [9, 10]]
        ])
        expect(fake.stats.received).toBe(batchesOf(packet.pages, 4).length)
      })))

  it.live("offers the offline split as a preview and leaves call slots for extracting it", () =>
    withSplitter({}, (splitter, fake) =>
      Effect.gen(function*() {
        const specs = [INVOICE, RECEIPT, STATEMENT]
        const preview = yield* splitter.preview!(packet, specs)
        expect(preview).toEqual(splitDocument(packet, specs))
        expect(preview.length).toBe(4)
        const sections = yield* splitter.split(packet, specs)
        expect(sections.map((s) => s.pages)).toEqual([[1, 2, 3], [4, 5, 6], [8], [9, 10]])
        // 6 slots, 4 kept for the previewed sections' extraction: the split spreads over 2.
        expect(fake.stats.received).toBe(batchesOf(packet.pages, 2).length)
        expect(fake.stats.received).toBeLessThan(batchesOf(packet.pages, 6).length)
      }), { modelConcurrency: 6, modelSpeculate: true }))

  it.live("previews a long document page by page, the event loop served between pages", () =>
    withSplitter({}, (splitter) =>
      Effect.gen(function*() {
        const long = pageModelFromLines(Array.from({ length: 300 }, (_, i) => [
          "Example Trading Ltd                 INVOICE",
          `Invoice No: ${1000 + i}             Date: 0${1 + (i % 9)}.02.2024`,
          `Total EUR                             ${20 + 2 * i}.00`
        ]))
        let fired = false
        setTimeout(() => (fired = true), 0)
        const preview = yield* splitter.preview!(long, [INVOICE])
        expect(preview).toHaveLength(300)
        expect(fired).toBe(true)
      }), { modelConcurrency: 6, modelSpeculate: true }))

  it.live("offers no preview when speculative extraction is off", () =>
    withSplitter({}, (splitter) => Effect.sync(() => expect(splitter.preview).toBeUndefined())))

  it.live("makes no call for one template on a single document", () =>
    withSplitter({}, (splitter, fake) =>
      Effect.gen(function*() {
        const single = pageModelFromLines(packetPages([invoice("INV-9", 3)]))
        const sections = yield* splitter.split(single, [INVOICE])
        expect(sections.map((s) => s.pages)).toEqual([[1, 2, 3]])
        expect(fake.stats.received).toBe(0)
      })))

  it.live("asks the model when one template's file holds several documents", () =>
    withSplitter({}, (splitter, fake) =>
      Effect.gen(function*() {
        const two = pageModelFromLines(packetPages([invoice("INV-1", 2), invoice("INV-2", 1)]))
        const sections = yield* splitter.split(two, [INVOICE])
        expect(sections.map((s) => s.pages)).toEqual([[1, 2], [3]])
        expect(fake.stats.received).toBeGreaterThan(0)
      })))

  it.live("a provider that keeps failing ends the split with a 502 carrying a clear detail", () =>
    withSplitter({ reply: () => ({ kind: "error", status: 500 }) }, (splitter) =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(splitter.split(packet, [INVOICE, RECEIPT]))
        expect(Exit.isFailure(exit)).toBe(true)
        const failure = Exit.isFailure(exit) ? Option.getOrThrow(Cause.failureOption(exit.cause)) as any : undefined
        expect(statusOf(failure)).toBe(502)
        expect(failure.detail).toMatch(/model provider failed: server error \(500/)
      })))
})
