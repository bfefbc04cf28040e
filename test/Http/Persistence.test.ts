import { HttpClientRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { ServicesLive } from "../../src/App.js"
import { bootstrapKeys, KeyStore } from "../../src/Auth/Keys.js"
import { AppConfig } from "../../src/Config.js"
import { HttpAppLive } from "../../src/Http/Server.js"
import { SqlLive } from "../../src/Sql/Sql.js"
import { fileForm, send, testConfig, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"

/** The app as `npm start` builds it: embedded database under DATA_DIR, migrations, keys bootstrap. */
const startedApp = (config: AppConfig) =>
  HttpAppLive.pipe(
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(Layer.effectDiscard(bootstrapKeys)),
    Layer.provideMerge(ServicesLive),
    Layer.provideMerge(SqlLive),
    Layer.provideMerge(Layer.succeed(AppConfig, config))
  )

const invoice = [
  "ACME Supplies Ltd",
  "INVOICE",
  "Invoice Number: INV-555",
  "Invoice Date: 2024-02-29",
  "Total Due: EUR 42.00"
]

describe("a restarted server", () => {
  it.live("keeps templates, documents, files, parses and results (embedded database)", () =>
    Effect.gen(function*() {
      const config = testConfig({ apiKeys: ["acme:secret-acme-key"] })
      const key = "secret-acme-key"
      const bytes = yield* Effect.promise(() => makeTextPdf([invoice]))

      const before = yield* Effect.gen(function*() {
        const template = yield* send(
          HttpClientRequest.post("/v1/templates").pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({
              document_type: "invoice",
              template_data: { invoice_number: "string", total_due: "number", invoice_date: "date" }
            })
          )
        )
        const doc = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(fileForm(bytes, "i.pdf")))
        )
        const run = yield* send(
          HttpClientRequest.post(`/v1/documents/${doc.json.document_id}/extraction`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ template_ids: [template.json.template_id] })
          )
        )
        expect(run.status).toBe(200)
        return { template: template.json, doc: doc.json, run: run.json }
      }).pipe(Effect.provide(startedApp(config)))

      // The stored file is gone from disk: later extractions must use the cached parse, not re-read it.
      const blobs = path.join(config.dataDir, "blobs")
      for (const dir of fs.readdirSync(blobs)) {
        if (dir !== "tmp") fs.rmSync(path.join(blobs, dir), { recursive: true })
      }

      yield* Effect.gen(function*() {
        const templates = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key)))
        expect(templates.json).toEqual([before.template])
        const docs = yield* send(HttpClientRequest.get("/v1/documents").pipe(withKey(key)))
        expect(docs.json).toEqual([before.doc])
        const runs = yield* send(HttpClientRequest.get(`/v1/documents/${before.doc.document_id}`).pipe(withKey(key)))
        expect(runs.json).toHaveLength(1)
        expect(runs.json[0].results).toEqual(before.run)
        const again = yield* send(
          HttpClientRequest.post(`/v1/documents/${before.doc.document_id}/extraction`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ template_ids: [before.template.template_id] })
          )
        )
        expect(again.status).toBe(200)
        expect(again.json).toEqual(before.run)
        expect(again.json[0].extracted).toEqual({ invoice_number: "INV-555", total_due: 42, invoice_date: "2024-02-29" })
        // Only one API key: the one from API_KEYS (no first-start key was made).
        const keys = yield* KeyStore
        expect((yield* keys.list).map((k) => k.tenantId)).toEqual(["acme"])
      }).pipe(Effect.provide(startedApp(config)))
    }), 120_000)

  it.live("refuses a second process on the same embedded database while the first runs", () =>
    Effect.gen(function*() {
      const config = testConfig()
      const dbDir = path.join(config.dataDir, "db")
      fs.mkdirSync(config.dataDir, { recursive: true })
      // A live process (this test runner's parent) holds the lock.
      fs.writeFileSync(`${path.resolve(dbDir)}.pid`, String(process.ppid))
      const result = yield* Effect.exit(Layer.build(SqlLive).pipe(
        Effect.provide(Layer.succeed(AppConfig, config)),
        Effect.scoped
      ))
      expect(result._tag).toBe("Failure")
      expect(JSON.stringify(result)).toContain("in use by process")
    }), 60_000)
})
