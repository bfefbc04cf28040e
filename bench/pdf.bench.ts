/**
 * Text-PDF reading speed and memory, against poppler's `pdftotext -bbox-layout` on the same file.
 *
 * The document is the invoices of ../shared/corpora/invoices-dev concatenated over and over up to
 * PDF_BENCH_PAGES pages (300 by default), each round copied anew so that it brings its own fonts, as
 * a batch merged from many files does (PDF_BENCH_FONTS=shared: one copy of each invoice's fonts for
 * all rounds). Without that corpus: generated invoice-like pages (one set of fonts).
 *
 * - pages/s: our text layer (words, lines, boxes: readPdf without OCR) and pdftotext, alternately,
 *   PDF_BENCH_RUNS times each (3 by default): wall clock (best, median) and CPU (median), since
 *   other work on the machine slows wall clock more than CPU. Ratio ours / pdftotext.
 * - memory at two sizes (a third of the pages and all of them), so that growth with the page count
 *   shows: peak RSS of a fresh process reading the file once, over its RSS before reading; live memory
 *   (JS heap + array buffers after a full GC, sampled during the read) over the same before reading,
 *   beside the size of the page model the read returns; peak RSS again with the old generation capped
 *   (--max-old-space-size), where V8 collects sooner; pdftotext's peak RSS (/usr/bin/time).
 */
import { Effect } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import type { PDFPage } from "pdf-lib"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { readPdf } from "../src/Reading/Pdf.js"

const corpus = path.resolve(import.meta.dirname, "../../shared/corpora/invoices-dev/files")
const PDFTOTEXT = "pdftotext"
const TIME = "/usr/bin/time"
/** PDF_BENCH_FONTS=shared: the rounds share one copy of each invoice's fonts (one long document from one source). */
const sharedFonts = process.env.PDF_BENCH_FONTS === "shared"

// ---------------------------------------------------------------------------------------------
// The document

const fromCorpus = async (pages: number): Promise<Uint8Array> => {
  const sources = await Promise.all(
    fs.readdirSync(corpus).filter((f) => f.toLowerCase().endsWith(".pdf")).sort().map(async (f) =>
      PDFDocument.load(fs.readFileSync(path.join(corpus, f)), { ignoreEncryption: true })
    )
  )
  if (sources.length === 0) throw new Error(`no PDF in ${corpus}`)
  const origin: Array<{ source: PDFDocument; page: number }> = []
  while (origin.length < pages) {
    for (const source of sources) {
      for (const page of source.getPageIndices()) if (origin.length < pages) origin.push({ source, page })
    }
  }
  const out = await PDFDocument.create()
  const copies = new Map<PDFDocument, Array<PDFPage>>()
  for (const source of sources) {
    const indices = origin.filter((o) => o.source === source).map((o) => o.page)
    const n = source.getPageCount()
    const rounds = Array.from({ length: Math.ceil(indices.length / n) }, (_, r) => indices.slice(r * n, (r + 1) * n))
    // One copyPages call copies what its pages share (fonts) once.
    copies.set(
      source,
      sharedFonts
        ? await out.copyPages(source, indices)
        : (await Promise.all(rounds.map((round) => out.copyPages(source, round)))).flat()
    )
  }
  for (const { source } of origin) out.addPage(copies.get(source)!.shift()!)
  return out.save()
}

/** Invoice-like pages of text: a heading, a table of item rows, totals. */
const generated = async (pages: number): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842])
    page.drawText(`INVOICE ${2024_000 + p}`, { x: 60, y: 780, size: 20, font: bold })
    page.drawText(`Date: 2024-03-${String(1 + (p % 28)).padStart(2, "0")}   Customer: Client number ${p * 7}`, {
      x: 60,
      y: 750,
      size: 10,
      font
    })
    for (let r = 0; r < 40; r++) {
      const y = 710 - r * 15
      page.drawText(`Item ${r + 1} description of the delivered goods`, { x: 60, y, size: 9, font })
      page.drawText(`${1 + (r % 5)}`, { x: 360, y, size: 9, font })
      page.drawText(`${(12.5 * (r + 1)).toFixed(2)} EUR`, { x: 450, y, size: 9, font })
    }
    page.drawText(`Total due: ${(1000 + p).toFixed(2)} EUR`, { x: 380, y: 90, size: 12, font: bold })
  }
  return doc.save()
}

// ---------------------------------------------------------------------------------------------
// Measurements

/** Seconds of one run: wall clock and CPU (user + system). */
interface Sample {
  readonly wall: number
  readonly cpu: number
}

const run = (file: string, args: ReadonlyArray<string>) =>
  new Promise<{ ok: boolean; missing: boolean; stdout: string; stderr: string }>((resolve) =>
    execFile(
      file,
      args,
      { maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: error === null, missing: error?.code === "ENOENT", stdout, stderr })
    )
  )

const readOurs = (bytes: Uint8Array) => Effect.runPromise(readPdf(bytes, { maxPages: 100_000 }))

const ours = async (bytes: Uint8Array): Promise<Sample> => {
  const cpu0 = process.cpuUsage(), wall0 = performance.now()
  await readOurs(bytes)
  const cpu = process.cpuUsage(cpu0)
  return { wall: (performance.now() - wall0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 }
}

/** pdftotext on the file; CPU and peak RSS through /usr/bin/time when it is there. */
const pdftotext = async (file: string, out: string): Promise<Sample & { peakMB: number | undefined }> => {
  const timed = fs.existsSync(TIME)
  const wall0 = performance.now()
  const r = timed
    ? await run(TIME, ["-f", "%U %S %M", PDFTOTEXT, "-bbox-layout", file, out])
    : await run(PDFTOTEXT, ["-bbox-layout", file, out])
  const wall = (performance.now() - wall0) / 1000
  if (!r.ok) throw new Error(`pdftotext failed: ${r.stderr}`)
  const [user, sys, kb] = timed ? r.stderr.trim().split("\n").pop()!.split(" ").map(Number) : []
  return {
    wall,
    cpu: user === undefined || sys === undefined ? NaN : user + sys,
    peakMB: kb === undefined ? undefined : kb / 1024
  }
}

const repeat = async <A extends Sample>(runs: number, once: () => Promise<A>): Promise<Array<A>> => {
  const samples: Array<A> = []
  for (let i = 0; i < runs; i++) samples.push(await once())
  return samples
}

const best = (xs: ReadonlyArray<number>) => Math.min(...xs)
const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

interface Probe {
  /** Peak RSS of the process before reading (modules loaded) and over the read. */
  readonly loadedMB: number
  readonly peakMB: number
  /** Live memory (JS heap + array buffers, after a full GC) before reading and its highest sample during the read. */
  readonly liveLoadedMB: number
  readonly livePeakMB: number
  /** The page model the read returned, as JSON. */
  readonly modelMB: number
  /** Peak RSS of a process whose old generation is capped at CAPPED_HEAP_MB (V8 then collects sooner). */
  readonly cappedPeakMB: number
}

const CAPPED_HEAP_MB = 512

/**
 * A fresh Node process reads the file once (this file run directly): peak RSS from one left alone,
 * live memory from another that samples it (the forced GCs would lower the first's peak).
 */
const probeOurs = async (file: string): Promise<Probe> => {
  const self = fileURLToPath(import.meta.url)
  const once = async (mode: "--rss" | "--live", ...flags: ReadonlyArray<string>) => {
    const r = await run(process.execPath, [...flags, "--expose-gc", "--import", "tsx", self, mode, file])
    if (!r.ok) throw new Error(`memory probe failed: ${r.stderr}`)
    return JSON.parse(r.stdout.trim().split("\n").pop()!) as Probe
  }
  const rss = await once("--rss")
  const live = await once("--live")
  const capped = await once("--rss", `--max-old-space-size=${CAPPED_HEAP_MB}`)
  return { ...live, loadedMB: rss.loadedMB, peakMB: rss.peakMB, cappedPeakMB: capped.peakMB }
}

// ---------------------------------------------------------------------------------------------
// Report

const mb = (n: number | undefined) => (n === undefined ? "n/a" : `${n.toFixed(0)} MB`)

export default async function() {
  const pages = Number(process.env.PDF_BENCH_PAGES ?? 300)
  const runs = Number(process.env.PDF_BENCH_RUNS ?? 3)
  const haveCorpus = fs.existsSync(corpus)
  if (!haveCorpus) console.log(`NOTE: no invoices corpus at ${corpus}: generated text pages instead`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-bench-"))
  try {
    const sizes = [Math.round(pages / 3), pages]
    const files: Array<string> = []
    for (const n of sizes) {
      const file = path.join(dir, `${n}.pdf`)
      fs.writeFileSync(file, await (haveCorpus ? fromCorpus(n) : generated(n)))
      files.push(file)
    }
    const file = files[1]!
    const bytes = new Uint8Array(fs.readFileSync(file))
    const source = haveCorpus
      ? `invoices-dev concatenated, ${sharedFonts ? "fonts shared" : "each round its own fonts"}`
      : "generated"
    console.log(`${pages} pages (${source}), ${(bytes.byteLength / 1e6).toFixed(1)} MB, ${runs} runs each, alternating`)

    const words = (await readOurs(bytes)).pages.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.words.length, 0), 0)
    const version = await run(PDFTOTEXT, ["-v"])
    const haveReference = !version.missing
    if (!haveReference) {
      console.log("pdftotext: MISSING (apt-get install -y poppler-utils): no reference and no ratio this run")
    }
    // Ours and the reference one after the other, so that both see the same load on the machine.
    const out = path.join(dir, "out.html")
    const mine: Array<Sample> = []
    const theirs: Array<Sample & { peakMB: number | undefined }> = []
    for (let i = 0; i < runs; i++) {
      mine.push(...await repeat(1, () => ours(bytes)))
      if (haveReference) theirs.push(...await repeat(1, () => pdftotext(file, out)))
    }
    const referenceWords = haveReference ? (fs.readFileSync(out, "utf8").match(/<word /g) ?? []).length : undefined

    const rates = (samples: ReadonlyArray<Sample>) => ({
      "pages/s (wall, best)": (pages / best(samples.map((s) => s.wall))).toFixed(0),
      "pages/s (wall, median)": (pages / median(samples.map((s) => s.wall))).toFixed(0),
      "pages/s (CPU, median)": (pages / median(samples.map((s) => s.cpu))).toFixed(0)
    })
    console.table([
      { reader: "ours (pdf.js text layer)", ...rates(mine), words },
      ...(haveReference ? [{ reader: "pdftotext -bbox-layout", ...rates(theirs), words: referenceWords }] : [])
    ])
    if (haveReference) {
      const ratio = (f: (s: Sample) => number, pick: (xs: ReadonlyArray<number>) => number) =>
        (pick(theirs.map(f)) / pick(mine.map(f))).toFixed(2)
      console.log(
        `ours / pdftotext: ${ratio((s) => s.wall, best)}× wall best, ${ratio((s) => s.wall, median)}× wall median, ` +
          `${ratio((s) => s.cpu, median)}× CPU median (target ≥ 0.5×)`
      )
    }

    const memory = []
    for (const [i, n] of sizes.entries()) {
      const probe = await probeOurs(files[i]!)
      memory.push({
        pages: n,
        "ours: peak RSS": mb(probe.peakMB),
        "… over loaded": mb(probe.peakMB - probe.loadedMB),
        "ours: live peak over loaded": mb(probe.livePeakMB - probe.liveLoadedMB),
        "of which the page model": mb(probe.modelMB),
        [`ours: peak RSS, heap ≤ ${CAPPED_HEAP_MB} MB`]: mb(probe.cappedPeakMB),
        "pdftotext: peak RSS": mb(haveReference ? (await pdftotext(files[i]!, out)).peakMB : undefined)
      })
    }
    console.table(memory)
    console.log(
      "target: ours' memory does not grow with the page count (beyond the page model it returns). Peak RSS\n" +
        "left alone mostly measures how much garbage V8 lets pile up before collecting (it allows more as a run\n" +
        "goes on); live memory and the capped run show what is actually held."
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Run directly with `--rss <file>` or `--live <file>` (and --expose-gc): reads the file once and
 * prints this process's memory. With --live, live memory is sampled between pdf.js's steps, after a full GC.
 */
const probe = async (file: string, sample: boolean) => {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)
  const live = () => {
    gc()
    const m = process.memoryUsage()
    return (m.heapUsed + m.arrayBuffers) / 1048576
  }
  const bytes = new Uint8Array(fs.readFileSync(file))
  const liveLoadedMB = live()
  const loadedMB = process.resourceUsage().maxRSS / 1024
  let livePeakMB = liveLoadedMB
  const sampler = sample
    ? setInterval(() => {
      livePeakMB = Math.max(livePeakMB, live())
    }, 250)
    : undefined
  const model = await readOurs(bytes)
  clearInterval(sampler)
  const peakMB = process.resourceUsage().maxRSS / 1024
  const result: Omit<Probe, "cappedPeakMB"> = {
    loadedMB,
    peakMB,
    liveLoadedMB,
    livePeakMB: Math.max(livePeakMB, live()),
    modelMB: JSON.stringify(model).length / 1048576
  }
  console.log(JSON.stringify(result))
}

const mode = process.argv[2]
if ((mode === "--rss" || mode === "--live") && path.resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await probe(process.argv[3]!, mode === "--live")
}
