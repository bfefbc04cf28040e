/** The `jobs` table: what clients see of a job, and which attempt may finish it. */
import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Job, JobKind, JobStatus, JobSummary } from "../Domain/Job.js"
import { nowSeconds } from "../lib/ids.js"

/** What the job runs: the synchronous call's inputs. */
export interface JobRequest {
  readonly templateIds: ReadonlyArray<string>
  readonly includeCoordinates: boolean
  readonly forceExclusive: boolean
  readonly layout: boolean
}

export interface StoredJob {
  readonly id: string
  readonly tenantId: string
  readonly kind: JobKind
  readonly status: JobStatus
  readonly queueId: string
  readonly documentId: string | null
  readonly blobSha256: string | null
  readonly fileName: string | null
  readonly request: JobRequest
  readonly webhookUrl: string | null
  readonly attempt: string | null
  readonly view: JobSummary
  /** The result's JSON text, when the job succeeded. */
  readonly resultJson: string | null
}

interface JobRow {
  readonly id: string
  readonly tenant_id: string
  readonly kind: JobKind
  readonly status: JobStatus
  readonly queue_id: string
  readonly document_id: string | null
  readonly blob_sha256: string | null
  readonly file_name: string | null
  readonly request: unknown
  readonly webhook_url: string | null
  readonly attempt: string | null
  readonly created_at: number
  readonly started_at: number | null
  readonly finished_at: number | null
  readonly pages_read: number | null
  readonly pages_total: number | null
  readonly sections_done: number | null
  readonly sections_total: number | null
  readonly result: string | null
  readonly error_status: number | null
  readonly error_detail: string | null
  readonly webhook_attempts: number
  readonly webhook_last_status: number | null
  readonly webhook_delivered_at: number | null
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v))

const toJob = (r: JobRow): StoredJob => ({
  id: r.id,
  tenantId: r.tenant_id,
  kind: r.kind,
  status: r.status,
  queueId: r.queue_id,
  documentId: r.document_id,
  blobSha256: r.blob_sha256,
  fileName: r.file_name,
  request: (typeof r.request === "string" ? JSON.parse(r.request) : r.request) as JobRequest,
  webhookUrl: r.webhook_url,
  attempt: r.attempt,
  resultJson: r.result,
  view: {
    job_id: r.id,
    kind: r.kind,
    status: r.status,
    created_at: Number(r.created_at),
    started_at: num(r.started_at),
    finished_at: num(r.finished_at),
    progress: {
      pages_read: r.pages_read ?? 0,
      pages_total: r.pages_total,
      sections_done: r.sections_done ?? 0,
      sections_total: r.sections_total
    },
    ...(r.error_status !== null ? { error: { status: r.error_status, detail: r.error_detail ?? "" } } : {}),
    ...(r.webhook_url !== null
      ? {
        webhook: {
          attempts: r.webhook_attempts,
          last_status: r.webhook_last_status,
          delivered_at: num(r.webhook_delivered_at)
        }
      }
      : {})
  }
})

/** The job as GET /v1/jobs/{id} answers it (the stored result text is spliced in unparsed by the caller). */
export const jobView = (job: StoredJob): Job => ({
  ...job.view,
  // The stored text is the synchronous answer's body as the API encoded it when the job ended.
  ...(job.resultJson !== null ? { result: JSON.parse(job.resultJson) as Job["result"] } : {})
})

export interface Finish {
  readonly status: "succeeded" | "failed"
  readonly result?: string
  readonly error?: { readonly status: number; readonly detail: string }
}

export class JobsRepo extends Effect.Service<JobsRepo>()("JobsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const create = (job: {
      readonly id: string
      readonly tenantId: string
      readonly kind: JobKind
      readonly queueId: string
      readonly documentId: string | null
      readonly blobSha256: string | null
      readonly fileName: string | null
      readonly request: JobRequest
      readonly webhookUrl: string | null
      readonly createdAt: number
    }) =>
      sql`INSERT INTO jobs (id, tenant_id, kind, status, queue_id, document_id, blob_sha256, file_name, request, webhook_url, created_at)
          VALUES (${job.id}, ${job.tenantId}, ${job.kind}, 'queued', ${job.queueId}, ${job.documentId}, ${job.blobSha256},
                  ${job.fileName}, ${JSON.stringify(job.request)}, ${job.webhookUrl}, ${job.createdAt})`.pipe(
        Effect.asVoid,
        Effect.withSpan("JobsRepo.create")
      )

    const find = (tenantId: string, id: string) =>
      sql<JobRow>`SELECT * FROM jobs WHERE tenant_id = ${tenantId} AND id = ${id}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toJob))
      )

    const findById = (id: string) =>
      sql<JobRow>`SELECT * FROM jobs WHERE id = ${id}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toJob))
      )

    /** This tenant's jobs, newest first, without results. */
    const list = (
      tenantId: string,
      options: {
        readonly limit?: number | undefined
        readonly offset?: number | undefined
        readonly status?: JobStatus | undefined
      }
    ) =>
      sql<JobRow>`
        SELECT id, tenant_id, kind, status, queue_id, document_id, blob_sha256, file_name, request, webhook_url, attempt,
               created_at, started_at, finished_at, pages_read, pages_total, sections_done, sections_total,
               NULL AS result, error_status, error_detail, webhook_attempts, webhook_last_status, webhook_delivered_at
        FROM jobs WHERE tenant_id = ${tenantId}
        ${options.status !== undefined ? sql`AND status = ${options.status}` : sql``}
        ORDER BY seq DESC
        LIMIT ${options.limit ?? 100} OFFSET ${options.offset ?? 0}`.pipe(
        Effect.map((rows) => rows.map((r) => toJob(r).view))
      )

    /**
     * Claims the job for attempt `attempt` (a queued one, or a running one whose worker stopped);
     * none when it was cancelled, finished or deleted meanwhile.
     */
    const claim = (id: string, attempt: string) =>
      sql<JobRow>`
        UPDATE jobs SET status = 'running', attempt = ${attempt}, started_at = COALESCE(started_at, ${nowSeconds()}),
                        pages_read = 0, sections_done = 0
        WHERE id = ${id} AND status IN ('queued', 'running')
        RETURNING *`.pipe(Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toJob)))

    const progress = (id: string, attempt: string, p: {
      readonly pagesRead?: number
      readonly pagesTotal?: number
      readonly sectionsDone?: number
      readonly sectionsTotal?: number
    }) =>
      sql`UPDATE jobs SET
            pages_read = GREATEST(COALESCE(${p.pagesRead ?? null}::int, pages_read), pages_read),
            pages_total = COALESCE(${p.pagesTotal ?? null}::int, pages_total),
            sections_done = GREATEST(COALESCE(${p.sectionsDone ?? null}::int, sections_done), sections_done),
            sections_total = COALESCE(${p.sectionsTotal ?? null}::int, sections_total)
          WHERE id = ${id} AND attempt = ${attempt} AND status = 'running'`.pipe(Effect.asVoid)

    /** Ends the job if `attempt` still holds it; false when it was cancelled or taken over meanwhile. */
    const finish = (id: string, attempt: string, end: Finish) =>
      sql<{ id: string }>`
        UPDATE jobs SET status = ${end.status}, finished_at = ${nowSeconds()}, result = ${end.result ?? null},
                        error_status = ${end.error?.status ?? null}, error_detail = ${end.error?.detail ?? null}
        WHERE id = ${id} AND attempt = ${attempt} AND status = 'running'
        RETURNING id`.pipe(Effect.map((rows) => rows.length > 0))

    /** Marks a queued or running job cancelled; false when it had ended already. */
    const cancel = (tenantId: string, id: string) =>
      sql<{ id: string }>`
        UPDATE jobs SET status = 'cancelled', finished_at = ${nowSeconds()}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('queued', 'running')
        RETURNING id`.pipe(Effect.map((rows) => rows.length > 0))

    /** Deletes a finished job's record; the blob to remove when it held the last reference to one. */
    const remove = (tenantId: string, id: string) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ blob_sha256: string | null }>`
          DELETE FROM jobs WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('succeeded', 'failed', 'cancelled')
          RETURNING blob_sha256`
        const row = rows[0]
        if (row === undefined) return Option.none<Option.Option<string>>()
        return Option.some(row.blob_sha256 === null ? Option.none() : yield* dropBlobIfOrphan(row.blob_sha256))
      }).pipe(sql.withTransaction)

    /** The job's file is no longer needed (the job ended): its reference goes, the blob with it if unused. */
    const releaseFile = (id: string) =>
      Effect.gen(function*() {
        const rows = yield* sql<
          { blob_sha256: string | null }
        >`SELECT blob_sha256 FROM jobs WHERE id = ${id} FOR UPDATE`
        const sha = rows[0]?.blob_sha256
        if (sha === undefined || sha === null) return Option.none<string>()
        yield* sql`UPDATE jobs SET blob_sha256 = NULL WHERE id = ${id}`
        return yield* dropBlobIfOrphan(sha)
      }).pipe(sql.withTransaction)

    const dropBlobIfOrphan = (sha256: string) =>
      sql<{ sha256: string }>`
        DELETE FROM blobs WHERE sha256 = ${sha256}
          AND NOT EXISTS (SELECT 1 FROM documents WHERE blob_sha256 = ${sha256})
          AND NOT EXISTS (SELECT 1 FROM jobs WHERE blob_sha256 = ${sha256})
        RETURNING sha256`.pipe(Effect.map((rows) => Option.fromNullable(rows[0]?.sha256)))

    const webhookAttempt = (id: string, status: number | null, delivered: boolean) =>
      sql`UPDATE jobs SET webhook_attempts = webhook_attempts + 1, webhook_last_status = ${status},
                          webhook_delivered_at = ${delivered ? nowSeconds() : null}
          WHERE id = ${id}`.pipe(Effect.asVoid)

    /** Finished jobs older than the retention; returns their ids and the blobs no longer held. */
    const expired = (finishedBefore: number) =>
      sql<{ id: string; tenant_id: string }>`
        SELECT id, tenant_id FROM jobs WHERE finished_at IS NOT NULL AND finished_at < ${finishedBefore} LIMIT 500`

    const tenantSecret = (tenantId: string) =>
      sql<{ webhook_secret: string | null }>`SELECT webhook_secret FROM tenants WHERE id = ${tenantId}`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.webhook_secret))
      )

    return {
      create,
      find,
      findById,
      list,
      claim,
      progress,
      finish,
      cancel,
      remove,
      releaseFile,
      webhookAttempt,
      expired,
      tenantSecret
    } as const
  })
}) {}

/** Jobs waiting and running, over all processes and tenants (for /health and /metrics). */
export const queueDepth = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql<{ queued: number; running: number }>`
    SELECT count(*) FILTER (WHERE status = 'queued') AS queued, count(*) FILTER (WHERE status = 'running') AS running
    FROM jobs WHERE status IN ('queued', 'running')`.pipe(
    Effect.map(([row]) => ({ queued: Number(row?.queued ?? 0), running: Number(row?.running ?? 0) }))
  ))
