/**
 * Documents are read in worker threads, never on the server's event loop: a file that takes minutes to
 * render or decode keeps one worker busy while every other request (and /health) is served. Each read
 * has hard limits:
 * - a time budget (READ_TIMEOUT_MS, or by default 30 s plus 2 s per page once the page count is known),
 *   counted on the worker's own work: time spent waiting for the shared OCR engines is not its fault;
 * - a heap cap (READ_MEMORY_MB) enforced by V8 in the worker;
 * past either the worker is terminated (its memory goes with it), the read fails with a 422 or 413 that
 * names the limit, and a fresh worker takes its place on the next read. A worker left holding a large
 * heap after a read is replaced too, so the server's memory returns to its level between documents.
 */
import { Effect, Fiber, Layer, Queue, Runtime } from "effect"
import { Worker as NodeWorker, type ResourceLimits } from "node:worker_threads"
import { AppConfig } from "../../Config.js"
import { PayloadTooLarge, type ReadError, Unprocessable, UnsupportedMediaType } from "../../Domain/Errors.js"
import type { PageModel } from "../../Domain/PageModel.js"
import { type LocalEngines, OcrEngines } from "../../Ocr/Ocr.js"
import { OfficeConverter } from "../../Office/Converter.js"
import { DocumentReader, type ReadOptions } from "../DocumentReader.js"
import type { FromWorker, ToWorker, WorkerSetup } from "./Protocol.js"

export interface ReadingPoolOptions {
  /** Documents read at once (one per worker thread). */
  readonly workers: number
  /** A fixed budget per document; undefined: BASE_BUDGET_MS plus PAGE_BUDGET_MS per page. */
  readonly timeoutMs: number | undefined
  /** The heap a worker may use (V8's old generation), in MB. */
  readonly memoryMb: number
  readonly setup: WorkerSetup
  readonly engines: LocalEngines
}

export const BASE_BUDGET_MS = 30_000
export const PAGE_BUDGET_MS = 2_000
/** A worker whose heap holds more than this after a read is replaced rather than kept. */
const RETIRE_HEAP_BYTES = 256 * 1024 * 1024
/** A worker is replaced after this many reads anyway (fragmentation, caches). */
const RETIRE_AFTER_READS = 200
const BUDGET_CHECK_MS = 200

/** The worker thread running Host.ts: compiled JS in production, the TypeScript source (through tsx) in tests. */
const startHost = (setup: WorkerSetup, resourceLimits: ResourceLimits): NodeWorker => {
  const here = import.meta.url
  if (here.endsWith(".ts")) {
    const host = new URL("./Host.ts", here).href
    const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(host)}) })`
    return new NodeWorker(boot, { eval: true, workerData: setup, resourceLimits })
  }
  return new NodeWorker(new URL("./Host.js", here), { workerData: setup, resourceLimits })
}

interface Slot {
  worker: NodeWorker | undefined
  reads: number
}

const errorOf = (tag: string, detail: string): ReadError =>
  tag === "PayloadTooLarge"
    ? new PayloadTooLarge({ detail })
    : tag === "Unprocessable"
    ? new Unprocessable({ detail })
    : new UnsupportedMediaType({ detail })

export const makeReadingPool = (options: ReadingPoolOptions) =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<never>()
    const run = Runtime.runFork(runtime)
    const size = Math.max(1, Math.floor(options.workers))
    const resourceLimits: ResourceLimits = { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 48 }
    const slots: Array<Slot> = Array.from({ length: size }, () => ({ worker: undefined, reads: 0 }))
    const free = yield* Queue.unbounded<Slot>()
    yield* Queue.offerAll(free, slots)
    yield* Effect.addFinalizer(() =>
      Effect.promise(() => Promise.all(slots.map((slot) => slot.worker?.terminate().catch(() => 0))))
    )

    const start = (slot: Slot) => {
      const worker = startHost(options.setup, resourceLimits)
      // Between reads nobody else listens: an idle worker that fails or ends just leaves its slot empty.
      worker.on("error", () => undefined)
      worker.on("exit", () => {
        if (slot.worker === worker) retire(slot)
      })
      slot.worker = worker
      return worker
    }

    const retire = (slot: Slot) => {
      const worker = slot.worker
      slot.worker = undefined
      slot.reads = 0
      void worker?.terminate().catch(() => 0)
    }

    /** One document on one worker (started first if the slot has none), with its budget and the engines served. */
    const readOn = (slot: Slot, bytes: Uint8Array, readOptions: ReadOptions) =>
      Effect.async<PageModel, ReadError>((resume) => {
        const worker = slot.worker ?? start(slot)
        const id = ++slot.reads
        const started = performance.now()
        const engineCalls = new Set<Fiber.RuntimeFiber<void>>()
        let engineMs = 0, engineSince = 0, budgetMs = options.timeoutMs ?? BASE_BUDGET_MS
        let finished = false

        const reply = (message: ToWorker) => {
          try {
            worker.postMessage(message)
          } catch {
            // The worker is gone; its read has already ended.
          }
        }
        const engine = (effect: Effect.Effect<ToWorker>) => {
          if (engineCalls.size === 0) engineSince = performance.now()
          const fiber = run(Effect.flatMap(effect, (message) => Effect.sync(() => reply(message))))
          engineCalls.add(fiber)
          fiber.addObserver(() => {
            engineCalls.delete(fiber)
            if (engineCalls.size === 0) engineMs += performance.now() - engineSince
          })
        }
        const finish = (outcome: Effect.Effect<PageModel, ReadError>, keepWorker: boolean) => {
          if (finished) return
          finished = true
          clearInterval(timer)
          worker.off("message", onMessage)
          worker.off("error", onError)
          worker.off("exit", onExit)
          for (const fiber of engineCalls) run(Fiber.interrupt(fiber))
          if (!keepWorker && slot.worker === worker) retire(slot)
          resume(outcome)
        }

        const onMessage = (message: FromWorker) => {
          switch (message.type) {
            case "ready":
              return
            case "pages":
              if (options.timeoutMs === undefined) budgetMs = BASE_BUDGET_MS + PAGE_BUDGET_MS * message.pages
              return
            case "tesseract":
              return engine(options.engines.tesseract.submit(message.image, message.params).pipe(
                Effect.match({
                  onFailure: (e): ToWorker => ({ type: "tesseract-done", call: message.call, failure: e.reason }),
                  onSuccess: (blocks): ToWorker => ({ type: "tesseract-done", call: message.call, blocks })
                })
              ))
            case "lines":
              return engine(Effect.map(options.engines.lines.read(message.image), (chars): ToWorker => {
                const alphabet = message.wantAlphabet ? options.engines.lines.readable() : undefined
                return { type: "lines-done", call: message.call, chars, ...(alphabet ? { alphabet: [...alphabet] } : {}) }
              }))
            case "done": {
              if (message.id !== id) return
              const keep = message.heapUsed < RETIRE_HEAP_BYTES && slot.reads < RETIRE_AFTER_READS
              return finish(
                message.model !== undefined ? Effect.succeed(message.model) : Effect.fail(errorOf(message.error?.tag ?? "", message.error?.detail ?? "unreadable file")),
                keep
              )
            }
          }
        }
        const onError = (error: Error) => {
          const outOfMemory = (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY"
          finish(
            outOfMemory
              ? Effect.fail(new PayloadTooLarge({ detail: `reading the document needs more than ${options.memoryMb} MB of memory (the limit, READ_MEMORY_MB)` }))
              : Effect.die(error),
            false
          )
        }
        const onExit = (code: number) => finish(Effect.die(new Error(`reading worker exited (code ${code})`)), false)
        const timer = setInterval(() => {
          const busy = engineCalls.size > 0 ? performance.now() - engineSince : 0
          if (performance.now() - started - engineMs - busy <= budgetMs) return
          const fixed = options.timeoutMs !== undefined
          finish(Effect.fail(new Unprocessable({
            detail: `reading the document took longer than its ${Math.round(budgetMs / 1000)} s budget (${
              fixed ? "READ_TIMEOUT_MS" : `${BASE_BUDGET_MS / 1000} s and ${PAGE_BUDGET_MS / 1000} s per page`
            })`
          })), false)
        }, BUDGET_CHECK_MS)

        worker.on("message", onMessage)
        worker.on("error", onError)
        worker.on("exit", onExit)
        // A copy of its own goes to the worker (the caller keeps its bytes).
        const copy = new Uint8Array(bytes)
        worker.postMessage({ type: "read", id, bytes: copy, maxPages: readOptions.maxPages } satisfies ToWorker, [copy.buffer as ArrayBuffer])
        // The caller gave up (client gone, request interrupted): the work stops with its worker.
        return Effect.sync(() => finish(Effect.interrupt, false))
      })

    const read = (bytes: Uint8Array, readOptions: ReadOptions): Effect.Effect<PageModel, ReadError> =>
      Effect.acquireUseRelease(
        Queue.take(free),
        (slot) => readOn(slot, bytes, readOptions),
        (slot) => Queue.offer(free, slot)
      ).pipe(Effect.withSpan("ReadingPool.read", { attributes: { bytes: bytes.byteLength } }))

    return { read, workers: size } as const
  })

/** The server's reader: documents read in worker threads, with the server's OCR engines and office converter. */
export const IsolatedDocumentReader = Layer.scoped(
  DocumentReader,
  Effect.gen(function*() {
    const config = yield* AppConfig
    const engines = yield* OcrEngines
    const office = yield* OfficeConverter
    const pool = yield* makeReadingPool({
      workers: config.readWorkers,
      timeoutMs: config.readTimeoutMs,
      memoryMb: config.readMemoryMb,
      engines,
      setup: { ocrWorkers: engines.tesseract.workers, secondReading: config.ocrSecondReading, office: office.setup }
    })
    return DocumentReader.make({ read: pool.read })
  })
)
