/**
 * A second recognizer for the lines tesseract reads in doubt (LineModel.ts: the network), run on threads
 * of its own: onnxruntime-node runs a network on the thread that calls it, so on the server's thread every
 * line read would stop the server's other work and all of them would share one core.
 *
 * `concurrency` threads at most, started on first use; threads not needed for a while (`idleMs`, two
 * minutes unless told) end (the pool shrinks to its use). Each loads the network once and reads one line at a time. When the network cannot
 * be loaded (a platform onnxruntime-node has no binary for, a thread that cannot start or does not load
 * it in time), `read` answers `undefined` and the page keeps tesseract's reading; the cause is logged once.
 */
import { Deferred, Effect, Either, Pool, Scope } from "effect"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import type { GrayImage, ReadCharacter } from "./LineModel.js"
import type { FromThread, ToThread } from "./LineRecognizerProtocol.js"

export type { GrayImage, ReadCharacter } from "./LineModel.js"

/** Threads not needed this long end (their network's memory with them); the next line starts one again. */
const IDLE_MS = 120_000
/** A thread that has not loaded the network by then is taken for one that cannot. */
const LOAD_TIMEOUT = "60 seconds"

class RecognizerUnavailable {
  readonly _tag = "RecognizerUnavailable"
  constructor(readonly reason: string) {}
}

/**
 * The thread's script: compiled JS beside this module in production; in the sources (tests, tools run
 * through tsx) the TypeScript file, with tsx's loader registered in the thread first.
 */
const startWorker = (modelPath: string | undefined): Worker => {
  const here = import.meta.url
  const workerData = { modelPath }
  if (!here.endsWith(".ts")) return new Worker(new URL("./LineRecognizerThread.js", here), { workerData })
  // tsx's API for ES modules sits beside the CommonJS one that `require` resolves.
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs")
  const script = new URL("./LineRecognizerThread.ts", here).href
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script)}) })`,
    { eval: true, workerData }
  )
}

interface RecognizerThread {
  readonly alphabet: ReadonlySet<string>
  /** False once the thread has ended (crashed, exited): it reads nothing more. */
  readonly alive: () => boolean
  readonly read: (image: GrayImage) => Effect.Effect<ReadonlyArray<ReadCharacter>, Error>
}

/** A thread handed out by the pool after it ended while idle: the pool replaces it and the read is retried. */
class EndedThread {
  readonly _tag = "EndedThread"
}

/** A thread with the network loaded, ended when the scope closes; fails when the network cannot load. */
const acquireThread = (modelPath: string | undefined) =>
  Effect.gen(function*() {
    const ready = yield* Deferred.make<ReadonlySet<string>, RecognizerUnavailable>()
    const pending = new Map<number, Deferred.Deferred<ReadonlyArray<ReadCharacter>, Error>>()
    let next = 0
    let alive = true
    const worker = yield* Effect.acquireRelease(
      Effect.try({
        try: () => startWorker(modelPath),
        catch: (cause) => new RecognizerUnavailable(`its thread could not start: ${String(cause)}`)
      }).pipe(Effect.map((thread) => {
        const stopped = (why: string) => {
          alive = false
          Deferred.unsafeDone(ready, Effect.fail(new RecognizerUnavailable(why)))
          for (const done of pending.values()) Deferred.unsafeDone(done, Effect.fail(new Error(why)))
          pending.clear()
        }
        thread.on("message", (message: FromThread) => {
          switch (message.type) {
            case "ready":
              return Deferred.unsafeDone(ready, Effect.succeed(new Set(message.alphabet)))
            case "unavailable":
              return Deferred.unsafeDone(ready, Effect.fail(new RecognizerUnavailable(message.reason)))
            case "read":
            case "failed": {
              const done = pending.get(message.id)
              pending.delete(message.id)
              if (done === undefined) return
              return Deferred.unsafeDone(
                done,
                message.type === "read" ? Effect.succeed(message.chars) : Effect.fail(new Error(message.reason))
              )
            }
          }
        })
        thread.on("error", (e) => stopped(`line recognizer thread failed: ${e.message}`))
        thread.on("exit", (code) => stopped(`line recognizer thread stopped (exit code ${code})`))
        return thread
      })),
      (thread) => Effect.promise(() => thread.terminate())
    )
    const alphabet = yield* Deferred.await(ready).pipe(
      Effect.timeoutFail({
        duration: LOAD_TIMEOUT,
        onTimeout: () => new RecognizerUnavailable(`its thread did not load the network within ${LOAD_TIMEOUT}`)
      })
    )
    const read = (image: GrayImage) =>
      Effect.gen(function*() {
        if (!alive) return yield* Effect.fail(new Error("line recognizer thread stopped"))
        const id = ++next
        const done = yield* Deferred.make<ReadonlyArray<ReadCharacter>, Error>()
        pending.set(id, done)
        worker.postMessage({ id, image } satisfies ToThread)
        return yield* Deferred.await(done).pipe(Effect.ensuring(Effect.sync(() => pending.delete(id))))
      })
    return { alphabet, alive: () => alive, read } satisfies RecognizerThread
  })

/** The recognizer: `read` runs at most `concurrency` lines at once, each on a thread of its own. */
export const makeLineRecognizer = (options: {
  readonly concurrency: number
  /** Overrides the model file (tests give a broken one). */
  readonly modelPath?: string
  /** Threads not needed this long end. Default two minutes. */
  readonly idleMs?: number
}) =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    let alphabet: ReadonlySet<string> | undefined
    let unavailable = false
    // A thread that cannot load is no pool item (a failed one would be handed to one waiting read only,
    // leaving the others waiting): it is a `Left`, the pool drops it and `read` answers undefined.
    const threads = yield* Pool.makeWithTTL({
      acquire: Effect.either(acquireThread(options.modelPath)),
      min: 0,
      max: Math.max(1, Math.floor(options.concurrency)),
      timeToLive: options.idleMs ?? IDLE_MS,
      timeToLiveStrategy: "usage"
    }).pipe(Scope.extend(scope))
    const onThread = (
      image: GrayImage
    ): Effect.Effect<ReadonlyArray<ReadCharacter>, RecognizerUnavailable | EndedThread | Error> =>
      Effect.scoped(
        Effect.flatMap(
          Pool.get(threads),
          (
            item
          ): Effect.Effect<ReadonlyArray<ReadCharacter>, RecognizerUnavailable | EndedThread | Error, Scope.Scope> => {
            if (Either.isLeft(item)) {
              return Effect.zipRight(Pool.invalidate(threads, item), Effect.fail(item.left))
            }
            const thread = item.right
            if (!thread.alive()) return Effect.zipRight(Pool.invalidate(threads, item), Effect.fail(new EndedThread()))
            alphabet = thread.alphabet
            // A thread that failed is replaced (a crash, or a reading that threw: it may be in any state).
            return Effect.tapError(thread.read(image), () => Pool.invalidate(threads, item))
          }
        )
      )
    /** The characters of a one-line image, or undefined when the recognizer is unavailable. */
    const read = (image: GrayImage): Effect.Effect<ReadonlyArray<ReadCharacter> | undefined> =>
      Effect.suspend(() =>
        unavailable || image.width < 2 || image.height < 2
          ? Effect.succeed(undefined)
          : Effect.retry(onThread(image), { times: 1, while: (e) => e instanceof EndedThread })
      ).pipe(
        Effect.catchAll((cause) => {
          if (cause instanceof RecognizerUnavailable) {
            if (unavailable) return Effect.succeed(undefined)
            unavailable = true
            return Effect.as(
              Effect.logWarning(`second line recognizer unavailable; tesseract's reading is kept (${cause.reason})`),
              undefined
            )
          }
          return Effect.as(Effect.logWarning("second line reading failed", cause), undefined)
        }),
        Effect.withSpan("LineRecognizer.read", { attributes: { width: image.width, height: image.height } })
      )
    /**
     * Whether the recognizer can read this character at all (its alphabet has no "€", "ö" or "ß", for one);
     * false while the model is not loaded.
     */
    const canRead = (char: string): boolean => alphabet?.has(char.normalize("NFKC")) ?? false
    /** The characters the model can read; undefined while it is not loaded. */
    const readable = (): ReadonlySet<string> | undefined => alphabet
    return { read, canRead, readable } as const
  })

/** What a second reading needs of a recognizer. */
export interface LineRecognizer {
  readonly read: (image: GrayImage) => Effect.Effect<ReadonlyArray<ReadCharacter> | undefined>
  readonly canRead: (char: string) => boolean
}

/** A recognizer in this process: it can also tell its alphabet (for recognizers elsewhere). */
export type LoadedLineRecognizer = Effect.Effect.Success<ReturnType<typeof makeLineRecognizer>>
