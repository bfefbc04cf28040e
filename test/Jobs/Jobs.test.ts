/**
 * Asynchronous jobs through the real HTTP stack, on PGlite and (with DATABASE_URL) on PostgreSQL:
 * the life cycle, results equal to the synchronous call's, failures with the synchronous status,
 * cancel, signed webhooks with retries, tenant isolation and retention.
 */
import { HttpClientRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { Webhook } from "standardwebhooks"
import { AppConfig } from "../../src/Config.js"
import { fileForm, keyFor, type Reply, send, testAppOn, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"
import { testBackends } from "../support/sql.js"
import { webhookReceiver } from "../support/webhookReceiver.js"

const SECRET = "whsec_" + Buffer.from("a test secret of thirty-two byte").toString("base64")

const invoice = (number: string) => [
  "ACME Supplies Ltd",
  "INVOICE",
  `Invoice Number: ${number}`,
  "Invoice Date: 20 March 2023",
  `Total Due: USD 15.50`
]

const template = {
  document_type: "invoice",
  template_data: {
    invoice_number: "The invoice number",
    total_due: { type: "number", description: "Total amount to pay" }
  }
}

const async = HttpClientRequest.setHeader("prefer", "respond-async")

const postJson = (
  key: string,
  url: string,
  body: unknown,
  options: { readonly async?: boolean; readonly params?: Record<string, string> } = {}
) =>
  send(
    HttpClientRequest.post(url).pipe(
      withKey(key),
      options.async === true ? async : (r) => r,
      HttpClientRequest.setUrlParams(options.params ?? {}),
      HttpClientRequest.bodyUnsafeJson(body)
    )
  )

const get = (key: string, url: string) => send(HttpClientRequest.get(url).pipe(withKey(key)))
const del = (key: string, url: string) => send(HttpClientRequest.del(url).pipe(withKey(key)))

/** Polls the job until it has ended (or `until` holds). */
const waitFor = (
  key: string,
  jobId: string,
  until: (job: any) => boolean = (j) => ["succeeded", "failed", "cancelled"].includes(j.status)
) =>
  Effect.gen(function*() {
    for (let i = 0; i < 300; i++) {
      const reply = yield* get(key, `/v1/jobs/${jobId}`)
      if (reply.status === 200 && until(reply.json)) return reply.json
      yield* Effect.sleep("100 millis")
    }
    throw new Error(`job ${jobId} did not get there in 30 s`)
  })

const setup = (tenant: string, pages: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.gen(function*() {
    const key = yield* keyFor(tenant)
    const created = yield* postJson(key, "/v1/templates", template)
    const bytes = yield* Effect.promise(() => makeTextPdf(pages))
    const uploaded = yield* send(
      HttpClientRequest.post("/v1/documents").pipe(
        withKey(key),
        HttpClientRequest.bodyFormData(fileForm(bytes, "invoices.pdf"))
      )
    )
    return {
      key,
      templateId: created.json.template_id as string,
      documentId: uploaded.json.document_id as string,
      bytes
    }
  })

const verified = (body: string, headers: Record<string, string | Array<string> | undefined>) =>
  new Webhook(SECRET).verify(body, {
    "webhook-id": String(headers["webhook-id"]),
    "webhook-timestamp": String(headers["webhook-timestamp"]),
    "webhook-signature": String(headers["webhook-signature"])
  }) as any

for (const backend of testBackends) {
  describe(`jobs on ${backend.name}`, () => {
    // The file-system blob store on PGlite, the database one on PostgreSQL.
    const blobStore = backend.name === "postgres" ? "postgres" as const : "fs" as const
    layer(
      testAppOn(backend.layer, { webhookSecret: Option.some(Redacted.make(SECRET)), jobRetentionHours: 1, blobStore }),
      { timeout: 120_000, excludeTestServices: true }
    )((it) => {
      it.effect("an async extraction answers 202 at once, runs, and its result is the synchronous one; the webhook is signed", () =>
        Effect.gen(function*() {
          const hooks = yield* webhookReceiver()
          const { key, templateId, documentId } = yield* setup("jobs-a", [invoice("INV-1"), invoice("INV-2")])
          const accepted = yield* postJson(key, `/v1/documents/${documentId}/extraction`, {
            template_ids: [templateId],
            webhook_url: hooks.url
          }, {
            async: true,
            params: { include_coordinates: "true" }
          })
          expect(accepted.status).toBe(202)
          expect(accepted.json).toEqual({
            job_id: expect.stringMatching(/^job_/),
            status: "queued",
            created_at: expect.any(Number)
          })
          expect(accepted.headers["location"]).toBe(`/v1/jobs/${accepted.json.job_id}`)
          expect(accepted.headers["preference-applied"]).toBe("respond-async")

          const job = yield* waitFor(key, accepted.json.job_id)
          expect(job.status).toBe("succeeded")
          expect(job.kind).toBe("extraction")
          expect(job.started_at).toBeGreaterThanOrEqual(job.created_at)
          expect(job.finished_at).toBeGreaterThanOrEqual(job.started_at)
          expect(job.progress).toEqual({
            pages_read: 2,
            pages_total: 2,
            sections_done: job.result.length,
            sections_total: job.result.length
          })
          expect(job.error).toBeUndefined()

          const sync = yield* postJson(key, `/v1/documents/${documentId}/extraction`, { template_ids: [templateId] }, {
            params: { include_coordinates: "true" }
          })
          expect(sync.status).toBe(200)
          expect(job.result).toEqual(sync.json)
          expect(job.result[0].extracted.invoice_number.value).toBe("INV-1")
          // One stored run per call: the job's and the synchronous one.
          const runs = yield* get(key, `/v1/documents/${documentId}`)
          expect(runs.json).toHaveLength(2)

          // The notice: one delivery, signed with the secret, the job without its result.
          for (let i = 0; i < 100 && hooks.received.length === 0; i++) yield* Effect.sleep("100 millis")
          expect(hooks.received).toHaveLength(1)
          const notice = verified(hooks.received[0]!.body, hooks.received[0]!.headers)
          expect(notice.type).toBe("job.succeeded")
          expect(notice.data.job_id).toBe(job.job_id)
          expect(notice.data.status).toBe("succeeded")
          expect(notice.data.result).toBeUndefined()
          expect(hooks.received[0]!.headers["webhook-id"]).toBe(`msg_${job.job_id}`)
          const after = yield* waitFor(key, job.job_id, (j) => j.webhook?.delivered_at !== null)
          expect(after.webhook).toEqual({ attempts: 1, last_status: 200, delivered_at: expect.any(Number) })
          // A signature made with another secret does not verify.
          expect(() =>
            new Webhook("whsec_" + Buffer.from("another secret, also 32 bytes!!!").toString("base64")).verify(
              hooks.received[0]!.body,
              {
                "webhook-id": String(hooks.received[0]!.headers["webhook-id"]),
                "webhook-timestamp": String(hooks.received[0]!.headers["webhook-timestamp"]),
                "webhook-signature": String(hooks.received[0]!.headers["webhook-signature"])
              }
            )
          ).toThrow()
        }).pipe(Effect.scoped))

      it.effect("split and one-shot jobs answer what the synchronous calls answer; the one-shot file goes when the job ends", () =>
        Effect.gen(function*() {
          const { key, templateId, documentId, bytes } = yield* setup("jobs-b", [invoice("INV-7")])
          const split = yield* postJson(key, `/v1/documents/${documentId}/split`, { template_ids: [templateId] }, {
            async: true
          })
          expect(split.status).toBe(202)
          const splitJob = yield* waitFor(key, split.json.job_id)
          expect(splitJob.kind).toBe("split")
          const syncSplit = yield* postJson(key, `/v1/documents/${documentId}/split`, { template_ids: [templateId] })
          expect(splitJob.result).toEqual(syncSplit.json)

          const blobsBefore = yield* storedBlobs
          const other = yield* Effect.promise(() => makeTextPdf([invoice("INV-8")]))
          const form = fileForm(other, "one-shot.pdf", { template_ids: JSON.stringify([templateId]) })
          const oneShot = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(
              withKey(key),
              async,
              HttpClientRequest.bodyFormData(form)
            )
          )
          expect(oneShot.status).toBe(202)
          const job = yield* waitFor(key, oneShot.json.job_id)
          expect(job.status).toBe("succeeded")
          expect(job.kind).toBe("extract")
          const sync = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(
              withKey(key),
              HttpClientRequest.bodyFormData(
                fileForm(other, "one-shot.pdf", { template_ids: JSON.stringify([templateId]) })
              )
            )
          )
          expect(job.result).toEqual(sync.json)
          // Nothing of the one-shot stays: no document, and its file is gone once the job ended.
          const docs = yield* get(key, "/v1/documents")
          expect(docs.json.map((d: any) => d.document_id)).toEqual([documentId])
          // Released just after the job's end is committed.
          let now = yield* storedBlobs
          for (let i = 0; i < 50 && JSON.stringify(now) !== JSON.stringify(blobsBefore); i++) {
            yield* Effect.sleep("100 millis")
            now = yield* storedBlobs
          }
          expect(now).toEqual(blobsBefore)
          expect(bytes.length).toBeGreaterThan(0)
        }))

      it.effect("a job that fails carries the status the synchronous call answers", () =>
        Effect.gen(function*() {
          const { key, templateId } = yield* setup("jobs-c", [invoice("INV-9")])
          const junk = new TextEncoder().encode("%PDF-1.7\n this is not a PDF at all")
          const form = () => fileForm(junk, "broken.pdf", { template_ids: JSON.stringify([templateId]) })
          const sync = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(withKey(key), HttpClientRequest.bodyFormData(form()))
          )
          expect(sync.status).toBeGreaterThanOrEqual(400)
          expect(sync.status).toBeLessThan(500)
          const accepted = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(
              withKey(key),
              async,
              HttpClientRequest.bodyFormData(form())
            )
          )
          expect(accepted.status).toBe(202)
          const job = yield* waitFor(key, accepted.json.job_id)
          expect(job.status).toBe("failed")
          expect(job.error).toEqual({ status: sync.status, detail: sync.json.detail })
          expect(job.result).toBeUndefined()
        }))

      it.effect("a webhook answered 500 is delivered again, with the same webhook-id", () =>
        Effect.gen(function*() {
          const hooks = yield* webhookReceiver((index) => (index === 0 ? 500 : 204))
          const { key, templateId, documentId } = yield* setup("jobs-d", [invoice("INV-3")])
          const accepted = yield* postJson(key, `/v1/documents/${documentId}/split`, {
            template_ids: [templateId],
            webhook_url: hooks.url
          }, { async: true })
          const job = yield* waitFor(key, accepted.json.job_id, (j) => j.webhook?.delivered_at != null)
          expect(job.webhook).toEqual({ attempts: 2, last_status: 204, delivered_at: expect.any(Number) })
          expect(hooks.received.map((r) => r.status)).toEqual([500, 204])
          expect(hooks.received[1]!.headers["webhook-id"]).toBe(hooks.received[0]!.headers["webhook-id"])
          expect(verified(hooks.received[1]!.body, hooks.received[1]!.headers).type).toBe("job.succeeded")
        }).pipe(Effect.scoped))

      it.effect("webhook_url follows the URL rules and needs Prefer: respond-async", () =>
        Effect.gen(function*() {
          const { key, templateId, documentId } = yield* setup("jobs-e", [invoice("INV-4")])
          const url = `/v1/documents/${documentId}/split`
          const privateHook = yield* postJson(key, url, {
            template_ids: [templateId],
            webhook_url: "http://10.1.2.3/hook"
          }, { async: true })
          expect(privateHook.status).toBe(422)
          expect(privateHook.json.detail).toMatch(/webhook_url host "10.1.2.3" resolves to a private address/)
          const scheme = yield* postJson(key, url, { template_ids: [templateId], webhook_url: "ftp://example.com/x" }, {
            async: true
          })
          expect(scheme.status).toBe(422)
          expect(scheme.json.detail).toMatch(/webhook_url scheme "ftp"/)
          const sync = yield* postJson(key, url, { template_ids: [templateId], webhook_url: "http://127.0.0.1:9/hook" })
          expect(sync.status).toBe(422)
          expect(sync.json.detail).toMatch(/Prefer: respond-async/)
          // Nothing was queued by the refused calls.
          const list = yield* get(key, "/v1/jobs")
          expect(list.json).toEqual([])
        }))

      it.effect("another tenant's job is not found; lists are per tenant, newest first, filtered by status", () =>
        Effect.gen(function*() {
          const { key, templateId, documentId } = yield* setup("jobs-f", [invoice("INV-5")])
          const first = yield* postJson(key, `/v1/documents/${documentId}/split`, { template_ids: [templateId] }, {
            async: true
          })
          const second = yield* postJson(key, `/v1/documents/${documentId}/split`, { template_ids: [templateId] }, {
            async: true
          })
          yield* waitFor(key, first.json.job_id)
          yield* waitFor(key, second.json.job_id)
          const stranger = yield* keyFor("jobs-g")
          expect((yield* get(stranger, `/v1/jobs/${first.json.job_id}`)).status).toBe(404)
          expect((yield* del(stranger, `/v1/jobs/${first.json.job_id}`)).status).toBe(404)
          expect((yield* get(stranger, "/v1/jobs")).json).toEqual([])
          const mine: Reply = yield* get(key, "/v1/jobs")
          expect(mine.json.map((j: any) => j.job_id)).toEqual([second.json.job_id, first.json.job_id])
          expect(mine.json[0].result).toBeUndefined()
          expect((yield* get(key, "/v1/jobs?status=failed")).json).toEqual([])
          expect((yield* get(key, "/v1/jobs?status=succeeded&limit=1")).json).toHaveLength(1)
          expect((yield* get(key, "/v1/jobs?status=done")).status).toBe(422)
          // Removing a finished job takes it off the list; the second DELETE finds nothing.
          expect((yield* del(key, `/v1/jobs/${first.json.job_id}`)).status).toBe(204)
          expect((yield* get(key, `/v1/jobs/${first.json.job_id}`)).status).toBe(404)
          expect((yield* del(key, `/v1/jobs/${first.json.job_id}`)).status).toBe(404)
        }))
    })

    layer(testAppOn(backend.layer, { workers: 0, webhookSecret: Option.some(Redacted.make(SECRET)) }), {
      timeout: 120_000,
      excludeTestServices: true
    })((it) => {
      it.effect("a queued job cancelled never runs; its notice says job.cancelled once a process delivers it", () =>
        Effect.gen(function*() {
          const { key, templateId, documentId } = yield* setup("jobs-h", [invoice("INV-6")])
          const accepted = yield* postJson(key, `/v1/documents/${documentId}/extraction`, {
            template_ids: [templateId]
          }, { async: true })
          expect(accepted.status).toBe(202)
          yield* Effect.sleep("1 second")
          // No process runs jobs here: it waits, and the queue's depth says so.
          expect((yield* get(key, `/v1/jobs/${accepted.json.job_id}`)).json.status).toBe("queued")
          expect((yield* send(HttpClientRequest.get("/health"))).json.jobs).toEqual({ queued: 1, running: 0 })
          expect((yield* del(key, `/v1/jobs/${accepted.json.job_id}`)).status).toBe(204)
          const job = (yield* get(key, `/v1/jobs/${accepted.json.job_id}`)).json
          expect(job.status).toBe("cancelled")
          expect(job.finished_at).toEqual(expect.any(Number))
          expect(job.started_at).toBeNull()
          const runs = yield* get(key, `/v1/documents/${documentId}`)
          expect(runs.json).toEqual([])
        }))
    })
  })
}

/** Blobs registered, and blobs whose bytes are stored (files under DATA_DIR, or rows of blob_data). */
const storedBlobs = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const { blobStore, dataDir } = yield* AppConfig
  const [registered] = yield* sql<{ n: number }>`SELECT count(*) AS n FROM blobs`
  const dir = path.join(dataDir, "blobs")
  const bytes = blobStore === "postgres"
    ? (yield* sql<{ n: number }>`SELECT count(*) AS n FROM blob_data`)[0]!.n
    : fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0
  return { registered: registered!.n, bytes }
})
