import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect } from "effect"
import { CurrentTenant } from "../Auth/Api.js"
import { Api } from "../Http/Api.js"
import { Jobs } from "./Jobs.js"

export const JobsLive = HttpApiBuilder.group(Api, "jobs", (handlers) =>
  Effect.gen(function*() {
    const jobs = yield* Jobs
    return handlers
      .handle("get", ({ path }) => Effect.flatMap(CurrentTenant, ({ tenantId }) => jobs.get(tenantId, path.job_id)))
      .handle(
        "list",
        ({ urlParams }) => Effect.flatMap(CurrentTenant, ({ tenantId }) => jobs.list(tenantId, urlParams))
      )
      .handle(
        "cancel",
        ({ path }) => Effect.flatMap(CurrentTenant, ({ tenantId }) => jobs.cancelOrRemove(tenantId, path.job_id))
      )
  }))
