/**
 * The built server as an operator runs it (`npm start`: dist/, embedded database, fresh data dir), each
 * target against a reference measured in the same run:
 * - cold start: the first request sent once the server answers /health, against the warm requests after it;
 * - memory at rest, before any request, and the peak during a 500-page text PDF against it;
 * - throughput: 8 clients sending scanned receipts at once, against every core busy at the CPU cost of
 *   a page read for one client alone (one receipt at a time);
 * - memory over 200 consecutive OCR requests: the level after the 200th against the level after the 20th.
 * The server process is what the memory targets count; with its reading workers beside it.
 * SERVER_BENCH_OCR=n sends n OCR requests instead of 200 (the throughput phases are part of them).
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import {
  buildServer,
  childrenOf,
  freePort,
  residentMb,
  type RunningServer,
  startServer
} from "../test/support/server.js"
import { repeatedPdf } from "./support/repeatedPdf.js"

const corpora = path.resolve(import.meta.dirname, "../../shared/corpora")
const KEY = "bench-key-000000000001"
const LONG_PAGES = 500
const OCR_REQUESTS = Number(process.env.SERVER_BENCH_OCR ?? 200)
const CLIENTS = 8

interface Manifest {
  readonly template: unknown
  readonly items: ReadonlyArray<{ readonly file: string }>
}
const manifest = (corpus: string) =>
  JSON.parse(fs.readFileSync(path.join(corpora, corpus, "manifest.json"), "utf8")) as Manifest

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const rssOf = (pid: number) => {
  try {
    return residentMb(pid)
  } catch {
    return 0
  }
}
const treeMb = (pid: number) => [pid, ...childrenOf(pid)].reduce((sum, p) => sum + rssOf(p), 0)

/** Samples the server's and its tree's resident memory every 20 ms until stopped; answers the peaks. */
const peakSampler = (pid: number) => {
  let main = rssOf(pid)
  let tree = treeMb(pid)
  const timer = setInterval(() => {
    main = Math.max(main, rssOf(pid))
    tree = Math.max(tree, treeMb(pid))
  }, 20)
  return () => {
    clearInterval(timer)
    return { main, tree }
  }
}

/** The machine's CPU time so far, busy and total, in clock ticks (Linux /proc/stat). */
const machineTicks = () => {
  const fields = fs.readFileSync("/proc/stat", "latin1").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number)
  const total = fields.reduce((a, b) => a + b, 0)
  return { busy: total - fields[3]! - (fields[4] ?? 0), total }
}

/** CPU seconds used so far by a process and its children that are still running (Linux /proc). */
const cpuSeconds = (pid: number) =>
  [pid, ...childrenOf(pid)].reduce((sum, p) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "latin1").split(") ")[1]!.split(" ")
      return sum + (Number(fields[11]) + Number(fields[12])) / 100
    } catch {
      return sum
    }
  }, 0)

/** Runs `f`, answering its wall seconds, the machine's busy share meanwhile and the server's CPU seconds. */
const measured = async (pid: number, f: () => Promise<unknown>) => {
  const ticks = machineTicks()
  const cpu = cpuSeconds(pid)
  const started = performance.now()
  await f()
  const after = machineTicks()
  return {
    seconds: (performance.now() - started) / 1000,
    busy: (after.busy - ticks.busy) / Math.max(1, after.total - ticks.total),
    cpu: cpuSeconds(pid) - cpu
  }
}

const client = (server: RunningServer) => {
  const headers = { "x-api-key": KEY }
  const createTemplate = (template: unknown) =>
    fetch(`${server.url}/v1/templates`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(template)
    }).then(async (r) => {
      if (!r.ok) throw new Error(`template: ${r.status} ${await r.text()}`)
      return ((await r.json()) as { template_id: string }).template_id
    })
  const oneShot = async (bytes: Uint8Array, type: string, name: string, templateId: string) => {
    const form = new FormData()
    form.append("file", new Blob([bytes], { type }), name)
    form.append("template_ids", JSON.stringify([templateId]))
    const started = performance.now()
    const r = await fetch(`${server.url}/v1/documents/extract?force_exclusive_template=true`, {
      method: "POST",
      headers,
      body: form
    })
    const body = await r.arrayBuffer()
    if (!r.ok) throw new Error(`one-shot ${name}: ${r.status} ${Buffer.from(body).toString()}`)
    return performance.now() - started
  }
  return { createTemplate, oneShot }
}

const waitForHealth = async (url: string) => {
  for (;;) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

const row = (what: string, ours: string, reference: string, ratio: string) =>
  console.log(`${what.padEnd(58)} ${ours.padStart(12)}   ${reference.padEnd(40)} ${ratio}`)

export default async function() {
  await buildServer()
  const cores = os.availableParallelism()
  const invoices = manifest("invoices-dev")
  const receipts = manifest("receipts-dev")
  const invoicePdf = new Uint8Array(fs.readFileSync(path.join(corpora, "invoices-dev", invoices.items[0]!.file)))
  const receiptFiles = receipts.items.map((item) => ({
    name: path.basename(item.file),
    bytes: new Uint8Array(fs.readFileSync(path.join(corpora, "receipts-dev", item.file)))
  }))
  const longPdf = await repeatedPdf(
    path.join(corpora, "invoices-dev"),
    invoices.items.map((item) => item.file),
    LONG_PAGES
  )

  const port = await freePort()
  const server = await startServer(
    {
      API_KEYS: `bench:${KEY}`,
      MAX_PAGES: "1000",
      MAX_UPLOAD_BYTES: String(100 * 1024 * 1024),
      LOG_LEVEL: "warn",
      LOG_FORMAT: "logfmt",
      PORT: String(port)
    },
    undefined,
    { built: true }
  )
  try {
    const pid = server.process.pid!
    const api = client(server)
    await waitForHealth(server.url)
    const invoiceTemplate = await api.createTemplate(invoices.template)
    const receiptTemplate = await api.createTemplate(receipts.template)

    // Cold start: the first document once the server answers, then warm ones.
    const first = await api.oneShot(invoicePdf, "application/pdf", "invoice.pdf", invoiceTemplate)
    const warm: Array<number> = []
    for (let i = 0; i < 7; i++) {
      warm.push(await api.oneShot(invoicePdf, "application/pdf", "invoice.pdf", invoiceTemplate))
    }

    // At rest: settled after the cold-start requests (the readers and engines loaded, nothing in flight).
    await new Promise((r) => setTimeout(r, 3000))
    const rest = { main: rssOf(pid), tree: treeMb(pid) }

    const stopLong = peakSampler(pid)
    const long = await api.oneShot(longPdf, "application/pdf", "long.pdf", invoiceTemplate)
    const longPeak = stopLong()

    // OCR: one client, then eight; every request counts toward the memory series.
    const series: Array<number> = []
    let sent = 0
    const next = () => receiptFiles[sent++ % receiptFiles.length]!
    const ocrOne = async () => {
      const file = next()
      await api.oneShot(file.bytes, "image/jpeg", file.name, receiptTemplate)
      series.push(rssOf(pid))
    }
    // The OCR's threads start and load their models on first use: two receipts before measuring.
    for (let i = 0; i < 2; i++) await ocrOne()
    const single = Math.min(12, OCR_REQUESTS)
    const alone = await measured(pid, async () => {
      for (let i = 0; i < single; i++) await ocrOne()
    })
    const singleRate = single / alone.seconds

    const loaded = Math.min(OCR_REQUESTS - single, 4 * CLIENTS * 2)
    let left = loaded
    const load = await measured(pid, () =>
      Promise.all(Array.from({ length: CLIENTS }, async () => {
        while (left > 0) {
          left--
          await ocrOne()
        }
      })))
    const loadRate = loaded / load.seconds

    while (series.length < OCR_REQUESTS) await Promise.all([ocrOne(), ocrOne()])
    const after20 = series[Math.min(19, series.length - 1)]!
    const afterAll = series[series.length - 1]!
    const highest = Math.max(...series.slice(20))

    console.log(`built server, embedded database; ${cores} cores; medians where repeated`)
    row(
      "first one-page one-shot after /health answers",
      `${first.toFixed(0)} ms`,
      `warm, median of 7: ${median(warm).toFixed(0)} ms`,
      `${(first / median(warm)).toFixed(2)}× warm (target ≤ 1.3)`
    )
    row("server process at rest (reference)", `${rest.main.toFixed(0)} MB`, "target ≤ 300 MB", "")
    row("  with its reading workers", `${rest.tree.toFixed(0)} MB`, "", "")
    row(
      `${LONG_PAGES}-page text PDF one-shot: server's peak`,
      `${longPeak.main.toFixed(0)} MB`,
      "at rest",
      `${(longPeak.main / rest.main).toFixed(2)}× rest (target ≤ 2.5); ${(long / 1000).toFixed(1)} s`
    )
    row(
      "  with its reading workers",
      `${longPeak.tree.toFixed(0)} MB`,
      "at rest",
      `${(longPeak.tree / rest.tree).toFixed(2)}× rest`
    )
    // One page's reading already runs on several threads at once (tesseract's and the line recognizer's),
    // so one client's wall rate uses more than one core: the single-page rate per core is one client's
    // CPU per page, and every core busy at that cost is the reference.
    const perCore = single / alone.cpu
    row(
      "scanned receipts, one client",
      `${singleRate.toFixed(2)} p/s`,
      `${(alone.cpu / single).toFixed(2)} CPU s/page`,
      `machine ${(alone.busy * 100).toFixed(0)}% busy`
    )
    row(
      "  every core busy at that cost (reference)",
      `${(perCore * cores).toFixed(2)} p/s`,
      `${cores} cores × ${perCore.toFixed(2)} p/s per core`,
      ""
    )
    row(
      `  ${CLIENTS} clients at once`,
      `${loadRate.toFixed(2)} p/s`,
      `${(load.cpu / loaded).toFixed(2)} CPU s/page`,
      `${(loadRate / (perCore * cores)).toFixed(2)}× (target ≥ 0.9); machine ${(load.busy * 100).toFixed(0)}% busy; ${
        (loadRate / singleRate).toFixed(2)
      }× one client`
    )
    row(`server after the 20th OCR request (reference)`, `${after20.toFixed(0)} MB`, "", "")
    row(
      `  after the ${series.length}th`,
      `${afterAll.toFixed(0)} MB`,
      "after the 20th",
      `${(afterAll / after20).toFixed(2)}× (highest after the 20th: ${highest.toFixed(0)} MB; target: flat)`
    )
  } finally {
    await server.stop()
  }
}
