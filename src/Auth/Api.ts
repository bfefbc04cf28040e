import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as OpenApi from "@effect/platform/OpenApi"
import { Context } from "effect"
import { Unauthorized } from "../Domain/Errors.js"

/** The tenant of the API key that authenticated the current request. */
export class CurrentTenant extends Context.Tag("CurrentTenant")<CurrentTenant, { readonly tenantId: string }>() {}

export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: Unauthorized,
  provides: CurrentTenant,
  security: {
    apiKey: HttpApiSecurity.apiKey({ key: "x-api-key", in: "header" }).pipe(
      HttpApiSecurity.annotate(
        OpenApi.Description,
        "API key: printed once on first start, or issued with `npm run keys -- create <tenant>`"
      )
    )
  }
}) {}
