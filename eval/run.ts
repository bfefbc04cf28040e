/**
 * `npm run eval [-- options] [corpus-dir…]`: scores the offline pipeline on evaluation corpora.
 *
 * With no directories: the shared corpora (`../shared/corpora` beside the repository) when present,
 * plus the synthetic set generated now from a seed. A directory is a corpus (has a manifest.json) or
 * a folder of corpora. Options:
 *   --synthetic / --no-synthetic   add or leave out the synthetic set (default: only without directories)
 *   --no-shared                    leave out the shared corpora (with no directories: the synthetic set alone)
 *   --seed N                       synthetic seed (default 1)
 *   --scale N                      synthetic size factor (default 1)
 *   --out DIR                      report folder (default eval/out)
 *   --failures N                   failure lines shown per corpus (default 40; all are in the JSON)
 *   --jobs N                       items run at once (default 2)
 *   --show-held-back               also print the failures of the held-back part (two files in five of every
 *                                  corpus, by a hash of the name): only to report, never to tune on
 *   --oracle                       the Claude engine against an oracle in place of the Messages API that answers
 *                                  every extraction with the item's truth as written on the page (eval/Oracle.ts):
 *                                  what is not right then is what the engine's grounding loses
 *   --truth                        read items' ground-truth text (manifest `ocr_truth`) instead of their
 *                                  images: the engine with perfect OCR, to tell reading from extraction losses
 *   --read-cache                   development only: keep page models by file hash in OUT/read-cache (or
 *                                  in $EVAL_READ_CACHE when set) and reuse them instead of reading (OCR)
 *                                  again. Stale once reading changes: delete the folder or run without it
 * Writes DIR/report.json and DIR/report.md, and prints what changed since the previous report.json.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type CorpusResult, runCorpus } from "./Harness.js"
import { corporaIn, type Corpus, type Item, loadCorpus } from "./Manifest.js"
import { startOracle } from "./Oracle.js"
import {
  confidenceText,
  type CorpusSummary,
  deltas,
  failureLines,
  markdownReport,
  summarize,
  summaryText
} from "./Report.js"
import { evalRuntime } from "./Runtime.js"
import { generateSynthetic } from "./synthetic/Generate.js"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

interface Options {
  readonly dirs: Array<string>
  readonly synthetic: boolean | undefined
  readonly seed: number
  readonly scale: number
  readonly out: string
  readonly failures: number
  readonly truth: boolean
  readonly jobs: number
  readonly shared: boolean
  readonly readCache: string | undefined
  readonly showHeldBack: boolean
  readonly oracle: boolean
}

const parseArgs = (args: ReadonlyArray<string>): Options => {
  const o = {
    dirs: [] as Array<string>,
    synthetic: undefined as boolean | undefined,
    seed: 1,
    scale: 1,
    out: path.join(root, "eval", "out"),
    failures: 40,
    truth: false,
    jobs: 2,
    shared: true,
    readCache: undefined as string | undefined,
    showHeldBack: false,
    oracle: false
  }

  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const value = () => {
      const v = args[++i]
      if (v === undefined) throw new Error(`${a} needs a value`)
      return v
    }
    if (a === "--synthetic") o.synthetic = true
    else if (a === "--no-synthetic") o.synthetic = false
    else if (a === "--seed") o.seed = Number(value())
    else if (a === "--scale") o.scale = Number(value())
    else if (a === "--out") o.out = path.resolve(value())
    else if (a === "--failures") o.failures = Number(value())
    else if (a === "--truth") o.truth = true
    else if (a === "--no-shared") o.shared = false
    else if (a === "--show-held-back") o.showHeldBack = true
    else if (a === "--oracle") o.oracle = true
    else if (a === "--jobs") o.jobs = Number(value())
    else if (a === "--read-cache") o.readCache = o.readCache ?? ""
    else if (a === "--help" || a === "-h") {
      console.log(
        fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("*/")[0]!.replace(/^\/\*\*|^ \* ?/gm, "")
      )
      process.exit(0)
    } else if (a.startsWith("--")) throw new Error(`unknown option ${a}`)
    else o.dirs.push(path.resolve(a))
  }
  if (!Number.isFinite(o.seed) || !Number.isFinite(o.scale) || o.scale <= 0 || !(o.jobs >= 1)) {
    throw new Error("--seed, --scale and --jobs take numbers")
  }
  return o
}

/** A corpus folder, or every corpus inside a folder. */
const expand = (dir: string): Array<string> => {
  if (fs.existsSync(path.join(dir, "manifest.json"))) return [dir]
  const inside = corporaIn(dir)
  if (inside.length === 0) throw new Error(`${dir}: not a corpus (no manifest.json) and holds none`)
  return inside
}

const main = async () => {
  const options = parseArgs(process.argv.slice(2))
  const useSynthetic = options.synthetic ?? options.dirs.length === 0
  const dirs = options.dirs.length > 0
    ? options.dirs.flatMap(expand)
    : options.shared
    ? corporaIn(path.resolve(root, "..", "shared", "corpora"))
    : []
  if (options.dirs.length === 0 && options.shared && dirs.length === 0) {
    console.log("No shared corpora found (../shared/corpora): synthetic set only.")
  }
  fs.mkdirSync(options.out, { recursive: true })
  const envCache = process.env["EVAL_READ_CACHE"]
  const readCache = options.readCache === undefined
    ? undefined
    : envCache !== undefined && envCache !== ""
    ? path.resolve(envCache)
    : path.join(options.out, "read-cache")
  if (readCache !== undefined) {
    console.log(`Reusing page models from ${readCache} (development cache: reading changes are not seen).`)
  }
  if (useSynthetic) {
    const at = path.join(options.out, "synthetic")
    const started = Date.now()
    dirs.push(...(await generateSynthetic({ dir: at, seed: options.seed, scale: options.scale })))
    console.log(
      `Synthetic set (seed ${options.seed}, scale ${options.scale}) generated in ${at} (${Date.now() - started} ms).`
    )
  }
  const corpora: Array<Corpus> = dirs.map(loadCorpus)

  const oracle = options.oracle ? await startOracle() : undefined
  if (oracle !== undefined) {
    Object.assign(process.env, {
      ENGINE: "anthropic",
      ANTHROPIC_API_KEY: "sk-ant-oracle",
      ANTHROPIC_BASE_URL: oracle.url,
      MODEL_VISION: "false"
    })
    console.log(
      `The Claude engine against the oracle at ${oracle.url}: answers are the corpus truth as written on the page.`
    )
  }
  // The engine gives every value; the harness applies the service's threshold when it scores, so the
  // trade-off of every other threshold can be shown from the same run.
  const { runtime, threshold, dispose } = await evalRuntime(options.out)
  const results: Array<CorpusResult> = []
  try {
    for (const corpus of corpora) {
      const total = corpus.manifest.items.length
      const result = await runtime.runPromise(
        runCorpus(corpus, {
          truth: options.truth,
          threshold,
          ...(oracle !== undefined
            ? {
              beforeItem: (item: Item) =>
                oracle.setTruth({ ...item.expected, ...(item.lines !== undefined ? { lines: item.lines } : {}) })
            }
            : {}),
          concurrency: options.jobs,
          ...(readCache === undefined ? {} : { readCache }),
          onItem: (_, item, i) => {
            if (process.stdout.isTTY) {
              process.stdout.write(`\r${corpus.manifest.name}: ${i + 1}/${total} ${item.file}`.padEnd(79).slice(0, 79))
            }
          }
        })
      )
      if (process.stdout.isTTY) process.stdout.write("\r".padEnd(80) + "\r")
      results.push(result)
    }
  } finally {
    // OCR workers can take a while to stop; the report does not wait for them.
    await dispose()
    await oracle?.close()
  }

  // The held-back part of every corpus first: the numbers that say how the engine does on files it was not tuned on.
  const heldBack = results.map((r) => summarize(r, "held-back")).filter((s) => s.items > 0)
  const tuned = results.map((r) => summarize(r, "tune")).filter((s) => s.items > 0)
  const summaries: Array<CorpusSummary> = [...heldBack, ...tuned]
  for (const r of results) {
    // Failures of held-back files are not shown unless asked for: looking at them would tune on them.
    const lines = r.items.filter((item) => options.showHeldBack || item.part === "tune").flatMap((item) =>
      failureLines(r, item)
    )
    if (lines.length === 0) continue
    console.log(
      `\nFailures in ${r.name} (${lines.length} lines${
        lines.length > options.failures ? `, first ${options.failures}` : ""
      }):`
    )
    for (const l of lines.slice(0, options.failures)) console.log(`  ${l}`)
  }
  console.log(`\nHeld back (never tuned on):\n${summaryText(heldBack)}`)
  console.log(`\nTuned on:\n${summaryText(tuned)}`)
  console.log(`\n${confidenceText("Held back", heldBack)}\n${confidenceText("Tuned on", tuned)}`)
  console.log(`\nScored at MIN_CONFIDENCE ${threshold} (the service's setting; the trade-off above shows others).`)

  const reportFile = path.join(options.out, "report.json")
  const previous: ReadonlyArray<CorpusSummary> = fs.existsSync(reportFile)
    ? (JSON.parse(fs.readFileSync(reportFile, "utf8")).summaries ?? [])
    : []
  const changes = deltas(previous, summaries)
  if (changes.length > 0) {
    console.log("\nChanged since the previous report:")
    for (const d of changes) console.log(`  ${d.name} ${d.what}: ${d.before} → ${d.after}`)
  }
  const date = new Date().toISOString()
  fs.writeFileSync(
    reportFile,
    JSON.stringify({ date, seed: options.seed, scale: options.scale, summaries, corpora: results }, null, 2)
  )
  fs.writeFileSync(
    path.join(options.out, "report.md"),
    markdownReport(summaries, { date: date.slice(0, 10), seed: options.seed })
  )
  console.log(`\nReport: ${path.relative(process.cwd(), reportFile)} and report.md`)
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e instanceof Error ? e.message : e)
    process.exit(1)
  }
)
