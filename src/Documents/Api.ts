import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as Multipart from "@effect/platform/Multipart"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { Authentication } from "../Auth/Api.js"
import { Document, ExtractedSection, ExtractionRun, OneShotResult, Section, TemplateIds } from "../Domain/Document.js"
import {
  BadGateway,
  BadRequest,
  GatewayTimeout,
  NotFound,
  PayloadTooLarge,
  Unprocessable,
  UnsupportedMediaType
} from "../Domain/Errors.js"
import { DocumentId } from "../Domain/Ids.js"
import { JobAccepted } from "../Domain/Job.js"
import { CoordinatesParam, IncludeCoordinates, Paging, queryBoolean } from "../Domain/Query.js"
import { PreferHeaders } from "../Http/Prefer.js"

const DocumentPath = Schema.Struct({ document_id: DocumentId })

/** A text field that may be sent once or repeated. */
const TextField = Schema.Union(Schema.String, Schema.Array(Schema.String))

const fileField = Schema.optional(Multipart.FilesSchema).annotations({
  description: "The document (binary). Send either file or url."
})
const urlField = Schema.optional(TextField).annotations({
  description: "http(s) URL the server downloads the document from. Send either file or url."
})

export const UploadForm = HttpApiSchema.Multipart(
  Schema.Struct({ file: fileField, url: urlField }).annotations({ identifier: "UploadForm" })
)

export const ExtractForm = HttpApiSchema.Multipart(
  Schema.Struct({
    file: fileField,
    url: urlField,
    template_ids: Schema.optional(TextField).annotations({
      description: "JSON array text such as [\"t1\",\"t2\"]; a repeated field or a comma list is also accepted"
    }),
    webhook_url: Schema.optional(TextField).annotations({
      description:
        "With `Prefer: respond-async`: where the server POSTs a signed notice (Standard Webhooks) when the job ends"
    })
  }).annotations({ identifier: "ExtractForm" })
)

export class DocumentsApi extends HttpApiGroup.make("documents")
  .add(
    HttpApiEndpoint.post("extract", "/documents/extract")
      .setPayload(ExtractForm)
      .setUrlParams(Schema.Struct({
        include_coordinates: Schema.optional(IncludeCoordinates),
        force_exclusive_template: Schema.optional(queryBoolean(
          "true: no split: one section of all pages, typed by the first template given",
          false
        )),
        document_layout_analysis: Schema.optional(queryBoolean(
          "true: the reading order is rebuilt from the page layout (columns, tables as markdown tables, repeated headers and footers marked) before extraction",
          false
        ))
      }))
      .addSuccess(OneShotResult)
      .addSuccess(JobAccepted, { status: 202 })
      .setHeaders(PreferHeaders)
      .addError(NotFound)
      .addError(Unprocessable)
      .addError(BadRequest)
      .addError(PayloadTooLarge)
      .addError(UnsupportedMediaType)
      .addError(BadGateway)
      .addError(GatewayTimeout)
      .annotate(OpenApi.Summary, "One-shot: read, split and extract a file without storing anything")
      .annotate(
        OpenApi.Description,
        "Reads the file (text layer or OCR), splits it into sections by the templates' document types and extracts each " +
          "section's fields; answers the pages read, the document as markdown and the sections. Nothing is stored. With " +
          "`Prefer: respond-async` it answers 202 at once and the result is at /v1/jobs/{job_id}."
      )
  )
  .add(
    HttpApiEndpoint.post("upload", "/documents")
      .setPayload(UploadForm)
      .addSuccess(Document)
      .addError(Unprocessable)
      .addError(BadRequest)
      .addError(PayloadTooLarge)
      .addError(UnsupportedMediaType)
      .addError(BadGateway)
      .addError(GatewayTimeout)
      .annotate(OpenApi.Summary, "Upload a document (file or url)")
      .annotate(
        OpenApi.Description,
        "Stores a PDF, image, office file, e-mail, HTML or text file, sent as the `file` part or fetched from `url`. " +
          "A file that is not a readable document answers 415."
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/documents")
      .setUrlParams(Paging)
      .addSuccess(Schema.Array(Document))
      .annotate(OpenApi.Summary, "List documents (oldest first)")
      .annotate(
        OpenApi.Description,
        "This key's tenant's stored documents, oldest first; `limit` and `offset` page through them."
      )
  )
  .add(
    HttpApiEndpoint.get("results", "/documents/:document_id")
      .setPath(DocumentPath)
      .setUrlParams(CoordinatesParam)
      .addSuccess(Schema.Array(ExtractionRun))
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Earlier extraction runs of a document, oldest first")
      .annotate(
        OpenApi.Description,
        "Every stored extraction run with its sections and values; `[]` when the document was never extracted."
      )
  )
  .add(
    HttpApiEndpoint.post("split", "/documents/:document_id/split")
      .setPath(DocumentPath)
      .setPayload(TemplateIds)
      .addSuccess(Schema.Array(Section))
      .addSuccess(JobAccepted, { status: 202 })
      .setHeaders(PreferHeaders)
      .addError(NotFound)
      .addError(Unprocessable)
      .addError(BadRequest)
      .addError(PayloadTooLarge)
      .addError(UnsupportedMediaType)
      .addError(BadGateway)
      .addError(GatewayTimeout)
      .annotate(OpenApi.Summary, "Split a stored document into sections by document type")
      .annotate(
        OpenApi.Description,
        "Finds which pages hold which of the templates' document types. Nothing is extracted or stored. With " +
          "`Prefer: respond-async` it answers 202 at once and the result is at /v1/jobs/{job_id}."
      )
  )
  .add(
    HttpApiEndpoint.post("extraction", "/documents/:document_id/extraction")
      .setPath(DocumentPath)
      .setPayload(TemplateIds)
      .setUrlParams(CoordinatesParam)
      .addSuccess(Schema.Array(ExtractedSection))
      .addSuccess(JobAccepted, { status: 202 })
      .setHeaders(PreferHeaders)
      .addError(NotFound)
      .addError(Unprocessable)
      .addError(BadRequest)
      .addError(PayloadTooLarge)
      .addError(UnsupportedMediaType)
      .addError(BadGateway)
      .addError(GatewayTimeout)
      .annotate(OpenApi.Summary, "Split a stored document and extract each section; the run is stored")
      .annotate(
        OpenApi.Description,
        "Splits the document by the templates' document types and extracts each section's fields; the run is stored " +
          "and listed by GET /v1/documents/{document_id}. With `Prefer: respond-async` it answers 202 at once and the " +
          "result is at /v1/jobs/{job_id}."
      )
  )
  .add(
    HttpApiEndpoint.del("delete", "/documents/:document_id")
      .setPath(DocumentPath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Delete a document: the file, its parse and its results")
      .annotate(OpenApi.Description, "Answers 204 with no body; the document's id answers 404 afterwards.")
  )
  .middleware(Authentication)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Documents")
  .annotate(OpenApi.Description, "Upload documents, split them into sections and extract their fields")
{}
