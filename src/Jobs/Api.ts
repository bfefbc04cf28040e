import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authentication } from "../Auth/Api.js"
import { NotFound } from "../Domain/Errors.js"
import { Job, JobStatus, JobSummary } from "../Domain/Job.js"
import { Paging } from "../Domain/Query.js"

const JobPath = Schema.Struct({
  job_id: Schema.String.annotations({ description: "The id a 202 answer gave (`job_…`)" })
})

export class JobsApi extends HttpApiGroup.make("jobs")
  .add(
    HttpApiEndpoint.get("get", "/jobs/:job_id")
      .setPath(JobPath)
      .addSuccess(Job)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "A job's state, progress, and its result once it succeeded")
  )
  .add(
    HttpApiEndpoint.get("list", "/jobs")
      .setUrlParams(Schema.Struct({
        ...Paging.fields,
        status: Schema.optional(JobStatus.annotations({ description: "Only jobs in this state" }))
      }))
      .addSuccess(Schema.Array(JobSummary))
      .annotate(OpenApi.Summary, "This tenant's jobs, newest first (without results)")
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
  )
  .middleware(Authentication)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Jobs")
{}
