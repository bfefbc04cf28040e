/**
 * `template_data` → the internal field tree. Two forms are accepted: a JSON Schema object
 * (`{"type": "object", "properties": {...}}`) and the shorthand map (`{"invoice_number": "The
 * invoice number", "date": "date", "lines": [{...}]}`). A Left is a client-facing detail naming the
 * bad key by its path in the document sent, e.g. `template_data.lines[0].qty: unknown type "foo"`.
 */
import { Either } from "effect"
import {
  type ArrayField,
  countFields,
  type Field,
  type LeafField,
  type LeafType,
  type ObjectField
} from "../Domain/FieldTree.js"

/** Deeper templates are rejected: nothing real nests this far, and it bounds the work per template. */
export const MAX_DEPTH = 8

const TYPE_WORDS: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "date"])
const SCHEMA_LEAF_TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "date", "enum"])
const ALL_TYPES: ReadonlySet<string> = new Set([...SCHEMA_LEAF_TYPES, "object", "array"])
/** JSON Schema keywords: an object whose keys are all among them describes one field; any other key makes it a map of fields. */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "description",
  "enum",
  "format",
  "items",
  "properties",
  "required",
  "title",
  "examples",
  "default",
  "nullable",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "uniqueItems",
  "additionalProperties",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "readOnly",
  "writeOnly",
  "deprecated",
  "$comment",
  "$id",
  "$schema",
  "definitions",
  "$defs",
  "$ref"
])

type Obj = Readonly<Record<string, unknown>>
type Result<A> = Either.Either<A, string>

class Invalid {
  constructor(readonly detail: string) {}
}

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)
const describe = (
  v: unknown
) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : typeof v)
const key = (
  path: string,
  name: string
) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`)
const fail = (path: string, message: string): never => {
  throw new Invalid(`${path}: ${message}`)
}
const checkDepth = (path: string, depth: number) => {
  if (depth > MAX_DEPTH) fail(path, `nesting deeper than ${MAX_DEPTH} levels`)
}
const checkName = (path: string, name: string) => {
  if (name.trim() === "") fail(path, "field names must not be empty")
  // An object key that would set the prototype of the values' object instead of a field.
  if (name === "__proto__") fail(path, "a field may not be named __proto__")
}
const descriptionOf = (o: Obj): { description?: string } =>
  typeof o.description === "string" && o.description.trim() !== "" ? { description: o.description } : {}

/** `type` may be a list with "null" (`["string", "null"]`); one other type must remain. */
const schemaType = (path: string, o: Obj): string | undefined => {
  const t = o.type
  if (t === undefined) return undefined
  if (typeof t === "string") return t.trim().toLowerCase()
  if (Array.isArray(t) && t.every((x) => typeof x === "string")) {
    const rest = t.map((x) => x.trim().toLowerCase()).filter((x) => x !== "null")
    if (rest.length === 1) return rest[0]
  }
  return fail(key(path, "type"), `unknown type ${JSON.stringify(t)}`)
}

const enumValues = (path: string, values: unknown): ReadonlyArray<string> => {
  if (!Array.isArray(values) || values.length === 0) {
    return fail(key(path, "enum"), "must be a non-empty list of values")
  }
  return values.map((v, i) => {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return String(v)
    return fail(`${key(path, "enum")}[${i}]`, `enum values must be strings, numbers or booleans, got ${describe(v)}`)
  })
}

const leaf = (name: string, type: LeafType, o: Obj, path: string): LeafField => ({
  kind: "leaf",
  name,
  type,
  ...descriptionOf(o),
  ...(type === "enum" ? { enum: enumValues(path, o.enum) } : {})
})

// ---------------------------------------------------------------------------------------------
// JSON Schema form

const schemaFields = (properties: unknown, path: string, depth: number): Array<Field> => {
  if (!isObject(properties)) return fail(path, `"properties" must be an object, got ${describe(properties)}`)
  return Object.entries(properties).map(([name, node]) => {
    const at = key(path, name)
    checkName(at, name)
    return schemaNode(name, node, at, depth)
  })
}

/** `anyOf`/`oneOf` with one non-null branch (the usual "nullable" spelling) is that branch. */
const singleBranch = (node: Obj): Obj | undefined => {
  const list = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined
  const rest = list?.filter((b) => !(isObject(b) && b.type === "null"))
  return rest !== undefined && rest.length === 1 && isObject(rest[0]) ? rest[0] : undefined
}

/** One JSON Schema node (also used for shorthand `{type: ...}` specs, which are schema nodes). */
const schemaNode = (name: string, node: unknown, path: string, depth: number): Field => {
  checkDepth(path, depth)
  if (!isObject(node)) return fail(path, `expected a schema object, got ${describe(node)}`)
  if (node.$ref !== undefined) return fail(key(path, "$ref"), "references are not supported; inline the schema")
  if (node.type === undefined && Object.keys(node).some((k) => !SCHEMA_KEYWORDS.has(k))) {
    // Shorthand inside a schema ("items": {"qty": "number"}) is read as shorthand.
    return shorthandNode(name, node, path, depth)
  }
  const branch = node.type === undefined ? singleBranch(node) : undefined
  if (branch !== undefined) return schemaNode(name, { ...descriptionOf(node), ...branch }, path, depth)
  const type = schemaType(path, node)
  if (
    node.enum !== undefined &&
    (type === undefined || type === "enum" || type === "string" || type === "number" || type === "integer")
  ) {
    return leaf(name, "enum", node, path)
  }
  if (type === "enum") return fail(key(path, "enum"), "an enum needs a list of values")
  if (type === "object" || (type === undefined && node.properties !== undefined)) {
    if (node.properties === undefined) return fail(path, "an object needs \"properties\" (its fields)")
    const fields = schemaFields(node.properties, key(path, "properties"), depth + 1)
    if (fields.length === 0) return fail(path, "an object needs at least one property")
    return { kind: "object", name, ...descriptionOf(node), fields } satisfies ObjectField
  }
  if (type === "array" || (type === undefined && node.items !== undefined)) {
    const items = node.items
    const at = key(path, "items")
    if (items === undefined) return fail(path, "an array needs \"items\"")
    if (Array.isArray(items)) return fail(at, "tuple arrays are not supported; give one schema for all items")
    const item = schemaNode(name, items, at, depth + 1)
    if (item.kind === "array") return fail(at, "lists of lists are not supported")
    return { kind: "array", name, ...descriptionOf(node), item } satisfies ArrayField
  }
  if (type === undefined) return leaf(name, "string", node, path)
  if (type === "string" && (node.format === "date" || node.format === "date-time")) {
    return leaf(name, "date", node, path)
  }
  if (SCHEMA_LEAF_TYPES.has(type)) return leaf(name, type as LeafType, node, path)
  return fail(key(path, "type"), `unknown type ${JSON.stringify(type)}`)
}

// ---------------------------------------------------------------------------------------------
// Shorthand form

/** Whether an object in a shorthand map describes one field (`{type, description}`) rather than nesting fields. */
const isSpec = (o: Obj): boolean => {
  const keys = Object.keys(o)
  if (typeof o.type === "string") {
    const type = o.type.trim()
    // {"type": "number", "example": 3} is a spec; {"type": "Type of vehicle", ...} is a map with a "type" field.
    if (ALL_TYPES.has(type.toLowerCase())) return true
    if (/\s/.test(type)) return false
  }
  if (keys.length === 0 || !keys.every((k) => SCHEMA_KEYWORDS.has(k))) return false
  return typeof o.type === "string" || Array.isArray(o.type) || Array.isArray(o.enum) ||
    (keys.length === 1 && typeof o.description === "string")
}

const shorthandFields = (map: Obj, path: string, depth: number): Array<Field> =>
  Object.entries(map).map(([name, value]) => {
    const at = key(path, name)
    checkName(at, name)
    return shorthandNode(name, value, at, depth)
  })

const shorthandNode = (name: string, value: unknown, path: string, depth: number): Field => {
  checkDepth(path, depth)
  if (typeof value === "string") {
    const word = value.trim().toLowerCase()
    if (TYPE_WORDS.has(word)) return { kind: "leaf", name, type: word as LeafType }
    return { kind: "leaf", name, type: "string", ...(value.trim() !== "" ? { description: value } : {}) }
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) {
      return fail(path, `a list must have exactly one element (the shape of its items), got ${value.length}`)
    }
    const item = shorthandNode(name, value[0], `${path}[0]`, depth + 1)
    if (item.kind === "array") return fail(`${path}[0]`, "lists of lists are not supported")
    return { kind: "array", name, item }
  }
  if (isObject(value)) {
    if (isSpec(value)) return schemaNode(name, value, path, depth)
    const fields = shorthandFields(value, path, depth + 1)
    if (fields.length === 0) return fail(path, "an object needs at least one field")
    return { kind: "object", name, fields }
  }
  return fail(path, `expected a description, a type, an object or a one-element list, got ${describe(value)}`)
}

// ---------------------------------------------------------------------------------------------

/** A JSON Schema template: an object with `type: "object"` and a `properties` object. */
export const isJsonSchema = (data: Obj): boolean => data.type === "object" && isObject(data.properties)

/** Normalizes either form of `template_data` to the field tree, or names the bad key. */
export const normalizeTemplate = (data: unknown): Result<ReadonlyArray<Field>> => {
  const root = "template_data"
  try {
    if (!isObject(data)) return Either.left(`${root}: must be an object, got ${describe(data)}`)
    let fields: Array<Field>
    if (isJsonSchema(data)) fields = schemaFields(data.properties, `${root}.properties`, 1)
    else if (data.type === "object") return Either.left(`${root}.properties: a JSON Schema needs a "properties" object`)
    else fields = shorthandFields(data, root, 1)
    if (fields.length === 0) return Either.left(`${root}: defines no fields`)
    return Either.right(fields)
  } catch (e) {
    if (e instanceof Invalid) return Either.left(e.detail)
    throw e
  }
}

/**
 * Normalizes `template_data` and refuses more than `maxFields` fields (MAX_TEMPLATE_FIELDS), nested ones
 * included: every field is looked for in every section, so the count bounds an extraction's work.
 */
export const normalizeTemplateWithin = (data: unknown, maxFields: number): Result<ReadonlyArray<Field>> =>
  Either.flatMap(normalizeTemplate(data), (fields) => {
    const count = countFields(fields)
    return count > maxFields
      ? Either.left(`template_data: ${count} fields, more than the limit of ${maxFields} (MAX_TEMPLATE_FIELDS)`)
      : Either.right(fields)
  })
