/** Renders engine output and the page model in the contract's shapes. */
import type { OcrPage } from "../Domain/Document.js"
import type { ExtractedObject, ExtractedValue } from "../Domain/Extraction.js"
import { isGrounded, roundConfidence } from "../Domain/Extraction.js"
import { type Page, pageText, roundBox } from "../Domain/PageModel.js"

type Json = string | number | boolean | null | ReadonlyArray<Json> | { readonly [k: string]: Json }

const mapValue = (v: ExtractedValue, leaf: (g: Extract<ExtractedValue, { box: unknown }>) => Json): Json => {
  if (v === null) return null
  if (isGrounded(v)) return leaf(v)
  if (Array.isArray(v)) return (v as ReadonlyArray<ExtractedValue>).map((x) => mapValue(x, leaf))
  const out: Record<string, Json> = {}
  for (const [k, x] of Object.entries(v as ExtractedObject)) out[k] = mapValue(x, leaf)
  return out
}

/** The coordinate form: every leaf `{value, page, bounding_box_coordinates, confidence}` (or null). */
export const withCoordinates = (extracted: ExtractedObject): Record<string, Json> =>
  mapValue(extracted, (g) => ({
    value: g.value,
    page: g.page,
    bounding_box_coordinates: [...roundBox(g.box)],
    confidence: roundConfidence(g.confidence)
  })) as Record<string, Json>

/** The plain form: every leaf its value (or null). */
export const plain = (extracted: ExtractedObject): Record<string, Json> =>
  mapValue(extracted, (g) => g.value) as Record<string, Json>

/** A stored leaf: `{value, page, bounding_box_coordinates}`, with `confidence` since it exists. */
const isCoordinateValue = (v: unknown): v is { value: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "bounding_box_coordinates" in v && "page" in v &&
  "value" in v && Object.keys(v).length === ("confidence" in v ? 4 : 3)

/** Strips coordinates from a stored (coordinate-form) result. */
export const stripCoordinates = (stored: unknown): Json => {
  if (isCoordinateValue(stored)) return stored.value
  if (Array.isArray(stored)) return stored.map(stripCoordinates)
  if (typeof stored === "object" && stored !== null) {
    const out: Record<string, Json> = {}
    for (const [k, x] of Object.entries(stored)) out[k] = stripCoordinates(x)
    return out
  }
  return stored as Json
}

export const ocrPage = (page: Page): OcrPage => ({
  page: page.page,
  width: page.width,
  height: page.height,
  source: page.source,
  text: pageText(page),
  lines: page.lines.map((l) => ({ text: l.text, bounding_box_coordinates: roundBox(l.box) })),
  words: page.lines.flatMap((l) =>
    l.words.map((w) => ({ text: w.text, bounding_box_coordinates: roundBox(w.box), confidence: w.confidence }))
  )
})
