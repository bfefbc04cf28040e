import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { Authentication } from "../Auth/Api.js"
import { NotFound } from "../Domain/Errors.js"
import { JobId } from "../Domain/Ids.js"
import { Job, JobStatus, JobSummary } from "../Domain/Job.js"
import { Paging } from "../Domain/Query.js"

const JobPath = Schema.Struct({ job_id: JobId })

export class JobsApi extends HttpApiGroup.make("jobs")
  .add(
    HttpApiEndpoint.get("get", "/jobs/:job_id")
      .setPath(JobPath)
      .addSuccess(Job)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "A job's state, progress, and its result once it succeeded")
      .annotate(
        OpenApi.Description,
        "Poll it, or pass webhook_url to be notified. `result` is the body the synchronous call would have answered; " +
          "`error` the status and detail it would have answered with."
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/jobs")
      .setUrlParams(Schema.Struct({
        ...Paging.fields,
        status: Schema.optional(
          JobStatus.annotations({ description: "Only jobs in this state", examples: ["succeeded"] })
        )
      }))
      .addSuccess(Schema.Array(JobSummary))
      .annotate(OpenApi.Summary, "This tenant's jobs, newest first (without results)")
      .annotate(
        OpenApi.Description,
        "Jobs are kept for JOB_RETENTION_HOURS after they end; `status` keeps only jobs in that state."
      )
  )
  .add(
    HttpApiEndpoint.del("cancel", "/jobs/:job_id")
      .setPath(JobPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .annotate(
        OpenApi.Summary,
        "Cancel a job (a queued one never runs, a running one is stopped) or remove a finished one from the list"
      )
      .annotate(
        OpenApi.Description,
        "Answers 204 with no body. A cancelled job ends with status `cancelled` and its webhook says so."
      )
  )
  .middleware(Authentication)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Jobs")
  .annotate(OpenApi.Description, "Work sent with `Prefer: respond-async`: its state, progress and result")
{}
