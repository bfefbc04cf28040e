/**
 * The three blob stores through the real HTTP stack: a file is stored with the document that holds
 * it, read back for extraction, shared by two documents with the same bytes, removed with the last of
 * them; a one-shot job's file goes when the job ends. fs and postgres on the test database, s3 against
 * a local S3-protocol server (s3rver).
 */
import { HttpClientRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { AppConfig } from "../../src/Config.js"
import { type ConfigShape, fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"
import { S3_BUCKET, s3rverScoped } from "../support/s3.js"

const page = (number: string) => ["ACME Supplies Ltd", "INVOICE", `Invoice Number: ${number}`, "Total Due: USD 15.50"]
const template = { document_type: "invoice", template_data: { invoice_number: "The invoice number" } }

class S3Keys extends Context.Tag("test/S3Keys")<S3Keys, () => Promise<Array<string>>>() {}

/** What the store holds: object keys, blob_data rows or files, by store. */
type Holdings = Effect.Effect<ReadonlyArray<string>, unknown, AppConfig | SqlClient.SqlClient | S3Keys>

const fsHoldings: Holdings = Effect.map(AppConfig, ({ dataDir }) => {
  const dir = path.join(dataDir, "blobs")
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort()
    : []
})

const pgHoldings: Holdings = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    Effect.map(
      sql<{ sha256: string }>`SELECT sha256 FROM blob_data ORDER BY sha256`,
      (rows) => rows.map((r) => r.sha256)
    )
)

const stores: ReadonlyArray<{
  readonly name: string
  readonly app: Layer.Layer<any, any, never>
  readonly holdings: Holdings
}> = [
  { name: "fs", app: testApp({ blobStore: "fs" }), holdings: fsHoldings },
  { name: "postgres", app: testApp({ blobStore: "postgres" }), holdings: pgHoldings },
  {
    name: "s3",
    app: Layer.unwrapScoped(Effect.map(s3rverScoped, (s3) => {
      const overrides: Partial<ConfigShape> = {
        blobStore: "s3",
        s3: { bucket: S3_BUCKET, endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true }
      }
      return Layer.merge(testApp(overrides), Layer.succeed(S3Keys, s3.keys))
    })),
    holdings: Effect.flatMap(S3Keys, (keys) => Effect.promise(keys)).pipe(
      Effect.map((keys) => keys.map((k) => k.slice(k.lastIndexOf("/") + 1)))
    )
  }
]

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

for (const store of stores) {
  describe(`BLOB_STORE=${store.name}`, () => {
    layer(store.app, { timeout: 120_000, excludeTestServices: true })((it) => {
      it.effect("stores a file with its document, shares equal bytes, removes it with the last holder; a one-shot job's file goes with the job", () =>
        Effect.gen(function*() {
          const holdings = store.holdings
          const key = yield* keyFor(`store-${store.name}`)
          const created = yield* send(
            HttpClientRequest.post("/v1/templates").pipe(withKey(key), HttpClientRequest.bodyUnsafeJson(template))
          )
          const templateId = created.json.template_id as string
          const bytes = yield* Effect.promise(() => makeTextPdf([page("ST-1")]))
          const upload = () =>
            send(
              HttpClientRequest.post("/v1/documents").pipe(
                withKey(key),
                HttpClientRequest.bodyFormData(fileForm(bytes, "a.pdf"))
              )
            )
          const first = yield* upload()
          const second = yield* upload()
          expect([first.status, second.status]).toEqual([200, 200])
          expect(yield* holdings).toEqual([sha256Of(bytes)])

          // Read back for an extraction (the stored parse is dropped first, so the file itself is read).
          const sql = yield* SqlClient.SqlClient
          yield* sql`DELETE FROM parses`
          const run = yield* send(
            HttpClientRequest.post(`/v1/documents/${first.json.document_id}/extraction`).pipe(
              withKey(key),
              HttpClientRequest.bodyUnsafeJson({ template_ids: [templateId] })
            )
          )
          expect(run.status).toBe(200)
          expect(run.json[0].extracted.invoice_number).toBe("ST-1")

          // One holder gone: the file stays for the other; both gone: the file goes.
          expect(
            (yield* send(HttpClientRequest.del(`/v1/documents/${first.json.document_id}`).pipe(withKey(key)))).status
          ).toBe(204)
          expect(yield* holdings).toEqual([sha256Of(bytes)])
          expect(
            (yield* send(HttpClientRequest.del(`/v1/documents/${second.json.document_id}`).pipe(withKey(key)))).status
          ).toBe(204)
          expect(yield* holdings).toEqual([])

          // A one-shot job keeps its file while it runs and drops it when it ends.
          const other = yield* Effect.promise(() => makeTextPdf([page("ST-2")]))
          const accepted = yield* send(
            HttpClientRequest.post("/v1/documents/extract").pipe(
              withKey(key),
              HttpClientRequest.setHeader("prefer", "respond-async"),
              HttpClientRequest.bodyFormData(fileForm(other, "b.pdf", { template_ids: JSON.stringify([templateId]) }))
            )
          )
          expect(accepted.status).toBe(202)
          let job: any
          for (let i = 0; i < 200; i++) {
            job = (yield* send(HttpClientRequest.get(`/v1/jobs/${accepted.json.job_id}`).pipe(withKey(key)))).json
            if (job.status === "succeeded" || job.status === "failed") break
            yield* Effect.sleep("100 millis")
          }
          expect(job.status).toBe("succeeded")
          expect(job.result.result[0].properties.invoice_number).toBe("ST-2")
          // Released just after the job's end is committed: the object, then (at the release's commit) its row.
          let left: ReadonlyArray<string> = []
          let registered = -1
          for (let i = 0; i < 100; i++) {
            left = yield* holdings
            registered = Number((yield* sql<{ n: number }>`SELECT count(*) AS n FROM blobs`)[0]!.n)
            if (left.length === 0 && registered === 0) break
            yield* Effect.sleep("100 millis")
          }
          expect(left).toEqual([])
          expect(registered).toBe(0)
        }))
    })
  })
}
