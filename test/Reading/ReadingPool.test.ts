/**
 * The reading pool: documents read in worker threads with a time budget and a heap cap. Real files,
 * real workers (the TypeScript host through tsx), the real OCR engines of this process.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Exit, Fiber, Layer, Option } from "effect"
import * as os from "node:os"
import type { Page } from "../../src/Domain/PageModel.js"
import { makeEngines } from "../../src/Ocr/Ocr.js"
import { makeReadingPool } from "../../src/Reading/Isolation/ReadingPool.js"
import { DocumentReader, readFile } from "../../src/Reading/Reader.js"
import { heavyPagesPdf, makeTextPdf, manyItemsPdf } from "../support/pdfs.js"
import { textPng } from "../support/textImage.js"

class Pool extends Context.Tag("test/Pool")<Pool, Effect.Effect.Success<ReturnType<typeof makeReadingPool>>>() {}

const poolLayer = (options: { timeoutMs?: number; memoryMb?: number; workers?: number }) =>
  Layer.scopedContext(
    Effect.gen(function*() {
      const engines = yield* makeEngines({ workers: 1 })
      const pool = yield* makeReadingPool({
        workers: options.workers ?? 1,
        timeoutMs: options.timeoutMs,
        memoryMb: options.memoryMb ?? 256,
        engines,
        setup: { ocrWorkers: 1, ocrLanguages: ["eng"], secondReading: false, detectLanguage: true, office: undefined }
      })
      return Context.make(Pool, pool).pipe(
        Context.add(DocumentReader, DocumentReader.of({ read: pool.read, pageImage: pool.pageImage }))
      )
    })
  )

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const pause = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

const text = (lines: ReadonlyArray<string>) => Effect.promise(() => makeTextPdf([lines]))
const read = (bytes: Uint8Array) => readFile(bytes, { maxPages: 100 })

/** The longest the main thread went without running a timer while `effect` ran (ms). */
const longestStall = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    let last = performance.now(), worst = 0
    const timer = setInterval(() => {
      const now = performance.now()
      worst = Math.max(worst, now - last)
      last = now
    }, 10)
    const exit = yield* Effect.exit(effect).pipe(Effect.ensuring(Effect.sync(() => clearInterval(timer))))
    return [exit, worst] as const
  })

describe("ReadingPool", () => {
  layer(poolLayer({ timeoutMs: 1_500 }), { timeout: 120_000 })("a fixed budget of 1.5 s", (it) => {
    it.effect("reads a document in a worker, the main thread free meanwhile", () =>
      Effect.gen(function*() {
        const [exit, stall] = yield* longestStall(read(yield* text(["INVOICE", "Invoice Number: 7"])))
        expect(Exit.isSuccess(exit) ? "read" : String(exit.cause)).toBe("read")
        if (Exit.isSuccess(exit)) {
          expect(exit.value.pages[0]!.lines.map((l) => l.text)).toEqual(["INVOICE", "Invoice Number: 7"])
        }
        expect(stall).toBeLessThan(250)
      }))

    it.effect("a document over its budget is a 422 naming it, the main thread never blocked; the next read gets a new worker", () =>
      Effect.gen(function*() {
        const pool = yield* Pool
        const started = performance.now()
        const [exit, stall] = yield* longestStall(read(heavyPagesPdf(8, 60_000)))
        const ms = performance.now() - started
        expect(exit).toMatchObject({ _tag: "Failure" })
        const error = Exit.isFailure(exit) ? exit.cause : undefined
        expect(String(JSON.stringify(error))).toMatch(/Unprocessable/)
        expect(String(JSON.stringify(error))).toMatch(/longer than its 2 s budget \(READ_TIMEOUT_MS\)/)
        expect(ms).toBeLessThan(5_000)
        expect(stall).toBeLessThan(250)
        expect(pool.pids()).toEqual([])
        const next = yield* read(yield* text(["RECEIPT"]))
        expect(next.pages[0]!.lines.map((l) => l.text)).toEqual(["RECEIPT"])
      }))

    it.effect("renders a page image for the model in a worker: a JPEG of a PDF page, none for a text file", () =>
      Effect.gen(function*() {
        const reader = yield* DocumentReader
        const [exit, stall] = yield* longestStall(reader.pageImage(yield* text(["INVOICE"]), "application/pdf", 1))
        expect(stall).toBeLessThan(250)
        const image = Exit.isSuccess(exit) ? Option.getOrUndefined(exit.value) : undefined
        expect(image?.mediaType).toBe("image/jpeg")
        expect([...image!.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
        expect(Option.isNone(yield* reader.pageImage(new TextEncoder().encode("plain text"), "text/plain", 1))).toBe(
          true
        )
      }))

    it.effect("an interrupted read kills its worker process; the next read is served", () =>
      Effect.gen(function*() {
        const pool = yield* Pool
        const fiber = yield* Effect.fork(read(heavyPagesPdf(8, 60_000)))
        yield* pause(300)
        const [pid] = pool.pids()
        expect(pid).toBeDefined()
        yield* Fiber.interrupt(fiber)
        // Killed at once; gone once the system has reaped it (a loaded machine may take a moment).
        for (let i = 0; i < 40 && alive(pid!); i++) yield* pause(50)
        expect(alive(pid!)).toBe(false)
        const next = yield* read(yield* text(["AFTER"]))
        expect(next.pages[0]!.lines.map((l) => l.text)).toEqual(["AFTER"])
      }))
  })

  layer(poolLayer({}), { timeout: 120_000 })("a new pool", (it) => {
    it.effect("a worker starts at the server's priority and reads at a lower one once it has started", () =>
      Effect.gen(function*() {
        const pool = yield* Pool
        const reading = yield* Effect.fork(read(yield* text(["PRIORITY"])))
        // A worker needs its readers loaded (a second or so) before it says it is ready.
        for (let i = 0; i < 40 && pool.pids().length === 0; i++) yield* pause(5)
        const [pid] = pool.pids()
        expect(pid).toBeDefined()
        const starting = os.getPriority(pid!)
        yield* Fiber.join(reading)
        expect([starting, os.getPriority(pid!)]).toEqual([os.getPriority(), os.getPriority() + 10])
      }))
  })

  layer(poolLayer({ workers: 2 }), { timeout: 120_000 })(
    "two workers, the service's own reading among users'",
    (it) => {
      const lines = (model: { pages: ReadonlyArray<Page> }) => model.pages.flatMap((p) => p.lines.map((l) => l.text))

      it.effect("a user's document waits for the one worker the service's reading holds rather than starting another", () =>
        Effect.gen(function*() {
          const pool = yield* Pool
          const own = yield* Effect.fork(readFile(heavyPagesPdf(2, 12_000), { maxPages: 10, background: true }))
          yield* pause(200)
          expect(pool.pids()).toHaveLength(1)
          const users = yield* read(yield* text(["A USER'S DOCUMENT"]))
          expect(lines(users)).toEqual(["A USER'S DOCUMENT"])
          expect((yield* Fiber.join(own)).pages).toHaveLength(2)
          expect(pool.pids()).toHaveLength(1)
        }))

      it.effect("the service's reading waits for the started worker a user's document holds rather than starting another", () =>
        Effect.gen(function*() {
          const pool = yield* Pool
          expect(pool.pids()).toHaveLength(1)
          const users = yield* Effect.fork(read(heavyPagesPdf(2, 12_000)))
          yield* pause(200)
          const own = yield* readFile(yield* text(["THE SERVICE'S OWN"]), { maxPages: 10, background: true })
          expect(lines(own)).toEqual(["THE SERVICE'S OWN"])
          expect((yield* Fiber.join(users)).pages).toHaveLength(2)
          expect(pool.pids()).toHaveLength(1)
        }))

      it.effect("users' documents at once still get a worker each", () =>
        Effect.gen(function*() {
          const pool = yield* Pool
          const both = yield* Effect.all([read(heavyPagesPdf(2, 12_000)), read(yield* text(["SECOND"]))], {
            concurrency: 2
          })
          expect(lines(both[1])).toEqual(["SECOND"])
          expect(pool.pids()).toHaveLength(2)
        }))
    }
  )

  layer(poolLayer({ memoryMb: 96 }), { timeout: 120_000 })("a heap cap of 96 MB", (it) => {
    it.effect("a document needing more is a 413 naming READ_MEMORY_MB; the next read gets a new worker", () =>
      Effect.gen(function*() {
        const exit = yield* Effect.exit(read(manyItemsPdf(1_000_000)))
        expect(exit).toMatchObject({ _tag: "Failure" })
        const cause = JSON.stringify(Exit.isFailure(exit) ? exit.cause : undefined)
        expect(cause).toMatch(/PayloadTooLarge/)
        expect(cause).toMatch(/more than 96 MB of memory \(the limit, READ_MEMORY_MB\)/)
        const next = yield* read(yield* text(["STILL HERE"]))
        expect(next.pages[0]!.lines.map((l) => l.text)).toEqual(["STILL HERE"])
      }))
  })

  layer(poolLayer({}), { timeout: 120_000 })("a scan in German", (it) => {
    it.effect("is read in the worker with the German model first, asked of the server's engines", () =>
      Effect.gen(function*() {
        const png = yield* Effect.promise(() =>
          textPng(["Bäckerei Sonnenschein", "Summe 8,40", "Vielen Dank und bis bald"], { width: 720 })
        )
        const model = yield* read(new Uint8Array(png))
        expect(model.pages[0]!.lines.map((l) => l.text).join("\n")).toMatch(/Bäckerei/)
      }))
  })

  layer(poolLayer({}), { timeout: 120_000 })("a long PDF", (it) => {
    it.effect("hands over its pages while the worker reads on, the model ending with those same page objects", () =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() =>
          makeTextPdf(Array.from({ length: 40 }, (_, i) => [`INVOICE ${i + 1}`, `Total ${i + 1}.00`]))
        )
        const given: Array<Page> = []
        const batches: Array<number> = []
        const model = yield* readFile(bytes, {
          maxPages: 100,
          onPages: (pages) => {
            batches.push(pages.length)
            given.push(...pages)
          }
        })
        // Pages come a batch at a time, the first batch long before the last page is read.
        expect(batches.length).toBeGreaterThan(1)
        expect(batches.reduce((a, b) => a + b, 0)).toBe(40)
        expect(given.map((p) => p.page)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
        expect(model.pages).toHaveLength(40)
        model.pages.forEach((page, i) => expect(page).toBe(given[i]))
        expect(model.pages[39]!.lines.map((l) => l.text)).toEqual(["INVOICE 40", "Total 40.00"])
      }))

    it.effect("a format read whole (an image) gives no pages early and its model whole", () =>
      Effect.gen(function*() {
        const png = yield* Effect.promise(() => textPng(["RECEIPT", "Total 8.40"], { width: 480 }))
        let given = 0
        const model = yield* readFile(new Uint8Array(png), {
          maxPages: 10,
          onPages: (pages) => void (given += pages.length)
        })
        expect(given).toBe(0)
        expect(model.pages).toHaveLength(1)
        expect(model.pages[0]!.lines.map((l) => l.text).join(" ")).toMatch(/RECEIPT/)
      }))
  })
})
