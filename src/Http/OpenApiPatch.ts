/**
 * Makes the generated OpenAPI document describe the server exactly where HttpApi cannot say it: every
 * error body is `{detail}`, schema violations are 422 (not the framework's 400), uploads are binary
 * fields, the webhook notice (HttpApi has no way to declare an outgoing request), the response headers
 * (it has no way to declare them), the API-wide security (it writes an empty list), and the description
 * of a parameter whose schema is a named component (it copies only an inline schema's description).
 */
import { JSONSchema } from "effect"
import { WebhookEvent } from "../Domain/Job.js"

/** The notice POSTed to a job's webhook_url, as an OpenAPI 3.1 `webhooks` entry (its schemas into `definitions`). */
const webhooksOf = (definitions: Record<string, any>) => {
  const schema = JSONSchema.fromAST(WebhookEvent.ast, {
    definitions,
    definitionPath: "#/components/schemas/",
    target: "openApi3.1"
  })
  const header = (name: string, description: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" }
  })
  return {
    "job-ended": {
      post: {
        operationId: "webhooks.jobEnded",
        summary: "A job ended (job.succeeded, job.failed or job.cancelled)",
        description:
          "Sent to the job's webhook_url, signed by the Standard Webhooks scheme with WEBHOOK_SECRET or the " +
          "tenant's own secret; verify it with any Standard Webhooks library. Retried with backoff for a day until a 2xx answer; " +
          "every attempt carries the same webhook-id.",
        parameters: [
          header("webhook-id", "msg_<job_id>: the same for every attempt at this notice"),
          header("webhook-timestamp", "Seconds since the Unix epoch when this attempt was signed"),
          header("webhook-signature", "v1,<base64 HMAC-SHA256 of id.timestamp.body>")
        ],
        requestBody: { required: true, content: { "application/json": { schema } } },
        responses: { "2XX": { description: "Received; any other answer (or none in 10 s) is retried" } }
      }
    }
  }
}
const errorSchemaNames = new Set([
  "BadRequest",
  "Unauthorized",
  "NotFound",
  "PayloadTooLarge",
  "UnsupportedMediaType",
  "Unprocessable",
  "Overloaded",
  "BadGateway",
  "GatewayTimeout",
  "HttpApiDecodeError",
  "Issue",
  "PropertyKey",
  "PersistedFile"
])

const errorRef = { $ref: "#/components/schemas/Error" }
const errorContent = { "application/json": { schema: errorRef } }

/** What a multipart example shows for each field (a file's bytes cannot be written in JSON). */
const multipartExample: Record<string, string> = {
  file: "(the document's bytes)",
  template_ids: "[\"tpl_Vd2xQ8mK3LpZr7Tn1BcYwA\"]"
}

const multipartFields: Record<string, object> = {
  file: { type: "string", format: "binary", description: "The document. Send either file or url." },
  url: { type: "string", minLength: 1, description: "http(s) URL the server fetches. Send either file or url." },
  template_ids: {
    type: "string",
    description: "Template ids: a JSON array text such as [\"t1\",\"t2\"]; a repeated field or a comma list also works"
  },
  webhook_url: {
    type: "string",
    description:
      "With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends"
  }
}

type Json = Record<string, any>

const responseHeader = (description: string, example: string | number, type: "string" | "integer" = "string") => ({
  description,
  schema: { type, examples: [example] }
})

/** The headers answers carry, as components; which answer carries which is decided below. */
const headers: Json = {
  RequestId: responseHeader(
    "The request's id (the x-request-id sent, or a new one): every log line of the request carries it",
    "9b2f4c1e-7a3d-4e8b-b1c6-2d5f8e9a0c47"
  ),
  RetryAfter: responseHeader("Seconds to wait before sending the request again", 1, "integer"),
  Location: responseHeader("Where the job's state is: /v1/jobs/{job_id}", "/v1/jobs/job_AqebCalzw_ot8XlAC1yW0A"),
  PreferenceApplied: responseHeader("`respond-async`: the request was queued as a job", "respond-async"),
  UsageModelCalls: responseHeader(
    "Model calls the request made (Claude engine only; absent when there were none)",
    9,
    "integer"
  ),
  UsageInputTokens: responseHeader("Input tokens of those calls", 18234, "integer"),
  UsageOutputTokens: responseHeader("Output tokens of those calls", 912, "integer"),
  UsageUngroundedValues: responseHeader(
    "Values the model gave that were not found in the document (answered null)",
    0,
    "integer"
  )
}
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` })

/** The headers of one answer: every answer names its request; the rest depend on the status and the call. */
const headersOf = (status: string, callsModel: boolean): Json => ({
  "x-request-id": ref("RequestId"),
  ...(status === "503" ? { "retry-after": ref("RetryAfter") } : {}),
  ...(status === "202" ? { location: ref("Location"), "preference-applied": ref("PreferenceApplied") } : {}),
  ...(status === "200" && callsModel
    ? {
      "x-usage-model-calls": ref("UsageModelCalls"),
      "x-usage-input-tokens": ref("UsageInputTokens"),
      "x-usage-output-tokens": ref("UsageOutputTokens"),
      "x-usage-ungrounded-values": ref("UsageUngroundedValues")
    }
    : {})
})

/** The operations that may call the model (the heavy ones: they also take `Prefer`). */
const callsModel = (op: Json) => (op.parameters ?? []).some((p: Json) => p.in === "header" && p.name === "prefer")

/** The component a `$ref` names. */
const resolve = (schemas: Json, schema: Json | undefined): Json | undefined =>
  typeof schema?.$ref === "string" ? schemas[schema.$ref.replace("#/components/schemas/", "")] : schema

export const patchSpec = (spec: Record<string, any>): Record<string, any> => {
  const out = structuredClone(spec) as Json
  const schemas: Json = out.components.schemas
  for (const name of errorSchemaNames) delete schemas[name]
  schemas.Error = {
    type: "object",
    required: ["detail"],
    properties: { detail: { type: "string", description: "What went wrong, for a person to read" } },
    additionalProperties: false
  }
  // Every documented operation takes the key (the per-operation lists say so too); HttpApi writes [] here,
  // which documentation pages read as "no authentication".
  out.security = [{ apiKey: [] }]
  out.components.headers = headers
  const definitions: Json = {}
  out.webhooks = webhooksOf(definitions)
  for (const [name, definition] of Object.entries(definitions)) schemas[name] ??= definition
  for (const ops of Object.values(out.paths as Json)) {
    for (const op of Object.values(ops as Json) as Array<Json>) {
      if (typeof op !== "object" || op === null || op.responses === undefined) continue
      const responses: Json = op.responses
      const hasBody = op.requestBody !== undefined
      if (hasBody) {
        responses["400"] = {
          description:
            "Malformed request: unparsable JSON or multipart, file and url both or neither, template_ids not a list of strings"
        }
      } else {
        delete responses["400"]
      }
      responses["422"] = {
        description: "Well-formed but invalid: schema violations, invalid template_data, bad query values"
      }
      responses["500"] = { description: "Internal error; the body names the request id the log holds the cause under" }
      for (const [status, response] of Object.entries(responses) as Array<[string, Json]>) {
        if (Number(status) >= 400) response.content = errorContent
        response.headers = headersOf(status, callsModel(op))
      }
      for (const parameter of op.parameters ?? []) {
        const target = resolve(schemas, parameter.schema)
        if (parameter.description === undefined && target?.description !== undefined) {
          parameter.description = target.description
        }
      }
      const media = op.requestBody?.content?.["multipart/form-data"]
      const multipart = media?.schema
      if (multipart?.properties !== undefined) {
        for (const key of Object.keys(multipart.properties)) {
          if (multipartFields[key] !== undefined) multipart.properties[key] = multipartFields[key]
        }
        // An example of the form's fields (HttpApi's schema examples are typed as the decoded files).
        media.example = Object.fromEntries(
          Object.keys(multipart.properties).filter((key) => multipartExample[key] !== undefined).map((
            key
          ) => [key, multipartExample[key]])
        )
      }
    }
  }
  return out
}
