import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { makeOcr, Ocr, tesseractPaths } from "../../src/Ocr/Ocr.js"
import { textImage } from "../support/textImage.js"

/**
 * tesseract.js's worker, wrapped so the test can break it: while `crash` exists the next recognition
 * ends the thread (the file is removed first, so only once); while `hang` exists it blocks the thread;
 * `exit` ends an idle thread. Each thread started adds a byte to `starts`.
 */
const breakableWorker = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ocr-pool-"))
  const file = path.join(dir, "worker.cjs")
  const marker = (name: string) => JSON.stringify(path.join(dir, name))
  fs.writeFileSync(
    file,
    [
      `const fs = require("fs")`,
      `const { parentPort } = require("worker_threads")`,
      `const take = (f) => { try { fs.unlinkSync(f); return true } catch { return false } }`,
      `fs.appendFileSync(${marker("starts")}, "x")`,
      `parentPort.on("message", (packet) => {`,
      `  if (packet.action !== "recognize") return`,
      `  if (take(${marker("crash")})) process.exit(1)`,
      `  if (take(${marker("hang")})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600000)`,
      `})`,
      `setInterval(() => { if (take(${marker("exit")})) process.exit(1) }, 20).unref()`,
      `require(${JSON.stringify(tesseractPaths().workerPath)})`
    ].join("\n")
  )
  return {
    file,
    arm: (name: "crash" | "hang" | "exit") => fs.writeFileSync(path.join(dir, name), ""),
    starts: () => fs.existsSync(path.join(dir, "starts")) ? fs.readFileSync(path.join(dir, "starts")).length : 0
  }
}

const sleep = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

const readsBack = (lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const ocr = yield* Ocr
    const result = yield* ocr.recognize(textImage(lines).image)
    expect(result.lines.map((l) => l.text)).toEqual(lines)
  })

describe("Ocr pool", () => {
  const worker = breakableWorker()
  // One worker: a job after a failure can only succeed on a replacement. The long job timeout shows
  // that a stopped worker is noticed when its thread ends, not when the job times out.
  const OnePool = Layer.scoped(
    Ocr,
    Effect.map(makeOcr({ workers: 1, workerPath: worker.file, jobTimeoutMs: 60_000 }), Ocr.make)
  )

  layer(OnePool, { timeout: 60_000 })("one breakable worker", (it) => {
    it.effect("a worker that crashes during a recognition fails that job at once and is replaced", () =>
      Effect.gen(function*() {
        const ocr = yield* Ocr
        yield* readsBack(["Before 11"])
        worker.arm("crash")
        const started = Date.now()
        const exit = yield* Effect.exit(ocr.recognize(textImage(["Lost 22"]).image))
        expect(Exit.isFailure(exit)).toBe(true)
        expect(String(Exit.isFailure(exit) ? exit.cause : "")).toMatch(/stopped/)
        expect(Date.now() - started).toBeLessThan(3_000)
        yield* readsBack(["After 33"])
        yield* readsBack(["Again 44"])
      }))

    it.effect("a worker that ends while idle is replaced before the next job, which succeeds", () =>
      Effect.gen(function*() {
        yield* readsBack(["Before 55"])
        worker.arm("exit")
        yield* sleep(300)
        yield* readsBack(["After 66"])
      }))
  })

  // Its own pool, started on the live clock: the job timeout runs on real time.
  it.live("a stuck worker is abandoned after the job timeout and replaced", () =>
    Effect.gen(function*() {
      const stuck = breakableWorker()
      const ocr = yield* makeOcr({ workers: 1, workerPath: stuck.file, jobTimeoutMs: 2_000 })
      stuck.arm("hang")
      const exit = yield* Effect.exit(ocr.recognize(textImage(["Stuck 77"]).image))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(String(Exit.isFailure(exit) ? exit.cause : "")).toMatch(/longer than 2000 ms/)
      const result = yield* ocr.recognize(textImage(["After 88"]).image)
      expect(result.lines.map((l) => l.text)).toEqual(["After 88"])
    }).pipe(Effect.scoped), 60_000)

  it.live(
    "a worker given no job for its idle time ends, and the next job starts one again",
    () =>
      Effect.gen(function*() {
        const watched = breakableWorker()
        const ocr = yield* makeOcr({ workers: 1, workerPath: watched.file, idleMs: 300 })
        const read = (line: string) =>
          Effect.map(ocr.recognize(textImage([line]).image), (result) => result.lines.map((l) => l.text))
        expect(yield* read("First 12")).toEqual(["First 12"])
        expect(yield* read("Second 34")).toEqual(["Second 34"])
        expect(watched.starts()).toBe(1)
        yield* sleep(1_000)
        expect(yield* read("Third 56")).toEqual(["Third 56"])
        expect(watched.starts()).toBe(2)
      }).pipe(Effect.scoped),
    60_000
  )
})
