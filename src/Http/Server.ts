/**
 * The HTTP application: the API's handlers, error rendering, request ids and logging,
 * plus the unauthenticated routes (/health, /openapi.json, /docs, the web console under /console).
 */
import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Multipart from "@effect/platform/Multipart"
import * as OpenApi from "@effect/platform/OpenApi"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { AuthenticationLive } from "../Auth/Http.js"
import { AppConfig } from "../Config.js"
import { ConsoleLive } from "../Console/Http.js"
import { DocumentsLive } from "../Documents/Http.js"
import { CurrentUsage, emptyUsage, usageHeaders, usageLogAnnotations } from "../Engine/Claude/Usage.js"
import { JobsLive } from "../Jobs/Http.js"
import { queueDepth } from "../Jobs/Repo.js"
import { recordRequest } from "../Observability/Metrics.js"
import { MetricsLive } from "../Observability/Prometheus.js"
import { ScratchFileSystem } from "../Storage/ScratchFileSystem.js"
import { TemplatesLive } from "../Templates/Http.js"
import { Api } from "./Api.js"
import { compression } from "./Compression.js"
import { causeToResponse } from "./ErrorResponse.js"
import { CurrentRequestId, requestIdFrom } from "./RequestId.js"
import { withRequestLimits } from "./RequestLimits.js"
import { routeLabelOf } from "./Routes.js"

/** Upload and body limits, and one `{detail}` answer for every failure. */
const ApiMiddlewareLive = HttpApiBuilder.middleware(
  Effect.gen(function*() {
    const config = yield* AppConfig
    const fileLimit = Option.some(config.maxUploadBytes)
    // The whole body may carry a few form fields besides the file.
    const bodyBytes = config.maxUploadBytes + 1024 * 1024
    const bodyLimit = Option.some(bodyBytes)
    return (app) =>
      app.pipe(
        withRequestLimits(bodyBytes),
        Multipart.withMaxFileSize(fileLimit),
        HttpIncomingMessage.withMaxBodySize(bodyLimit),
        Effect.catchAllCause(causeToResponse)
      )
  })
)

/** Up, the database reachable, and the depth of the job queue (all processes, all tenants). */
const HealthLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* router.get(
      "/health",
      queueDepth.pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.map((jobs) => HttpServerResponse.unsafeJson({ status: "ok", database: "ok", jobs })),
        Effect.catchAll((error) =>
          Effect.logError("health check: database unreachable", error).pipe(
            Effect.as(HttpServerResponse.unsafeJson({ status: "error", database: "unreachable" }, { status: 503 }))
          )
        )
      )
    )
  })
)

const OpenApiLive = HttpApiBuilder.Router.use((router) =>
  router.get("/openapi.json", Effect.sync(() => HttpServerResponse.unsafeJson(OpenApi.fromApi(Api))))
)

/**
 * The API reference page (Scalar), built on its first visit: its script is 6 MB of JavaScript that a
 * server nobody reads the reference of should not hold.
 */
const DocsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const api = yield* HttpApi.Api
    // Built once, whole: a first visitor who leaves does not interrupt it for the next ones.
    const page = yield* Effect.cached(
      Effect.promise(() => import("@effect/platform/HttpApiScalar")).pipe(
        Effect.flatMap((scalar) =>
          HttpApiBuilder.Router.router.pipe(
            Effect.provide(
              scalar.layer({ path: "/docs", scalar: { withDefaultFonts: false } }).pipe(
                Layer.provideMerge(HttpApiBuilder.Router.Live),
                Layer.provide(Layer.succeed(HttpApi.Api, api))
              )
            )
          )
        ),
        Effect.uninterruptible
      )
    )
    yield* router.get("/docs", Effect.flatten(page))
  })
)

export const ApiLive = HttpApiBuilder.api(Api).pipe(
  Layer.provide([TemplatesLive, DocumentsLive, JobsLive]),
  Layer.provide(AuthenticationLive)
)

/** Request id on every response and log line; one access-log line per request. */
const requestLog = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const id = requestIdFrom(request.headers["x-request-id"])
    const started = performance.now()
    const route = routeLabelOf(request.url)
    const usage = emptyUsage()
    // The response is written inside `app`, so the headers go on through a pre-response handler.
    yield* HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.succeed(
        HttpServerResponse.setHeaders(HttpServerResponse.setHeader(response, "x-request-id", id), usageHeaders(usage))
      )
    )
    return yield* app.pipe(
      Effect.tap((response) => {
        const ms = performance.now() - started
        return Effect.logInfo(`${request.method} ${request.url} ${response.status}`).pipe(
          Effect.annotateLogs("ms", Math.round(ms)),
          Effect.annotateLogs(usageLogAnnotations(usage)),
          Effect.zipRight(recordRequest(request.method, route, response.status, ms / 1000))
        )
      }),
      Effect.locally(CurrentRequestId, id),
      Effect.locally(CurrentUsage, usage),
      Effect.annotateLogs("request_id", id)
    )
  })
)

/** Headers a browser client may read from an answer from another origin. */
const EXPOSED_HEADERS = [
  "x-request-id",
  "retry-after",
  "location",
  "preference-applied",
  "x-usage-model-calls",
  "x-usage-input-tokens",
  "x-usage-output-tokens",
  "x-usage-ungrounded-values"
]

/**
 * Cross-origin calls from the browser origins CORS_ORIGINS names (`*` for any); none when it is unset.
 * Preflight requests are answered for them; an origin not listed gets no allow header.
 */
const CorsLive = Layer.unwrapEffect(Effect.map(AppConfig, (config) => {
  const origins = config.corsOrigins
  if (origins.length === 0) return Layer.empty
  const any = origins.includes("*")
  return HttpApiBuilder.middlewareCors({
    ...(any ? {} : { allowedOrigins: (origin: string) => origins.includes(origin) }),
    allowedMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["x-api-key", "content-type", "prefer", "x-request-id"],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600
  })
}))

/** Path ids of any length reach the API's schemas, which name the limit (past the router's default of 100 it would answer "no such endpoint"). */
const RouterConfigLive = HttpRouter.setRouterConfig({ maxParamLength: 64 * 1024 })

/** Everything but the HTTP server itself and the services the handlers use. */
export const HttpAppLive = HttpApiBuilder.serve((app) => requestLog(compression(app))).pipe(
  Layer.provide([DocsLive, OpenApiLive, HealthLive, MetricsLive, ConsoleLive, ApiMiddlewareLive, CorsLive]),
  Layer.provide(ApiLive),
  Layer.provide(RouterConfigLive),
  // Uploads are received into the scratch folder (before the HTTP server's own platform layer can
  // provide the system's temporary folder).
  Layer.provide(ScratchFileSystem)
)
