/** Asynchronous jobs as the API shows them (`Prefer: respond-async`, /v1/jobs, webhook notices). */
import { Schema } from "effect"
import { ExtractedSection, OneShotResult, Section } from "./Document.js"
import { JobId } from "./Ids.js"
import { Count, HttpStatus, UnixTime } from "./Scalars.js"

export const JobKind = Schema.Literal("extraction", "split", "extract").annotations({
  description: "Which call the job runs: a stored document's extraction or split, or the one-shot extract"
})
export type JobKind = typeof JobKind.Type

export const JobStatus = Schema.Literal("queued", "running", "succeeded", "failed", "cancelled").annotations({
  description: "Where the job is: queued, running, or ended (succeeded, failed, cancelled)"
})
export type JobStatus = typeof JobStatus.Type

export const FINAL_STATUSES: ReadonlyArray<JobStatus> = ["succeeded", "failed", "cancelled"]

export const JobAccepted = Schema.Struct({
  job_id: JobId,
  status: Schema.Literal("queued"),
  created_at: UnixTime
}).annotations({
  identifier: "JobAccepted",
  description: "The job was queued (answer to `Prefer: respond-async`); its state is at the Location header's address"
})
export type JobAccepted = typeof JobAccepted.Type

export const JobProgress = Schema.Struct({
  pages_read: Count.annotations({ description: "Pages read so far" }),
  pages_total: Schema.NullOr(Count).annotations({ description: "Pages in the file; null until they are counted" }),
  sections_done: Count.annotations({ description: "Sections extracted so far" }),
  sections_total: Schema.NullOr(Count).annotations({ description: "Sections found; null until the file is split" })
}).annotations({ identifier: "JobProgress", description: "How far the job is" })

export const JobError = Schema.Struct({
  status: HttpStatus.annotations({ description: "The HTTP status the synchronous call would have answered" }),
  detail: Schema.String.annotations({ description: "What went wrong, as the synchronous call would have said it" })
}).annotations({ identifier: "JobError", description: "Why the job failed" })

export const JobWebhook = Schema.Struct({
  attempts: Count.annotations({ description: "Delivery attempts so far" }),
  last_status: Schema.NullOr(HttpStatus).annotations({
    description: "HTTP status of the last attempt; null if it got no answer"
  }),
  delivered_at: Schema.NullOr(UnixTime).annotations({ description: "When a 2xx answer was received; null until then" })
}).annotations({ identifier: "JobWebhook", description: "Delivery of the completion notice to webhook_url" })

const jobFields = {
  job_id: JobId,
  kind: JobKind,
  status: JobStatus,
  created_at: UnixTime,
  started_at: Schema.NullOr(UnixTime).annotations({ description: "When a worker began it; null while queued" }),
  finished_at: Schema.NullOr(UnixTime).annotations({ description: "When it ended; null until then" }),
  progress: JobProgress,
  error: Schema.optional(JobError).annotations({ description: "Present when the job failed" }),
  webhook: Schema.optional(JobWebhook).annotations({ description: "Present when the job was sent with webhook_url" })
}

/** A job without its result: list entries and webhook notices. */
export const JobSummary = Schema.Struct(jobFields).annotations({
  identifier: "JobSummary",
  description: "A job without its result"
})
export type JobSummary = typeof JobSummary.Type

export const Job = Schema.Struct({
  ...jobFields,
  // Sections with values before sections alone: encoding takes the first member that fits.
  result: Schema.optional(Schema.Union(Schema.Array(ExtractedSection), Schema.Array(Section), OneShotResult))
    .annotations({
      description: "Present when the job succeeded: exactly the body the synchronous call answers (the extraction's " +
        "sections with values, the split's sections, or the one-shot result)"
    })
}).annotations({ identifier: "Job", description: "An asynchronous job, with its result once it succeeded" })
export type Job = typeof Job.Type

export const WebhookEvent = Schema.Struct({
  type: Schema.Literal("job.succeeded", "job.failed", "job.cancelled").annotations({
    description: "How the job ended"
  }),
  timestamp: Schema.String.annotations({ description: "When the job ended (ISO 8601)" }),
  data: JobSummary
}).annotations({
  identifier: "WebhookEvent",
  description: "POSTed to webhook_url when a job ends, signed by the Standard Webhooks scheme " +
    "(headers webhook-id, webhook-timestamp, webhook-signature); retried with backoff for a day until a 2xx answer"
})
export type WebhookEvent = typeof WebhookEvent.Type
