/**
 * API latency through the real HTTP server (embedded database): template create and list, and a
 * one-page one-shot extraction, each against the bare round trip of GET /health in the same run.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime } from "effect"
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { ServicesLive } from "../src/App.js"
import { KeyStore } from "../src/Auth/Keys.js"
import { AppConfig } from "../src/Config.js"
import { HttpAppLive } from "../src/Http/Server.js"
import { SqlLive } from "../src/Sql/Sql.js"
import { testConfig } from "../test/support/app.js"
import { makeTextPdf } from "../test/support/pdfs.js"

const quantiles = (ms: Array<number>) => {
  const s = [...ms].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  return { p50: at(0.5), p95: at(0.95) }
}

const time = async (n: number, f: () => Promise<Response>) => {
  const out: Array<number> = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    const r = await f()
    await r.arrayBuffer()
    if (!r.ok) throw new Error(`HTTP ${r.status}`)
    out.push(performance.now() - t)
  }
  return quantiles(out)
}

export default async function() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-bench-"))
  const config = testConfig({
    dataDir,
    apiKeys: ["bench:bench-key-0000000001"],
    maxUploadBytes: 50 * 1024 * 1024,
    maxPages: 500,
    urlAllowHosts: [],
    urlTimeoutMs: 30_000,
    ocrWorkers: 2,
    ocrSecondReading: true,
    maxQueued: 64
  })

  const AppLive = HttpAppLive.pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    Layer.provideMerge(ServicesLive),
    Layer.provideMerge(SqlLive),
    Layer.provideMerge(Layer.succeed(AppConfig, config))
  )
  const runtime = ManagedRuntime.make(AppLive)
  try {
    const address = await runtime.runPromise(
      Effect.map(HttpServer.HttpServer, (s) => s.address as HttpServer.TcpAddress)
    )
    const key = await runtime.runPromise(
      Effect.flatMap(KeyStore, (k) => k.create("bench")).pipe(Effect.map((k) => k.key))
    )
    const base = `http://127.0.0.1:${address.port}`
    const headers = { "x-api-key": key, "content-type": "application/json" }
    const template = {
      document_type: "invoice",
      template_data: { invoice_number: "string", invoice_date: "date", total_due: "number", bill_to: "string" }
    }
    const created =
      await (await fetch(`${base}/v1/templates`, { method: "POST", headers, body: JSON.stringify(template) }))
        .json() as { template_id: string }
    const pdf = await makeTextPdf([[
      "ACME Supplies Ltd",
      "INVOICE",
      "Invoice Number: INV-1",
      "Invoice Date: 20 March 2023",
      "Bill To: Jane Customer",
      "Total Due: USD 15.50"
    ]])
    const oneShot = () => {
      const form = new FormData()
      form.append("file", new Blob([pdf], { type: "application/pdf" }), "invoice.pdf")
      form.append("template_ids", JSON.stringify([created.template_id]))
      return fetch(`${base}/v1/documents/extract`, { method: "POST", headers: { "x-api-key": key }, body: form })
    }
    // Warm up every path once.
    await (await fetch(`${base}/health`)).arrayBuffer()
    await (await oneShot()).arrayBuffer()

    const health = await time(200, () => fetch(`${base}/health`))
    const create = await time(
      200,
      () => fetch(`${base}/v1/templates`, { method: "POST", headers, body: JSON.stringify(template) })
    )
    const list = await time(200, () => fetch(`${base}/v1/templates?limit=100`, { headers }))
    const extract = await time(50, oneShot)
    const row = (name: string, q: { p50: number; p95: number }) =>
      console.log(
        `${name.padEnd(36)} p50 ${q.p50.toFixed(2).padStart(7)} ms   p95 ${q.p95.toFixed(2).padStart(7)} ms   ` +
          `p50 = ${(q.p50 / health.p50).toFixed(1)}× GET /health`
      )
    row("GET /health (reference)", health)
    row("POST /v1/templates", create)
    row("GET /v1/templates (100 items)", list)
    row("POST /v1/documents/extract (1 page)", extract)
  } finally {
    await runtime.dispose()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
