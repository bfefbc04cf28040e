/**
 * Documents are read in worker processes, never on the server's event loop: a file that takes minutes to
 * render or decode keeps one worker busy while every other request (and /health) is served, and a file
 * that exhausts a worker's memory ends that worker, not the server. Each read has hard limits:
 * - a time budget (READ_TIMEOUT_MS, or by default 30 s plus 2 s per page once the page count is known),
 *   counted on the worker's own work: time spent waiting for the shared OCR engines is not its fault;
 * - a memory cap (READ_MEMORY_MB): what the worker holds beyond its resting size, watched from here
 *   (resident memory) and by V8 (its heap);
 * past either the worker is killed (its memory goes with it), the read fails with a 422 or 413 that
 * names the limit, and a fresh worker takes its place on the next read. A worker left holding a large
 * heap after a read is replaced too, so memory returns to its level between documents.
 *
 * Workers get a minimal environment (no keys, no database address) and their setup as JSON.
 */
import { Deferred, Effect, Fiber, Layer, Option, Runtime } from "effect"
import { type ChildProcess, fork } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import { pathToFileURL } from "node:url"
import { AppConfig } from "../../Config.js"
import { PayloadTooLarge, type ReadError, Unprocessable, UnsupportedMediaType } from "../../Domain/Errors.js"
import type { Page, PageImage, PageModel } from "../../Domain/PageModel.js"
import { isOcrLanguage, type OcrLanguage } from "../../Ocr/Languages.js"
import { type LocalEngines, OcrEngines } from "../../Ocr/Ocr.js"
import { OfficeConverter } from "../../Office/Converter.js"
import { Scratch } from "../../Storage/Scratch.js"
import { DocumentReader, type ReadOptions } from "../Reader.js"
import {
  CHUNK_BYTES,
  type FromWorker,
  type SentModel,
  SETUP_VARIABLE,
  type ToWorker,
  type WorkerSetup
} from "./Protocol.js"

export interface ReadingPoolOptions {
  /** Documents read at once (one per worker process). */
  readonly workers: number
  /** A fixed budget per document; undefined: BASE_BUDGET_MS plus PAGE_BUDGET_MS per page. */
  readonly timeoutMs: number | undefined
  /** The memory reading one document may take beyond the worker's resting size (resident, and its V8 heap), in MB. */
  readonly memoryMb: number
  readonly setup: WorkerSetup
  readonly engines: LocalEngines
  /** The workers' temporary folder (TMPDIR); default: the server's. */
  readonly tempDir?: string
  /** Start one worker now rather than on the first document. */
  readonly prestart?: boolean
}

export const BASE_BUDGET_MS = 30_000
export const PAGE_BUDGET_MS = 2_000
/** The languages a worker asked a page to be read with, those the server ships a model for (undefined: the pool's). */
const shippedOnly = (languages: ReadonlyArray<string> | undefined): ReadonlyArray<OcrLanguage> | undefined => {
  const shipped = languages?.filter(isOcrLanguage)
  return shipped === undefined || shipped.length === 0 ? undefined : shipped
}

/** A worker whose heap or resident memory grew this much over its resting size is retired after its document. */
const RETIRE_HEAP_BYTES = 256 * 1024 * 1024
/** A worker is replaced after this many reads anyway (fragmentation, caches). */
const RETIRE_AFTER_READS = 200
const BUDGET_CHECK_MS = 200
/** A worker that has not loaded its readers by then is broken. */
const WORKER_START_MS = 60_000

/** The variables a worker keeps from the server's environment: none of its secrets. */
const KEPT_VARIABLES = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ"]

/** A worker process running Host.ts: compiled JS in production, the TypeScript source (through tsx) in tests. */
const startHost = (setup: WorkerSetup, memoryMb: number, tempDir: string | undefined): ChildProcess => {
  const here = import.meta.url
  const source = here.endsWith(".ts")
  const env: Record<string, string> = { [SETUP_VARIABLE]: JSON.stringify(setup) }
  for (const name of KEPT_VARIABLES) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  if (tempDir !== undefined) env.TMPDIR = tempDir
  return fork(new URL(source ? "./Host.ts" : "./Host.js", here), [], {
    env,
    execArgv: [
      ...(source ? ["--import", pathToFileURL(createRequire(here).resolve("tsx")).href] : []),
      `--max-old-space-size=${memoryMb}`
    ],
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"]
  })
}

/** Room in a worker's V8 heap for the readers themselves, beside a document's share. */
const HOST_HEAP_MB = 128
const PAGE_BYTES = 4096
/** Workers' scheduling priority below the server's (nice 10). */
const WORKER_NICENESS = 10
/** A process's resident memory in bytes (Linux's /proc), undefined where it cannot be read. */
const residentBytes = (pid: number | undefined): number | undefined => {
  if (pid === undefined || os.platform() !== "linux") return undefined
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1])
    return Number.isFinite(pages) ? pages * PAGE_BYTES : undefined
  } catch {
    return undefined
  }
}

/** What a worker is asked to do with the document it receives, and what its answer gives. */
interface Job<A> {
  readonly message: (id: number) => ToWorker
  /** The job's answer, from the worker's last message and the pages it sent before it. */
  readonly result: (done: Extract<FromWorker, { type: "done" }>, sent: ReadonlyArray<Page>) => A
  /** Where the reading stands: the page count once known, pages read so far, the pages themselves. */
  readonly onPageCount?: ((pages: number) => void) | undefined
  readonly onPagesRead?: ((pages: number) => void) | undefined
  readonly onPages?: ((pages: ReadonlyArray<Page>) => void) | undefined
  /** The service's own work (ReadOptions.background): it gives way to users' documents. */
  readonly background?: boolean | undefined
}

interface Slot {
  worker: ChildProcess | undefined
  reads: number
  /** Whether the worker has loaded its readers and listens. */
  ready: boolean
  /** The worker's resident memory and V8 heap when it was ready, before any document. */
  resting: number
  restingHeap: number
  /** The end of the worker's error output: why it died, when it did. */
  stderr: string
}

const errorOf = (tag: string, detail: string): ReadError =>
  tag === "PayloadTooLarge"
    ? new PayloadTooLarge({ detail })
    : tag === "Unprocessable"
    ? new Unprocessable({ detail })
    : new UnsupportedMediaType({ detail })

/** The model a worker sent, its pages sent earlier put back in place (the same objects the caller was given). */
const modelOf = (model: SentModel, sent: ReadonlyArray<Page>): PageModel => ({
  ...model,
  pages: model.pages.map((page) => {
    if (typeof page !== "number") return page
    const earlier = sent[page]
    if (earlier === undefined) throw new Error(`page ${page} was never sent`)
    return earlier
  })
})

export const makeReadingPool = (options: ReadingPoolOptions) =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<never>()
    const run = Runtime.runFork(runtime)
    const size = Math.max(1, Math.floor(options.workers))
    const memoryBytes = options.memoryMb * 1024 * 1024
    /** The V8 heap of a worker: the readers' own (about 80 MB) and the document's share. */
    const heapMb = options.memoryMb + HOST_HEAP_MB
    const slots: Array<Slot> = Array.from(
      { length: size },
      () => ({ worker: undefined, ready: false, reads: 0, resting: 0, restingHeap: 0, stderr: "" })
    )
    // A document goes to an idle worker already started when there is one (no start to wait for).
    const permits = yield* Effect.makeSemaphore(size)
    const idle: Array<Slot> = [...slots]
    const takeSlot = Effect.sync(() => {
      let pick = idle.length - 1
      while (pick > 0 && idle[pick]!.worker === undefined) pick--
      return idle.splice(idle[pick]!.worker === undefined ? idle.length - 1 : pick, 1)[0]!
    })
    yield* Effect.addFinalizer(() => Effect.sync(() => slots.forEach(retire)))

    const start = (slot: Slot) => {
      const worker = startHost(options.setup, heapMb, options.tempDir)
      slot.ready = false
      slot.stderr = ""
      worker.on("message", (message: FromWorker) => {
        if (message.type !== "ready" || slot.worker !== worker) return
        slot.ready = true
        // Reading is batch work: once started, the server's own thread (answers, /health) goes first when
        // cores are short. Not while it starts: a worker loading its readers beside the database's start
        // at a lower priority would still be loading when the first document comes.
        if (worker.pid !== undefined) {
          try {
            os.setPriority(worker.pid, WORKER_NICENESS)
          } catch {
            // Not permitted here: the worker runs at the server's priority.
          }
        }
        slot.resting = residentBytes(worker.pid) ?? 0
        slot.restingHeap = message.heapUsed
      })
      worker.stderr?.on("data", (chunk: Buffer) => {
        slot.stderr = (slot.stderr + chunk.toString("utf8")).slice(-4096)
      })
      // Between reads nobody else listens: an idle worker that fails or ends just leaves its slot empty.
      worker.on("error", () => undefined)
      worker.on("exit", () => {
        if (slot.worker === worker) retire(slot)
      })
      slot.worker = worker
      return worker
    }

    function retire(slot: Slot) {
      const worker = slot.worker
      slot.worker = undefined
      slot.ready = false
      slot.reads = 0
      worker?.kill("SIGKILL")
    }

    const outOfMemory = () =>
      new PayloadTooLarge({
        detail: `reading the document needs more than ${options.memoryMb} MB of memory (the limit, READ_MEMORY_MB)`
      })

    /** One document on one worker (started first if the slot has none), with its budget and the engines served. */
    /** One job (a document read, or a page rendered) on one worker, started first if the slot has none. */
    const runOn = <A>(slot: Slot, bytes: Uint8Array, job: Job<A>) =>
      Effect.async<A, ReadError>((resume) => {
        const fresh = !slot.ready
        const worker = slot.worker ?? start(slot)
        const id = ++slot.reads
        let started = performance.now()
        const engineCalls = new Set<Fiber.RuntimeFiber<void>>()
        let engineMs = 0, engineSince = 0, budgetMs = options.timeoutMs ?? BASE_BUDGET_MS
        let finished = false
        // Pages the worker sent before its answer, in order: the answer's model refers to them by index.
        const sent: Array<Page> = []
        // A new worker's start (loading the readers) is not the document's time, but is bounded too.
        let ready = !fresh

        const reply = (message: ToWorker) => {
          if (worker.connected) worker.send(message, (error) => error /* the worker is gone; its read has ended */)
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
        const finish = (outcome: Effect.Effect<A, ReadError>, keepWorker: boolean) => {
          if (finished) return
          finished = true
          clearInterval(timer)
          worker.off("message", onMessage)
          worker.off("error", onError)
          worker.off("close", onExit)
          for (const fiber of engineCalls) run(Fiber.interrupt(fiber))
          if (!keepWorker && slot.worker === worker) retire(slot)
          resume(outcome)
        }

        const onMessage = (message: FromWorker) => {
          switch (message.type) {
            case "ready":
              if (fresh) {
                ready = true
                started = performance.now()
                sendDocument()
              }
              return
            case "pages":
              if (options.timeoutMs === undefined) budgetMs = BASE_BUDGET_MS + PAGE_BUDGET_MS * message.pages
              job.onPageCount?.(message.pages)
              return
            case "progress":
              job.onPagesRead?.(message.pagesRead)
              return
            case "pages-read":
              if (message.id !== id) return
              for (const page of message.pages) sent.push(page)
              job.onPages?.(message.pages)
              return
            case "tesseract":
              return engine(
                options.engines.tesseract.submit(message.image, message.params, shippedOnly(message.languages)).pipe(
                  Effect.match({
                    onFailure: (e): ToWorker => ({ type: "tesseract-done", call: message.call, failure: e.reason }),
                    onSuccess: (blocks): ToWorker => ({ type: "tesseract-done", call: message.call, blocks })
                  })
                )
              )
            case "lines":
              return engine(Effect.map(options.engines.lines.read(message.image), (chars): ToWorker => {
                const alphabet = message.wantAlphabet ? options.engines.lines.readable() : undefined
                return {
                  type: "lines-done",
                  call: message.call,
                  chars,
                  ...(alphabet ? { alphabet: [...alphabet] } : {})
                }
              }))
            case "done": {
              if (message.id !== id) return
              // A worker left larger than this by a document (heap, or memory outside it) is replaced, so
              // that what one document leaves behind never counts against the next one's cap.
              const resident = residentBytes(worker.pid)
              const keep = message.heapUsed - slot.restingHeap < RETIRE_HEAP_BYTES &&
                (resident === undefined || slot.resting === 0 || resident - slot.resting < RETIRE_HEAP_BYTES) &&
                slot.reads < RETIRE_AFTER_READS
              return finish(
                message.error === undefined
                  ? Effect.try({
                    try: () => job.result(message, sent),
                    catch: (e) =>
                      new Unprocessable({ detail: `the reading worker's answer is malformed: ${String(e)}` })
                  })
                  : Effect.fail(errorOf(message.error.tag, message.error.detail)),
                keep
              )
            }
          }
        }
        const onError = (error: Error) => finish(Effect.die(error), false)
        const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
          // V8 ends a process whose heap is full with this line (and an abort).
          finish(
            /heap out of memory|Fatal process out of memory/.test(slot.stderr)
              ? Effect.fail(outOfMemory())
              : Effect.die(
                new Error(
                  `reading worker exited (${signal ?? `code ${code}`}): ${
                    slot.stderr.trim().split("\n").slice(-3).join(" ")
                  }`
                )
              ),
            false
          )
        const timer = setInterval(() => {
          if (!ready) {
            if (performance.now() - started > WORKER_START_MS) {
              finish(
                Effect.die(
                  new Error(
                    `reading worker did not start within ${WORKER_START_MS / 1000} s: ${slot.stderr.trim().slice(-500)}`
                  )
                ),
                false
              )
            }
            return
          }
          const resident = residentBytes(worker.pid)
          if (resident !== undefined && slot.resting > 0 && resident - slot.resting > memoryBytes) {
            return finish(Effect.fail(outOfMemory()), false)
          }
          const busy = engineCalls.size > 0 ? performance.now() - engineSince : 0
          if (performance.now() - started - engineMs - busy <= budgetMs) {
            return
          }
          const fixed = options.timeoutMs !== undefined
          finish(
            Effect.fail(
              new Unprocessable({
                detail: `reading the document took longer than its ${Math.round(budgetMs / 1000)} s budget (${
                  fixed ? "READ_TIMEOUT_MS" : `${BASE_BUDGET_MS / 1000} s and ${PAGE_BUDGET_MS / 1000} s per page`
                })`
              })
            ),
            false
          )
        }, BUDGET_CHECK_MS)

        worker.on("message", onMessage)
        worker.on("error", onError)
        // "close" rather than "exit": the worker's last words on stderr have arrived by then.
        worker.on("close", onExit)
        // A new worker gets the document once it listens (a message before that would be lost).
        // In pieces, each sent once the one before has gone: other requests are served in between.
        const sendDocument = (at = 0): void => {
          if (finished || !worker.connected) return
          if (at >= bytes.byteLength) return reply(job.message(id))
          worker.send(
            { type: "chunk", id, bytes: bytes.subarray(at, at + CHUNK_BYTES) } satisfies ToWorker,
            (error) => {
              if (error === null) setImmediate(() => sendDocument(at + CHUNK_BYTES))
            }
          )
        }
        if (!fresh) sendDocument()
        // The caller gave up (client gone, request interrupted): the work stops with its worker.
        return Effect.sync(() => finish(Effect.interrupt, false))
      })

    // The service's own work gives way to users': it takes only a worker already started (waiting for
    // one to be free), and while it runs, a user's document finding no started worker free waits for
    // it (a one-page read) rather than for another worker's start (seconds of loading the readers).
    let backgroundJobs = 0
    /** Completed, and replaced, each time a job hands its worker back. */
    let handedBack = yield* Deferred.make<void>()
    const startedIdle = () => idle.some((slot) => slot.worker !== undefined)
    const until = (ready: () => boolean): Effect.Effect<void> =>
      Effect.suspend(() => ready() ? Effect.void : Effect.zipRight(Deferred.await(handedBack), until(ready)))
    const handBack = (slot: Slot, background: boolean) =>
      Effect.flatMap(Deferred.make<void>(), (next) => {
        if (background) backgroundJobs--
        idle.push(slot)
        const done = handedBack
        handedBack = next
        return Deferred.succeed(done, undefined)
      })

    const runJob = <A>(bytes: Uint8Array, job: Job<A>): Effect.Effect<A, ReadError> => {
      const background = job.background === true
      const turn = background
        ? until(() => startedIdle() || slots.every((slot) => slot.worker === undefined))
        : until(() => backgroundJobs === 0 || startedIdle())
      return Effect.zipRight(
        turn,
        permits.withPermits(1)(Effect.acquireUseRelease(
          Effect.tap(takeSlot, () => {
            if (background) backgroundJobs++
          }),
          (slot) => runOn(slot, bytes, job),
          (slot) => handBack(slot, background)
        ))
      )
    }

    const read = (bytes: Uint8Array, readOptions: ReadOptions): Effect.Effect<PageModel, ReadError> =>
      runJob(bytes, {
        message: (id) => ({ type: "read", id, maxPages: readOptions.maxPages }),
        result: (done, sent) => modelOf(done.model!, sent),
        onPageCount: readOptions.onPageCount,
        onPagesRead: readOptions.onPagesRead,
        onPages: readOptions.onPages,
        background: readOptions.background
      }).pipe(Effect.withSpan("ReadingPool.read", { attributes: { bytes: bytes.byteLength } }))

    /** A page rendered for the model, in a worker like any reading of the file. */
    const pageImage = (
      bytes: Uint8Array,
      mediaType: string,
      page: number
    ): Effect.Effect<Option.Option<PageImage>, ReadError> =>
      runJob(bytes, {
        message: (id) => ({ type: "image", id, mediaType, page }),
        result: (done) => Option.fromNullable(done.image)
      }).pipe(Effect.withSpan("ReadingPool.pageImage", { attributes: { page } }))

    // One worker loads its readers while the server starts, so the first document does not wait for it.
    if (options.prestart === true) start(slots[0]!)

    /** The worker processes running now (for tests and diagnostics). */
    const pids = (): ReadonlyArray<number> => slots.flatMap((slot) => slot.worker?.pid ?? [])

    return { read, pageImage, workers: size, pids } as const
  })

/** The server's reader: documents read in worker processes, with the server's OCR engines and office converter. */
export const IsolatedDocumentReader = Layer.scoped(
  DocumentReader,
  Effect.gen(function*() {
    const config = yield* AppConfig
    const engines = yield* OcrEngines
    const office = yield* OfficeConverter
    const scratch = yield* Scratch
    const pool = yield* makeReadingPool({
      workers: config.readWorkers,
      timeoutMs: config.readTimeoutMs,
      memoryMb: config.readMemoryMb,
      prestart: config.readPrestart,
      tempDir: scratch.dir,
      engines,
      setup: {
        ocrWorkers: engines.tesseract.workers,
        ocrLanguages: engines.tesseract.languages,
        secondReading: config.ocrSecondReading,
        detectLanguage: config.ocrDetectLanguage,
        office: office.setup
      }
    })
    return DocumentReader.of({ read: pool.read, pageImage: pool.pageImage })
  })
)
