import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import { Authentication } from "../Auth/Api.js"
import { NotFound, PayloadTooLarge, Unprocessable } from "../Domain/Errors.js"
import { TemplateId } from "../Domain/Ids.js"
import { Paging } from "../Domain/Query.js"
import { CreateTemplate, Template, UpdateTemplate } from "../Domain/Template.js"

const TemplatePath = Schema.Struct({ template_id: TemplateId })

export class TemplatesApi extends HttpApiGroup.make("templates")
  .add(
    HttpApiEndpoint.post("create", "/templates")
      .setPayload(CreateTemplate)
      .addSuccess(Template)
      .addError(Unprocessable)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, "Create a template")
      .annotate(OpenApi.Description, "One document type per template; template_data describes the values to extract.")
  )
  .add(
    HttpApiEndpoint.get("list", "/templates")
      .setUrlParams(Paging)
      .addSuccess(Schema.Array(Template))
      .annotate(OpenApi.Summary, "List templates (oldest first)")
      .annotate(
        OpenApi.Description,
        "This key's tenant's templates, oldest first; `limit` and `offset` page through them."
      )
  )
  .add(
    HttpApiEndpoint.patch("update", "/templates/:template_id")
      .setPath(TemplatePath)
      .setPayload(UpdateTemplate)
      .addSuccess(Template)
      .addError(NotFound)
      .addError(Unprocessable)
      .addError(PayloadTooLarge)
      .annotate(OpenApi.Summary, "Update a template; omitted fields stay")
      .annotate(
        OpenApi.Description,
        "Replaces the document type, the fields, or both; template_updated_at advances. Earlier extraction runs keep the values they had."
      )
  )
  .add(
    HttpApiEndpoint.del("delete", "/templates/:template_id")
      .setPath(TemplatePath)
      .addSuccess(HttpApiSchema.NoContent)
      .addError(NotFound)
      .annotate(OpenApi.Summary, "Delete a template; it can no longer be used")
      .annotate(
        OpenApi.Description,
        "Answers 204 with no body. Requests naming the template afterwards answer 404; stored runs stay."
      )
  )
  .middleware(Authentication)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Templates")
  .annotate(OpenApi.Description, "Document types and the fields to extract from each")
{}
