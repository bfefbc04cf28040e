/**
 * Makes the generated OpenAPI document describe the server exactly: every error body is `{detail}`,
 * schema violations are 422 (not the framework's 400), uploads are binary fields.
 */
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
