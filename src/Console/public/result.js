// The result of trying templates on a file: each section's values with the page and box they came from,
// and the page drawn from its OCR or text-layer lines with those boxes on it.
import { h } from "./dom.js"

/** A value object with its coordinates, as include_coordinates=true gives every found leaf. */
const isGrounded = (v) =>
  v !== null && typeof v === "object" && !Array.isArray(v) && "value" in v && "page" in v &&
  "bounding_box_coordinates" in v

/** The extracted tree as rows: a path ("lines[0].amount"), the value, and where it was found. */
export const leaves = (value, path, out = []) => {
  if (value === null) out.push({ path, value: null })
  else if (isGrounded(value)) {
    out.push({
      path,
      value: value.value,
      page: value.page,
      box: value.bounding_box_coordinates,
      confidence: value.confidence
    })
  } else if (Array.isArray(value)) {
    if (value.length === 0) out.push({ path, value: [] })
    value.forEach((item, i) => leaves(item, `${path}[${i}]`, out))
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) leaves(item, path === "" ? key : `${path}.${key}`, out)
  } else out.push({ path, value })
  return out
}

const display = (value) =>
  value === null
    ? "not found"
    : Array.isArray(value)
    ? "(none)"
    : typeof value === "string"
    ? value
    : JSON.stringify(value)

/** The page drawn from its lines, with the boxes of the values found on it. */
const pageView = (page, rows) => {
  const width = 1000
  const height = Math.round((1000 * page.height) / page.width)
  const rect = (box, attributes, label) =>
    h(
      "rect",
      {
        x: box[0] * width,
        y: box[1] * height,
        width: Math.max(1, (box[2] - box[0]) * width),
        height: Math.max(1, (box[3] - box[1]) * height),
        ...attributes
      },
      label === undefined ? undefined : h("title", {}, label)
    )
  return h(
    "figure",
    { class: "page" },
    h(
      "svg",
      { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": `page ${page.page}` },
      h("rect", { x: 0, y: 0, width, height, class: "sheet" }),
      h("g", { class: "lines" }, page.lines.map((line) => rect(line.bounding_box_coordinates, {}, line.text))),
      h(
        "g",
        { class: "values" },
        rows.map((row) => rect(row.box, { "data-path": row.path }, `${row.path}: ${display(row.value)}`))
      )
    ),
    h("figcaption", {}, `page ${page.page} (${page.source === "ocr" ? "OCR" : "text layer"})`)
  )
}

/** Values the engine is less sure of than this are marked. */
const SURE = 0.9

/** How sure the engine is of a value, as a percentage (results stored before confidence existed have none). */
const sureness = (confidence) => (typeof confidence === "number" ? `${Math.round(confidence * 100)}%` : "")

/** The values as a table: each field's path, value, page and confidence; `attributesOf` adds to a row's attributes. */
export const valuesTable = (rows, attributesOf = () => ({})) =>
  h(
    "table",
    { class: "values" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", {}, "Field"),
        h("th", {}, "Value"),
        h("th", {}, "Page"),
        h("th", { title: "How sure the engine is of the value" }, "Sure")
      )
    ),
    h(
      "tbody",
      {},
      rows.map((row) =>
        h(
          "tr",
          {
            class: row.value === null
              ? "missing"
              : typeof row.confidence === "number" && row.confidence < SURE
              ? "unsure"
              : undefined,
            ...attributesOf(row)
          },
          h("td", {}, h("code", {}, row.path)),
          h("td", { class: "value" }, display(row.value)),
          h("td", {}, row.page === undefined ? "" : String(row.page)),
          h("td", { class: "confidence" }, sureness(row.confidence))
        )
      )
    )
  )

const highlight = (section, path) => {
  for (const el of section.querySelectorAll("[data-path]")) el.classList.toggle("current", el.dataset.path === path)
}

const sectionView = (section, ocr, index) => {
  const rows = leaves(section.properties, "")
  const first = section.pages[0]
  const last = section.pages[section.pages.length - 1]
  const view = h(
    "article",
    { class: "section" },
    h(
      "h3",
      {},
      `${index + 1}. ${section.document_type}`,
      h("span", { class: "pages" }, section.pages.length === 1 ? ` page ${first}` : ` pages ${first}–${last}`)
    )
  )
  const table = valuesTable(rows, (row) => ({
    "data-path": row.box === undefined ? undefined : row.path,
    tabindex: row.box === undefined ? undefined : "0",
    onmouseenter: () => highlight(view, row.path),
    onfocus: () => highlight(view, row.path),
    onclick: () => highlight(view, row.path)
  }))
  const pages = ocr.filter((p) => section.pages.includes(p.page))
  view.append(
    h(
      "div",
      { class: "section-body" },
      table,
      h(
        "div",
        { class: "pages" },
        pages.map((p) => pageView(p, rows.filter((r) => r.page === p.page && r.box !== undefined)))
      )
    )
  )
  return view
}

/** The one-shot reply shown: a summary line, each section with its values and pages, and the markdown. */
export const resultView = (reply, seconds) => {
  const sources = reply.ocr.reduce((n, p) => ({ ...n, [p.source]: (n[p.source] ?? 0) + 1 }), {})
  const read = Object.entries(sources).map(([source, n]) => `${n} by ${source === "ocr" ? "OCR" : "text layer"}`).join(
    ", "
  )
  const covered = new Set(reply.result.flatMap((s) => s.pages))
  const outside = reply.ocr.filter((p) => !covered.has(p.page)).map((p) => p.page)
  return [
    h(
      "p",
      { class: "summary" },
      `${reply.ocr.length} ${reply.ocr.length === 1 ? "page" : "pages"} read (${read}) in ${seconds.toFixed(1)} s; ` +
        `${reply.result.length} ${reply.result.length === 1 ? "section" : "sections"}` +
        (outside.length > 0 ? `; pages fitting no chosen template: ${outside.join(", ")}` : "")
    ),
    ...reply.result.map((section, i) => sectionView(section, reply.ocr, i)),
    h("details", {}, h("summary", {}, "Markdown"), h("pre", {}, reply.markdown))
  ]
}
