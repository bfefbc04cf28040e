import * as HttpApi from "@effect/platform/HttpApi"
import * as OpenApi from "@effect/platform/OpenApi"
import { DocumentsApi } from "../Documents/Api.js"
import { Overloaded, Unprocessable } from "../Domain/Errors.js"
import { JobsApi } from "../Jobs/Api.js"
import { TemplatesApi } from "../Templates/Api.js"
import { patchSpec } from "./OpenApiPatch.js"

export class Api extends HttpApi.make("docsplit")
  .add(TemplatesApi)
  .add(DocumentsApi)
  .add(JobsApi)
  .addError(Unprocessable)
  .addError(Overloaded)
  .annotate(OpenApi.Title, "Document splitting and extraction API")
  .annotate(OpenApi.Version, "1.0.1")
  .annotate(OpenApi.License, { name: "Apache-2.0", url: "https://www.apache.org/licenses/LICENSE-2.0" })
  .annotate(
    OpenApi.Description,
    "Split multi-document files into sections by document type and extract each template's fields, " +
      "with the page and bounding box of every value. Every /v1 call needs the x-api-key header."
  )
  // Relative: the document is served by the server it describes, wherever that is.
  .annotate(OpenApi.Servers, [{ url: "/", description: "this server" }])
  .annotate(OpenApi.Transform, patchSpec)
{}
