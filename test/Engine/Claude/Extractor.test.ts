import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { AppConfig } from "../../../src/Config.js"
import { statusOf } from "../../../src/Domain/Errors.js"
import { type Grounded, isGrounded } from "../../../src/Domain/Extraction.js"
import { type PageImages, type PageModel, unionBox } from "../../../src/Domain/PageModel.js"
import {
  AnthropicExtractor,
  chunksOf,
  EXTRACT_CHUNK_TOKENS,
  IMAGE_TOKENS,
  MAX_IMAGES_PER_CALL
} from "../../../src/Engine/Claude/Extractor.js"
import { withUsage } from "../../../src/Engine/Claude/Usage.js"
import { Extractor } from "../../../src/Engine/Engine.js"
import { modelClientLayer, modelConfig } from "../../support/anthropic.js"
import type { ConfigShape } from "../../support/app.js"
import { type FakeAnthropicShape, type FakeOptions, makeFakeAnthropic } from "../../support/fakeAnthropic.js"
import { invoice, packetPages, TEMPLATE_DATA } from "../../support/packets.js"
import { pageModelFromLines, wordBox } from "../../support/pageModel.js"
import { spec } from "../fixtures.js"

const INVOICE = spec("invoice", TEMPLATE_DATA["invoice"])

const withExtractor = <A, E>(
  fakeOptions: Partial<FakeOptions>,
  use: (extractor: Extractor["Type"], fake: FakeAnthropicShape) => Effect.Effect<A, E>,
  timeoutMs = 5_000,
  settings: Partial<ConfigShape> = {}
) =>
  Effect.gen(function*() {
    const fake = yield* makeFakeAnthropic(fakeOptions)
    const extractor = yield* Extractor.pipe(
      Effect.provide(AnthropicExtractor),
      Effect.provide(modelClientLayer(fake.url, { modelTimeoutMs: timeoutMs, ...settings })),
      Effect.provide(Layer.succeed(AppConfig, modelConfig(fake.url, { modelTimeoutMs: timeoutMs, ...settings })))
    )
    return yield* use(extractor, fake)
  }).pipe(Effect.scoped)

const value = (v: unknown) => (v as Grounded).value

describe("Anthropic extractor: chunks", () => {
  it("counts a page image in a call's budget only with vision, and never puts more than MAX_IMAGES_PER_CALL in one call", () => {
    const m = pageModelFromLines(
      Array.from({ length: MAX_IMAGES_PER_CALL + 5 }, (_, i) => [`Receipt ${i}`, "Total 1.00"])
    )
    const scans = m.pages.map((p) => ({ ...p, source: "ocr" as const }))
    const seen = chunksOf(scans, true)
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.flat().map((p) => p.page)).toEqual(scans.map((p) => p.page))
    for (const chunk of seen) {
      expect(chunk.length).toBeLessThanOrEqual(
        Math.min(MAX_IMAGES_PER_CALL, Math.floor(EXTRACT_CHUNK_TOKENS / IMAGE_TOKENS))
      )
    }
    expect(chunksOf(scans, false)).toHaveLength(1)
    // Text pages cost no image.
    expect(chunksOf(m.pages, true)).toHaveLength(1)
  })
})

describe("Anthropic extractor through the fake Messages API", () => {
  const model = pageModelFromLines(packetPages([invoice("INV-2024-001", 2, "USD 1,234.50")]))

  it.live("extracts each field, typed by the shared readers and grounded on the words it came from", () =>
    withExtractor({}, (extractor, fake) =>
      Effect.gen(function*() {
        const out = yield* extractor.extract(model, [1, 2], INVOICE)
        expect(fake.stats.received).toBe(1)
        expect(value(out.invoice_number)).toBe("INV-2024-001")
        expect(value(out.invoice_date)).toBe("2024-03-12")
        expect(value(out.total_due)).toBe(1234.5)
        expect(value(out.bill_to)).toBe("Globex Corporation")
        const total = out.total_due as Grounded
        expect(total.page).toBe(1)
        // The box is the amount's words, not the label's.
        expect(total.box).toEqual(unionBox([wordBox(model, 1, "USD"), wordBox(model, 1, "1,234.50")]))
        // The number is also in the letterhead; the cited line wins.
        expect((out.invoice_number as Grounded).box).toEqual(wordBox(model, 1, "INV-2024-001", 1))
        // The model read numbered lines.
        expect(fake.calls[0]!.body.messages[0].content[0].text).toContain("[p1 L4] Invoice Number: INV-2024-001")
      })))

  it.live("returns a value the document does not contain as null and counts it as ungrounded", () =>
    withExtractor(
      { inventions: { invoice_number: "INV-9999-999", total_due: "99.99" } },
      (extractor) =>
        Effect.gen(function*() {
          const [out, usage] = yield* withUsage(extractor.extract(model, [1, 2], INVOICE))
          expect(out.invoice_number).toBeNull()
          expect(out.total_due).toBeNull()
          expect(value(out.bill_to)).toBe("Globex Corporation")
          expect(usage.ungrounded).toBe(2)
          expect(usage.calls).toBe(1)
        })
    ))

  it.live("chunks a long section by pages and merges the chunks field by field", () =>
    withExtractor({}, (extractor, fake) =>
      Effect.gen(function*() {
        // Each page alone is most of the chunk budget, so every page is its own call.
        const filler = Array.from({ length: Math.ceil((EXTRACT_CHUNK_TOKENS * 4 * 0.7) / 90) }, (_, i) =>
          `Line ${i} ${"of filler text ".repeat(5)}`)
        const long: PageModel = pageModelFromLines([
          ["ACME", "INVOICE", "Invoice Number: INV-77", ...filler],
          ["ACME", "Page 2 of 3", ...filler],
          ["ACME", "Page 3 of 3", "Total Due: 500.00", ...filler]
        ])
        const out = yield* extractor.extract(long, [1, 2, 3], INVOICE)
        expect(fake.stats.received).toBe(3)
        expect(value(out.invoice_number)).toBe("INV-77")
        expect(value(out.total_due)).toBe(500)
        expect((out.total_due as Grounded).page).toBe(3)
        expect(out.invoice_date).toBeNull()
      })))

  it.live("a malformed answer is asked again once and then extracted", () =>
    withExtractor(
      { reply: (c) => (c.index === 0 ? { kind: "malformed" } : { kind: "answer" }) },
      (extractor, fake) =>
        Effect.gen(function*() {
          const out = yield* extractor.extract(model, [1, 2], INVOICE)
          expect(fake.stats.received).toBe(2)
          expect(isGrounded(out.invoice_number)).toBe(true)
        })
    ))

  it.live("a malformed answer twice ends with a 502", () =>
    withExtractor({ reply: () => ({ kind: "malformed" }) }, (extractor) =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(extractor.extract(model, [1, 2], INVOICE))
        const failure = Exit.isFailure(exit) ? Option.getOrThrow(Cause.failureOption(exit.cause)) as any : undefined
        expect(statusOf(failure)).toBe(502)
        expect(failure.detail).toContain("did not match the expected shape")
      })))

  it.live("a model call that times out ends with a 504", () =>
    withExtractor({ latencyMs: 2_000 }, (extractor) =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(extractor.extract(model, [1, 2], INVOICE))
        const failure = Exit.isFailure(exit) ? Option.getOrThrow(Cause.failureOption(exit.cause)) as any : undefined
        expect(statusOf(failure)).toBe(504)
        expect(failure.detail).toContain("no answer within 150 ms")
      }), 150))

  describe("with MODEL_VISION", () => {
    // A scan: the OCR read the invoice number's zero as the letter O, the total's 1 as l.
    const scanned: PageModel = (() => {
      const m = pageModelFromLines([[
        "ACME Supplies Ltd",
        "INVOICE",
        "Invoice Number: INV-2O24-001",
        "Invoice Date: 12 March 2024",
        "Total Due: USD l,234.50"
      ], ["Terms: 30 days"]])
      return { ...m, pages: m.pages.map((p) => (p.page === 1 ? { ...p, source: "ocr" as const } : p)) }
    })()
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const rendered: Array<number> = []
    const images: PageImages = (page) =>
      Effect.sync(() => {
        rendered.push(page)
        return Option.some({ mediaType: "image/png" as const, data: PNG })
      })
    // The model reads the image: the printed values, not the OCR's misreads.
    const reading = { inventions: { invoice_number: "INV-2024-001", total_due: "USD 1,234.50" } }

    const imageBlocks = (fake: FakeAnthropicShape) =>
      fake.calls.flatMap((c) => c.body.messages[0].content).filter((b: any) => b.type === "image")

    it.live("shows the model the images of OCR'd pages and grounds what it reads there on the misread words", () =>
      withExtractor(
        reading,
        (extractor, fake) =>
          Effect.gen(function*() {
            rendered.length = 0
            const [out, usage] = yield* withUsage(extractor.extract(scanned, [1, 2], INVOICE, images))
            // Only the OCR'd page is rendered and sent, as base64 after its caption.
            expect(rendered).toEqual([1])
            const blocks = imageBlocks(fake)
            expect(blocks).toHaveLength(1)
            expect(blocks[0].source).toEqual({
              type: "base64",
              media_type: "image/png",
              data: Buffer.from(PNG).toString("base64")
            })
            expect(JSON.stringify(fake.calls[0]!.body.messages[0].content)).toContain("Image of page 1")
            expect(fake.calls[0]!.body.system).toContain("read each value from the image")
            expect(out["invoice_number"]).toMatchObject({
              value: "INV-2024-001",
              page: 1,
              box: wordBox(scanned, 1, "INV-2O24-001")
            })
            // Found only nearly as written (a misread on the page): less sure than a value found as the model wrote it.
            expect((out["invoice_number"] as Grounded).confidence).toBeLessThan(0.9)
            expect(value(out["total_due"])).toBe(1234.5)
            expect((out["total_due"] as Grounded).box).toEqual(
              unionBox([wordBox(scanned, 1, "USD"), wordBox(scanned, 1, "l,234.50")])
            )
            expect(usage.ungrounded).toBe(0)
          }),
        5_000,
        { modelVision: true }
      ))

    it.live("still nulls a value that is nowhere near the text", () =>
      withExtractor(
        { inventions: { invoice_number: "INV-9999-999", total_due: "USD 8,888.00" } },
        (extractor) =>
          Effect.gen(function*() {
            const [out, usage] = yield* withUsage(extractor.extract(scanned, [1, 2], INVOICE, images))
            expect(out["invoice_number"]).toBeNull()
            expect(out["total_due"]).toBeNull()
            expect(usage.ungrounded).toBe(2)
          }),
        5_000,
        { modelVision: true }
      ))

    it.live("without MODEL_VISION sends no image; a value one OCR confusion from the text is grounded less surely, a value unlike it is not", () =>
      withExtractor(
        { inventions: { ...reading.inventions, bill_to: "Globex Corporation" } },
        (extractor, fake) =>
          Effect.gen(function*() {
            rendered.length = 0
            const [out, usage] = yield* withUsage(extractor.extract(scanned, [1, 2], INVOICE, images))
            expect(rendered).toEqual([])
            expect(imageBlocks(fake)).toHaveLength(0)
            // A model reading OCR'd text may correct an obvious misread ("INV-2O24-001").
            expect(value(out["invoice_number"])).toBe("INV-2024-001")
            expect((out["invoice_number"] as Grounded).confidence).toBeLessThan(0.9)
            // A name the page does not hold at all is invented.
            expect(out["bill_to"]).toBeNull()
            expect(usage.ungrounded).toBe(1)
          }),
        5_000,
        { modelVision: false }
      ))
  })
})
