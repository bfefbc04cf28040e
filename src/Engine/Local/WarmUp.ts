/**
 * The local engine's first split and extraction in a process compile its code (label search, value
 * readers, the vocabulary's phrase lists): several times the cost of the next ones. A server runs them
 * on a few small documents of its own (WarmUpDocuments.ts: invoices in three languages, a till receipt)
 * in the background as it starts (Documents/WarmUp.ts), so that a user's first document does not pay
 * for it (bench/notes/speed.md has the numbers).
 */
import { Effect, Either } from "effect"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { PageModel } from "../../Domain/PageModel.js"
import { layOutSections } from "../../Reading/TextLayout.js"
import { normalizeTemplate } from "../../Templates/TemplateData.js"
import { extractSection } from "./Extractor.js"
import { splitDocument } from "./Splitter.js"
import { WARM_UP_DOCUMENTS, type WarmUpDocument } from "./WarmUpDocuments.js"

/** Rounds of the warm-up: the first compiles, the next ones let the compiler optimize. */
const ROUNDS = 3

/** A warm-up document as a fresh page model, its text as a file's bytes, and the templates to run it with. */
export interface WarmUpCase {
  readonly model: PageModel
  readonly bytes: Uint8Array
  /** Its own template first, then one of each other kind, so that the split has a choice to make. */
  readonly specs: ReadonlyArray<TemplateSpec>
}

const specOf = (document: WarmUpDocument, i: number): TemplateSpec | undefined => {
  const fields = Either.getOrUndefined(normalizeTemplate(document.template))
  return fields === undefined ? undefined : { templateId: `warm-up-${i}`, documentType: document.documentType, fields }
}

const modelOf = (lines: ReadonlyArray<string>): PageModel => ({
  mediaType: "text/plain",
  pages: layOutSections([lines.map((text) => ({ text }))], { linesPerPage: 66, columns: 80 })
})

/** Every warm-up document, a fresh page model each call (results are kept beside pages); none if a template were refused. */
export const warmUpCases = (): Array<WarmUpCase> => {
  const specs = WARM_UP_DOCUMENTS.map(specOf)
  if (specs.some((s) => s === undefined)) return []
  const all = specs as Array<TemplateSpec>
  return WARM_UP_DOCUMENTS.map((document, i) => {
    const own = all[i]!
    const others = all.filter((s, j) => j !== i && s.documentType !== own.documentType)
      .filter((s, j, list) => list.findIndex((o) => o.documentType === s.documentType) === j)
    return {
      model: modelOf(document.lines),
      bytes: new TextEncoder().encode(document.lines.join("\n")),
      specs: [own, ...others]
    }
  })
}

/** Splits and extracts every warm-up document a few times; a fresh page model each round (results are kept beside pages). */
export const warmUpLocalEngine: Effect.Effect<void> = Effect.sync(() => {
  for (let i = 0; i < ROUNDS; i++) {
    for (const { model, specs } of warmUpCases()) {
      splitDocument(model, specs)
      extractSection(model, [1], specs[0]!)
    }
  }
}).pipe(Effect.withSpan("Engine.warmUp"))
