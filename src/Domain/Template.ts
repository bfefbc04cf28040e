import { Schema } from "effect"
import { withoutControlCharacters } from "./Ids.js"
import { UnixTime } from "./Scalars.js"

const templateDataDescription =
  "The values to extract: a JSON Schema object ({type: object, properties, required}) or a shorthand map " +
  "(field → description, type word, {type, description}, nested map, or one-element array for a list)."

const templateDataExample = {
  invoice_number: "The invoice's number",
  invoice_date: { type: "string", format: "date", description: "The date the invoice was issued" },
  total_amount: { type: "number", description: "The amount due, taxes included" },
  currency: "Three-letter currency code such as EUR"
}

const isJsonObject = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * Any JSON object, passed on as it was sent: a key the schema library would drop (`__proto__`) reaches
 * the template's own check, which names it, instead of vanishing from the stored template.
 */
export const TemplateData = Schema.declare(isJsonObject, {
  identifier: "TemplateData",
  message: () => ({ message: "must be an object", override: true }),
  description: templateDataDescription,
  // Any JSON values: Effect gives every unknown value the same $id, which JSON Schema validators refuse twice.
  jsonSchema: {
    type: "object",
    additionalProperties: true,
    description: templateDataDescription,
    examples: [templateDataExample]
  }
})

const documentTypeDescription = "The kind of document the template is for; the splitter labels sections with it"

export const Template = Schema.Struct({
  template_id: Schema.String.annotations({
    description: "The template's id",
    examples: ["tpl_Vd2xQ8mK3LpZr7Tn1BcYwA"]
  }),
  document_type: Schema.String.annotations({ description: documentTypeDescription, examples: ["invoice"] }),
  template_data: TemplateData,
  template_created_at: UnixTime,
  template_updated_at: UnixTime
}).annotations({ identifier: "Template", description: "A document type and the fields to extract from it" })
export type Template = typeof Template.Type

/** Sent as any string (this description is what the document shows), kept trimmed. */
const documentTypeRule = documentTypeDescription + " (1 to 200 characters; surrounding spaces are dropped)"
const DocumentType = Schema.String.annotations({
  description: documentTypeRule,
  jsonSchema: { type: "string", minLength: 1, maxLength: 200, description: documentTypeRule, examples: ["invoice"] }
}).pipe(
  Schema.compose(Schema.Trim),
  Schema.minLength(1, { message: () => "document_type must be a non-empty string" }),
  Schema.maxLength(200, { message: () => "document_type is longer than 200 characters" }),
  withoutControlCharacters
)

export const CreateTemplate = Schema.Struct({
  document_type: DocumentType,
  template_data: TemplateData
}).annotations({
  identifier: "CreateTemplate",
  description: "A new template",
  examples: [{ document_type: "invoice", template_data: templateDataExample }],
  // What the document says (additionalProperties: false) is what the server does: an unknown field is a 422 naming it.
  parseOptions: { onExcessProperty: "error" }
})
export type CreateTemplate = typeof CreateTemplate.Type

export const UpdateTemplate = Schema.Struct({
  document_type: Schema.optional(DocumentType),
  template_data: Schema.optional(TemplateData)
}).annotations({
  identifier: "UpdateTemplate",
  description: "The template's new document type, fields, or both; what is omitted stays",
  examples: [{ template_data: { ...templateDataExample, due_date: { type: "string", format: "date" } } }],
  parseOptions: { onExcessProperty: "error" }
})
export type UpdateTemplate = typeof UpdateTemplate.Type
