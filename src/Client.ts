/**
 * A typed client of this API for TypeScript programs, derived from the same definition the server
 * serves: every call, payload, answer and error typed as the server's schemas say.
 *
 *   const client = yield* makeClient({ baseUrl: "http://localhost:8080", apiKey })
 *   const template = yield* client.templates.create({ payload: { document_type: "invoice", template_data } })
 *
 * It needs an `HttpClient` (FetchHttpClient.layer, or NodeHttpClient.layerUndici).
 */
import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { Effect } from "effect"
import { ApiErrors } from "./Domain/Errors.js"
import { Api } from "./Http/Api.js"

/** The typed error each status stands for (the wire carries only `{detail}`, as the contract says). */
const errorOfStatus: ReadonlyMap<number, string> = new Map(
  ApiErrors.map((error) => [HttpApiSchema.getStatusError(error), error._tag] as const)
)

/** An error answer as the typed client decodes it: its `{detail}` body named by its status. */
const nameErrors = (response: HttpClientResponse.HttpClientResponse) => {
  const tag = errorOfStatus.get(response.status)
  if (tag === undefined) return Effect.succeed(response)
  return response.json.pipe(
    Effect.map((body) =>
      HttpClientResponse.fromWeb(
        response.request,
        new Response(JSON.stringify({ ...(body as object), _tag: tag }), {
          status: response.status,
          headers: response.headers
        })
      )
    ),
    Effect.orElseSucceed(() => response)
  )
}

export interface ClientOptions {
  /** Where the server is, such as `http://localhost:8080`. */
  readonly baseUrl: string
  /** The tenant's API key, sent as `x-api-key` on every call. */
  readonly apiKey: string
}

export const makeClient = (options: ClientOptions) =>
  HttpApiClient.make(Api, {
    baseUrl: options.baseUrl,
    transformClient: (client) =>
      client.pipe(
        HttpClient.mapRequest(HttpClientRequest.setHeader("x-api-key", options.apiKey)),
        HttpClient.transformResponse(Effect.flatMap(nameErrors))
      )
  })

export type DocsplitClient = Effect.Effect.Success<ReturnType<typeof makeClient>>

export { Api }
