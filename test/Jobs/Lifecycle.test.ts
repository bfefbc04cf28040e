/**
 * A running job cancelled (the model's calls are slow, so it is caught mid-work) and the retention
 * of finished jobs and their files.
 */
import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { AppConfig } from "../../src/Config.js"
import { anthropicTestApp } from "../support/anthropic.js"
import { fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { FakeAnthropic } from "../support/fakeAnthropic.js"
import { invoice, packetPages, TEMPLATE_DATA } from "../support/packets.js"
import { makeMixedPdf, makeTextPdf } from "../support/pdfs.js"

const asJson = (key: string, method: "get" | "del", url: string) =>
  send((method === "get" ? HttpClientRequest.get(url) : HttpClientRequest.del(url)).pipe(withKey(key)))

const setup = (tenant: string) =>
  Effect.gen(function*() {
    const key = yield* keyFor(tenant)
    const template = yield* send(
      HttpClientRequest.post("/v1/templates").pipe(
        withKey(key),
        HttpClientRequest.bodyUnsafeJson({ document_type: "invoice", template_data: TEMPLATE_DATA["invoice"] })
      )
    )
    const bytes = yield* Effect.promise(() => makeTextPdf(packetPages([invoice("INV-1", 2)])))
    return { key, templateId: template.json.template_id as string, bytes }
  })

const oneShotAsync = (key: string, bytes: Uint8Array, templateId: string) =>
  send(
    HttpClientRequest.post("/v1/documents/extract").pipe(
      withKey(key),
      HttpClientRequest.setHeader("prefer", "respond-async"),
      HttpClientRequest.bodyFormData(fileForm(bytes, "packet.pdf", { template_ids: JSON.stringify([templateId]) }))
    )
  )

/** Polls until `done`; a scanned page's OCR on a busy 2-core machine can take several seconds. */
const until = <A, E, R>(what: string, probe: Effect.Effect<A, E, R>, done: (a: A) => boolean) =>
  Effect.gen(function*() {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      const a = yield* probe
      if (done(a)) return a
      yield* Effect.sleep("100 millis")
    }
    throw new Error(`${what}: not within 60 s`)
  })

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0

layer(anthropicTestApp({}, { latencyMs: 3_000 }), { timeout: 120_000, excludeTestServices: true })(
  "a running job",
  (it) => {
    it.effect("is interrupted by DELETE: it ends cancelled, its result is never stored, its model calls stop", () =>
      Effect.gen(function*() {
        const { key, templateId, bytes } = yield* setup("cancel-running")
        const fake = yield* FakeAnthropic
        const accepted = yield* oneShotAsync(key, bytes, templateId)
        expect(accepted.status).toBe(202)
        const jobUrl = `/v1/jobs/${accepted.json.job_id}`
        // Running once the model is being asked.
        yield* until("running with a model call in flight", Effect.sync(() => fake.stats.inFlight), (n) => n > 0)
        expect((yield* asJson(key, "get", jobUrl)).json.status).toBe("running")
        const started = performance.now()
        expect((yield* asJson(key, "del", jobUrl)).status).toBe(204)
        const job = (yield* asJson(key, "get", jobUrl)).json
        expect(job.status).toBe("cancelled")
        // The work stops: the calls in flight are abandoned well before the model would have answered them all.
        yield* Effect.promise(() => fake.idle())
        expect(performance.now() - started).toBeLessThan(2_500)
        yield* Effect.sleep("500 millis")
        const after = (yield* asJson(key, "get", jobUrl)).json
        expect(after.status).toBe("cancelled")
        expect(after.result).toBeUndefined()
        expect(fake.stats.aborted).toBeGreaterThan(0)
        // The one-shot's file is gone with the job's end.
        const { dataDir } = yield* AppConfig
        expect(countFiles(path.join(dataDir, "blobs"))).toBe(0)
      }))
  }
)

layer(testApp({ jobRetentionHours: 2 / 3600 }), { timeout: 120_000, excludeTestServices: true })("retention", (it) => {
  it.effect("finished jobs and the files they hold are deleted after JOB_RETENTION_HOURS", () =>
    Effect.gen(function*() {
      const { key, templateId, bytes } = yield* setup("retention")
      const accepted = yield* oneShotAsync(key, bytes, templateId)
      expect(accepted.status).toBe(202)
      const jobUrl = `/v1/jobs/${accepted.json.job_id}`
      const finished = yield* until("finished", asJson(key, "get", jobUrl), (r) => r.json?.status === "succeeded")
      expect(finished.json.result.result[0].document_type).toBe("invoice")
      // Gone some seconds later (two of retention, then the next sweep).
      yield* until("removed", asJson(key, "get", jobUrl), (r) => r.status === 404)
      expect((yield* asJson(key, "get", "/v1/jobs")).json).toEqual([])
      const { dataDir } = yield* AppConfig
      expect(countFiles(path.join(dataDir, "blobs"))).toBe(0)
    }))
})

layer(testApp({ ocrWorkers: 1 }), { timeout: 180_000, excludeTestServices: true })("progress", (it) => {
  it.effect("a job reading a scanned file tells its pages as they are read", () =>
    Effect.gen(function*() {
      const { key, templateId } = yield* setup("progress")
      const scan = (n: number) => [`ACME Supplies Ltd`, `INVOICE`, `Invoice Number: P-${n}`, `Page ${n} of 4`]
      const bytes = yield* Effect.promise(() => makeMixedPdf([scan(1), scan(2), scan(3), scan(4)]))
      const accepted = yield* oneShotAsync(key, bytes, templateId)
      expect(accepted.status).toBe(202)
      const seen: Array<{ status: string; read: number; total: number | null }> = []
      const finished = yield* until(
        "finished",
        asJson(key, "get", `/v1/jobs/${accepted.json.job_id}`).pipe(
          Effect.tap((r) =>
            Effect.sync(() =>
              seen.push({ status: r.json.status, read: r.json.progress.pages_read, total: r.json.progress.pages_total })
            )
          )
        ),
        (r) => r.json.status === "succeeded" || r.json.status === "failed"
      )
      expect(finished.json.status).toBe("succeeded")
      expect(finished.json.progress).toMatchObject({ pages_read: 4, pages_total: 4 })
      // While it ran, the page count was known and pages were counted one by one, never backwards.
      const running = seen.filter((s) => s.status === "running")
      expect(running.some((s) => s.total === 4 && s.read > 0 && s.read < 4)).toBe(true)
      const reads = seen.map((s) => s.read)
      expect(reads).toEqual([...reads].sort((a, b) => a - b))
    }), 150_000)
})
