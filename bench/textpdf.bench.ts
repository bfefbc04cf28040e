/**
 * A long text PDF end to end, as a user waits for it: the invoices of invoices-dev repeated to 268
 * pages, sent to a server process of its own. References measured in the same run: `pdftotext
 * -bbox-layout` on the same file (the reading tools' speed), and the upload of the same file, which
 * reads it and keeps its parse (in the database, and in the server's memory for the calls that
 * follow). Also the server's resident memory at rest and its peak during the one-shot request.
 */
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"
import { childrenOf, freePort, residentMb, startServer } from "../test/support/server.js"
import { repeatedPdf } from "./support/repeatedPdf.js"

const PAGES = 268
const corpus = path.resolve(import.meta.dirname, "../../shared/corpora/invoices-dev")

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The corpus's invoices, repeated until the document has `PAGES` pages. */
const longPdf = (): Promise<Uint8Array> => {
  const manifest = JSON.parse(fs.readFileSync(path.join(corpus, "manifest.json"), "utf8")) as {
    items: Array<{ file: string }>
  }
  return repeatedPdf(corpus, manifest.items.map((item) => item.file), PAGES)
}

/** Resident memory of a process and its children (the reading workers), in MB. */
const treeMb = (pid: number): number =>
  [pid, ...childrenOf(pid)].reduce((sum, p) => {
    try {
      return sum + residentMb(p)
    } catch {
      return sum
    }
  }, 0)

const timed = async <A>(f: () => Promise<A>): Promise<[number, A]> => {
  const started = performance.now()
  const a = await f()
  return [performance.now() - started, a]
}

export default async function() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-bench-textpdf-"))
  const file = path.join(dir, "long.pdf")
  fs.writeFileSync(file, await longPdf())

  const pdftotext: Array<number> = []
  for (let i = 0; i < 3; i++) {
    const [ms] = await timed(() => promisify(execFile)("pdftotext", ["-bbox-layout", file, path.join(dir, "out.html")]))
    pdftotext.push(ms)
  }

  const key = "bench-key-000000000001"
  const server = await startServer(
    {
      API_KEYS: `bench:${key}`,
      MAX_PAGES: "1000",
      MAX_UPLOAD_BYTES: String(100 * 1024 * 1024),
      LOG_LEVEL: "warn",
      LOG_FORMAT: "logfmt",
      // Quiet logs print no "Listening on": the port is chosen here.
      PORT: String(await freePort())
    },
    undefined,
    {}
  )
  try {
    const base = server.url
    const headers = { "x-api-key": key }
    const json = { ...headers, "content-type": "application/json" }
    const template = await fetch(`${base}/v1/templates`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(JSON.parse(fs.readFileSync(path.join(corpus, "manifest.json"), "utf8")).template)
    }).then((r) => r.json() as Promise<{ template_id: string }>)
    const bytes = fs.readFileSync(file)
    const form = () => {
      const f = new FormData()
      f.append("file", new Blob([bytes], { type: "application/pdf" }), "long.pdf")
      f.append("template_ids", JSON.stringify([template.template_id]))
      return f
    }
    // Warm: one small request through every path.
    await fetch(`${base}/health`).then((r) => r.arrayBuffer())
    await new Promise((r) => setTimeout(r, 2000))
    const restMb = treeMb(server.process.pid!)
    const restMainMb = residentMb(server.process.pid!)
    let peakMainMb = restMainMb

    const oneShots: Array<number> = []
    let peakMb = restMb
    let responseBytes = 0
    for (let i = 0; i < 3; i++) {
      const sampler = setInterval(() => {
        peakMb = Math.max(peakMb, treeMb(server.process.pid!))
        peakMainMb = Math.max(peakMainMb, residentMb(server.process.pid!))
      }, 20)
      const [ms, size] = await timed(async () => {
        const r = await fetch(`${base}/v1/documents/extract?force_exclusive_template=true`, {
          method: "POST",
          headers,
          body: form()
        })
        if (!r.ok) throw new Error(`one-shot: ${r.status} ${await r.text()}`)
        return (await r.arrayBuffer()).byteLength
      })
      clearInterval(sampler)
      oneShots.push(ms)
      responseBytes = size
    }

    const upload = new FormData()
    upload.append("file", new Blob([bytes], { type: "application/pdf" }), "long.pdf")
    const [uploadMs, document] = await timed(() =>
      fetch(`${base}/v1/documents`, { method: "POST", headers, body: upload })
        .then((r) => r.json() as Promise<{ document_id: string }>)
    )
    const call = (what: "split" | "extraction") => async () => {
      const r = await fetch(`${base}/v1/documents/${document.document_id}/${what}`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ template_ids: [template.template_id] })
      })
      if (!r.ok) throw new Error(`${what}: ${r.status} ${await r.text()}`)
      return r.arrayBuffer()
    }
    const [firstSplit] = await timed(call("split"))
    const splits: Array<number> = []
    const extractions: Array<number> = []
    for (let i = 0; i < 4; i++) {
      extractions.push((await timed(call("extraction")))[0])
      splits.push((await timed(call("split")))[0])
    }
    // The first extraction computes the values from the cached parse; the next ones find them remembered.
    const [firstExtraction, ...againExtractions] = extractions

    const reference = median(pdftotext)
    const oneShot = median(oneShots)
    const row = (what: string, ours: string, ref: string, ratio: string) =>
      console.log(`${what.padEnd(52)} ${ours.padStart(10)}   ${ref.padEnd(34)} ${ratio}`)
    console.log(`${PAGES}-page text PDF (${(bytes.byteLength / 1024).toFixed(0)} KB); medians of 3`)
    row("pdftotext -bbox-layout (reference)", `${reference.toFixed(0)} ms`, "", "")
    row(
      "one-shot extract, force_exclusive_template",
      `${oneShot.toFixed(0)} ms`,
      "pdftotext",
      `${(reference / oneShot).toFixed(2)}× pdftotext's speed (target ≥ 0.8)`
    )
    row("  response", `${(responseBytes / 1024 / 1024).toFixed(1)} MB`, "", "")
    row("upload (reads the file, keeps its parse; reference)", `${uploadMs.toFixed(0)} ms`, "", "")
    row(
      "split, first (the parse kept at upload)",
      `${firstSplit.toFixed(0)} ms`,
      "upload",
      `${(firstSplit / uploadMs).toFixed(2)}× (target ≤ 0.15)`
    )
    row(
      "extraction, first (parse cached)",
      `${firstExtraction!.toFixed(0)} ms`,
      "upload",
      `${(firstExtraction! / uploadMs).toFixed(2)}× (target ≤ 0.15)`
    )
    row(
      "split again, extraction again (remembered)",
      `${median(splits).toFixed(0)}, ${median(againExtractions).toFixed(0)} ms`,
      "upload",
      `${(median(splits) / uploadMs).toFixed(2)}×, ${(median(againExtractions) / uploadMs).toFixed(2)}×`
    )
    row("server + readers RSS at rest (reference)", `${restMb.toFixed(0)} MB`, "", "")
    row("  peak during the one-shot", `${peakMb.toFixed(0)} MB`, "at rest", `${(peakMb / restMb).toFixed(2)}× rest`)
    row("server process alone at rest (reference)", `${restMainMb.toFixed(0)} MB`, "", "")
    row(
      "  peak during the one-shot",
      `${peakMainMb.toFixed(0)} MB`,
      "at rest",
      `${(peakMainMb / restMainMb).toFixed(2)}× rest (target ≤ 2.5)`
    )
  } finally {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
