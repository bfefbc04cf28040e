/**
 * What every API request must pass before a handler reads its body, so that a hostile one is answered
 * at once with a `{detail}`: a body of another type than the endpoint takes (415), a declared size over
 * the limit (413, the body left unread), a multipart
 * type without a usable boundary (400), a JSON body over its limit (413) or nested deeper than any
 * valid body (422).
 */
import * as Headers from "@effect/platform/Headers"
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import * as HttpMethod from "@effect/platform/HttpMethod"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import { Effect, Option } from "effect"
import * as Multipasta from "multipasta"
import { BadRequest, PayloadTooLarge, Unprocessable, UnsupportedMediaType } from "../Domain/Errors.js"
import { bodyTypeOf } from "./Routes.js"

/** JSON bodies are templates and lists of ids: ample for those, and an oversized template is still told its field count. */
export const MAX_JSON_BYTES = 4 * 1024 * 1024

/** Templates nest fields at most 8 deep; far deeper JSON overflows the stack when schema errors describe it. */
export const MAX_JSON_DEPTH = 64

const mib = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`

/** Whether the parser accepts the content type's boundary: asked of multipasta itself, which reports it at once. */
const hasUsableBoundary = (contentType: string): boolean => {
  let usable = true
  Multipasta.make({
    headers: { "content-type": contentType },
    onError: () => {
      usable = false
    },
    onField: () => {},
    onFile: () => () => {},
    onDone: () => {}
  })
  return usable
}

/** Whether brackets and braces outside strings nest deeper than `limit`; one pass, no parsing. */
export const nestsDeeperThan = (json: string, limit: number): boolean => {
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (inString) {
      if (c === 92) i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) {
      inString = true
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return true
    } else if (c === 93 || c === 125) {
      depth--
    }
  }
  return false
}

/** Runs the checks, then `app`; `bodyBytes` is the limit of any body (uploads), JSON has its own. */
export const withRequestLimits = (bodyBytes: number) => <A, E, R>(app: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (!HttpMethod.hasBody(request.method)) return yield* app
    // The API reads a body without a content type as JSON.
    const contentType = request.headers["content-type"]?.toLowerCase().trim() ?? "application/json"
    const isJson = /^application\/([\w.-]+\+)?json\b/.test(contentType)
    const expected = bodyTypeOf(request.method, request.url)
    const sent = request.headers["content-type"] === undefined
      ? "a body without a content-type"
      : contentType.split(";")[0]!.trim()
    if (expected === "application/json" && !isJson) {
      return yield* new UnsupportedMediaType({
        detail: `this endpoint takes a JSON body (content-type: application/json), not ${sent}`
      })
    }
    if (expected === "multipart/form-data" && !contentType.startsWith("multipart/form-data")) {
      return yield* new UnsupportedMediaType({
        detail: `this endpoint takes a multipart/form-data body (a file or url field), not ${sent}`
      })
    }
    const limit = isJson ? MAX_JSON_BYTES : bodyBytes
    const declared = Number(request.headers["content-length"] ?? 0)
    if (declared > limit) {
      return yield* new PayloadTooLarge({
        detail: `request body of ${mib(declared)} is larger than the limit of ${mib(limit)}${isJson ? " for JSON" : ""}`
      })
    }
    if (contentType.includes("multipart/form-data") && !hasUsableBoundary(request.headers["content-type"] ?? "")) {
      return yield* new BadRequest({
        detail: "multipart/form-data needs a boundary parameter in the content-type header"
      })
    }
    if (isJson) {
      // A JSON type of its own ("application/merge-patch+json") is read as the JSON it is: the handlers
      // see it as application/json (they would otherwise wait for the bytes read here as another type).
      const json = contentType.includes("application/json")
        ? request
        : request.modify({ headers: Headers.set(request.headers, "content-type", "application/json") })
      // Read once here (the request caches it), with the JSON limit, before any schema sees it.
      const text = yield* json.text.pipe(HttpIncomingMessage.withMaxBodySize(Option.some(MAX_JSON_BYTES)))
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        return yield* new Unprocessable({ detail: `JSON body nested deeper than ${MAX_JSON_DEPTH} levels` })
      }
      return yield* Effect.provideService(app, HttpServerRequest.HttpServerRequest, json)
    }
    return yield* app
  })
