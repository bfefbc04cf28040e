/**
 * kill -9 during uploads and during extractions, ten times each, restarting the server on the same
 * DATA_DIR every time: afterwards no blob without its row, no row without its blob, no temporary file,
 * and the stored documents still read and extract.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as http from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { AppConfig } from "../../src/Config.js"
import { SqlLive } from "../../src/Sql/Sql.js"
import { testConfig } from "../support/app.js"
import { makeMixedPdf, makeTextPdf } from "../support/pdfs.js"
import { blobsOnDisk, scratchFiles } from "../support/scratch.js"
import { buildServer, type RunningServer, startServer as startFromSources } from "../support/server.js"

/** The built server (as `npm start` runs it): twenty restarts from the sources would take minutes. */
const startServer = (env: Record<string, string>, dataDir: string) => startFromSources(env, dataDir, { built: true })

const KEY = "crash-test-key-000000000001"
const ROUNDS = 10

const json = (server: RunningServer, method: string, route: string, body?: unknown) =>
  fetch(`${server.url}${route}`, {
    method,
    headers: { "x-api-key": KEY, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  }).then(async (r) => ({ status: r.status, json: await r.json().catch(() => undefined) as any }))

const upload = (server: RunningServer, bytes: Uint8Array, name: string) => {
  const form = new FormData()
  form.append("file", new Blob([bytes]), name)
  return fetch(`${server.url}/v1/documents`, { method: "POST", headers: { "x-api-key": KEY }, body: form })
    .then(async (r) => ({ status: r.status, json: await r.json().catch(() => undefined) as any }))
}

/** Starts a multipart upload of `size` bytes and sends only part of it: the server holds a half-received file. */
const partialUpload = (server: RunningServer, size: number) => {
  const boundary = "crashboundary"
  const request = http.request(`${server.url}/v1/documents`, {
    method: "POST",
    headers: {
      "x-api-key": KEY,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(size + 200)
    }
  })
  request.on("error", () => undefined)
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  )
  request.write(Buffer.alloc(size / 2, 0x41))
  return request
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The blobs table and the documents' blobs, read from the embedded database once the server is stopped. */
const databaseState = (dataDir: string) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const blobs = yield* sql<{ sha256: string }>`SELECT sha256 FROM blobs ORDER BY sha256`
      const documents = yield* sql<{ blob_sha256: string }>`SELECT blob_sha256 FROM documents`
      return { blobs: blobs.map((r) => r.sha256), documents: documents.map((r) => r.blob_sha256) }
    }).pipe(Effect.provide(SqlLive.pipe(Layer.provide(Layer.succeed(AppConfig, testConfig({ dataDir }))))))
  )

describe("kill -9, then restart", () => {
  it(`${ROUNDS} kills during uploads and ${ROUNDS} during extractions leave nothing behind`, async () => {
    await buildServer()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-crash-"))
    // The server's own temporary folder: anything it leaves outside DATA_DIR shows here.
    const systemTmp = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-crash-tmp-"))
    const env = {
      API_KEYS: `crash:${KEY}`,
      TMPDIR: systemTmp,
      READ_WORKERS: "1",
      OCR_WORKERS: "1",
      READ_PRESTART: "false"
    }
    const scanned = await makeMixedPdf([
      ["INVOICE", "Invoice Number: 5512", "Total: 12.50"],
      ["RECEIPT", "Total: 3.00"],
      ["INVOICE", "Invoice Number: 7"]
    ])
    let server = await startServer(env, dataDir)
    const template = await json(server, "POST", "/v1/templates", {
      document_type: "invoice",
      template_data: { invoice_number: "The invoice number" }
    })
    expect(template.status).toBe(200)
    const kept = await upload(server, await makeTextPdf([["INVOICE", "Invoice Number: 1"]]), "kept.pdf")
    expect(kept.status).toBe(200)
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Uploads at every stage: some complete, some mid-body, one of several MB half-sent.
        const pending = Array.from(
          { length: 4 },
          async (_, i) =>
            upload(server, await makeTextPdf([[`Upload ${round}-${i}`, "x".repeat(i * 50)]]), `u${round}-${i}.pdf`)
              .catch(() => undefined)
        )
        const partial = partialUpload(server, 8 << 20)
        await sleep(30 + round * 37 % 300)
        server.process.kill("SIGKILL")
        partial.destroy()
        await Promise.all(pending)
        await server.stop({ keepData: true })
        server = await startServer(env, dataDir)
      }
      for (let round = 0; round < ROUNDS; round++) {
        const doc = await upload(server, scanned, `scan${round}.pdf`)
        expect(doc.status).toBe(200)
        const running = json(server, "POST", `/v1/documents/${doc.json.document_id}/extraction`, {
          template_ids: [template.json.template_id]
        }).catch(() => undefined)
        await sleep(200 + round * 173 % 1500)
        server.process.kill("SIGKILL")
        await running
        await server.stop({ keepData: true })
        server = await startServer(env, dataDir)
      }
      // After the last restart: the kept document still reads and extracts.
      const run = await json(server, "POST", `/v1/documents/${kept.json.document_id}/extraction`, {
        template_ids: [template.json.template_id]
      })
      expect(run.status).toBe(200)
      expect(JSON.stringify(run.json)).toMatch(/"invoice_number":"1"/)
    } finally {
      await server.stop({ keepData: true })
    }
    const state = await databaseState(dataDir)
    // Every blob on disk has its row, every row its blob, every document its blob.
    expect(blobsOnDisk(dataDir)).toEqual(state.blobs)
    for (const sha of state.documents) expect(state.blobs).toContain(sha)
    expect(scratchFiles(dataDir)).toEqual([])
    expect(fs.readdirSync(path.join(dataDir, "tmp")).filter((name) => !name.endsWith(".lock"))).toEqual([])
    expect(fs.readdirSync(systemTmp)).toEqual([])
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(systemTmp, { recursive: true, force: true })
  }, 900_000)
})
