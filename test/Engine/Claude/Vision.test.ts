/**
 * MODEL_VISION end to end: the real app with the Claude engine on the fake Messages API, real
 * scanned files OCR'd offline; the model is shown the images of the OCR'd pages, and only those.
 */
import { HttpClientRequest } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import sharp from "sharp"
import { MAX_IMAGE_SIDE } from "../../../src/Export/PageImage.js"
import { anthropicTestApp } from "../../support/anthropic.js"
import { fileForm, keyFor, send, withKey } from "../../support/app.js"
import { FakeAnthropic, type FakeAnthropicShape } from "../../support/fakeAnthropic.js"
import { TEMPLATE_DATA } from "../../support/packets.js"
import { makeMixedPdf, makeTextPdf } from "../../support/pdfs.js"
import { textPng } from "../../support/textImage.js"

const SCAN = [
  "ACME Supplies Ltd",
  "INVOICE",
  "Invoice Number: INV-4711",
  "Invoice Date: 12 March 2024",
  "Total Due: 1,234.50"
]

const imageBlocks = (fake: FakeAnthropicShape) =>
  fake.calls
    .filter((c) => c.tool === "record_fields")
    .flatMap((c) => c.body.messages[0].content as Array<any>)
    .filter((b) => b.type === "image")

/** The image blocks are real JPEGs no larger than the model reads at full detail. */
const checkJpeg = (block: any) =>
  Effect.promise(async () => {
    expect(block.source.type).toBe("base64")
    expect(block.source.media_type).toBe("image/jpeg")
    const meta = await sharp(Buffer.from(block.source.data, "base64")).metadata()
    expect(meta.format).toBe("jpeg")
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MAX_IMAGE_SIDE)
    expect(Math.max(meta.width!, meta.height!)).toBeGreaterThan(500)
  })

/** One-shot extraction of a file with the fake's counters zeroed first; the fake comes back with the response. */
const oneShot = (key: string, template: string, bytes: Uint8Array, name: string) =>
  Effect.gen(function*() {
    const fake = yield* FakeAnthropic
    fake.reset()
    const r = yield* send(
      HttpClientRequest.post("/v1/documents/extract").pipe(
        withKey(key),
        HttpClientRequest.bodyFormData(fileForm(bytes, name, { template_ids: [template] }))
      )
    )
    expect(r.status).toBe(200)
    expect(r.json.result[0].properties.invoice_number).toBe("INV-4711")
    return fake
  })

const createTemplate = (key: string) =>
  send(
    HttpClientRequest.post("/v1/templates").pipe(
      withKey(key),
      HttpClientRequest.bodyUnsafeJson({ document_type: "invoice", template_data: TEMPLATE_DATA["invoice"] })
    )
  ).pipe(Effect.map((r) => r.json.template_id as string))

layer(anthropicTestApp({ modelVision: true, ocrWorkers: 1 }), { timeout: 120_000, excludeTestServices: true })(
  "MODEL_VISION over HTTP",
  (it) => {
    describe("a stored scanned PDF", () => {
      it.effect("sends the OCR'd page's image with its text, not the text page's", () =>
        Effect.gen(function*() {
          const key = yield* keyFor("vision-pdf")
          const template = yield* createTemplate(key)
          // Page 1 a scan of the invoice (an image only), page 2 a text page of the same invoice.
          const bytes = yield* Effect.promise(() =>
            makeMixedPdf([SCAN, { text: "Page 2 of 2  Terms: payable within 30 days" }])
          )
          const upload = yield* send(
            HttpClientRequest.post("/v1/documents").pipe(
              withKey(key),
              HttpClientRequest.bodyFormData(fileForm(bytes, "scan.pdf"))
            )
          )
          expect(upload.status).toBe(200)
          const fake = yield* FakeAnthropic
          fake.reset()
          const r = yield* send(
            HttpClientRequest.post(`/v1/documents/${upload.json.document_id}/extraction`).pipe(
              withKey(key),
              HttpClientRequest.bodyUnsafeJson({ template_ids: [template] })
            )
          )
          expect(r.status).toBe(200)
          expect(r.json[0].extracted.invoice_number).toBe("INV-4711")
          const blocks = imageBlocks(fake)
          expect(blocks).toHaveLength(1)
          yield* checkJpeg(blocks[0])
          const content = JSON.stringify(fake.calls.find((c) => c.tool === "record_fields")!.body.messages[0].content)
          expect(content).toContain("Image of page 1")
          expect(content).not.toContain("Image of page 2")
        }))
    })

    describe("POST /v1/documents/extract", () => {
      it.effect("sends a photo's image along with its OCR text", () =>
        Effect.gen(function*() {
          const key = yield* keyFor("vision-png")
          const template = yield* createTemplate(key)
          const png = yield* Effect.promise(() => textPng(SCAN, { width: 900 }))
          const fake = yield* oneShot(key, template, png, "photo.png")
          const blocks = imageBlocks(fake)
          expect(blocks).toHaveLength(1)
          yield* checkJpeg(blocks[0])
        }))

      it.effect("sends no image for a text PDF", () =>
        Effect.gen(function*() {
          const key = yield* keyFor("vision-text")
          const template = yield* createTemplate(key)
          const doc = yield* Effect.promise(() => makeTextPdf([SCAN]))
          const fake = yield* oneShot(key, template, doc, "invoice.pdf")
          expect(fake.stats.byTool["record_fields"]).toBe(1)
          expect(imageBlocks(fake)).toHaveLength(0)
        }))
    })
  }
)
