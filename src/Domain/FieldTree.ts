/**
 * The internal field tree every template normalizes to (both JSON Schema and shorthand forms).
 */
export type LeafType = "string" | "number" | "integer" | "boolean" | "date" | "enum"

export interface LeafField {
  readonly kind: "leaf"
  readonly name: string
  readonly type: LeafType
  readonly description?: string
  /** Allowed values when type is "enum". */
  readonly enum?: ReadonlyArray<string>
}

export interface ObjectField {
  readonly kind: "object"
  readonly name: string
  readonly description?: string
  readonly fields: ReadonlyArray<Field>
}

export interface ArrayField {
  readonly kind: "array"
  readonly name: string
  readonly description?: string
  /** The item shape; its name is the array's name. */
  readonly item: LeafField | ObjectField
}

export type Field = LeafField | ObjectField | ArrayField

/** What the engines need of a template. */
export interface TemplateSpec {
  readonly templateId: string
  readonly documentType: string
  readonly fields: ReadonlyArray<Field>
}

/**
 * How many fields a tree holds, nested ones included: a leaf is one, an object is one plus its fields,
 * a list is one plus the fields of its item (the item itself is the list's shape, not another field).
 */
export const countFields = (fields: ReadonlyArray<Field>): number =>
  fields.reduce((n, field) => n + 1 + childFields(field), 0)

const childFields = (field: Field): number => {
  switch (field.kind) {
    case "leaf":
      return 0
    case "object":
      return countFields(field.fields)
    case "array":
      return field.item.kind === "object" ? countFields(field.item.fields) : 0
  }
}
