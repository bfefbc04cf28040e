/**
 * Runs queued jobs in this process (WORKERS at once; none when 0) and delivers their notices.
 *
 * A job ends exactly once: each attempt claims the job's row with its own token, and its result (with
 * the stored run of an extraction and the notice's queue entry) commits only while that token still
 * holds a running job. An attempt whose worker died is taken over by another after a heartbeat; one
 * cancelled meanwhile commits nothing.
 */
import { SqlClient } from "@effect/sql"
import { Cause, Data, Effect, Layer, Option, Schedule } from "effect"
import { AppConfig } from "../Config.js"
import { loadSpecs } from "../Documents/Templates.js"
import { DocumentWork } from "../Documents/Work.js"
import { statusOf } from "../Domain/Errors.js"
import { nowSeconds } from "../lib/ids.js"
import type { Progress } from "../Pipeline/Progress.js"
import { BlobStore } from "../Storage/BlobStore.js"
import { Jobs } from "./Jobs.js"
import { JOB_RETRY_LIMIT, JobQueue, JOBS_QUEUE, WEBHOOKS_QUEUE } from "./Queue.js"
import { type Finish, JobsRepo, type StoredJob } from "./Repo.js"
import { Webhooks } from "./Webhooks.js"

/** The attempt lost the job (cancelled, or taken over) before it could finish it. */
class Superseded extends Data.TaggedError("Superseded") {}

/** Notices delivered at once by one process. */
const WEBHOOK_CONCURRENCY = 4

/** The default of MAX_JOBS_PER_TENANT: three quarters of this process's workers, so one tenant's backlog leaves room for others. */
export const fairShare = (workers: number) => Math.max(1, Math.ceil(workers * 0.75))

const make = Effect.gen(function*() {
  const config = yield* AppConfig
  const sql = yield* SqlClient.SqlClient
  const repo = yield* JobsRepo
  const queue = yield* JobQueue
  const jobs = yield* Jobs
  const work = yield* DocumentWork
  const blobs = yield* BlobStore
  const webhooks = yield* Webhooks

  /** Ends the job as `attempt` with `end` (and whatever `also` writes), with its notice; or fails with Superseded. */
  const finish = (job: StoredJob, attempt: string, end: Finish, also: Effect.Effect<void> = Effect.void) =>
    Effect.gen(function*() {
      if (!(yield* repo.finish(job.id, attempt, end).pipe(Effect.orDie))) return yield* new Superseded()
      yield* also
      if (job.webhookUrl !== null) yield* queue.send(WEBHOOKS_QUEUE, { jobId: job.id }).pipe(Effect.orDie)
    }).pipe(
      sql.withTransaction,
      // The database failing is the process's trouble, not the document's: the engine runs the job again.
      Effect.catchTag("SqlError", (e) => Effect.die(e))
    )

  const progressOf = (job: StoredJob, attempt: string): Progress => {
    let done = 0
    const update = (p: Parameters<typeof repo.progress>[2]) => repo.progress(job.id, attempt, p).pipe(Effect.orDie)
    return {
      reading: (pagesRead, pagesTotal) => update({ pagesRead, pagesTotal }),
      read: (pages) => update({ pagesRead: pages, pagesTotal: pages }),
      split: (sections) => update({ sectionsTotal: sections }),
      sectionDone: Effect.suspend(() => update({ sectionsDone: ++done }))
    }
  }

  /** The synchronous call's work; the result committed with the job's end. */
  const perform = (job: StoredJob, attempt: string) =>
    Effect.gen(function*() {
      const progress = progressOf(job, attempt)
      const succeed = (body: unknown, also: Effect.Effect<void> = Effect.void) =>
        finish(job, attempt, { status: "succeeded", result: JSON.stringify(body) }, also)
      const { request } = job
      switch (job.kind) {
        case "split": {
          const body = yield* work.split(job.tenantId, job.documentId ?? "", request.templateIds, progress)
          return yield* succeed(body)
        }
        case "extraction": {
          yield* work.extraction(job.tenantId, job.documentId ?? "", request.templateIds, request.includeCoordinates, {
            progress,
            store: (add, body) => succeed(body, add)
          })
          return
        }
        case "extract": {
          const specs = yield* loadSpecs(job.tenantId, request.templateIds)
          const bytes = yield* blobs.read(job.blobSha256 ?? "")
          const body = yield* work.extractFile(bytes, specs, {
            includeCoordinates: request.includeCoordinates,
            forceExclusive: request.forceExclusive,
            layout: request.layout
          }, progress)
          return yield* succeed(body)
        }
      }
    })

  /** One attempt at a queued job. Fails only when the engine should run it again (a crash, a stop). */
  const run = (
    queued: { readonly id: string; readonly retryCount: number; readonly data: { readonly jobId: string } }
  ) =>
    Effect.gen(function*() {
      const attempt = `${queued.id}:${queued.retryCount}`
      const claimed = yield* repo.claim(queued.data.jobId, attempt).pipe(Effect.orDie)
      // Cancelled, finished or removed meanwhile: nothing to do.
      if (Option.isNone(claimed)) return
      const job = claimed.value
      yield* perform(job, attempt).pipe(
        Effect.catchAll((error): Effect.Effect<void, never, SqlClient.SqlClient> => {
          if (error._tag === "Superseded") {
            return Effect.logInfo(`job ${job.id}: cancelled or taken over; its result is dropped`)
          }
          const detail = "detail" in error ? String(error.detail) : String(error)
          return finish(job, attempt, { status: "failed", error: { status: statusOf(error), detail } }).pipe(
            Effect.catchTag("Superseded", () => Effect.void)
          )
        }),
        Effect.catchAllDefect((defect) =>
          queued.retryCount >= JOB_RETRY_LIMIT
            ? Effect.logError(`job ${job.id} failed on its last attempt`, Cause.die(defect)).pipe(
              Effect.zipRight(
                finish(job, attempt, {
                  status: "failed",
                  error: { status: 500, detail: "the job could not be completed; try again" }
                })
              ),
              Effect.catchTag("Superseded", () => Effect.void)
            )
            : Effect.die(defect)
        ),
        // Stopped here (shutdown, or the engine saw the job cancelled): it waits for the next worker.
        Effect.onInterrupt(() =>
          sql`UPDATE jobs SET status = 'queued', attempt = NULL WHERE id = ${job.id} AND attempt = ${attempt} AND status = 'running'`
            .pipe(
              Effect.ignore
            )
        ),
        Effect.ensuring(Effect.suspend(() =>
          Effect.flatMap(repo.findById(job.id).pipe(Effect.orDie), (now) =>
            Option.match(now, {
              // The file goes when the job has ended, not when an attempt hands it back.
              onSome: (j) => (j.status === "queued" || j.status === "running" ? Effect.void : jobs.releaseFile(j)),
              onNone: () => Effect.void
            }))
        )),
        Effect.annotateLogs({ job_id: job.id, kind: job.kind })
      )
    }).pipe(Effect.withSpan("Jobs.run"))

  if (config.workers > 0) {
    yield* queue.work(JOBS_QUEUE, {
      localConcurrency: config.workers,
      groupConcurrency: config.maxJobsPerTenant ?? fairShare(config.workers)
    }, run)
    yield* queue.work(
      WEBHOOKS_QUEUE,
      { localConcurrency: WEBHOOK_CONCURRENCY },
      (job: { readonly data: { readonly jobId: string } }) =>
        webhooks.deliver(job.data.jobId).pipe(
          Effect.tapError((e) => Effect.logInfo(`webhook of job ${job.data.jobId} not delivered: ${e.detail}`)),
          Effect.orDie
        )
    )
    yield* Effect.logInfo(`jobs: this process runs ${config.workers} at once`)
  }

  // Finished jobs past the retention go, with the files they still hold (every process sweeps; it is idempotent).
  const sweep = Effect.gen(function*() {
    const cutoff = nowSeconds() - Math.round(config.jobRetentionHours * 3600)
    const expired = yield* repo.expired(cutoff).pipe(Effect.orDie)
    for (const { id, tenant_id } of expired) yield* jobs.cancelOrRemove(tenant_id, id).pipe(Effect.ignore)
    if (expired.length > 0) {
      yield* Effect.logInfo(`removed ${expired.length} job(s) past the retention of ${config.jobRetentionHours} h`)
    }
  }).pipe(Effect.catchAllCause((cause) => Effect.logWarning("job retention sweep failed; next time", cause)))
  // Every ten minutes, or a quarter of a shorter retention.
  const every = Math.min(600_000, Math.max(1_000, (config.jobRetentionHours * 3_600_000) / 4))
  yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced(every)))
})

/** This process's job workers, notice deliveries and retention sweep, for as long as the layer lives. */
export const JobRunnerLive = Layer.scopedDiscard(make)
