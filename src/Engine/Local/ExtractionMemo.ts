/**
 * The local extraction of a section is a pure function of the page model, the section's pages and the
 * template: a document whose parse the server keeps in memory (Documents/ParseCache) and that is
 * extracted again with the same template gets the values it got the first time, without reading its
 * pages again. The values are kept beside the page model (a WeakMap: they go with it and are small
 * beside it), keyed by everything the extraction reads of the template (its type and fields) and by
 * the section's pages.
 */
import type { ExtractedObject } from "../../Domain/Extraction.js"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { PageModel } from "../../Domain/PageModel.js"

/** Sections × templates remembered per page model; past it the model's memo starts over. */
const MAX_ENTRIES = 4096

/** What the extraction reads of a template, as a key: its document type and its fields with their descriptions and kinds. */
const keyOf = (spec: TemplateSpec): string => JSON.stringify([spec.documentType, spec.fields])

/** `extract(model, pages, spec)`, remembered beside the model (a memo of its own per call of `remembered`). */
export const remembered = (
  extract: (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec) => ExtractedObject
) => {
  // Per model: per template, per section's pages.
  const byModel = new WeakMap<PageModel, { entries: number; bySpec: Map<string, Map<string, ExtractedObject>> }>()
  const specKeys = new WeakMap<TemplateSpec, string>()
  return (model: PageModel, pages: ReadonlyArray<number>, spec: TemplateSpec): ExtractedObject => {
    let memo = byModel.get(model)
    if (memo === undefined) {
      memo = { entries: 0, bySpec: new Map() }
      byModel.set(model, memo)
    }
    let specKey = specKeys.get(spec)
    if (specKey === undefined) {
      specKey = keyOf(spec)
      specKeys.set(spec, specKey)
    }
    let bySection = memo.bySpec.get(specKey)
    if (bySection === undefined) {
      bySection = new Map()
      memo.bySpec.set(specKey, bySection)
    }
    const pagesKey = pages.join(",")
    const known = bySection.get(pagesKey)
    if (known !== undefined) return known
    const values = extract(model, pages, spec)
    if (memo.entries >= MAX_ENTRIES) {
      memo.bySpec.clear()
      memo.entries = 0
      bySection = new Map()
      memo.bySpec.set(specKey, bySection)
    }
    bySection.set(pagesKey, values)
    memo.entries++
    return values
  }
}
