/**
 * Asynchronous jobs as clients use them: submit (`Prefer: respond-async`), look up, list, cancel or
 * remove. A job's row and its queue entry are written in one transaction; a one-shot file is kept as
 * a blob held by the job until the job ends.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { randomUUID } from "node:crypto"
import { NotFound } from "../Domain/Errors.js"
import type { JobAccepted, JobKind, JobStatus } from "../Domain/Job.js"
import { newId, nowSeconds } from "../lib/ids.js"
import { BlobStore, type StoredBlob } from "../Storage/BlobStore.js"
import { JobQueue, JOBS_QUEUE, WEBHOOKS_QUEUE } from "./Queue.js"
import { type JobRequest, JobsRepo, jobView, type StoredJob } from "./Repo.js"

export interface Submission {
  readonly tenantId: string
  readonly kind: JobKind
  readonly documentId?: string
  /** The one-shot's file, kept until the job ends. */
  readonly file?: { readonly bytes: Uint8Array; readonly name: string }
  readonly request: JobRequest
  /** Checked already (Webhooks.check). */
  readonly webhookUrl?: string
}

export class Jobs extends Effect.Service<Jobs>()("Jobs", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* JobsRepo
    const queue = yield* JobQueue
    const blobs = yield* BlobStore

    const submit = (input: Submission) =>
      Effect.gen(function*() {
        const id = newId("job")
        const createdAt = nowSeconds()
        const register = (blob: StoredBlob | undefined) =>
          Effect.gen(function*() {
            if (blob !== undefined) {
              yield* sql`INSERT INTO blobs (sha256, size, media_type, created_at)
                         VALUES (${blob.sha256}, ${blob.size}, NULL, ${createdAt}) ON CONFLICT (sha256) DO NOTHING`
            }
            const queueId = randomUUID()
            yield* repo.create({
              id,
              tenantId: input.tenantId,
              kind: input.kind,
              queueId,
              documentId: input.documentId ?? null,
              blobSha256: blob?.sha256 ?? null,
              fileName: input.file?.name ?? null,
              request: input.request,
              webhookUrl: input.webhookUrl ?? null,
              createdAt
            })
            // Per tenant group: MAX_JOBS_PER_TENANT of a tenant's jobs run at once over all processes.
            yield* queue.send(JOBS_QUEUE, { jobId: id }, { id: queueId, group: input.tenantId })
          }).pipe(sql.withTransaction, Effect.orDie)
        if (input.file === undefined) yield* register(undefined)
        else yield* blobs.putBytes(input.file.bytes, register)
        return { job_id: id, status: "queued", created_at: createdAt } satisfies JobAccepted
      }).pipe(Effect.withSpan("Jobs.submit", { attributes: { kind: input.kind } }))

    const findJob = (tenantId: string, id: string) =>
      repo.find(tenantId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new NotFound({ detail: `job ${id} not found` })),
          onSome: Effect.succeed
        }))
      )

    const get = (tenantId: string, id: string) => Effect.map(findJob(tenantId, id), jobView)

    const list = (
      tenantId: string,
      options: {
        readonly limit?: number | undefined
        readonly offset?: number | undefined
        readonly status?: JobStatus | undefined
      }
    ) => repo.list(tenantId, options).pipe(Effect.orDie)

    /** The job's file goes once nothing holds it (under the blob's lock, so a new upload of the same bytes keeps its file). */
    const releaseFile = (job: StoredJob) =>
      job.blobSha256 === null
        ? Effect.void
        : blobs.release(job.blobSha256, repo.releaseFile(job.id).pipe(Effect.map(Option.isSome), Effect.orDie))

    /**
     * DELETE /v1/jobs/{id}: a queued job never runs, a running one is interrupted wherever it runs (its
     * notice says job.cancelled); a finished one is removed from the list.
     */
    const cancelOrRemove = (tenantId: string, id: string) =>
      Effect.gen(function*() {
        const job = yield* findJob(tenantId, id)
        const cancelled = yield* Effect.gen(function*() {
          if (!(yield* repo.cancel(tenantId, id))) return false
          yield* queue.cancel(JOBS_QUEUE, job.queueId)
          if (job.webhookUrl !== null) yield* queue.send(WEBHOOKS_QUEUE, { jobId: id })
          return true
        }).pipe(sql.withTransaction, Effect.orDie)
        if (cancelled) {
          yield* queue.interruptLocal(job.queueId)
          return yield* releaseFile(job)
        }
        // It had ended: the record goes, with the file it may still hold.
        const remove = repo.remove(tenantId, id).pipe(Effect.orDie)
        const removed = job.blobSha256 === null
          ? yield* remove
          : yield* Effect.gen(function*() {
            let result = Option.none<Option.Option<string>>()
            yield* blobs.release(
              job.blobSha256!,
              Effect.map(remove, (r) => {
                result = r
                return Option.isSome(r) && Option.isSome(r.value)
              })
            )
            return result
          })
        if (Option.isNone(removed)) return yield* new NotFound({ detail: `job ${id} not found` })
      }).pipe(Effect.withSpan("Jobs.cancelOrRemove"))

    return { submit, get, list, cancelOrRemove, releaseFile, findJob } as const
  })
}) {}
