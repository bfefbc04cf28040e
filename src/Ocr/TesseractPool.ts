/**
 * One pool of tesseract.js workers shared by every request, started on first use and terminated when
 * its scope closes; a worker given no job for a while (`idleMs`) ends, with its model's memory, and is
 * started again by the next job. Everything loads from node_modules, never the network: the worker script, the wasm
 * core and the LSTM models of the languages it reads (@tesseract.js-data/<code>, best_int; Languages.ts), unpacked
 * once per pool into a private folder of its own (mode 0700, random name), so no other local user can plant a model.
 *
 * `submit` queues one image (a PGM) for the next free worker (a bounded queue: callers wait when it is
 * full). A worker whose thread ends (crash, exit, terminate) or that overruns the job timeout is
 * replaced, so the pool keeps its size; the job fails with OcrFailed.
 */
import { Deferred, Effect, Exit, Option, Queue, Schedule, Scope } from "effect"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { Worker as NodeWorker } from "node:worker_threads"
import * as zlib from "node:zlib"
import Tesseract from "tesseract.js"
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from "./Languages.js"
import { OcrFailed, type TesseractBlocks } from "./Types.js"

export interface TesseractPoolOptions {
  /** Number of tesseract workers (threads). */
  readonly workers: number
  /** Jobs that may wait for a worker before `submit` itself waits (backpressure). Default 2 per worker. */
  readonly queueCapacity?: number
  /** A recognition running longer than this is abandoned and its worker replaced. */
  readonly jobTimeoutMs?: number
  /** Overrides the worker script (tests wrap it to watch for network access). */
  readonly workerPath?: string
  /** Where the model's private folder is made (default: the system's temporary folder). */
  readonly tempDir?: string
  /** A worker given no job for this long ends; the next job starts it again. Default two minutes. */
  readonly idleMs?: number
  /** The languages read, the first one's model first (default DEFAULT_OCR_LANGUAGES). */
  readonly languages?: ReadonlyArray<OcrLanguage>
}

const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

/**
 * The model: LSTM only, integer weights of tessdata "best" (the only LSTM network in @tesseract.js-data/eng;
 * its "4.0.0" adds the legacy engine). Debian's tesseract ships the smaller tessdata_fast network: on the
 * same prepared receipts it needs a quarter less CPU but reads fewer totals (67% against 77%).
 */
const MODEL_VERSION = "4.0.0_best_int"

/** Where tesseract.js finds its code and the packed model; plain paths (a URL, even file://, would be fetched). */
export const tesseractPaths = () => {
  const tesseract = packageDir("tesseract.js")
  return {
    workerPath: path.join(tesseract, "src", "worker-script", "node", "index.js"),
    corePath: packageDir("tesseract.js-core"),
    langPath: path.join(packageDir("@tesseract.js-data/eng"), MODEL_VERSION)
  }
}

/** A language's packed model in its package. */
const packedModel = (language: OcrLanguage) =>
  path.join(packageDir(`@tesseract.js-data/${language}`), MODEL_VERSION, `${language}.traineddata.gz`)

/** Unpacks the languages' models (`eng.traineddata`, …; ~20 ms each) into `dir`: also a tessdata directory for the tesseract CLI. */
export const unpackModel = (dir: string, languages: ReadonlyArray<OcrLanguage> = DEFAULT_OCR_LANGUAGES): string => {
  for (const language of languages) {
    fs.writeFileSync(
      path.join(dir, `${language}.traineddata`),
      zlib.gunzipSync(fs.readFileSync(packedModel(language))),
      { mode: 0o600 }
    )
  }
  return dir
}

/** `unpackModel` as an effect. */
const unpacking = (dir: () => string, languages: ReadonlyArray<OcrLanguage>) =>
  Effect.try({
    try: () => unpackModel(dir(), languages),
    catch: (cause) => new OcrFailed({ reason: `the OCR model could not be unpacked: ${String(cause)}` })
  })

/** A private folder with the models unpacked, removed when the scope closes. */
const privateModelDir = (tempDir: string, languages: ReadonlyArray<OcrLanguage>) =>
  Effect.acquireRelease(
    unpacking(() => fs.mkdtempSync(path.join(tempDir, "docsplit-ocr-")), languages),
    (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true }))
  )

/** Tesseract parameters fixed for the life of a worker. */
const INIT_CONFIG: Record<string, string> = {
  // Tesseract's diagnostics ("Estimating resolution as …") would go to stdout.
  debug_file: "/dev/null"
}

interface Job {
  readonly image: Uint8Array
  readonly params: Record<string, string>
  /** The models the page is read with, the first one's on every word ("deu+eng"). */
  readonly languages: string
  readonly done: Deferred.Deferred<TesseractBlocks, OcrFailed>
  /** Set when the caller stopped waiting: a worker that has not started the job skips it. */
  abandoned: boolean
}

/** A running worker and the signal that its thread has ended (crashed, exited or terminated). */
interface Running {
  readonly worker: Tesseract.Worker
  readonly stopped: Deferred.Deferred<void>
  /** The models the worker reads with now ("eng+deu"). */
  languages: string
}

interface Slot {
  current: Running
  /** Ended for want of jobs; started again by the next one. */
  asleep: boolean
}

const DEFAULT_JOB_TIMEOUT_MS = 120_000
/** Each worker holds 100–150 MB once it has read a page: an idle server gives it back after this. */
const DEFAULT_IDLE_MS = 120_000

/** The worker_threads thread under a tesseract.js worker (tesseract.js keeps it as `worker`). */
const threadOf = (worker: Tesseract.Worker): NodeWorker | undefined => {
  const thread = (worker as unknown as { readonly worker?: unknown }).worker
  return thread instanceof NodeWorker ? thread : undefined
}

const startWorker = (
  workerPath: string | undefined,
  modelDir: string,
  languages: ReadonlyArray<OcrLanguage>
): Effect.Effect<Running, OcrFailed> =>
  Effect.gen(function*() {
    const stopped = yield* Deferred.make<void>()
    const worker = yield* Effect.tryPromise({
      try: () => {
        const paths = tesseractPaths()
        return Tesseract.createWorker(languages.join("+"), Tesseract.OEM.LSTM_ONLY, {
          workerPath: workerPath ?? paths.workerPath,
          corePath: paths.corePath,
          langPath: paths.langPath,
          cachePath: modelDir,
          cacheMethod: "readOnly",
          gzip: true,
          // Without a handler a failed job is also thrown inside tesseract.js's message listener.
          errorHandler: () => undefined
        }, INIT_CONFIG as Partial<Tesseract.InitOptions>)
      },
      catch: (cause) => new OcrFailed({ reason: `OCR worker failed to start: ${String(cause)}` })
    })
    // tesseract.js does not watch its thread: a thread that dies would leave its job waiting forever,
    // and an uncaught error in it would be rethrown in this process.
    const thread = threadOf(worker)
    const stop = () => Deferred.unsafeDone(stopped, Exit.void)
    thread?.on("error", stop)
    thread?.on("exit", stop)
    return { worker, stopped, languages: languages.join("+") }
  })

const terminate = (running: Running) => Effect.promise(() => running.worker.terminate().catch(() => undefined))

export interface TesseractPool {
  /**
   * Reads one PGM image with these tesseract parameters, with the pool's languages or the ones given (a worker
   * reading with others first switches models, 0.1–0.3 s).
   */
  readonly submit: (
    image: Uint8Array,
    params: Record<string, string>,
    languages?: ReadonlyArray<OcrLanguage>
  ) => Effect.Effect<TesseractBlocks, OcrFailed>
  /** How many images are read at once. */
  readonly workers: number
  /** The languages every page is read with (OCR_LANGUAGES). */
  readonly languages: ReadonlyArray<OcrLanguage>
}

export const makeTesseractPool = (options: TesseractPoolOptions) =>
  Effect.gen(function*() {
    const poolScope = yield* Effect.scope
    const workers = Math.max(1, Math.floor(options.workers))
    const languages = options.languages ?? DEFAULT_OCR_LANGUAGES
    const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS
    const jobs = yield* Queue.bounded<Job>(Math.max(1, options.queueCapacity ?? 2 * workers))
    const slots: Array<Slot> = []
    yield* Effect.addFinalizer(() => Effect.forEach(slots, (slot) => terminate(slot.current), { discard: true }))
    // Unpacked on first use, removed after the workers stop (finalizers run in reverse order).
    const modelDir = yield* Effect.cached(
      Effect.provideService(privateModelDir(options.tempDir ?? os.tmpdir(), languages), Scope.Scope, poolScope)
    )
    /** The languages whose models the folder holds: the pool's, then any a page asked for. */
    const unpacked = new Set<OcrLanguage>(languages)
    const unpackLock = yield* Effect.makeSemaphore(1)
    /** Unpacks the models of a page's languages the folder lacks (~50 ms each, once; one page at a time). */
    const withModels = (read: ReadonlyArray<OcrLanguage>) =>
      unpackLock.withPermits(1)(Effect.gen(function*() {
        const missing = read.filter((language) => !unpacked.has(language))
        if (missing.length === 0) return
        const dir = yield* modelDir
        yield* unpacking(() => dir, missing)
        for (const language of missing) unpacked.add(language)
      }))

    /**
     * A stuck or stopped (crashed, terminated) worker is replaced, so the pool never runs short;
     * a job that merely failed leaves its worker usable.
     */
    const replace = (slot: Slot) =>
      Effect.gen(function*() {
        yield* terminate(slot.current)
        const dir = yield* modelDir
        slot.current = yield* startWorker(options.workerPath, dir, languages).pipe(
          Effect.retry(Schedule.spaced("1 second"))
        )
        slot.asleep = false
      }).pipe(Effect.withSpan("Ocr.replaceWorker"))

    const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
    /** The next job; none when an awake worker waited `idleMs` for it (an asleep one waits as long as it takes). */
    const nextJob = (slot: Slot) =>
      slot.asleep ? Effect.asSome(Queue.take(jobs)) : Effect.timeoutOption(Queue.take(jobs), idleMs)

    const isStopped = (running: Running) => Effect.map(Deferred.poll(running.stopped), (poll) => poll._tag === "Some")

    const run = (slot: Slot, job: Job): Effect.Effect<TesseractBlocks, OcrFailed> => {
      const running = slot.current
      // The worker switches to the job's models first when it reads with others.
      const switched = running.languages === job.languages ? Promise.resolve() : running.worker
        .reinitialize(job.languages, Tesseract.OEM.LSTM_ONLY)
        .then(() => {
          running.languages = job.languages
        })
      const recognition = Effect.tryPromise({
        try: () =>
          switched.then(() =>
            running.worker.recognize(
              Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
              job.params,
              { text: false, blocks: true }
            )
          ),
        catch: (cause) => new OcrFailed({ reason: String(cause) })
      })
      const stopped = Effect.zipRight(
        Deferred.await(running.stopped),
        Effect.fail(new OcrFailed({ reason: "the OCR worker stopped during the recognition" }))
      )
      return Effect.raceFirst(recognition, stopped).pipe(
        Effect.map((result) => result.data as TesseractBlocks),
        Effect.timeout(jobTimeoutMs),
        Effect.catchTag("TimeoutException", () =>
          Effect.zipRight(
            replace(slot),
            Effect.fail(new OcrFailed({ reason: `OCR took longer than ${jobTimeoutMs} ms` }))
          )),
        Effect.tapError(() =>
          Effect.flatMap(isStopped(running), (gone) => gone && slot.current === running ? replace(slot) : Effect.void)
        )
      )
    }

    const serve = (slot: Slot) =>
      Effect.forever(
        Effect.gen(function*() {
          const next = yield* nextJob(slot)
          if (Option.isNone(next)) {
            yield* terminate(slot.current)
            slot.asleep = true
            return
          }
          const job = next.value
          if (job.abandoned) {
            return
          }
          // A worker asleep, or that stopped while idle, is started again before it is given the job.
          if (slot.asleep || (yield* isStopped(slot.current))) yield* replace(slot)
          yield* Deferred.done(job.done, yield* Effect.exit(run(slot, job)))
        })
      )

    // Started by the first recognition, then shared. Uninterruptible, so a caller giving up cannot leak
    // threads; a failed start (a broken install) fails that call and is tried again by the next one.
    const startLock = yield* Effect.makeSemaphore(1)
    let started = false
    const ensureStarted = startLock.withPermits(1)(
      Effect.suspend(() =>
        started ? Effect.void : Effect.gen(function*() {
          const dir = yield* modelDir
          const ready = yield* Effect.forEach(
            Array.from({ length: workers }),
            () =>
              Effect.exit(
                Effect.map(
                  startWorker(options.workerPath, dir, languages),
                  (current): Slot => ({ current, asleep: false })
                )
              ),
            { concurrency: "unbounded" }
          )
          const ok = ready.flatMap((exit) => (Exit.isSuccess(exit) ? [exit.value] : []))
          const failed = ready.find(Exit.isFailure)
          if (failed) {
            yield* Effect.forEach(ok, (slot) => terminate(slot.current), { discard: true })
            return yield* Effect.asVoid(failed)
          }
          slots.push(...ok)
          // Forked from an uninterruptible region: the servers must be made interruptible again to stop with the pool.
          for (const slot of ok) yield* Effect.forkIn(Effect.interruptible(serve(slot)), poolScope)
          started = true
        }).pipe(Effect.uninterruptible, Effect.withSpan("Ocr.start", { attributes: { workers } }))
      )
    )

    /** Queues one recognition and waits for it; a caller that stops waiting leaves the job to be skipped. */
    const submit = (image: Uint8Array, params: Record<string, string>, read = languages) =>
      Effect.gen(function*() {
        yield* ensureStarted
        yield* withModels(read)
        const job: Job = {
          image,
          params,
          languages: read.join("+"),
          done: yield* Deferred.make<TesseractBlocks, OcrFailed>(),
          abandoned: false
        }
        yield* Queue.offer(jobs, job)
        return yield* Deferred.await(job.done).pipe(
          Effect.onInterrupt(() =>
            Effect.sync(() => {
              job.abandoned = true
            })
          )
        )
      })

    return { submit, workers, languages } satisfies TesseractPool
  })
