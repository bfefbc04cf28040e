/**
 * Scale-out as an operator runs it: two API processes (WORKERS=0) and worker processes on one
 * PostgreSQL database with BLOB_STORE=postgres, the Claude engine on a local fake Messages API (300 ms
 * a call, so a job takes a known time). 30 asynchronous extractions; one worker is killed with SIGKILL
 * halfway. Every job still ends exactly once: one stored run per document, results equal to the
 * synchronous call's, one signed job.succeeded notice per job (repeats only as the same webhook-id).
 * Then the same batch on one worker and on two: two finish it in at most 0.6 of the time.
 * Needs DATABASE_URL (skipped without it).
 */
import { Effect, Exit, Scope } from "effect"
import { randomUUID } from "node:crypto"
import * as http from "node:http"
import { createRequire } from "node:module"
import { Webhook } from "standardwebhooks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeFakeAnthropic } from "../support/fakeAnthropic.js"
import { invoice, packetPages, TEMPLATE_DATA } from "../support/packets.js"
import { makeTextPdf } from "../support/pdfs.js"
import { S3_BUCKET, s3Credentials, startS3rver } from "../support/s3.js"
import { type RunningServer, startServer } from "../support/server.js"

const databaseUrl = process.env.DATABASE_URL
interface PgClient {
  connect(): Promise<void>
  query(text: string): Promise<unknown>
  end(): Promise<void>
}
const pg = createRequire(import.meta.url)("pg") as {
  Client: new(options: { connectionString?: string | undefined }) => PgClient
}

const SECRET = "whsec_" + Buffer.from("multi-process webhook secret 32b").toString("base64")
const KEY = "mp-tenant:mp-key-0123456789abcdef"
const API_KEY = "mp-key-0123456789abcdef"
const JOBS = 30

interface Notice {
  readonly id: string
  readonly type: string
  readonly jobId: string
}

const call = async (
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
) => {
  const init: RequestInit = { method, headers: { "x-api-key": API_KEY, ...headers } }
  if (body instanceof FormData) init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    ;(init.headers as Record<string, string>)["content-type"] = "application/json"
  }
  const response = await fetch(`${base}${path}`, init)
  const text = await response.text()
  return { status: response.status, json: text.length > 0 ? JSON.parse(text) : undefined }
}

const waitUntil = async (what: string, probe: () => Promise<boolean>, ms = 180_000) => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await probe()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${what}: not within ${ms / 1000} s`)
}

describe.skipIf(databaseUrl === undefined).each(["postgres", "s3"] as const)(
  "several processes on PostgreSQL, BLOB_STORE=%s",
  (blobStore) => {
    const schema = `mp_${randomUUID().replaceAll("-", "").slice(0, 16)}`
    const processes: Array<RunningServer> = []
    const notices: Array<Notice> = []
    let receiver: http.Server
    let hookUrl = ""
    let fake: { url: string; close: () => Promise<void>; latency: (ms: number) => void }
    let env: Record<string, string> = {}
    let s3: Awaited<ReturnType<typeof startS3rver>> | undefined

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query(`CREATE SCHEMA ${schema}`)
      await admin.end()
      const url = new URL(databaseUrl!)
      url.searchParams.set("options", `-c search_path=${schema}`)
      // The fake Messages API, in this process, for the lifetime of the suite.
      const scope = Effect.runSync(Scope.make())
      const made = await Effect.runPromise(Scope.extend(makeFakeAnthropic({ latencyMs: 300 }), scope))
      fake = {
        url: made.url,
        close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
        latency: (ms) => made.configure({ latencyMs: ms })
      }
      receiver = http.createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (c: Buffer) => chunks.push(c))
        req.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          const payload = new Webhook(SECRET).verify(body, {
            "webhook-id": String(req.headers["webhook-id"]),
            "webhook-timestamp": String(req.headers["webhook-timestamp"]),
            "webhook-signature": String(req.headers["webhook-signature"])
          }) as any
          notices.push({ id: String(req.headers["webhook-id"]), type: payload.type, jobId: payload.data.job_id })
          res.writeHead(204).end()
        })
      })
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()))
      hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`
      s3 = blobStore === "s3" ? await startS3rver() : undefined
      env = {
        ...(s3 !== undefined
          ? {
            ...s3Credentials,
            S3_BUCKET,
            S3_ENDPOINT: s3.endpoint,
            S3_FORCE_PATH_STYLE: "true",
            S3_REGION: "us-east-1"
          }
          : {}),
        DATABASE_URL: url.toString(),
        BLOB_STORE: blobStore,
        API_KEYS: KEY,
        ENGINE: "anthropic",
        ANTHROPIC_API_KEY: "sk-ant-multi-process-test",
        ANTHROPIC_BASE_URL: fake.url,
        MODEL_CONCURRENCY: "8",
        WEBHOOK_SECRET: SECRET,
        URL_ALLOW_HOSTS: "127.0.0.1",
        MAX_JOBS_PER_TENANT: "16",
        READ_PRESTART: "false",
        OCR_SECOND_READING: "false"
      }
    }, 120_000)

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()))
      receiver?.close()
      await fake?.close()
      await s3?.close()
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`)
      await admin.end()
    }, 120_000)

    it(
      "30 jobs over 2 API processes and 2 workers, one worker killed halfway: all end exactly once; two workers do a batch in ≤ 0.6 of one's time",
      async () => {
        // Two API processes that run no jobs, and two workers (started one after the other: the first migrates).
        const api1 = await startServer({ ...env, WORKERS: "0" })
        processes.push(api1)
        const api2 = await startServer({ ...env, WORKERS: "0" })
        processes.push(api2)
        const worker1 = await startServer({ ...env, WORKERS: "2" }, undefined, { worker: true })
        processes.push(worker1)
        const worker2 = await startServer({ ...env, WORKERS: "2" }, undefined, { worker: true })
        processes.push(worker2)
        const apis = [api1.url, api2.url]

        const template = await call(api1.url, "POST", "/v1/templates", {
          document_type: "invoice",
          template_data: TEMPLATE_DATA["invoice"]
        })
        expect(template.status).toBe(200)
        const templateId = template.json.template_id as string
        const documents: Array<string> = []
        for (let i = 0; i < JOBS; i++) {
          const bytes = await makeTextPdf(packetPages([invoice(`MP-${i}`, 1)]))
          const form = new FormData()
          form.append("file", new Blob([bytes]), `invoice-${i}.pdf`)
          const uploaded = await call(apis[i % 2]!, "POST", "/v1/documents", form)
          expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200)
          documents.push(uploaded.json.document_id)
        }

        const jobIds: Array<string> = []
        for (const [i, documentId] of documents.entries()) {
          const accepted = await call(apis[i % 2]!, "POST", `/v1/documents/${documentId}/extraction`, {
            template_ids: [templateId],
            webhook_url: hookUrl
          }, {
            prefer: "respond-async"
          })
          expect(accepted.status).toBe(202)
          jobIds.push(accepted.json.job_id)
        }
        const finished = async () =>
          (await call(api1.url, "GET", `/v1/jobs?status=succeeded&limit=1000`)).json.length as number
        await waitUntil("half the jobs done", async () => (await finished()) >= JOBS / 2)
        worker1.process.kill("SIGKILL")
        await waitUntil("every job done", async () => (await finished()) === JOBS)

        // Exactly once: one stored run per document, results equal to a synchronous extraction.
        for (const [i, documentId] of documents.entries()) {
          const job = await call(apis[i % 2]!, "GET", `/v1/jobs/${jobIds[i]}`)
          expect(job.json.status).toBe("succeeded")
          const runs = await call(api2.url, "GET", `/v1/documents/${documentId}`)
          expect(runs.json, documentId).toHaveLength(1)
          const sync = await call(api1.url, "POST", `/v1/documents/${documentId}/extraction`, {
            template_ids: [templateId]
          })
          expect(job.json.result).toEqual(sync.json)
          expect(job.json.result[0].extracted.invoice_number).toBe(`MP-${i}`)
        }
        // One notice per job, signed (verified on arrival), job.succeeded; repeats only under the same webhook-id.
        await waitUntil(
          "every notice delivered",
          async () => new Set(notices.map((n) => n.jobId)).size === JOBS,
          90_000
        ).catch((e) => {
          throw new Error(`${e.message}: ${new Set(notices.map((n) => n.jobId)).size} of ${JOBS} jobs notified`)
        })
        const byJob = new Map<string, Set<string>>()
        for (const n of notices) byJob.set(n.jobId, (byJob.get(n.jobId) ?? new Set()).add(`${n.id}/${n.type}`))
        expect([...byJob.keys()].sort()).toEqual([...jobIds].sort())
        for (const [jobId, ids] of byJob) expect([...ids], jobId).toEqual([`msg_${jobId}/job.succeeded`])

        // The stored files are where BLOB_STORE says: one object per document in the bucket.
        if (s3 !== undefined) expect(await s3.keys()).toHaveLength(JOBS)
        // The throughput of one worker against two is measured once (the store does not change it).
        if (blobStore === "s3") return

        // The same batch on one worker, then on two (a new one joins): the second takes at most 0.6 of the time.
        // Model calls of a second each make the jobs' own time dominate the submitting and polling.
        fake.latency(1_000)
        const batch = async (size: number) => {
          const started = Date.now()
          const ids = new Set(
            await Promise.all(
              documents.slice(0, size).map(async (documentId, i) => {
                const accepted = await call(apis[i % 2]!, "POST", `/v1/documents/${documentId}/extraction`, {
                  template_ids: [templateId]
                }, { prefer: "respond-async" })
                return accepted.json.job_id as string
              })
            )
          )
          await waitUntil("batch done", async () => {
            const done = (await call(api1.url, "GET", `/v1/jobs?status=succeeded&limit=1000`)).json as Array<
              { job_id: string }
            >
            return done.filter((j) => ids.has(j.job_id)).length === ids.size
          })
          return Date.now() - started
        }
        const one = await batch(24)
        const worker3 = await startServer({ ...env, WORKERS: "2" }, undefined, { worker: true })
        processes.push(worker3)
        // The new worker's first jobs warm it up (its first model calls, its first queries) before the timed batch.
        await batch(4)
        const two = await batch(24)
        console.log(`24 extraction jobs: one worker ${one} ms, two workers ${two} ms (ratio ${(two / one).toFixed(2)})`)
        expect(two / one).toBeLessThanOrEqual(0.6)

        // SIGTERM: the workers take no new job, finish the ones they run, then exit cleanly. Extractions
        // (each waits on the model's 1.5 s answers) rather than splits, which a cached parse makes instant.
        fake.latency(1_500)
        const running = await Promise.all(
          documents.slice(0, 2).map(async (documentId) =>
            (await call(api1.url, "POST", `/v1/documents/${documentId}/extraction`, { template_ids: [templateId] }, {
              prefer: "respond-async"
            })).json.job_id as string
          )
        )
        await waitUntil(
          "both running",
          async () =>
            (await Promise.all(running.map((id) => call(api1.url, "GET", `/v1/jobs/${id}`)))).every((r) =>
              r.json.status === "running"
            )
        )
        const exits = [worker2, worker3].map((w) =>
          new Promise<number | null>((resolve) => w.process.once("exit", (code) => resolve(code)))
        )
        worker2.process.kill("SIGTERM")
        worker3.process.kill("SIGTERM")
        expect(await Promise.all(exits)).toEqual([0, 0])
        for (const id of running) expect((await call(api1.url, "GET", `/v1/jobs/${id}`)).json.status).toBe("succeeded")
      },
      600_000
    )
  }
)
