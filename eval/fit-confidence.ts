/**
 * `npx tsx eval/fit-confidence.ts [--read-cache] [--groups address,text] [corpus-dir…]`: fits the local engine's confidence
 * model (src/Engine/Local/confidence.json) on the tune part of the corpora (the shared corpora and the
 * synthetic set by default; never the held-back part), one logistic regression per kind of value
 * over the engine's reasons for each value (Engine/Local/Confidence.ts). Prints the fitted model's
 * calibration on the tune part by five-fold cross-validation (each fifth scored by a model fitted on
 * the other four), then writes the model fitted on all of it. `--groups` refits only the kinds of value
 * named and keeps the others' weights from the model in the repository (a reason added for one kind
 * is fitted without moving the calibration of the rest).
 */
import LogisticRegression from "ml-logistic-regression"
import { Matrix } from "ml-matrix"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { type ConfidenceModel, FEATURES, type ValueGroup, type Weights } from "../src/Engine/Local/Confidence.js"
import { runCorpus } from "./Harness.js"
import { corporaIn, type Corpus, loadCorpus } from "./Manifest.js"
import { binsOf } from "./Report.js"
import { evalRuntime } from "./Runtime.js"
import { partOf } from "./Split.js"
import { generateSynthetic } from "./synthetic/Generate.js"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const GROUPS: ReadonlyArray<ValueGroup> = ["amount", "date", "text", "address", "code"]

interface Sample {
  readonly group: ValueGroup
  readonly x: Array<number>
  readonly right: boolean
}

const collect = async (dirs: ReadonlyArray<string>, readCache: string | undefined): Promise<Array<Sample>> => {
  const out = path.join(root, "eval", "out", "fit")
  const { runtime, dispose } = await evalRuntime(out)
  const samples: Array<Sample> = []
  try {
    for (const dir of dirs) {
      const full = loadCorpus(dir)
      // The tune part only: the held-back part must never shape the model.
      const corpus: Corpus = {
        ...full,
        manifest: { ...full.manifest, items: full.manifest.items.filter((i) => (i.part ?? partOf(i.file)) === "tune") }
      }
      const result = await runtime.runPromise(
        runCorpus(corpus, { ...(readCache !== undefined ? { readCache } : {}), threshold: 0 })
      )
      for (const item of result.items) {
        for (const f of item.fields) {
          const e = f.raw?.evidence as Record<string, number | string> | undefined
          if (f.raw === undefined || e === undefined) continue
          samples.push({ group: e["group"] as ValueGroup, x: FEATURES.map((k) => Number(e[k] ?? 0)), right: f.raw.ok })
        }
      }
      console.log(`${full.manifest.name}: ${samples.length} values so far`)
    }
  } finally {
    await dispose()
  }
  return samples
}

/** Whether a group's values teach anything: enough of them, and both right and wrong ones. */
const learnable = (samples: ReadonlyArray<Sample>): boolean => {
  const rights = samples.filter((s) => s.right).length
  return samples.length >= 20 && rights > 0 && rights < samples.length
}

/** One logistic regression of being right on the given reasons (indexes into FEATURES), with an intercept. */
const regress = (samples: ReadonlyArray<Sample>, used: ReadonlyArray<number>): Array<number> => {
  const X = new Matrix(samples.map((s) => [1, ...used.map((i) => s.x[i]!)]))
  const Y = Matrix.columnVector(samples.map((s) => (s.right ? 1 : 0)))
  const model = new LogisticRegression({ numSteps: 20_000, learningRate: 2e-3 / Math.sqrt(samples.length) })
  model.train(X, Y)
  // The first classifier separates class 0 from the rest: its score is the probability of being right.
  return model.classifiers[0]!.weights.to1DArray() as Array<number>
}

/**
 * A logistic regression of being right on the reasons. Every reason speaks for a value, never
 * against it: a reason the fit weighs negatively (it stands in for another it goes with) is left out
 * and the rest fitted again, so that a value's confidence only grows with its evidence.
 */
const fit = (samples: ReadonlyArray<Sample>): Weights => {
  let used = FEATURES.map((_, i) => i)
  let w = regress(samples, used)
  for (;;) {
    const negative = used.filter((_, j) => w[j + 1]! < 0)
    if (negative.length === 0) break
    used = used.filter((i) => !negative.includes(i))
    w = regress(samples, used)
  }
  const weights = Object.fromEntries(FEATURES.map((f, i) => {
    const j = used.indexOf(i)
    return [f, j < 0 ? 0 : Math.round(w[j + 1]! * 1000) / 1000]
  }))
  return { bias: w[0]!, weights: weights as Weights["weights"] }
}

/**
 * One model per kind of value; a kind whose values are all right (or too few) on the tune part takes
 * the model of every value pooled, so that its confidence still follows the evidence rather than
 * claiming the certainty of a small sample.
 */
const fitAll = (
  samples: ReadonlyArray<Sample>,
  only?: ReadonlySet<ValueGroup>,
  kept?: ConfidenceModel
): ConfidenceModel => {
  const pooled = fit(samples)
  return Object.fromEntries(GROUPS.map((g) => {
    if (only !== undefined && kept !== undefined && !only.has(g)) return [g, withEveryReason(kept[g])]
    const own = samples.filter((s) => s.group === g)
    return [g, learnable(own) ? fit(own) : pooled]
  })) as unknown as ConfidenceModel
}

/** A kept group's weights with a weight (0) for every reason, reasons added since it was fitted included. */
const withEveryReason = (w: Weights): Weights => ({
  bias: w.bias,
  weights: Object.fromEntries(FEATURES.map((f) => [f, w.weights[f] ?? 0])) as Weights["weights"]
})

const probability = (m: ConfidenceModel, s: Sample): number => {
  const w = m[s.group]
  const z = FEATURES.reduce((sum, f, i) => sum + w.weights[f] * s.x[i]!, w.bias)
  return 1 / (1 + Math.exp(-z))
}

const main = async () => {
  const args = process.argv.slice(2)
  const readCache = args.includes("--read-cache")
    ? process.env["EVAL_READ_CACHE"] ?? path.join(root, "eval", "out", "read-cache")
    : undefined
  const groupsAt = args.indexOf("--groups")
  const only = groupsAt < 0 ? undefined : new Set(args[groupsAt + 1]!.split(",") as Array<ValueGroup>)
  for (const g of only ?? []) {
    if (!GROUPS.includes(g)) throw new Error(`--groups: no kind of value "${g}" (${GROUPS.join(", ")})`)
  }
  const file = path.join(root, "src", "Engine", "Local", "confidence.json")
  const kept = only === undefined ? undefined : (JSON.parse(fs.readFileSync(file, "utf8")) as ConfidenceModel)
  const given = args.filter((a, i) => !a.startsWith("--") && i !== groupsAt + 1).map((a) => path.resolve(a))
  const dirs = given.length > 0 ? given : corporaIn(path.resolve(root, "..", "shared", "corpora"))
  if (given.length === 0) {
    dirs.push(
      ...(await generateSynthetic({ dir: path.join(root, "eval", "out", "fit", "synthetic"), seed: 1, scale: 1 }))
    )
  }
  const samples = await collect(dirs, readCache)

  // Five-fold cross-validation on the tune part: how the model calibrates on values it was not fitted on.
  const scored = samples.map((s, i) => ({ s, fold: i % 5 }))
  const held: Array<{ confidence: number; right: boolean }> = []
  for (let k = 0; k < 5; k++) {
    const m = fitAll(scored.filter((x) => x.fold !== k).map((x) => x.s), only, kept)
    for (const x of scored.filter((x) => x.fold === k)) held.push({ confidence: probability(m, x.s), right: x.s.right })
  }
  console.log(`\n${samples.length} values; cross-validated calibration on the tune part:`)
  for (const b of binsOf(held)) {
    if (b.n > 0) {
      console.log(
        `  ${b.from.toFixed(2)}–${b.to.toFixed(2)}  ${String(b.n).padStart(4)} values  ${
          ((100 * b.right) / b.n).toFixed(1)
        }% right`
      )
    }
  }

  const model = fitAll(samples, only, kept)
  fs.writeFileSync(file, JSON.stringify(model, null, 2) + "\n")
  console.log(`\nWrote ${path.relative(process.cwd(), file)}`)
}

main().then(() => process.exit(0), (e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
