/** URL query parameter schemas shared by the endpoints. */
import { type ParseResult, Schema } from "effect"

/**
 * A query value's message: `sentence` for a value of the wrong kind, and what else went wrong said as
 * it is (a parameter given twice arrives as a list).
 */
const queryMessage = (sentence: string, other?: (actual: unknown) => string | undefined) => ({
  message: (issue: ParseResult.ParseIssue) => ({
    message: Array.isArray(issue.actual) ? "must be given once" : other?.(issue.actual) ?? sentence,
    override: true
  })
})

/** `true`/`false` (also `1`/`0`); anything else is a 422. */
export const QueryBoolean = Schema.transform(
  Schema.Literal("true", "false", "1", "0").annotations(queryMessage("must be true or false (or 1 or 0)")),
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

/** `openEnded`: the rule has no upper bound of its own, so a number past exact integers is told the bound. */
const wholeNumber = (rule: string, openEnded = false) =>
  queryMessage(
    `must be a whole number ${rule}`,
    (actual) => {
      const n = typeof actual === "string" ? Number(actual) : actual
      return openEnded && typeof n === "number" && Number.isInteger(n) && !Number.isSafeInteger(n) && n > 0
        ? `must be a whole number ${rule}, at most ${Number.MAX_SAFE_INTEGER}`
        : undefined
    }
  )

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
      ...wholeNumber("of 0 or more", true),
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
