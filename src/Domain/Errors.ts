/**
 * Errors that reach clients. Each carries the HTTP status of the contract's error table;
 * the API edge renders every one of them as `{"detail": "..."}`.
 */
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import { Schema } from "effect"

export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 400, description: "Malformed request" })
) {}

export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 401, description: "Missing or unknown x-api-key" })
) {}

export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 404, description: "Not found in this tenant" })
) {}

export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 413, description: "Request body, upload, download or page count over the limit" })
) {}

export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()(
  "UnsupportedMediaType",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 415, description: "Not a readable document" })
) {}

export class Unprocessable extends Schema.TaggedError<Unprocessable>()(
  "Unprocessable",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 422, description: "Well-formed but invalid" })
) {}

/** This server's request queue is full (the model provider's overload is ModelClient's ProviderOverloaded, a 502). */
export class Overloaded extends Schema.TaggedError<Overloaded>()(
  "Overloaded",
  { detail: Schema.String, retryAfterSeconds: Schema.optional(Schema.Number) },
  HttpApiSchema.annotations({ status: 503, description: "Request queue full; retry after Retry-After" })
) {}

export class BadGateway extends Schema.TaggedError<BadGateway>()(
  "BadGateway",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 502, description: "URL fetch or model provider failed" })
) {}

export class GatewayTimeout extends Schema.TaggedError<GatewayTimeout>()(
  "GatewayTimeout",
  { detail: Schema.String },
  HttpApiSchema.annotations({ status: 504, description: "URL fetch or model provider timed out" })
) {}

/** Errors a document's reading can fail with: not a document (415), over a limit (413), unreadable content or over the reading budget (422). */
export type ReadError = UnsupportedMediaType | PayloadTooLarge | Unprocessable

/** Errors any client-facing operation may fail with, with their statuses. */
export const ApiErrors = [
  BadRequest,
  Unauthorized,
  NotFound,
  PayloadTooLarge,
  UnsupportedMediaType,
  Unprocessable,
  Overloaded,
  BadGateway,
  GatewayTimeout
] as const

const statusOfTag: ReadonlyMap<string, number> = new Map(
  ApiErrors.map((error) => [error._tag, HttpApiSchema.getStatusError(error)] as const)
)

/** The HTTP status of an error, as its class's annotation says; 500 for anything else. */
export const statusOf = (error: { readonly _tag: string }): number => statusOfTag.get(error._tag) ?? 500
