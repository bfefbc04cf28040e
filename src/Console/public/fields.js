// A template's fields as a table (name, type, description), for templates in the shorthand form.
// Nested fields and lists keep their value as it is (the JSON view edits them); a JSON Schema template is
// edited as JSON only. A row left as it was keeps its original value, so opening and saving changes nothing.
import { h } from "./dom.js"

export const TYPES = ["string", "number", "integer", "boolean", "date"]

const isPlain = (v) => v !== null && typeof v === "object" && !Array.isArray(v)

/** As the server tells the two forms apart: a JSON Schema is `{"type": "object", "properties": {…}}`. */
export const isJsonSchema = (data) => data.type === "object" && isPlain(data.properties)

const simpleRow = (name, value) => {
  if (typeof value === "string") {
    return TYPES.includes(value) ? { name, type: value, description: "" } : { name, type: "string", description: value }
  }
  const simple = isPlain(value) && TYPES.includes(value.type) &&
    Object.keys(value).every((k) => k === "type" || k === "description") &&
    (value.description === undefined || typeof value.description === "string")
  return simple ? { name, type: value.type, description: value.description ?? "" } : undefined
}

/** The rows of a shorthand template; undefined for a JSON Schema. */
export const rowsOf = (data) =>
  isJsonSchema(data)
    ? undefined
    : Object.entries(data).map(([name, value]) => ({
      name,
      original: value,
      ...(simpleRow(name, value) ?? { type: "nested", description: "" })
    }))

/** A row's value in the shorthand form. */
const valueOf = (row) => {
  if (row.type === "nested") return row.original
  const before = row.original === undefined ? undefined : simpleRow(row.name, row.original)
  if (before !== undefined && before.type === row.type && before.description === row.description) return row.original
  if (row.description === "") return row.type
  // A description alone means a text field; one that reads like a type word needs the object form.
  return row.type === "string" && !TYPES.includes(row.description)
    ? row.description
    : { type: row.type, description: row.description }
}

/** The table's rows back as template_data (blank rows left out), or a message naming what is wrong. */
export const dataOf = (rows) => {
  const data = {}
  for (const [i, row] of rows.entries()) {
    if (row.name === "" && row.type !== "nested" && row.description === "") continue
    if (row.name === "") return { error: `Field ${i + 1} has no name.` }
    if (Object.hasOwn(data, row.name)) return { error: `Two fields are named "${row.name}".` }
    data[row.name] = valueOf(row)
  }
  return { data }
}

/** The original value of each row element, which the inputs do not hold. */
const originals = new WeakMap()

/** One editable row; a nested field shows its value and can be renamed or removed. */
export const fieldRow = (row, onChange) => {
  const remove = h("button", { type: "button", class: "danger", title: `Remove ${row.name || "this field"}` }, "Remove")
  const tr = h(
    "tr",
    { class: row.type === "nested" ? "nested" : undefined },
    h("td", {}, h("input", { class: "field-name", "aria-label": "Field name", value: row.name, placeholder: "total" })),
    h(
      "td",
      {},
      row.type === "nested"
        ? h("span", { class: "field-type" }, Array.isArray(row.original) ? "list" : "group")
        : h(
          "select",
          { class: "field-type", "aria-label": "Type" },
          TYPES.map((t) => h("option", { value: t, selected: t === row.type }, t))
        )
    ),
    h(
      "td",
      {},
      row.type === "nested"
        ? h("code", { class: "field-nested" }, JSON.stringify(row.original))
        : h("input", {
          class: "field-description",
          "aria-label": "Description",
          value: row.description,
          placeholder: "What to look for, e.g. Total amount to pay"
        })
    ),
    h("td", {}, remove)
  )
  originals.set(tr, row.original)
  remove.addEventListener("click", () => {
    tr.remove()
    onChange()
  })
  return tr
}

/** The rows as the table's inputs hold them. */
export const readRows = (tbody) =>
  [...tbody.querySelectorAll("tr")].map((tr) => {
    const type = tr.querySelector(".field-type")
    return {
      name: tr.querySelector(".field-name").value.trim(),
      type: type.tagName === "SELECT" ? type.value : "nested",
      description: tr.querySelector(".field-description")?.value.trim() ?? "",
      original: originals.get(tr)
    }
  })
