/**
 * The one place failures become responses: every error, decode failure, multipart limit and defect
 * is answered with `{"detail": "..."}` and the contract's status. Causes of 5xx stay in the log.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Cause, Effect, FiberRef, Option } from "effect"
import { statusOf } from "../Domain/Errors.js"
import { CurrentRequestId } from "./RequestId.js"
import { methodsOf } from "./Routes.js"

const detailResponse = (status: number, detail: string, headers: Record<string, string> = {}) =>
  HttpServerResponse.unsafeJson({ detail }, { status, headers })

interface Tagged {
  readonly _tag: string
  readonly [k: string]: unknown
}

const isTagged = (u: unknown): u is Tagged =>
  typeof u === "object" && u !== null && typeof (u as { _tag?: unknown })._tag === "string"

interface DecodeIssue {
  readonly _tag: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

/** The schema library's words for what a value must be, as a person says them. */
const expectedWords = (expected: string): string => {
  if (/^ReadonlyArray<|^Array<|^\{ readonly \[x: number\]/.test(expected)) return "a list"
  if (expected === "string" || /^a string/.test(expected)) return "text"
  if (expected === "number" || expected === "NumberFromString") return "a number"
  if (expected === "boolean") return "true or false"
  if (/^\{/.test(expected)) return "an object"
  if (/^"[^"]*"( \| "[^"]*")*$/.test(expected)) return `one of ${expected.replaceAll(" | ", ", ")}`
  return "a valid value"
}

/**
 * An issue's message as a sentence about the field. The schemas carry their own messages; what the
 * library writes itself ("Expected string, actual {...}") is said without echoing the value sent,
 * which may be a whole file part with a server path.
 */
const sentenceOf = (message: string): string => {
  // A field the body does not have ("is unexpected, expected: "a" | "b"): named, with the ones it has.
  const unknown = /^is unexpected, expected: (.*)$/.exec(message)
  if (unknown !== null) {
    return `unknown field (this body takes ${unknown[1]!.replaceAll("\"", "").split(" | ").join(", ")})`
  }
  const typed = /^Expected (.+?), actual [\s\S]*$/.exec(message)
  if (typed !== null) return `must be ${expectedWords(typed[1]!)}`
  if (/^Unable to decode .* into a number/.test(message)) return "must be a number"
  if (/^is missing$/.test(message)) return "is required"
  return message
}

/** Fields whose wrong kind makes the request malformed rather than invalid. */
const MALFORMED_FIELDS: ReadonlySet<string> = new Set(["template_ids", "file", "url"])

/**
 * Schema violations are 422, except a field of the wrong kind where the request's shape is wrong (400,
 * per the contract): template_ids that is not a list of strings, a multipart file sent as text or a url
 * sent as a file; a missing list, too many ids or a bad id are 422.
 */
const decodeErrorResponse = (error: Tagged) => {
  const issues = (error.issues ?? []) as ReadonlyArray<DecodeIssue>
  // One sentence per field: its issues together (a union's members each add one), the value sent never echoed.
  const byField = new Map<string, Array<DecodeIssue>>()
  for (const i of issues) {
    if (/^Expected undefined, actual/.test(i.message)) continue
    const field = i.path.length > 0 ? String(i.path[0]) : ""
    byField.set(field, [...(byField.get(field) ?? []), i])
  }
  const described = [...byField.values()].slice(0, 5).map((group) => {
    const literals = group.map((i) => /^Expected ("[^"]*"), actual/.exec(i.message)?.[1])
    const message = group.length > 1 && literals.every((l) => l !== undefined)
      ? `must be one of ${literals.join(", ")}`
      : sentenceOf(group[0]!.message)
    const path = group[0]!.path
    // The body itself is not what the endpoint takes (no body, null, a list, a number).
    if (path.length === 0 && group[0]!._tag === "Type") return "the request body must be a JSON object"
    // A multipart file sent as a text field: the schema's list of files is, to the sender, a file part.
    if (path.length === 1 && path[0] === "file" && group[0]!._tag === "Type") {
      return "file: must be a file part (with a filename)"
    }
    return path.length > 0 ? `${path.map(String).join(".")}: ${message}` : message
  })
  const detail = described.length > 0 ? described.join("; ") : String(error.message ?? "invalid request")
  // A field of the wrong kind (template_ids not a list; in a multipart body a file sent as text or text
  // as a file) makes a malformed request: 400, as the contract says.
  const malformed = issues.some((i) => MALFORMED_FIELDS.has(String(i.path[0])) && i._tag === "Type")
  return detailResponse(malformed ? 400 : 422, detail)
}

const isReachedLimit = (cause: unknown): boolean =>
  isTagged(cause) && (cause._tag === "ReachedLimit" || isReachedLimit(cause.cause))

const multipartErrorResponse = (error: Tagged) => {
  switch (error.reason) {
    case "FileTooLarge":
    case "BodyTooLarge":
      return detailResponse(413, "upload larger than the limit")
    case "FieldTooLarge":
      return detailResponse(413, "a form field is larger than the limit")
    case "TooManyParts":
      return detailResponse(413, "too many parts in the multipart body")
    default:
      return isReachedLimit(error.cause)
        ? detailResponse(413, "upload larger than the limit")
        : detailResponse(400, "malformed multipart body")
  }
}

const failureResponse = (error: unknown): Option.Option<HttpServerResponse.HttpServerResponse> => {
  if (!isTagged(error)) return Option.none()
  switch (error._tag) {
    case "HttpApiDecodeError":
      return Option.some(decodeErrorResponse(error))
    case "ParseError":
      return Option.some(detailResponse(422, String(error.message)))
    case "MultipartError":
      return Option.some(multipartErrorResponse(error))
    case "RequestError":
      return Option.some(
        error.reason === "Decode"
          ? detailResponse(400, "malformed request body (expected JSON)")
          : detailResponse(400, "the request could not be read")
      )
    case "RouteNotFound": {
      const request =
        (error as unknown as { readonly request?: { readonly url: string; readonly method: string } }).request
      const allowed = request === undefined ? [] : methodsOf(request.url)
      return Option.some(
        allowed.length > 0 && !allowed.includes(request!.method)
          ? detailResponse(
            405,
            `${request!.method} is not allowed here: use ${allowed.filter((m) => m !== "HEAD").join(" or ")}`,
            { allow: allowed.join(", ") }
          )
          : detailResponse(404, "no such endpoint")
      )
    }
    case "Overloaded":
      return Option.some(
        detailResponse(503, String(error.detail), { "retry-after": String(error.retryAfterSeconds ?? 1) })
      )
  }
  const status = statusOf(error)
  return status === 500 || typeof error.detail !== "string"
    ? Option.none()
    : Option.some(detailResponse(status, error.detail))
}

export const causeToResponse = (cause: Cause.Cause<unknown>) =>
  Effect.gen(function*() {
    // Expected failures first, then defects that are really request problems (bad JSON, multipart limits).
    const failure = Cause.failureOption(cause).pipe(Option.flatMap(failureResponse))
    if (Option.isSome(failure)) return failure.value
    const defect = Cause.dieOption(cause).pipe(Option.flatMap(failureResponse))
    if (Option.isSome(defect)) return defect.value
    const requestId = yield* FiberRef.get(CurrentRequestId)
    if (Cause.isInterruptedOnly(cause)) {
      return detailResponse(503, `request interrupted (request ${requestId})`)
    }
    yield* Effect.logError("request failed", cause)
    return detailResponse(500, `Internal error (request ${requestId})`)
  })
