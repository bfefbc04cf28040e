/**
 * The local extraction of a section is a pure function of the page model, the section's pages and the
 * template: a document whose parse the server keeps in memory (Documents/ParseCache) and that is
 * extracted again with the same template gets the values it got the first time, without reading its
 * pages again. The values are kept beside the page model (a WeakMap: they go with it), keyed by the
 * pages and by everything the template says.
 */
import type { ExtractedObject } from "../../Domain/Extraction.js"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { PageModel } from "../../Domain/PageModel.js"

/** Sections × templates remembered per page model; past it the model's memo starts over. */
const MAX_ENTRIES = 4096

/** What the template says, as a key: its id, its type and its fields with their descriptions and kinds. */
const keyOf = (spec: TemplateSpec): string => JSON.stringify([spec.templateId, spec.documentType, spec.fields])

/** `extract(model, pages, spec)`, remembered beside the model (a memo of its own per call of `remembered`). */
export const remembered = (
  extract: (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec) => ExtractedObject
) => {
  const byModel = new WeakMap<PageModel, Map<string, ExtractedObject>>()
  const specKeys = new WeakMap<TemplateSpec, string>()
  return (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec): ExtractedObject => {
    let memo = byModel.get(model)
    if (memo === undefined) {
      memo = new Map()
      byModel.set(model, memo)
    }
    let specKey = specKeys.get(spec)
    if (specKey === undefined) {
      specKey = keyOf(spec)
      specKeys.set(spec, specKey)
    }
    const key = `${pages.join(",")}|${specKey}`
    const known = memo.get(key)
    if (known !== undefined) return known
    const values = extract(model, pages, spec)
    if (memo.size >= MAX_ENTRIES) memo.clear()
    memo.set(key, values)
    return values
  }
}
