/**
 * The extraction tool generated from a template's field tree: its JSON Schema (what the model is
 * asked to fill) and the Schema its answers are decoded with. Every leaf is answered as the text
 * the document shows plus the ids of the lines it was read from; our own readers type and ground it.
 */
import { Schema } from "effect"
import type { Field, LeafField } from "../../Domain/FieldTree.js"

/** A leaf as answered: the value as written in the document, and the line ids it came from. */
export interface LeafAnswer {
  readonly value?: string | number | boolean | null
  readonly lines?: ReadonlyArray<string>
}
/** Leaves are also accepted bare (a string, number or null): models sometimes drop the wrapper. */
export type FieldAnswer = LeafAnswer | string | number | boolean | null | ObjectAnswer | ReadonlyArray<FieldAnswer>
export interface ObjectAnswer {
  readonly [field: string]: FieldAnswer | undefined
}

const HOW_WRITTEN: Record<LeafField["type"], string> = {
  string: "the text exactly as written",
  number:
    "the amount exactly as written, with its separators and currency mark (e.g. \"1.234,56 €\"); do not compute it",
  integer: "the number exactly as written",
  boolean: "the word or mark in the document that answers it (e.g. \"Yes\", \"No\", \"X\")",
  date: "the date exactly as written (e.g. \"3 Jan 2024\", \"03/01/24\"); do not reformat it",
  enum: "one of the allowed values, as the document states it"
}

const humanize = (name: string) => name.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()

const describeField = (f: Field) => f.description ?? humanize(f.name)

const LINES_SCHEMA = {
  type: "array",
  items: { type: "string" },
  description: "ids of the lines the value was read from, e.g. [\"p2 L14\"]"
} as const

const leafJson = (f: LeafField): Record<string, unknown> => ({
  type: "object",
  description: describeField(f),
  properties: {
    value: {
      type: ["string", "null"],
      ...(f.type === "enum" && f.enum !== undefined ? { enum: [...f.enum, null] } : {}),
      description: `${HOW_WRITTEN[f.type]}; null when the document does not state it`
    },
    lines: LINES_SCHEMA
  },
  required: ["value", "lines"]
})

const fieldJson = (f: Field): Record<string, unknown> => {
  switch (f.kind) {
    case "leaf":
      return leafJson(f)
    case "object":
      return { ...objectJson(f.fields), description: describeField(f) }
    case "array":
      return {
        type: "array",
        description: `${describeField(f)}: every item, in document order`,
        items: fieldJson(f.item)
      }
  }
}

const objectJson = (fields: ReadonlyArray<Field>): Record<string, unknown> => ({
  type: "object",
  properties: Object.fromEntries(fields.map((f) => [f.name, fieldJson(f)])),
  required: fields.map((f) => f.name)
})

/** The JSON Schema of the tool's input: one property per template field. */
export const toolInputSchema = (fields: ReadonlyArray<Field>): Record<string, unknown> => objectJson(fields)

const Primitive = Schema.Union(Schema.String, Schema.Number, Schema.Boolean)
const Leaf = Schema.Union(
  Schema.Null,
  Primitive,
  Schema.Struct({
    value: Schema.optional(Schema.NullOr(Primitive)),
    lines: Schema.optional(Schema.Array(Schema.String))
  })
)

const fieldSchema = (f: Field): Schema.Schema<any, any> => {
  switch (f.kind) {
    case "leaf":
      return Leaf
    case "object":
      return Schema.NullOr(objectSchema(f.fields))
    case "array":
      return Schema.NullOr(Schema.Array(fieldSchema(f.item)))
  }
}

const objectSchema = (fields: ReadonlyArray<Field>) =>
  Schema.Struct(Object.fromEntries(fields.map((f) => [f.name, Schema.optional(fieldSchema(f))])))

/** Decodes the tool's input; missing fields are allowed (they read as null), wrong shapes are not. */
export const toolAnswerSchema = (fields: ReadonlyArray<Field>): Schema.Schema<ObjectAnswer, unknown> =>
  objectSchema(fields) as unknown as Schema.Schema<ObjectAnswer, unknown>
