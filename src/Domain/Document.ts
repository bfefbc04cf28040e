import { Schema } from "effect"
import { TemplateId } from "./Ids.js"

export const Document = Schema.Struct({
  document_id: Schema.String,
  document_name: Schema.String,
  document_created_at: Schema.Int.annotations({ description: "Seconds since the Unix epoch" })
}).annotations({ identifier: "Document" })
export type Document = typeof Document.Type

export const BoundingBox = Schema.Tuple(Schema.Number, Schema.Number, Schema.Number, Schema.Number).annotations({
  identifier: "BoundingBox",
  description: "[x1, y1, x2, y2], each in 0..1 of the page width/height, origin top-left"
})

const extractedDescription =
  "Values following the template's field tree. Leaves are plain strings/numbers/booleans, or with " +
  "include_coordinates=true objects {value, page, bounding_box_coordinates, confidence}; null when not in the " +
  "document or when the engine is less sure of it than MIN_CONFIDENCE. `confidence` (0..1) is calibrated: among " +
  "values at 0.9 or more, at least 95% are right on documents the engine was not tuned on."

export const Extracted = Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
  identifier: "Extracted",
  description: extractedDescription,
  // Any JSON values: Effect gives every unknown value the same $id, which JSON Schema validators refuse twice.
  jsonSchema: { type: "object", additionalProperties: true, description: extractedDescription }
})

const SectionConfidence = Schema.optional(Schema.Number.annotations({
  description: "How likely the section is exactly right (its type and its pages), 0..1; absent on results stored before it existed"
}))

export const Section = Schema.Struct({
  document_type: Schema.String,
  pages: Schema.Array(Schema.Int).annotations({ description: "1-based page numbers of the original file" }),
  confidence: SectionConfidence
}).annotations({ identifier: "Section" })
export type Section = typeof Section.Type

export const ExtractedSection = Schema.Struct({
  document_type: Schema.String,
  pages: Schema.Array(Schema.Int),
  confidence: SectionConfidence,
  extracted: Extracted
}).annotations({ identifier: "ExtractedSection" })
export type ExtractedSection = typeof ExtractedSection.Type

export const PropertiesSection = Schema.Struct({
  document_type: Schema.String,
  pages: Schema.Array(Schema.Int),
  confidence: SectionConfidence,
  properties: Extracted
}).annotations({ identifier: "PropertiesSection" })
export type PropertiesSection = typeof PropertiesSection.Type

export const ExtractionRun = Schema.Struct({
  document_id: Schema.String,
  document_name: Schema.String,
  document_created_at: Schema.Int,
  results: Schema.Array(ExtractedSection),
  extracted_at: Schema.Int,
  template_ids: Schema.Array(Schema.String)
}).annotations({ identifier: "ExtractionRun" })
export type ExtractionRun = typeof ExtractionRun.Type

export const OcrLine = Schema.Struct({
  text: Schema.String,
  bounding_box_coordinates: BoundingBox
}).annotations({ identifier: "OcrLine" })
export type OcrLine = typeof OcrLine.Type

export const OcrWord = Schema.Struct({
  text: Schema.String,
  bounding_box_coordinates: BoundingBox,
  confidence: Schema.Number.annotations({ description: "0..1; 1 for text-layer words" })
}).annotations({ identifier: "OcrWord" })
export type OcrWord = typeof OcrWord.Type

export const OcrPage = Schema.Struct({
  page: Schema.Int,
  width: Schema.Number,
  height: Schema.Number,
  source: Schema.Literal("text", "ocr"),
  text: Schema.String,
  lines: Schema.Array(OcrLine),
  words: Schema.Array(OcrWord)
}).annotations({ identifier: "OcrPage" })
export type OcrPage = typeof OcrPage.Type

export const OneShotResult = Schema.Struct({
  ocr: Schema.Array(OcrPage),
  markdown: Schema.String,
  result: Schema.Array(PropertiesSection)
}).annotations({ identifier: "OneShotResult" })
export type OneShotResult = typeof OneShotResult.Type

/** Templates one request may name: each is a document type to look for and fields to extract. */
export const MAX_TEMPLATE_IDS = 100

export const TemplateIdList = Schema.Array(TemplateId).pipe(
  Schema.maxItems(MAX_TEMPLATE_IDS, { message: () => `at most ${MAX_TEMPLATE_IDS} template ids per request` })
).annotations({ description: `The templates to use (at most ${MAX_TEMPLATE_IDS})` })

export const TemplateIds = Schema.Struct({
  template_ids: TemplateIdList,
  webhook_url: Schema.optional(Schema.String.annotations({
    description: "With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends"
  }))
}).annotations({ identifier: "TemplateIds", parseOptions: { onExcessProperty: "error" } })
export type TemplateIds = typeof TemplateIds.Type
