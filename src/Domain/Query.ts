/** URL query parameter schemas shared by the endpoints. */
import { Schema } from "effect"

/** `true`/`false` (also `1`/`0`); anything else is a 422. */
export const QueryBoolean = Schema.transform(
  Schema.Literal("true", "false", "1", "0").annotations({
    message: () => ({ message: "must be true or false (or 1 or 0)", override: true })
  }),
  Schema.Boolean,
  {
    strict: true,
    decode: (s) => s === "true" || s === "1",
    encode: (b) => (b ? "true" : "false")
  }
)

/**
 * A boolean query parameter: typed as a boolean in the OpenAPI document, so generated clients take
 * `true`/`false` and write them as the query's text.
 */
export const queryBoolean = (description: string, example: boolean) =>
  QueryBoolean.annotations({
    description,
    jsonSchema: { type: "boolean", description: `${description} (1 and 0 also work)`, examples: [example] }
  })

const wholeNumber = (rule: string) => ({
  message: () => ({ message: `must be a whole number ${rule}`, override: true })
})

const IntFromString = Schema.NumberFromString.pipe(Schema.int())

export const Paging = Schema.Struct({
  limit: Schema.optional(
    IntFromString.pipe(Schema.between(1, 1000)).annotations({
      ...wholeNumber("from 1 to 1000"),
      description: "At most this many items (1..1000); all when absent",
      jsonSchema: {
        type: "integer",
        minimum: 1,
        maximum: 1000,
        description: "At most this many items (1..1000); all when absent",
        examples: [50]
      }
    })
  ),
  offset: Schema.optional(
    IntFromString.pipe(Schema.nonNegative()).annotations({
      ...wholeNumber("of 0 or more"),
      description: "Skip this many items",
      jsonSchema: { type: "integer", minimum: 0, description: "Skip this many items", examples: [0] }
    })
  )
})

/** `include_coordinates`: every value as `{value, page, bounding_box_coordinates, confidence}`. */
export const IncludeCoordinates = queryBoolean(
  "true: every value as a LocatedValue {value, page, bounding_box_coordinates, confidence} instead of the value alone",
  true
)

export const CoordinatesParam = Schema.Struct({
  include_coordinates: Schema.optional(IncludeCoordinates)
})
