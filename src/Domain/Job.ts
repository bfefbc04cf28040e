/** Asynchronous jobs as the API shows them (`Prefer: respond-async`, /v1/jobs, webhook notices). */
import { Schema } from "effect"

export const JobKind = Schema.Literal("extraction", "split", "extract").annotations({
  description: "Which call the job runs: a stored document's extraction or split, or the one-shot extract"
})
export type JobKind = typeof JobKind.Type

export const JobStatus = Schema.Literal("queued", "running", "succeeded", "failed", "cancelled")
export type JobStatus = typeof JobStatus.Type

export const FINAL_STATUSES: ReadonlyArray<JobStatus> = ["succeeded", "failed", "cancelled"]

const Epoch = Schema.Int.annotations({ description: "Seconds since the Unix epoch" })

export const JobAccepted = Schema.Struct({
  job_id: Schema.String,
  status: Schema.Literal("queued"),
  created_at: Epoch
}).annotations({
  identifier: "JobAccepted",
  description: "The job was queued (answer to `Prefer: respond-async`); its state is at the Location header's address"
})
export type JobAccepted = typeof JobAccepted.Type

export const JobProgress = Schema.Struct({
  pages_read: Schema.Int,
  pages_total: Schema.NullOr(Schema.Int).annotations({ description: "null until the file's pages are counted" }),
  sections_done: Schema.Int,
  sections_total: Schema.NullOr(Schema.Int).annotations({ description: "null until the file is split" })
}).annotations({ identifier: "JobProgress" })

export const JobError = Schema.Struct({
  status: Schema.Int.annotations({ description: "The HTTP status the synchronous call would have answered" }),
  detail: Schema.String
}).annotations({ identifier: "JobError" })

export const JobWebhook = Schema.Struct({
  attempts: Schema.Int,
  last_status: Schema.NullOr(Schema.Int).annotations({ description: "HTTP status of the last attempt; null if it got no answer" }),
  delivered_at: Schema.NullOr(Epoch)
}).annotations({ identifier: "JobWebhook", description: "Delivery of the completion notice to webhook_url" })

const jobFields = {
  job_id: Schema.String,
  kind: JobKind,
  status: JobStatus,
  created_at: Epoch,
  started_at: Schema.NullOr(Epoch),
  finished_at: Schema.NullOr(Epoch),
  progress: JobProgress,
  error: Schema.optional(JobError).annotations({ description: "Present when the job failed" }),
  webhook: Schema.optional(JobWebhook).annotations({ description: "Present when the job was sent with webhook_url" })
}

/** A job without its result: list entries and webhook notices. */
export const JobSummary = Schema.Struct(jobFields).annotations({ identifier: "JobSummary" })
export type JobSummary = typeof JobSummary.Type

export const Job = Schema.Struct({
  ...jobFields,
  result: Schema.optional(Schema.Unknown).annotations({
    description: "Present when the job succeeded: exactly the body the synchronous call answers",
    jsonSchema: { description: "The synchronous call's body (an array of sections, or the one-shot result)" }
  })
}).annotations({ identifier: "Job" })
export type Job = typeof Job.Type

export const WebhookEvent = Schema.Struct({
  type: Schema.Literal("job.succeeded", "job.failed", "job.cancelled"),
  timestamp: Schema.String.annotations({ description: "When the job ended (ISO 8601)" }),
  data: JobSummary
}).annotations({
  identifier: "WebhookEvent",
  description: "POSTed to webhook_url when a job ends, signed by the Standard Webhooks scheme " +
    "(headers webhook-id, webhook-timestamp, webhook-signature); retried with backoff for a day until a 2xx answer"
})
export type WebhookEvent = typeof WebhookEvent.Type
