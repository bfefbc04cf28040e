import { HttpClientRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
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
      const config = testConfig({ apiKeys: ["acme:secret-acme-key-0001"] })
      const key = "secret-acme-key-0001"
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
          HttpClientRequest.post("/v1/documents").pipe(
            withKey(key),
            HttpClientRequest.bodyFormData(fileForm(bytes, "i.pdf"))
          )
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
        fs.rmSync(path.join(blobs, dir), { recursive: true })
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
        expect(again.json[0].extracted).toEqual({
          invoice_number: "INV-555",
          total_due: 42,
          invoice_date: "2024-02-29"
        })
        // Only one API key: the one from API_KEYS (no first-start key was made).
        const keys = yield* KeyStore
        expect((yield* keys.list).map((k) => k.tenantId)).toEqual(["acme"])
      }).pipe(Effect.provide(startedApp(config)))
    }), 120_000)

  /** A process holding the OS lock on `file` until killed; resolves once it holds it. */
  const lockHolder = (file: string) =>
    Effect.acquireRelease(
      Effect.promise(() =>
        new Promise<ChildProcess>((resolve, reject) => {
          const script =
            `const fsx = require("fs-native-extensions"); const fd = require("fs").openSync(${
              JSON.stringify(file)
            }, "a+");` +
            `if (!fsx.tryLock(fd)) process.exit(3); require("fs").writeSync(fd, String(process.pid)); console.log("held"); setInterval(() => {}, 1000)`
          const child = spawn(process.execPath, ["-e", script], {
            cwd: process.cwd(),
            stdio: ["ignore", "pipe", "inherit"]
          })
          child.stdout!.once("data", () => resolve(child))
          child.once("exit", (code) => reject(new Error(`lock holder exited ${code}`)))
        })
      ),
      (child) => Effect.sync(() => child.kill("SIGKILL"))
    )

  const openDatabase = (config: AppConfig) =>
    Effect.exit(Layer.build(SqlLive).pipe(Effect.provide(Layer.succeed(AppConfig, config)), Effect.scoped))

  /** Opens the database and keeps it open a second (so that the other attempt overlaps it). */
  const openDatabaseHeld = (config: AppConfig) =>
    Effect.map(
      Effect.exit(
        Layer.build(SqlLive).pipe(
          Effect.provide(Layer.succeed(AppConfig, config)),
          Effect.zipLeft(Effect.sleep("1 second")),
          Effect.scoped
        )
      ),
      (exit) => exit._tag
    )

  it.live(
    "refuses a second process on the same embedded database while the first runs; starts once it is killed",
    () =>
      Effect.gen(function*() {
        const config = testConfig()
        const lockFile = `${path.resolve(config.dataDir, "db")}.pid`
        fs.mkdirSync(config.dataDir, { recursive: true })
        const holder = yield* lockHolder(lockFile)
        const refused = yield* openDatabase(config)
        expect(refused._tag).toBe("Failure")
        expect(JSON.stringify(refused)).toContain(`in use by process ${holder.pid}`)
        // kill -9: nothing is cleaned up, the lock file stays; the lock went with its process.
        holder.kill("SIGKILL")
        yield* Effect.promise(() => new Promise((resolve) => holder.once("exit", resolve)))
        expect(fs.existsSync(lockFile)).toBe(true)
        expect((yield* openDatabase(config))._tag).toBe("Success")
      }).pipe(Effect.scoped),
    60_000
  )

  it.live(
    "a lock file naming a live process that holds no lock (a pid reused after a restart) does not stop the start",
    () =>
      Effect.gen(function*() {
        const config = testConfig()
        fs.mkdirSync(config.dataDir, { recursive: true })
        fs.writeFileSync(`${path.resolve(config.dataDir, "db")}.pid`, String(process.ppid))
        expect((yield* openDatabase(config))._tag).toBe("Success")
      }),
    60_000
  )

  it.live(
    "of two processes opening the same embedded database at once, exactly one gets it",
    () =>
      Effect.gen(function*() {
        const config = testConfig()
        const [a, b] = yield* Effect.all([openDatabaseHeld(config), openDatabaseHeld(config)], { concurrency: 2 })
        expect([a, b].filter((x) => x === "Success")).toHaveLength(1)
      }),
    60_000
  )
})
