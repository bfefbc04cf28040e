import { Schema } from "effect"
import { withoutControlCharacters } from "./Ids.js"

const templateDataDescription =
  "The values to extract: a JSON Schema object ({type: object, properties, required}) or a shorthand map " +
  "(field → description, type word, {type, description}, nested map, or one-element array for a list)."

export const TemplateData = Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
  identifier: "TemplateData",
  description: templateDataDescription,
  // Any JSON values: Effect gives every unknown value the same $id, which JSON Schema validators refuse twice.
  jsonSchema: { type: "object", additionalProperties: true, description: templateDataDescription }
})

export const Template = Schema.Struct({
  template_id: Schema.String,
  document_type: Schema.String,
  template_data: TemplateData,
  template_created_at: Schema.Int.annotations({ description: "Seconds since the Unix epoch" }),
  template_updated_at: Schema.Int.annotations({ description: "Seconds since the Unix epoch" })
}).annotations({ identifier: "Template" })
export type Template = typeof Template.Type

const DocumentType = Schema.Trim.pipe(
  Schema.minLength(1, { message: () => "document_type must be a non-empty string" }),
  Schema.maxLength(200, { message: () => "document_type is longer than 200 characters" }),
  withoutControlCharacters
)

export const CreateTemplate = Schema.Struct({
  document_type: DocumentType,
  template_data: TemplateData
}).annotations({
  identifier: "CreateTemplate",
  // What the document says (additionalProperties: false) is what the server does: an unknown field is a 422 naming it.
  parseOptions: { onExcessProperty: "error" }
})
export type CreateTemplate = typeof CreateTemplate.Type

export const UpdateTemplate = Schema.Struct({
  document_type: Schema.optional(DocumentType),
  template_data: Schema.optional(TemplateData)
}).annotations({ identifier: "UpdateTemplate", parseOptions: { onExcessProperty: "error" } })
export type UpdateTemplate = typeof UpdateTemplate.Type
