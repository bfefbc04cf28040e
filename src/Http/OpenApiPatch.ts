/**
 * Makes the generated OpenAPI document describe the server exactly: every error body is `{detail}`,
 * schema violations are 422 (not the framework's 400), uploads are binary fields, and the webhook
 * notice is documented (HttpApi has no way to declare an outgoing request).
 */
import { JSONSchema } from "effect"
import { WebhookEvent } from "../Domain/Job.js"

/** The notice POSTed to a job's webhook_url, as an OpenAPI 3.1 `webhooks` entry (its schemas into `definitions`). */
const webhooksOf = (definitions: Record<string, any>) => {
  const schema = JSONSchema.fromAST(WebhookEvent.ast, { definitions, definitionPath: "#/components/schemas/", target: "openApi3.1" })
  const header = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } })
  return {
    "job-ended": {
      post: {
        summary: "A job ended (job.succeeded, job.failed or job.cancelled)",
        description: "Sent to the job's webhook_url, signed by the Standard Webhooks scheme with WEBHOOK_SECRET or the " +
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

const multipartFields: Record<string, object> = {
  file: { type: "string", format: "binary", description: "The document. Send either file or url." },
  url: { type: "string", minLength: 1, description: "http(s) URL the server fetches. Send either file or url." },
  template_ids: {
    type: "string",
    description: 'Template ids: a JSON array text such as ["t1","t2"]; a repeated field or a comma list also works'
  }
}

type Json = Record<string, any>

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
      responses["422"] = { description: "Well-formed but invalid: schema violations, invalid template_data, bad query values" }
      responses["500"] = { description: "Internal error; the body names the request id the log holds the cause under" }
      for (const [status, response] of Object.entries(responses) as Array<[string, Json]>) {
        if (Number(status) >= 400) response.content = errorContent
      }
      const multipart = op.requestBody?.content?.["multipart/form-data"]?.schema
      if (multipart?.properties !== undefined) {
        for (const key of Object.keys(multipart.properties)) {
          if (multipartFields[key] !== undefined) multipart.properties[key] = multipartFields[key]
        }
      }
    }
  }
  return out
}
