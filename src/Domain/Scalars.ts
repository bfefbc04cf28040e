/**
 * The numbers the API's bodies carry, each with the name and meaning a client sees in the OpenAPI
 * document (rather than the schema library's generic "an integer").
 */
import { Schema } from "effect"

export const UnixTime = Schema.Int.annotations({
  title: "Unix time",
  description: "Seconds since the Unix epoch",
  examples: [1764150000]
})

export const PageNumber = Schema.Number.pipe(Schema.int(), Schema.greaterThanOrEqualTo(1)).annotations({
  title: "Page number",
  description: "1-based page number of the original file",
  examples: [1]
})

export const Count = Schema.Number.pipe(Schema.int(), Schema.nonNegative()).annotations({
  title: "Count",
  description: "A number of items",
  examples: [3]
})

export const HttpStatus = Schema.Number.pipe(Schema.int(), Schema.between(100, 599)).annotations({
  title: "HTTP status",
  description: "An HTTP status code",
  examples: [422]
})

export const Confidence = Schema.Number.pipe(Schema.between(0, 1)).annotations({
  title: "Confidence",
  description:
    "How likely it is right, 0..1, calibrated: among answers at 0.9 or more, at least 95% are right on documents the engine was not tuned on",
  examples: [0.97]
})
