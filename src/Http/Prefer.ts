/** The `Prefer` request header (RFC 7240): does the client ask for an asynchronous answer? */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Schema } from "effect"
import { Effect } from "effect"

/** True when one of the header's preferences is `respond-async` (names are case-insensitive). */
export const prefersAsync = (header: string | undefined): boolean =>
  header !== undefined &&
  header.split(",").some((preference) =>
    preference.split(";")[0]!.split("=")[0]!.trim().toLowerCase() === "respond-async"
  )

/** The request headers the heavy calls read. */
export const PreferHeaders = Schema.Struct({
  prefer: Schema.optional(Schema.String.annotations({
    description:
      "`respond-async` (RFC 7240): queue the work as a job and answer 202 at once, with Location: /v1/jobs/{job_id}",
    examples: ["respond-async"]
  }))
})

/** The 202 answer's headers: where the job is, and that the preference was honoured. */
export const acceptedHeaders = (location: string) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeaders(response, { location, "preference-applied": "respond-async" }))
  )
