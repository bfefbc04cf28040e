/** `--format table`: each section's fields as aligned rows, for a person at a terminal. */
import type { OneShotResult } from "../Domain/Document.js"

type Row = readonly [field: string, value: string, where: string]

const isLocated = (v: unknown): v is { value: unknown; page: number; confidence?: number } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "page" in v && "bounding_box_coordinates" in v

/** Nested fields and list items flattened into dotted paths (`lines[0].amount`). */
const rowsOf = (prefix: string, value: unknown): ReadonlyArray<Row> => {
  if (value === null || value === undefined) return [[prefix, "—", ""]]
  if (isLocated(value)) {
    const sure = value.confidence === undefined ? "" : `, ${Math.round(value.confidence * 100)}%`
    return [[prefix, String(value.value), `p.${value.page}${sure}`]]
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? [[prefix, "(none)", ""]]
      : value.flatMap((v, i) => rowsOf(`${prefix}[${i}]`, v))
  }
  if (typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => rowsOf(prefix === "" ? k : `${prefix}.${k}`, v))
  }
  return [[prefix, String(value), ""]]
}

const pagesText = (pages: ReadonlyArray<number>) =>
  pages.length === 0
    ? "no pages"
    : pages.length === 1
    ? `page ${pages[0]}`
    : `pages ${pages[0]}–${pages[pages.length - 1]}`

export const renderTable = (result: OneShotResult): string => {
  if (result.result.length === 0) return `${result.ocr.length} page(s) read; no section of the templates' types found\n`
  return result.result.map((section) => {
    const sure = section.confidence === undefined ? "" : ` (${Math.round(section.confidence * 100)}% sure)`
    const rows = rowsOf("", section.properties)
    const width = Math.max(5, ...rows.map((r) => r[0].length))
    const valueWidth = Math.min(60, Math.max(5, ...rows.map((r) => r[1].length)))
    const lines = rows.map(([field, value, where]) =>
      `  ${field.padEnd(width)}  ${(value.length > 60 ? `${value.slice(0, 59)}…` : value).padEnd(valueWidth)}  ${where}`
        .trimEnd()
    )
    return [`${section.document_type}, ${pagesText(section.pages)}${sure}`, ...lines].join("\n")
  }).join("\n\n") + "\n"
}
