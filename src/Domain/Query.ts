/** URL query parameter schemas shared by the endpoints. */
import { Schema } from "effect"

/** `true`/`false` (also `1`/`0`); anything else is a 422. */
export const QueryBoolean = Schema.transform(Schema.Literal("true", "false", "1", "0"), Schema.Boolean, {
  strict: true,
  decode: (s) => s === "true" || s === "1",
  encode: (b) => (b ? "true" : "false")
}).annotations({
  identifier: "QueryBoolean",
  description: "true/false (also 1/0)",
  jsonSchema: { type: "string", enum: ["true", "false", "1", "0"] }
})

const IntFromString = Schema.NumberFromString.pipe(Schema.int())

export const Paging = Schema.Struct({
  limit: Schema.optional(
    IntFromString.pipe(Schema.between(1, 1000)).annotations({
      description: "At most this many items (1..1000); all when absent",
      jsonSchema: { type: "integer", minimum: 1, maximum: 1000 }
    })
  ),
  offset: Schema.optional(
    IntFromString.pipe(Schema.nonNegative()).annotations({
      description: "Skip this many items",
      jsonSchema: { type: "integer", minimum: 0 }
    })
  )
})

export const CoordinatesParam = Schema.Struct({
  include_coordinates: Schema.optional(QueryBoolean)
})
