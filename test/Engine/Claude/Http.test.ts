/**
 * The Claude engine end to end: the real app with ENGINE=anthropic, its model calls answered by
 * the fake Messages API; checks sections, grounded values, 502/504 and the usage headers.
 */
import { HttpClientRequest, HttpServer } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as http from "node:http"
import { anthropicTestApp, TEST_KEY } from "../../support/anthropic.js"
import { fileForm, keyFor, send, withKey } from "../../support/app.js"
import { FakeAnthropic } from "../../support/fakeAnthropic.js"
import { invoice, MEMO_PAGE, packetPages, receipt, statement, TEMPLATE_DATA } from "../../support/packets.js"
import { makeTextPdf } from "../../support/pdfs.js"

const createTemplate = (key: string, documentType: string) =>
  send(
    HttpClientRequest.post("/v1/templates").pipe(
      withKey(key),
      HttpClientRequest.bodyUnsafeJson({ document_type: documentType, template_data: TEMPLATE_DATA[documentType] })
    )
  ).pipe(Effect.map((r) => r.json.template_id as string))

const uploadPdf = (key: string, pages: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.promise(() => makeTextPdf(pages)).pipe(
    Effect.flatMap((bytes) =>
      send(
        HttpClientRequest.post("/v1/documents").pipe(
          withKey(key),
          HttpClientRequest.bodyFormData(fileForm(bytes, "packet.pdf"))
        )
      )
    ),
    Effect.map((r) => r.json.document_id as string)
  )

const postJson = (key: string, url: string, body: unknown, params: Record<string, string> = {}) =>
  send(
    HttpClientRequest.post(url).pipe(
      withKey(key),
      HttpClientRequest.setUrlParams(params),
      HttpClientRequest.bodyUnsafeJson(body)
    )
  )

// invoice 1–3, memo 4, receipt 5, bank statement 6–7
const PACKET = [
  ...packetPages([invoice("INV-1", 3)]),
  MEMO_PAGE,
  ...packetPages([receipt("R-7"), statement("DE-55", 2)])
]

/** A tenant with the three templates and the packet uploaded. */
const setup = (tenant: string) =>
  Effect.gen(function*() {
    const key = yield* keyFor(tenant)
    const ids = [
      yield* createTemplate(key, "invoice"),
      yield* createTemplate(key, "receipt"),
      yield* createTemplate(key, "bank statement")
    ]
    const documentId = yield* uploadPdf(key, PACKET)
    const fake = yield* FakeAnthropic
    fake.reset()
    return { key, ids, documentId, fake }
  })

layer(anthropicTestApp({ modelTimeoutMs: 1_000 }), { timeout: 120_000, excludeTestServices: true })(
  "engine=anthropic over HTTP",
  (it) => {
    describe("POST /v1/documents/{id}/extraction", () => {
      it.effect("splits and extracts with the model, and the usage headers are the provider's counts", () =>
        Effect.gen(function*() {
          const { documentId, fake, ids, key } = yield* setup("model-usage")
          const r = yield* postJson(key, `/v1/documents/${documentId}/extraction`, { template_ids: ids }, {
            include_coordinates: "true"
          })
          expect(r.status).toBe(200)
          expect(r.json.map((s: any) => [s.document_type, s.pages])).toEqual([
            ["invoice", [1, 2, 3]],
            ["receipt", [5]],
            ["bank statement", [6, 7]]
          ])
          const inv = r.json[0].extracted
          expect(inv.invoice_number.value).toBe("INV-1")
          expect(inv.invoice_number.page).toBe(1)
          expect(inv.invoice_date.value).toBe("2024-03-12")
          expect(inv.total_due.value).toBe(1234.5)
          expect(r.json[1].extracted.total.value).toBe(7.5)
          expect(r.json[2].extracted.closing_balance.value).toBe(10250)
          // One split call (3 of the 4 call slots are left to extracting the 3 sections the offline
          // split previews, which the model confirms) and one extraction call per section.
          expect(fake.stats.byTool).toEqual({ classify_pages: 1, record_fields: 3 })
          expect(r.headers["x-usage-model-calls"]).toBe(String(fake.stats.received))
          expect(r.headers["x-usage-input-tokens"]).toBe(String(fake.stats.inputTokens))
          expect(r.headers["x-usage-output-tokens"]).toBe(String(fake.stats.outputTokens))
          expect(r.headers["x-usage-ungrounded-values"]).toBe("0")
        }))

      it.effect("nulls values the model invents and counts them in x-usage-ungrounded-values", () =>
        Effect.gen(function*() {
          const { documentId, fake, ids, key } = yield* setup("model-invents")
          fake.configure({ inventions: { invoice_number: "INV-404", closing_balance: "99,999.00" } })
          const r = yield* postJson(key, `/v1/documents/${documentId}/extraction`, { template_ids: ids })
          expect(r.status).toBe(200)
          expect(r.json[0].extracted.invoice_number).toBeNull()
          expect(r.json[0].extracted.total_due).toBe(1234.5)
          expect(r.json[2].extracted.closing_balance).toBeNull()
          expect(r.headers["x-usage-ungrounded-values"]).toBe("2")
        }))

      it.effect("a provider that keeps failing answers 502 with a clear detail, never the key", () =>
        Effect.gen(function*() {
          const { documentId, fake, ids, key } = yield* setup("model-down")
          fake.configure({ reply: () => ({ kind: "error", status: 529 }) })
          const r = yield* postJson(key, `/v1/documents/${documentId}/extraction`, { template_ids: ids })
          expect(r.status).toBe(502)
          expect(r.json.detail).toMatch(
            /^model provider failed: overloaded \(529 overloaded_error.*gave up after 4 attempts$/
          )
          expect(r.text).not.toContain(TEST_KEY)
          // Every attempt counts; the calls still in flight when the request failed were cancelled,
          // some before their request reached the provider.
          yield* Effect.promise(() => fake.idle())
          const calls = Number(r.headers["x-usage-model-calls"])
          expect(calls).toBeGreaterThanOrEqual(fake.stats.received)
          expect(calls - fake.stats.received).toBeLessThanOrEqual(4)
        }))

      it.effect("a model call over MODEL_TIMEOUT_MS answers 504", () =>
        Effect.gen(function*() {
          const { documentId, fake, ids, key } = yield* setup("model-slow")
          fake.configure({ latencyMs: 3_000 })
          const r = yield* postJson(key, `/v1/documents/${documentId}/extraction`, { template_ids: ids })
          expect(r.status).toBe(504)
          expect(r.json.detail).toBe("model provider timed out: no answer within 1000 ms")
          yield* Effect.promise(() => fake.idle())
          expect(fake.stats.completed).toBe(0)
          expect(fake.stats.aborted).toBe(fake.stats.received)
        }))
    })

    describe("a client that disconnects", () => {
      it.effect("cancels the request's in-flight model calls", () =>
        Effect.gen(function*() {
          const { documentId, fake, ids, key } = yield* setup("model-gone")
          fake.configure({ latencyMs: 800 })
          const server = yield* HttpServer.HttpServer
          const port = server.address._tag === "TcpAddress" ? server.address.port : 0
          const request = http.request({
            host: "127.0.0.1",
            port,
            method: "POST",
            path: `/v1/documents/${documentId}/extraction`,
            headers: { "x-api-key": key, "content-type": "application/json" }
          })
          request.on("error", () => {})
          request.end(JSON.stringify({ template_ids: ids }))
          while (fake.stats.inFlight === 0) yield* Effect.sleep("10 millis")
          request.destroy()
          yield* Effect.promise(() => fake.idle())
          // Every call that was sent was aborted; none was answered or followed by another.
          yield* Effect.sleep("1 second")
          expect(fake.stats.aborted).toBe(fake.stats.received)
          expect(fake.stats.completed).toBe(0)
        }))
    })

    describe("POST /v1/documents/{id}/split", () => {
      it.effect("one template on a single document makes no model call and sends no usage headers", () =>
        Effect.gen(function*() {
          const key = yield* keyFor("model-single")
          const id = yield* createTemplate(key, "invoice")
          const documentId = yield* uploadPdf(key, packetPages([invoice("INV-5", 2)]))
          const fake = yield* FakeAnthropic
          fake.reset()
          const r = yield* postJson(key, `/v1/documents/${documentId}/split`, { template_ids: [id] })
          expect(r.status).toBe(200)
          expect(r.json).toEqual([{ document_type: "invoice", pages: [1, 2], confidence: expect.any(Number) }])
          expect(fake.stats.received).toBe(0)
          expect(r.headers["x-usage-model-calls"]).toBeUndefined()
        }))
    })

    describe("POST /v1/documents/extract (one shot)", () => {
      it.effect("answers with the model's grounded values and the usage headers", () =>
        Effect.gen(function*() {
          const key = yield* keyFor("model-oneshot")
          const id = yield* createTemplate(key, "receipt")
          const fake = yield* FakeAnthropic
          fake.reset()
          const bytes = yield* Effect.promise(() => makeTextPdf(packetPages([receipt("R-9")])))
          const r = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(
              withKey(key),
              HttpClientRequest.bodyFormData(fileForm(bytes, "r.pdf", { template_ids: JSON.stringify([id]) }))
            )
          )
          expect(r.status).toBe(200)
          expect(r.json.result).toEqual([{
            document_type: "receipt",
            pages: [1],
            confidence: expect.any(Number),
            properties: { receipt_no: "R-9", date: "2024-01-02", total: 7.5 }
          }])
          expect(r.headers["x-usage-model-calls"]).toBe("1")
        }))
    })
  }
)
