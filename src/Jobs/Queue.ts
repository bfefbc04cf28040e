/**
 * The queue engine: pg-boss, on the service's own database (its tables in the `pgboss` schema).
 *
 * On PostgreSQL pg-boss keeps a small pool of its own (LISTEN/NOTIFY wakes idle workers at once, any
 * number of processes compete for jobs). On the embedded database it goes through the service's
 * SqlClient, whose single connection it must share (a statement of its own could otherwise land inside
 * another caller's transaction), and this process's workers are woken directly after a send.
 *
 * Jobs are sent inside the caller's transaction (`send(…, tx)`), so a job row and its queue entry are
 * committed together or not at all.
 */
import { SqlClient } from "@effect/sql"
import { Data, Effect, Fiber, Option, Redacted, Runtime } from "effect"
import { PgBoss } from "pg-boss"
import type { Db as IDatabase, Job, Queue as QueueOptions, WorkOptions } from "pg-boss"
import { AppConfig } from "../Config.js"

export class QueueError
  extends Data.TaggedError("QueueError")<{ readonly message: string; readonly cause?: unknown }>
{}

export const JOBS_QUEUE = "docsplit-jobs"
export const WEBHOOKS_QUEUE = "docsplit-webhooks"

/** How long running jobs get to finish when the process is asked to stop; the rest are handed back. */
export const SHUTDOWN_GRACE_MS = 20_000

/** Attempts after the first when a job's worker dies or is stopped (a document's own failure ends the job at once). */
export const JOB_RETRY_LIMIT = 3

/** A running job's worker beats this often; a job whose worker went silent this long runs again elsewhere. */
const HEARTBEAT_SECONDS = 10

const call = <A>(what: string, f: () => Promise<A>) =>
  Effect.tryPromise({
    try: f,
    catch: (cause) => new QueueError({ message: `queue: ${what} failed: ${String(cause)}`, cause })
  })

/** pg-boss's database interface over an Effect SqlClient, run with `runtime`'s context (a transaction's, say). */
const sqlAdapter = (runtime: Runtime.Runtime<SqlClient.SqlClient>): IDatabase => ({
  executeSql: (text, values) =>
    Runtime.runPromise(runtime)(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        values !== undefined && values.length > 0
          ? sql.unsafe<Record<string, unknown>>(text, values)
          // Several statements in one text (pg-boss's migrations) take the simple protocol.
          : sql.unsafe<Record<string, unknown>>(text).unprepared)
    ).then((rows) => {
      const all = rows as ReadonlyArray<unknown>
      // Several statements answer one row list each; pg-boss wants the rows of all of them, in order.
      const flat = all.length > 0 && Array.isArray(all[0]) ? all.flat() : all
      return { rows: flat as Array<Record<string, unknown>> }
    })
})

/** The schema of the queue engine's tables for a service whose tables are in `schema`. */
export const queueSchemaFor = (schema: string) => (schema === "public" ? "pgboss" : `${schema}_pgboss`)

export class JobQueue extends Effect.Service<JobQueue>()("JobQueue", {
  scoped: Effect.gen(function*() {
    const config = yield* AppConfig
    const sql = yield* SqlClient.SqlClient
    const runtime = yield* Effect.runtime<SqlClient.SqlClient>()
    const embedded = Option.isNone(config.databaseUrl)
    // Beside the service's tables: `pgboss`, or `<schema>_pgboss` when the service runs in a schema of its own.
    const [current] = yield* sql<{ schema: string }>`SELECT current_schema() AS schema`.pipe(Effect.orDie)
    const schema = queueSchemaFor(current?.schema ?? "public")
    const boss = Option.match(config.databaseUrl, {
      onSome: (url) =>
        new PgBoss({
          connectionString: Redacted.value(url),
          schema,
          max: 4,
          useListenNotify: true,
          application_name: "docsplit-queue"
        }),
      onNone: () => new PgBoss({ db: sqlAdapter(runtime), schema })
    })
    boss.on("error", (error) => Runtime.runFork(runtime)(Effect.logWarning("queue engine error", error)))
    boss.on("warning", (warning) => Runtime.runFork(runtime)(Effect.logDebug("queue engine warning", warning)))
    yield* call("start", () => boss.start())

    const queue = (name: string, options: Omit<QueueOptions, "name">) =>
      call(`create queue ${name}`, async () => {
        await boss.createQueue(name, options)
        await boss.updateQueue(name, options)
      })

    const retentionSeconds = Math.ceil(config.jobRetentionHours * 3600)
    yield* queue(JOBS_QUEUE, {
      heartbeatSeconds: HEARTBEAT_SECONDS,
      // A job is one document's work; a run that outlives this is stopped and tried again.
      expireInSeconds: 6 * 3600,
      retryLimit: JOB_RETRY_LIMIT,
      retryDelay: 1,
      retryBackoff: true,
      deleteAfterSeconds: retentionSeconds,
      notify: true
    })
    yield* queue(WEBHOOKS_QUEUE, {
      // An attempt takes 10 s at most; one whose worker died is tried again after a missed heartbeat.
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 60,
      // Delivery is tried for a day: 5 s, 10 s, 20 s … then hourly.
      retryLimit: 32,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 3600,
      deleteAfterSeconds: retentionSeconds,
      notify: true
    })

    const running = new Map<string, Fiber.RuntimeFiber<unknown, unknown>>()
    const workerIds = new Map<string, Array<string>>()
    let stopping = false

    /** Wakes this process's idle workers of `name` to fetch now rather than at their next poll. */
    const wakeQueue = (name: string) => {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id)
    }

    /**
     * Runs `handle` for each job of `name`, `localConcurrency` at a time in this process. Each slot is a
     * worker of its own, woken when a job is sent from this process or another slot finishes, so a
     * backlog is worked through without waiting for polls.
     */
    const work = <D extends object, E, R>(
      name: string,
      options: WorkOptions,
      handle: (job: Job<D>) => Effect.Effect<void, E, R>
    ) =>
      Effect.gen(function*() {
        const handlerRuntime = yield* Effect.runtime<R>()
        const slots = options.localConcurrency ?? 1
        const ids = workerIds.get(name) ?? []
        workerIds.set(name, ids)
        for (let slot = 0; slot < slots; slot++) {
          const id = yield* call(`work ${name}`, () =>
            boss.work<D>(name, {
              pollingIntervalSeconds: 0.5,
              notifyPollingIntervalSeconds: 2,
              ...options,
              localConcurrency: 1
            }, async ([job]) => {
              if (job === undefined) {
                return
              }
              const fiber = Runtime.runFork(handlerRuntime)(handle(job))
              running.set(job.id, fiber)
              const onAbort = () => Runtime.runFork(handlerRuntime)(Fiber.interrupt(fiber))
              job.signal.addEventListener("abort", onAbort, { once: true })
              try {
                const exit = await Runtime.runPromise(handlerRuntime)(Fiber.await(fiber))
                // A failure or an interruption (cancel, shutdown) goes back to the engine, which retries or drops it.
                if (exit._tag === "Failure") throw new Error(`job ${job.id} did not finish`)
              } finally {
                job.signal.removeEventListener("abort", onAbort)
                running.delete(job.id)
                if (!stopping) setTimeout(() => wakeQueue(name), 0)
              }
            }))
          ids.push(id)
        }
      })

    /** Queues a job inside the transaction of the calling fiber (or on its own); returns the engine's id. */
    const send = (name: string, data: object, options: { readonly id?: string; readonly group?: string } = {}) =>
      Effect.gen(function*() {
        const tx = yield* Effect.runtime<SqlClient.SqlClient>()
        const id = yield* call(`send to ${name}`, () =>
          boss.send(name, data, {
            ...(options.id !== undefined ? { id: options.id } : {}),
            ...(options.group !== undefined ? { group: { id: options.group } } : {}),
            db: sqlAdapter(tx)
          }))
        if (id === null) return yield* new QueueError({ message: `queue: ${name} refused the job` })
        if (embedded) {
          // The send commits with the caller's transaction; wake this process's workers just after.
          yield* Effect.forkDaemon(Effect.sleep("20 millis").pipe(Effect.andThen(Effect.sync(() => wakeQueue(name)))))
        }
        return id
      })

    /** Stops the job wherever it runs: never started if queued, interrupted (within a heartbeat) if running. */
    const cancel = (name: string, id: string) =>
      Effect.gen(function*() {
        const tx = yield* Effect.runtime<SqlClient.SqlClient>()
        yield* call(`cancel in ${name}`, () => boss.cancel(name, id, { db: sqlAdapter(tx) }))
      })

    const interruptLocal = (id: string) =>
      Effect.suspend(() => {
        const fiber = running.get(id)
        return fiber === undefined ? Effect.succeed(false) : Effect.as(Effect.forkDaemon(Fiber.interrupt(fiber)), true)
      })

    /** Jobs waiting and running over all processes. */
    const depth = (name: string) =>
      call(`stats of ${name}`, () => boss.getQueue(name)).pipe(
        Effect.map((q) => ({ queued: q?.queuedCount ?? 0, running: q?.activeCount ?? 0 }))
      )

    // Stopping: no new jobs; running ones get SHUTDOWN_GRACE_MS to finish, the rest are interrupted
    // (their handlers hand them back to the queue, where another process takes them).
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        stopping = true
        for (const [name, ids] of workerIds) {
          for (const id of ids) {
            yield* call("stop working", () => boss.offWork(name, { id, wait: false })).pipe(Effect.ignore)
          }
        }
        const fibers = [...running.values()]
        if (fibers.length > 0) {
          yield* Effect.logInfo(`stopping: ${fibers.length} running job(s) get ${SHUTDOWN_GRACE_MS / 1000} s to finish`)
          const finished = yield* Fiber.awaitAll(fibers).pipe(Effect.timeout(SHUTDOWN_GRACE_MS), Effect.option)
          if (Option.isNone(finished)) yield* Fiber.interruptAll([...running.values()])
        }
        yield* call("stop", () => boss.stop({ graceful: true, close: true, timeout: 5_000 })).pipe(Effect.ignore)
      })
    )

    return { work, send, cancel, interruptLocal, depth, isStopping: () => stopping } as const
  })
}) {}
