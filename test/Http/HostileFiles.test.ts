/**
 * Files from strangers, sent to the server running as its own process (as an operator runs it): every
 * hostile file is a 4xx naming its limit (or is read correctly), within its budget, while /health keeps
 * answering within a second; the server never crashes and its memory returns near its level.
 */
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { outwardDocx } from "../support/docx.js"
import {
  flatePagePdf,
  heavyPagesPdf,
  makeMixedPdf,
  makeTextPdf,
  manyItemsPdf,
  repeatedPagePdf,
  zlibZeros
} from "../support/pdfs.js"
import { residentMb, type RunningServer, startServer } from "../support/server.js"

const KEY = "hostile-files-test-key-0001"
const MARKER = "OTHER TENANT MARKER 5512"
const READ_TIMEOUT_MS = 15_000
const READ_MEMORY_MB = 512
/** How far above its level before the batch the server's resident memory may stay after it. */
const ALLOWED_GROWTH_MB = 150

let server: RunningServer
let listener: http.Server
const hits: Array<string> = []
let listenerUrl = ""
let markerFile = ""
let templateId = ""
let startRss = 0

/**
 * One request on a connection of its own (node:http, no keep-alive): a pooled connection the server
 * closed while the next file was being made would fail the upload with EPIPE.
 */
const api = async (method: string, route: string, body?: string | FormData, headers: Record<string, string> = {}) => {
  const encoded = body instanceof FormData ? new Request("http://localhost/", { method: "POST", body }) : undefined
  const payload = encoded !== undefined
    ? Buffer.from(await encoded.arrayBuffer())
    : Buffer.from(typeof body === "string" ? body : "")
  const contentType = encoded?.headers.get("content-type")
  const started = performance.now()
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(`${server.url}${route}`, {
      method,
      agent: false,
      headers: {
        "x-api-key": KEY,
        "content-length": String(payload.byteLength),
        ...(contentType ? { "content-type": contentType } : {}),
        ...headers
      }
    }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (c: Buffer) => chunks.push(c))
      response.on(
        "end",
        () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") })
      )
      response.on("error", reject)
    })
    request.on("error", reject)
    request.end(payload)
  })
  let json: any = undefined
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status, json, text, ms: performance.now() - started }
}

type Reply = Awaited<ReturnType<typeof api>>

/** The one-shot request for a file, built now (the file made before /health is watched), sent later. */
const oneShot = async (file: Uint8Array | Promise<Uint8Array | Buffer> | Buffer, name: string) => {
  const form = new FormData()
  form.append("file", new Blob([await file]), name)
  form.append("template_ids", JSON.stringify([templateId]))
  return () => api("POST", "/v1/documents/extract", form)
}

const later = (send: () => Promise<Reply>) => Promise.resolve(send)

/** GET /health on a connection of its own, given 5 s: undefined when it answers 200. */
const health = () =>
  new Promise<string | undefined>((resolve) => {
    const request = http.get(`${server.url}/health`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume()
      response.on("end", () => resolve(response.statusCode === 200 ? undefined : `status ${response.statusCode}`))
    })
    request.on("timeout", () => request.destroy(new Error("no answer within 5 s")))
    request.on("error", (e) => resolve(String(e)))
  })

/** Runs `request` while /health is asked every 100 ms; the slowest /health answer comes back too. */
const whileHealthy = async <A>(request: () => Promise<A>) => {
  let slowest = 0
  const failures: Array<string> = []
  let running = true
  const poller = (async () => {
    while (running) {
      const started = performance.now()
      const failure = await health()
      slowest = Math.max(slowest, performance.now() - started)
      if (failure !== undefined) failures.push(`${failure} after ${Math.round(performance.now() - started)} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  try {
    return { result: await request(), slowestHealthMs: slowest, healthFailures: failures }
  } finally {
    running = false
    await poller
  }
}

interface Case {
  readonly name: string
  /** Makes the request's payload (before /health is watched) and returns what sends it. */
  readonly request: () => Promise<() => Promise<Reply>>
  readonly status: number
  readonly detail?: RegExp
  readonly withinMs: number
  readonly check?: (json: any) => void
}

const cases: ReadonlyArray<Case> = [
  {
    name: "a 40 MB text file (8 million lines): 413 counted before layout",
    request: () => oneShot(new TextEncoder().encode("line\n".repeat(8_000_000)), "big.txt"),
    status: 413,
    detail: /at least \d+ pages.*limit is 500/,
    withinMs: 10_000
  },
  {
    name: "a 2 MB PDF whose one stream inflates to 2 GB: 413 naming the decoding limit",
    request: () => oneShot(flatePagePdf(zlibZeros(2048)), "bomb.pdf"),
    status: 413,
    detail: /decodes to more than 256 MB/,
    withinMs: 20_000
  },
  {
    name: "a 4 KB PDF listing one drawing-heavy page 499 times: read (the page once)",
    request: () => oneShot(repeatedPagePdf(499), "repeated.pdf"),
    status: 200,
    withinMs: 60_000,
    check: (json) => expect(json.ocr).toHaveLength(499)
  },
  {
    name: "HTML nested 200 000 deep: 422 naming the nesting limit",
    request: () =>
      oneShot(
        new TextEncoder().encode(
          "<html><body>" + "<div>".repeat(200_000) + "x" + "</div>".repeat(200_000) + "</body></html>"
        ),
        "deep.html"
      ),
    status: 422,
    detail: /nests elements more than 500 deep/,
    withinMs: 10_000
  },
  {
    name: "a DOCX linking pictures and text to an address and another file: read, nothing fetched, nothing leaked",
    request: () =>
      oneShot(outwardDocx({ url: listenerUrl, file: markerFile, text: "Invoice 42 visible text" }), "linked.docx"),
    status: 200,
    withinMs: 90_000,
    check: (json) => {
      expect(json.markdown).toContain("Invoice 42 visible text")
      expect(JSON.stringify(json)).not.toContain(MARKER)
      expect(hits).toEqual([])
    }
  },
  {
    name: "a PNG of 65535 × 1 pixels: 422 naming the size",
    request: () =>
      oneShot(
        sharp({ create: { width: 65535, height: 1, channels: 3, background: "white" } }).png().toBuffer(),
        "line.png"
      ),
    status: 422,
    detail: /65535×1 pixels, too thin/,
    withinMs: 10_000
  },
  {
    name: "a PDF of heavy pages past the reading budget: 422 naming READ_TIMEOUT_MS",
    request: () => oneShot(heavyPagesPdf(120, 40_000), "slow.pdf"),
    status: 422,
    detail: /longer than its 15 s budget \(READ_TIMEOUT_MS\)/,
    withinMs: 30_000
  },
  {
    name: "a PDF whose text layer needs more memory than READ_MEMORY_MB: 413 naming it",
    request: () => oneShot(manyItemsPdf(5_000_000), "items.pdf"),
    status: 413,
    detail: /more than 512 MB of memory \(the limit, READ_MEMORY_MB\)/,
    withinMs: 60_000
  },
  {
    name: "a template of 100 000 fields: 422 naming MAX_TEMPLATE_FIELDS",
    request: () =>
      later(() =>
        api(
          "POST",
          "/v1/templates",
          JSON.stringify({
            document_type: "huge",
            template_data: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, "string"]))
          }),
          { "content-type": "application/json" }
        )
      ),
    status: 422,
    detail: /MAX_TEMPLATE_FIELDS/,
    withinMs: 5_000
  },
  {
    name: "a NUL in document_type: 422 naming the field",
    request: () =>
      later(() =>
        api(
          "POST",
          "/v1/templates",
          JSON.stringify({ document_type: "in\u0000voice", template_data: { a: "string" } }),
          { "content-type": "application/json" }
        )
      ),
    status: 422,
    detail: /document_type/,
    withinMs: 5_000
  },
  {
    name: "an empty multipart body: 400 at once",
    request: () =>
      later(() => api("POST", "/v1/documents/extract", "", { "content-type": "multipart/form-data; boundary=xyz" })),
    status: 400,
    withinMs: 5_000
  },
  {
    name: "a PDF with junk before its header: read",
    request: () =>
      oneShot(
        makeTextPdf([["INVOICE", "Invoice Number: 77"]]).then((pdf) =>
          Buffer.concat([Buffer.from("junk before the header\n"), pdf])
        ),
        "junk.pdf"
      ),
    status: 200,
    withinMs: 20_000,
    check: (json) => expect(json.markdown).toContain("Invoice Number: 77")
  }
]

describe("hostile files against the running server", () => {
  beforeAll(async () => {
    listener = http.createServer((req, res) => {
      hits.push(req.url ?? "")
      res.end("REMOTE TEXT")
    })
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve))
    listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-hostile-"))
    markerFile = path.join(dir, "other-tenant.pdf")
    fs.writeFileSync(markerFile, await makeTextPdf([[MARKER]]))
    server = await startServer({
      API_KEYS: `hostile:${KEY}`,
      READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
      READ_MEMORY_MB: String(READ_MEMORY_MB),
      URL_ALLOW_HOSTS: "127.0.0.1",
      // The OCR threads a document started end soon after: the level memory returns to is the server's own.
      OCR_IDLE_SECONDS: "3"
    })
    const created = await api(
      "POST",
      "/v1/templates",
      JSON.stringify({ document_type: "invoice", template_data: { invoice_number: "The invoice number" } }),
      { "content-type": "application/json" }
    )
    expect(created.status).toBe(200)
    templateId = created.json.template_id
    // Ordinary documents first, one of them scanned: what is loaded on first use (the OCR engines and
    // their models) counts in the level memory returns to.
    expect((await (await oneShot(makeTextPdf([["INVOICE", "Invoice Number: 1"]]), "warm.pdf"))()).status).toBe(200)
    expect((await (await oneShot(makeMixedPdf([["RECEIPT", "Total: 1.00"]]), "warm-scan.pdf"))()).status).toBe(200)
    startRss = residentMb(server.process.pid!)
  }, 180_000)

  afterAll(async () => {
    await server?.stop()
    listener?.close()
    if (markerFile !== "") fs.rmSync(path.dirname(markerFile), { recursive: true, force: true })
  })

  for (const c of cases) {
    it(c.name, async () => {
      const send = await c.request()
      const { result, slowestHealthMs, healthFailures } = await whileHealthy(send)
      expect(result.status, result.text.slice(0, 300)).toBe(c.status)
      if (c.detail !== undefined) {
        expect(Object.keys(result.json)).toEqual(["detail"])
        expect(result.json.detail).toMatch(c.detail)
      }
      c.check?.(result.json)
      expect(result.ms).toBeLessThan(c.withinMs)
      expect(healthFailures).toEqual([])
      expect(slowestHealthMs).toBeLessThan(1_000)
      expect(server.process.exitCode).toBeNull()
    }, 180_000)
  }

  it("after the batch the server is up and its memory is back within 150 MB of where it started", async () => {
    // Memory freed by the collector is returned to the system in its time, and the OCR threads end after
    // OCR_IDLE_SECONDS: a few seconds. What the allocator keeps of those threads' memory varies from run to
    // run: up to 140 MB above the start after this batch (bench/notes/speed.md); a leak is far more.
    let rss = residentMb(server.process.pid!)
    for (let i = 0; i < 30 && rss > startRss + ALLOWED_GROWTH_MB; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      rss = residentMb(server.process.pid!)
    }
    expect(rss).toBeLessThan(startRss + ALLOWED_GROWTH_MB)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
    expect(server.output()).not.toMatch(/heap out of memory|Unhandled|uncaught/i)
  }, 60_000)
})
