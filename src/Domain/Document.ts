import { Schema } from "effect"
import { TemplateId } from "./Ids.js"
import { Confidence, PageNumber, UnixTime } from "./Scalars.js"

export const Document = Schema.Struct({
  document_id: Schema.String.annotations({
    description: "The document's id",
    examples: ["doc_3fK2m9QxT1aZ8cVbN4pLrw"]
  }),
  document_name: Schema.String.annotations({
    description: "The uploaded file's name, or the URL's last segment",
    examples: ["invoice-2024-118.pdf"]
  }),
  document_created_at: UnixTime
}).annotations({ identifier: "Document", description: "A stored document" })
export type Document = typeof Document.Type

export const BoundingBox = Schema.Tuple(Schema.Number, Schema.Number, Schema.Number, Schema.Number).annotations({
  identifier: "BoundingBox",
  description: "[x1, y1, x2, y2], each in 0..1 of the page width/height, origin top-left",
  examples: [[0.62, 0.08, 0.91, 0.11]]
})

/** A value with where it was read: the coordinate form's leaf (`include_coordinates=true`). */
export const LocatedValue = Schema.Struct({
  value: Schema.Union(Schema.String, Schema.Number, Schema.Boolean).annotations({
    description: "The value, typed as the template asks (dates as YYYY-MM-DD)",
    examples: ["INV-2024-118"]
  }),
  page: PageNumber,
  bounding_box_coordinates: BoundingBox,
  confidence: Schema.optional(Confidence.annotations({
    description:
      "How likely the value is right, 0..1 (calibrated: among values at 0.9 or more, at least 95% are right on " +
      "documents the engine was not tuned on); absent on results stored before it existed"
  }))
}).annotations({
  identifier: "LocatedValue",
  description: "A value with the page and the box it was read from (include_coordinates=true)"
})
export type LocatedValue = typeof LocatedValue.Type

/** One extracted value as JSON: a leaf (plain or located), null, a list, or a nested object. */
export type ExtractedJson =
  | string
  | number
  | boolean
  | null
  | LocatedValue
  | ReadonlyArray<ExtractedJson>
  | { readonly [field: string]: ExtractedJson }

export const ExtractedValue: Schema.Schema<ExtractedJson> = Schema.Union(
  Schema.String,
  Schema.Number,
  Schema.Boolean,
  Schema.Null,
  LocatedValue,
  Schema.Array(Schema.suspend(() => ExtractedValue)),
  Schema.Record({ key: Schema.String, value: Schema.suspend(() => ExtractedValue) })
).annotations({
  identifier: "ExtractedValue",
  description: "A template field's value: a plain string, number or boolean, or with include_coordinates=true a " +
    "LocatedValue; null when it is not in the document or the engine is less sure of it than MIN_CONFIDENCE; a list " +
    "for a list field; an object for a nested field"
})

export const Extracted = Schema.Record({ key: Schema.String, value: ExtractedValue }).annotations({
  identifier: "Extracted",
  description: "The template's fields with their values, following the template's field tree",
  examples: [{ invoice_number: "INV-2024-118", invoice_date: "2024-11-15", total_amount: 1249.5, po_number: null }]
})

const SectionConfidence = Schema.optional(Confidence.annotations({
  description: "How likely the section is exactly right (its type and its pages), 0..1, calibrated like a value's; " +
    "absent on results stored before it existed"
}))

const DocumentType = Schema.String.annotations({ description: "The template's document type", examples: ["invoice"] })

const Pages = Schema.Array(PageNumber).annotations({
  description: "1-based page numbers of the original file",
  examples: [[1, 2]]
})

export const Section = Schema.Struct({
  document_type: DocumentType,
  pages: Pages,
  confidence: SectionConfidence
}).annotations({ identifier: "Section" })
export type Section = typeof Section.Type

export const ExtractedSection = Schema.Struct({
  document_type: DocumentType,
  pages: Pages,
  confidence: SectionConfidence,
  extracted: Extracted
}).annotations({ identifier: "ExtractedSection" })
export type ExtractedSection = typeof ExtractedSection.Type

export const PropertiesSection = Schema.Struct({
  document_type: DocumentType,
  pages: Pages,
  confidence: SectionConfidence,
  properties: Extracted
}).annotations({ identifier: "PropertiesSection" })
export type PropertiesSection = typeof PropertiesSection.Type

export const ExtractionRun = Schema.Struct({
  ...Document.fields,
  results: Schema.Array(ExtractedSection),
  extracted_at: UnixTime,
  template_ids: Schema.Array(Schema.String).annotations({ description: "The templates the run used" })
}).annotations({ identifier: "ExtractionRun", description: "One stored extraction of a document" })
export type ExtractionRun = typeof ExtractionRun.Type

export const OcrLine = Schema.Struct({
  text: Schema.String,
  bounding_box_coordinates: BoundingBox
}).annotations({ identifier: "OcrLine", description: "A line of text in reading order" })
export type OcrLine = typeof OcrLine.Type

export const OcrWord = Schema.Struct({
  text: Schema.String,
  bounding_box_coordinates: BoundingBox,
  confidence: Schema.Number.annotations({ description: "The reader's certainty, 0..1; 1 for text-layer words" })
}).annotations({ identifier: "OcrWord", description: "A word as read" })
export type OcrWord = typeof OcrWord.Type

export const OcrPage = Schema.Struct({
  page: PageNumber,
  width: Schema.Number.annotations({ description: "Page width in PDF points (pixels for images)" }),
  height: Schema.Number.annotations({ description: "Page height in PDF points (pixels for images)" }),
  source: Schema.Literal("text", "ocr").annotations({ description: "Read from the file's text layer, or by OCR" }),
  text: Schema.String.annotations({ description: "The page's text, lines in reading order" }),
  lines: Schema.Array(OcrLine),
  words: Schema.Array(OcrWord)
}).annotations({ identifier: "OcrPage", description: "One page as read" })
export type OcrPage = typeof OcrPage.Type

export const OneShotResult = Schema.Struct({
  ocr: Schema.Array(OcrPage).annotations({ description: "Every page as read" }),
  markdown: Schema.String.annotations({
    description: "The whole document as Markdown (headings and tables with document_layout_analysis=true)"
  }),
  result: Schema.Array(PropertiesSection).annotations({ description: "The sections found, each with its values" })
}).annotations({
  identifier: "OneShotResult",
  description: "The one-shot answer: the pages read and the values of each section"
})
export type OneShotResult = typeof OneShotResult.Type

/** Templates one request may name: each is a document type to look for and fields to extract. */
export const MAX_TEMPLATE_IDS = 100

export const TemplateIdList = Schema.Array(TemplateId).pipe(
  Schema.maxItems(MAX_TEMPLATE_IDS, { message: () => `at most ${MAX_TEMPLATE_IDS} template ids per request` })
).annotations({ description: `The templates to use (at most ${MAX_TEMPLATE_IDS})` })

export const TemplateIds = Schema.Struct({
  template_ids: TemplateIdList,
  webhook_url: Schema.optional(Schema.String.annotations({
    description:
      "With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends",
    examples: ["https://example.com/hooks/docsplit"]
  }))
}).annotations({
  identifier: "TemplateIds",
  description: "The templates to split by and extract with",
  examples: [{ template_ids: ["tpl_Vd2xQ8mK3LpZr7Tn1BcYwA"] }],
  parseOptions: { onExcessProperty: "error" }
})
export type TemplateIds = typeof TemplateIds.Type
