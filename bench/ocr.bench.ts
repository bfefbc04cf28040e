/**
 * OCR speed and quality over ../shared/corpora/receipts-dev, against the native `tesseract` CLI
 * (Debian tesseract-ocr 5.x, OMP_THREAD_LIMIT=1, two processes at once) on the same images.
 *
 * - CPU and wall seconds per page: ours over a pool of two workers (process CPU: main thread,
 *   decoding and preprocessing included, worker start excluded), native summed over its processes;
 *   the ratio is against native with two processes at once, as ours runs two workers, and native is
 *   measured one process at a time too (its CPU per page is lower alone on some days of this machine),
 *   and with our model: Debian's English model is tessdata_fast, a network a quarter the size of the
 *   best_int model we load, so only that row compares the engines alone.
 * - CER: edit distance / reference length, text upper-cased (the SROIE truth is upper case) and
 *   whitespace collapsed, lines in reading order. The truth lists some tables column by column,
 *   which no line-based OCR reproduces, so two order-blind figures are printed beside it: "CER
 *   any order" (the same distance after the truth's lines are put in the order where the OCR text
 *   has them: longest lines first claim their best-matching stretch) and "word recall" (share of
 *   the truth's words found, in any order). The gap between CER and CER any order is what the
 *   truth's line order costs.
 * - total/date found: the receipt's expected total (as an amount) and date (day- or month-first)
 *   appear in the OCR text.
 *
 * OCR_BENCH_LIMIT=n reads only the first n receipts; OCR_BENCH_SETTINGS='{"targetTextHeight":24};{"crop":false}'
 * adds one run per JSON object: preprocessing settings (Preprocess.ts), `segmentation`, `reread` and `secondReading`.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import sharp from "sharp"
import { DEFAULT_OCR_LANGUAGES, isOcrLanguage, type OcrLanguage, parseOcrLanguages } from "../src/Ocr/Languages.js"
import type { RecognizeOptions } from "../src/Ocr/Ocr.js"
import { makeOcr, Ocr, unpackModel } from "../src/Ocr/Ocr.js"
import { findDates } from "../src/Text/Dates.js"

const corpus = path.resolve(import.meta.dirname, "../../shared/corpora/receipts-dev")
const WORKERS = 2
/** The languages read, as the service reads them (OCR_LANGUAGES, else its default). */
const LANGUAGES: ReadonlyArray<OcrLanguage> = process.env.OCR_LANGUAGES === undefined
  ? DEFAULT_OCR_LANGUAGES
  : parseOcrLanguages(process.env.OCR_LANGUAGES).filter(isOcrLanguage)

interface Item {
  readonly file: string
  readonly ocr_truth: string
  readonly expected: { readonly total?: number; readonly date?: string }
}

interface Score {
  readonly cer: number
  readonly cerAnyOrder: number
  readonly wordRecall: number
  readonly total: boolean | undefined
  readonly date: boolean | undefined
}

interface Row {
  readonly name: string
  readonly cpuPerPage: number
  readonly wallPerPage: number
  readonly scores: ReadonlyArray<Score>
}

// ---------------------------------------------------------------------------------------------
// Scoring

const normalize = (s: string) => s.toUpperCase().replace(/\s+/g, " ").trim()

/** Levenshtein distance, two rows. */
export const editDistance = (a: string, b: string): number => {
  let prev = new Uint32Array(b.length + 1), cur = new Uint32Array(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1), prev[j]! + 1, cur[j - 1]! + 1)
    }
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length]!
}

const cer = (hypothesis: string, reference: string) => {
  const ref = normalize(reference)
  return editDistance(normalize(hypothesis), ref) / Math.max(1, ref.length)
}

/** The best-matching stretch of `text` for `line` (edit distance, free start and end), skipping claimed characters. */
const bestStretch = (text: ReadonlyArray<string>, line: string) => {
  const m = line.length
  let prev = new Uint32Array(m + 1), prevStart = new Uint32Array(m + 1)
  let cur = new Uint32Array(m + 1), curStart = new Uint32Array(m + 1)
  for (let j = 0; j <= m; j++) prev[j] = j
  let best = { distance: m, start: 0, end: 0 }
  for (let i = 1; i <= text.length; i++) {
    cur[0] = 0
    curStart[0] = i
    for (let j = 1; j <= m; j++) {
      const substitute = prev[j - 1]! + (text[i - 1] === line[j - 1] ? 0 : 1),
        skipText = prev[j]! + 1,
        skipLine = cur[j - 1]! + 1
      if (substitute <= skipText && substitute <= skipLine) {
        cur[j] = substitute
        curStart[j] = j === 1 ? i - 1 : prevStart[j - 1]!
      } else if (skipText <= skipLine) {
        cur[j] = skipText
        curStart[j] = prevStart[j]!
      } else {
        cur[j] = skipLine
        curStart[j] = curStart[j - 1]!
      }
    }
    if (cur[m]! < best.distance) best = { distance: cur[m]!, start: curStart[m]!, end: i }
    ;[prev, cur] = [cur, prev]
    ;[prevStart, curStart] = [curStart, prevStart]
  }
  return best
}

/**
 * The truth's lines in the OCR text's order: longest first, each line claims the stretch it matches best
 * (if it matches at all: under half its characters wrong); a line matching nowhere follows its predecessor.
 */
const inOcrOrder = (hypothesis: string, reference: string): string => {
  const text = normalize(hypothesis).split("")
  const lines = reference.split("\n").map(normalize).filter((l) => l.length > 0)
  const position = new Array<number>(lines.length).fill(Number.NaN)
  for (const i of lines.map((_, i) => i).sort((a, b) => lines[b]!.length - lines[a]!.length)) {
    const { distance, start, end } = bestStretch(text, lines[i]!)
    if (distance >= 0.5 * lines[i]!.length) continue
    position[i] = start
    text.fill("\u0000", start, end)
  }
  for (let i = 0; i < lines.length; i++) {
    if (Number.isNaN(position[i])) {
      position[i] = i === 0
        ? -1
        : position[i - 1]! + 1e-3
    }
  }
  return lines.map((line, i) => ({ line, i, at: position[i]! }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((l) => l.line)
    .join(" ")
}

const cerAnyOrder = (hypothesis: string, reference: string) =>
  editDistance(normalize(hypothesis), inOcrOrder(hypothesis, reference)) / Math.max(1, normalize(reference).length)

/** Share of the truth's words (as a multiset) that the OCR text has: blind to reading order. */
const wordRecall = (hypothesis: string, reference: string) => {
  const have = new Map<string, number>()
  for (const w of normalize(hypothesis).split(" ")) have.set(w, (have.get(w) ?? 0) + 1)
  const words = normalize(reference).split(" ").filter((w) => w.length > 0)
  let found = 0
  for (const w of words) {
    const n = have.get(w) ?? 0
    if (n > 0) {
      found++
      have.set(w, n - 1)
    }
  }
  return found / Math.max(1, words.length)
}

/** An amount with one or two decimals ("9.00", "174.9", "1,234.50") equal to the total. */
const totalFound = (text: string, total: number) =>
  Array.from(text.matchAll(/\d[\d,]*[.,]\d{1,2}(?!\d)/g)).some((m) => {
    const value = Number(m[0].replace(/,(?=\d{3}(?!\d))/g, "").replace(",", "."))
    return Math.abs(value - total) < 0.005
  })

const dateFound = (text: string, iso: string) =>
  findDates(text, "dmy").some((d) => d.iso === iso) || findDates(text, "mdy").some((d) => d.iso === iso)

const score = (text: string, item: Item): Score => {
  const truth = fs.readFileSync(path.join(corpus, item.ocr_truth), "utf8")
  return {
    cer: cer(text, truth),
    cerAnyOrder: cerAnyOrder(text, truth),
    wordRecall: wordRecall(text, truth),
    total: item.expected.total === undefined ? undefined : totalFound(text, item.expected.total),
    date: item.expected.date === undefined ? undefined : dateFound(text, item.expected.date)
  }
}

// ---------------------------------------------------------------------------------------------
// Runs

const cpuSeconds = () => {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1e6
}

/** Runs `task` over the items, `parallel` at a time, in order of the items. */
const pool = async <A>(items: ReadonlyArray<Item>, parallel: number, task: (item: Item) => Promise<A>) => {
  const results: Array<A> = []
  let next = 0
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!)
    }
  }))
  return results
}

const decode = async (file: string) => {
  const { data, info } = await sharp(file).rotate().grayscale().raw().toBuffer({ resolveWithObject: true })
  return { width: info.width, height: info.height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.length) }
}

const runOurs = async (
  runtime: ManagedRuntime.ManagedRuntime<Ocr, never>,
  items: ReadonlyArray<Item>,
  name: string,
  options: RecognizeOptions
): Promise<Row> => {
  const ocr = await runtime.runPromise(Ocr)
  const cpu0 = cpuSeconds(), wall0 = performance.now()
  const texts = await pool(items, WORKERS, async (item) => {
    const image = await decode(path.join(corpus, item.file))
    const result = await runtime.runPromise(ocr.recognize(image, options))
    return result.lines.map((l) => l.text).join("\n")
  })
  dump(name, items, texts)
  return {
    name,
    cpuPerPage: (cpuSeconds() - cpu0) / items.length,
    wallPerPage: (performance.now() - wall0) / 1000 / items.length,
    scores: texts.map((t, i) => score(t, items[i]!))
  }
}

/** OCR_BENCH_DUMP=dir keeps every run's texts (dir/<run>/<receipt>.txt) for a closer look. */
const dump = (name: string, items: ReadonlyArray<Item>, texts: ReadonlyArray<string>) => {
  const dir = process.env.OCR_BENCH_DUMP
  if (!dir) return
  const runDir = path.join(dir, name.replace(/[^\w.-]+/g, "_").slice(0, 80))
  fs.mkdirSync(runDir, { recursive: true })
  items.forEach((item, i) => fs.writeFileSync(path.join(runDir, `${path.basename(item.file)}.txt`), texts[i]!))
}

const shell = (script: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ ok: boolean; stdout: string; stderr: string }>((resolve) =>
    execFile(
      "bash",
      ["-c", script, "bash", ...args],
      { env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: error === null, stdout, stderr })
    )
  )

const nativeVersion = async (): Promise<string | undefined> => {
  const r = await shell("tesseract --version 2>&1 | head -1", [])
  return r.ok && /tesseract\s+\d/.test(r.stdout) ? r.stdout.trim() : undefined
}

/** The CLI on the original files; CPU from bash's `time` (user + sys of the process). */
const runNative = async (items: ReadonlyArray<Item>, processes = WORKERS, tessdata?: string): Promise<Row> => {
  const env = { ...process.env, OMP_THREAD_LIMIT: "1" }
  let cpu = 0
  const wall0 = performance.now()
  const texts = await pool(items, processes, async (item) => {
    const out = await shell(
      `TIMEFORMAT='%U %S'; { time tesseract "$1" stdout \${3:+--tessdata-dir "$3" -l "$4"} 2>/dev/null >"$2"; } 2>&1; cat "$2"; rm -f "$2"`,
      [
        path.join(corpus, item.file),
        `/tmp/ocr-bench-${process.pid}-${path.basename(item.file)}.txt`,
        ...(tessdata === undefined ? [] : [tessdata, LANGUAGES.join("+")])
      ],
      env
    )
    const newline = out.stdout.indexOf("\n")
    const [user, sys] = out.stdout.slice(0, newline).split(" ").map(Number)
    cpu += (user ?? 0) + (sys ?? 0)
    return out.stdout.slice(newline + 1)
  })
  if (processes === WORKERS && tessdata === undefined) dump("native", items, texts)
  return {
    name: tessdata !== undefined
      ? `native CLI, our models (best_int, ${LANGUAGES.join("+")})`
      : processes === WORKERS
      ? "native tesseract CLI"
      : "native, one process at a time",
    cpuPerPage: cpu / items.length,
    wallPerPage: (performance.now() - wall0) / 1000 / items.length,
    scores: texts.map((t, i) => score(t, items[i]!))
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const mean = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
const share = (xs: ReadonlyArray<boolean | undefined>) => {
  const known = xs.filter((x): x is boolean => x !== undefined)
  return `${Math.round((100 * known.filter(Boolean).length) / Math.max(1, known.length))}% of ${known.length}`
}

const print = (rows: ReadonlyArray<Row>, native: Row | undefined) => {
  const table = rows.map((r) => ({
    run: r.name,
    "CPU s/page": r.cpuPerPage.toFixed(2),
    "wall s/page": r.wallPerPage.toFixed(2),
    "CPU vs native": native && r !== native ? `${(r.cpuPerPage / native.cpuPerPage).toFixed(2)}×` : "",
    CER: mean(r.scores.map((s) => s.cer)).toFixed(3),
    "CER any order": mean(r.scores.map((s) => s.cerAnyOrder)).toFixed(3),
    "word recall": mean(r.scores.map((s) => s.wordRecall)).toFixed(3),
    "total found": share(r.scores.map((s) => s.total)),
    "date found": share(r.scores.map((s) => s.date))
  }))
  console.table(table)
}

export default async function() {
  const manifestPath = path.join(corpus, "manifest.json")
  if (!fs.existsSync(manifestPath)) {
    console.log(`skipped: no receipts corpus at ${corpus}`)
    return
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as { items: Array<Item> }
  const limit = Number(process.env.OCR_BENCH_LIMIT ?? manifest.items.length)
  const items = manifest.items.slice(0, limit)
  console.log(`${items.length} receipts, ${WORKERS} workers / processes`)

  console.log(`languages: ${LANGUAGES.join("+")}`)
  const runtimeFor = (languages: ReadonlyArray<OcrLanguage>) =>
    ManagedRuntime.make(Layer.scoped(Ocr, Effect.map(makeOcr({ workers: WORKERS, languages }), Ocr.make)))
  const runtime = runtimeFor(LANGUAGES)
  const rows: Array<Row> = []
  try {
    // Start the pool (and load the model) before measuring.
    await runtime.runPromise(
      Effect.flatMap(
        Ocr,
        (ocr) =>
          Effect.all([1, 2].map(() => ocr.recognize({ width: 8, height: 8, pixels: new Uint8Array(64).fill(255) })))
      )
    )
    rows.push(await (runOurs(runtime, items, "tesseract.js raw (grayscale only)", { preprocess: false })))
    rows.push(await (runOurs(runtime, items, "tesseract.js prepared, no second reading", { secondReading: false })))
    rows.push(await (runOurs(runtime, items, "prepared + second reading of doubtful lines (ours)", {})))
    // What reading more languages than English costs on these English receipts.
    if (LANGUAGES.join("+") !== "eng") {
      const english = runtimeFor(["eng"])
      try {
        rows.push(await runOurs(english, items, "the same, English model only", {}))
      } finally {
        await english.dispose()
      }
    }
    for (const extra of (process.env.OCR_BENCH_SETTINGS ?? "").split(";").filter((s) => s.trim().length > 0)) {
      const { segmentation, reread, secondReading, ...settings } = JSON.parse(extra)
      rows.push(await runOurs(runtime, items, extra, { preprocess: settings, segmentation, reread, secondReading }))
    }
  } finally {
    await runtime.dispose()
  }

  const version = await nativeVersion()
  let native: Row | undefined
  if (version === undefined) {
    console.log("native tesseract: MISSING (apt-get install -y tesseract-ocr): no CPU ratio this run")
  } else {
    console.log(`native: ${version}, OMP_THREAD_LIMIT=1`)
    native = await runNative(items)
    rows.push(native)
    // The reference's CPU per page grows when two processes share the two cores (start-up and page faults
    // of a new process per image); one at a time shows how much.
    rows.push(await runNative(items, 1))
    // Our model (best_int) for the CLI too: Debian's tesseract-ocr-eng is tessdata_fast, a smaller network,
    // so the rows above compare engines and models at once.
    rows.push(
      await runNative(
        items,
        WORKERS,
        unpackModel(fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-bench-model-")), LANGUAGES)
      )
    )
  }
  print(rows, native)
  console.log("targets: CPU ≤ 1.5× native, CER ≤ 0.10, total and date found ≥ 90%")
}
