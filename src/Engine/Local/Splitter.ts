/**
 * The local splitter: each page is scored against each requested
 * template's document type, and sections start where the type changes or a page shows the signs of
 * a document's first page. Sections only ever carry a requested type.
 */
import { Effect, Layer } from "effect"
import type { SplitSection } from "../../Domain/Extraction.js"
import type { TemplateSpec } from "../../Domain/FieldTree.js"
import type { PageModel } from "../../Domain/PageModel.js"
import { Pacer } from "../../lib/Pacer.js"
import { Splitter } from "../Engine.js"
import { headerSimilarity, type PageEvidence, pageEvidence, samePage, specProfile } from "./PageSignals.js"
import { preparePaced } from "./Prepare.js"

/** A page fits a type when it scores at least this (a title alone, or a few typical words and labels). */
export const MATCH_SCORE = 2
/** A page that fits nothing still continues the document before it when it scores this for its type. */
const CONTINUE_SCORE = 1
/** Letterheads this similar belong to the same issuer. */
const SAME_HEADER = 0.5

const bestSpec = (e: PageEvidence): number | undefined => {
  let best: number | undefined
  e.scores.forEach((s, i) => {
    if (s >= MATCH_SCORE && (best === undefined || s > e.scores[best]!)) best = i
  })
  return best
}

/**
 * Signs that the page continues the previous page's document: page k > 1, or the same document
 * number on a page that does not say it is a first page (an annex of a document whose last page said
 * so, too). A page repeating one of the document's pages word for word is another copy of the
 * document, never its continuation.
 */
const continues = (
  e: PageEvidence,
  prev: PageEvidence | undefined,
  sectionPages: ReadonlyArray<PageEvidence> = []
): boolean =>
  prev !== undefined &&
  e.pageNumber !== 1 &&
  !sectionPages.some((p) => samePage(p, e)) &&
  ((e.pageNumber !== undefined && e.pageNumber > 1) ||
    // The same number on a page that opens with its own title line is another document that reuses it.
    (e.documentNumber !== undefined && e.documentNumber === prev.documentNumber && !e.titleLine))

/**
 * Whether a page is the first of the document the next page continues: "1 of n" before "2 of n", both
 * printing the same document number (a cover sheet or a terms page numbered apart is no such page).
 */
const firstPageOf = (held: PageEvidence, next: PageEvidence): boolean =>
  held.pageNumber === 1 && held.pageCount !== undefined && held.pageCount === next.pageCount &&
  next.pageNumber === 2 && held.documentNumber !== undefined && held.documentNumber === next.documentNumber

/** Whether the page says it is its document's last ("Seite 2 von 2"). */
const ended = (e: PageEvidence): boolean =>
  e.pageNumber !== undefined && e.pageCount !== undefined && e.pageNumber === e.pageCount

/** A page after its document's last that numbers itself no later page of it: a new document. */
const afterTheLast = (e: PageEvidence, prev: PageEvidence): boolean =>
  ended(prev) && !(e.pageNumber !== undefined && e.pageNumber > 1)

/**
 * Signs that the page starts a new document of type `spec`. `strict` keeps only the explicit ones
 * (page 1, a new number, a title or a one-page type under a new letterhead), for when one document
 * is the default.
 */
const starts = (
  e: PageEvidence,
  prev: PageEvidence | undefined,
  spec: number | undefined,
  singlePage: boolean,
  strict = false,
  sectionPages: ReadonlyArray<PageEvidence> = []
): boolean => {
  if (prev === undefined || e.pageNumber === 1 || sectionPages.some((p) => samePage(p, e))) return true
  // After a page that says it is its document's last, a page of a requested type with a number of its own
  // is the next document's (an annex, without a number or with the document's, stays with it).
  if (
    afterTheLast(e, prev) && spec !== undefined && (e.scores[spec] ?? 0) >= MATCH_SCORE &&
    e.documentNumber !== undefined && e.documentNumber !== prev.documentNumber
  ) return true
  if (e.documentNumber !== undefined && prev.documentNumber !== undefined && e.documentNumber !== prev.documentNumber) {
    return true
  }
  const sameHeader = headerSimilarity(e.header, prev.header) >= SAME_HEADER
  // Two receipts of one shop: the same letterhead, another date.
  if (singlePage && !strict && e.date !== undefined && prev.date !== undefined && e.date !== prev.date) return true
  // Under the same letterhead, a page of a one-page type that fits it is the shop's next one, whatever
  // its date (two purchases of a day); a page of a longer document continues it.
  if (sameHeader) return singlePage && !strict && spec !== undefined && (e.scores[spec] ?? 0) >= MATCH_SCORE
  if (spec !== undefined && e.titled.has(spec)) return true
  if (singlePage) return true
  // A longer document's next page may print other dates at its top (a table's service dates): only a
  // labelled date that changes says a new document starts.
  return !strict && e.dateLabelled && e.date !== undefined && prev.date !== undefined && e.date !== prev.date
}

interface Open {
  readonly spec: number
  readonly pages: Array<number>
  readonly evidence: Array<PageEvidence>
  /** How sure each decision that made the section was: its start, each page joined, each page's type. */
  readonly sureness: Array<number>
}

/**
 * How sure a split decision is. A start or a continuation the pages state (page 1 of n, page k of n,
 * a document number) is near certain; one read from a title or a letterhead is likely; a page joined
 * only because it fits nothing else, or a new document inferred from a changed date, is a guess.
 */
const STATED = 0.99
const LIKELY = 0.95
const GUESS = 0.75

/** How sure the page's type is: a clear best over the other requested types, or a near tie. */
const typeSureness = (e: PageEvidence, spec: number): number => {
  const own = e.scores[spec] ?? 0
  const other = Math.max(0, ...e.scores.filter((_, i) => i !== spec))
  if (own < MATCH_SCORE) return GUESS
  return other >= MATCH_SCORE && own - other < 1 ? 0.85 : own >= 2 * MATCH_SCORE ? STATED : LIKELY
}

const startSureness = (e: PageEvidence, prev: PageEvidence | undefined, spec: number): number =>
  prev === undefined || e.pageNumber === 1 ||
    (e.documentNumber !== undefined && prev.documentNumber !== undefined && e.documentNumber !== prev.documentNumber)
    ? STATED
    : e.titled.has(spec) || afterTheLast(e, prev)
    ? LIKELY
    : GUESS

const continueSureness = (e: PageEvidence, prev: PageEvidence | undefined): number =>
  (e.pageNumber !== undefined && e.pageNumber > 1) ||
    (e.documentNumber !== undefined && e.documentNumber === prev?.documentNumber)
    ? STATED
    : LIKELY

const confidenceOf = (sureness: ReadonlyArray<number>): number => sureness.reduce((a, b) => a * b, 1)

/** Sections from the pages' evidence, in page order. */
const sectionsOf = (
  evidence: ReadonlyArray<PageEvidence>,
  specs: ReadonlyArray<TemplateSpec>,
  singlePage: ReadonlyArray<boolean> = specs.map(() => false)
): Array<SplitSection> => {
  const all = evidence.map((e) => e.page.page)
  const firstContent = evidence.findIndex((e) => !e.blank)
  if (specs.length === 0 || all.length === 0) return []
  const nonBlank = evidence.filter((e) => !e.blank)
  // One template, one document: the whole file is one section, whatever each page scores.
  if (specs.length === 1) {
    const newDocuments = nonBlank.slice(1).some((e, i) =>
      !continues(e, nonBlank[i], [nonBlank[i]!]) && starts(e, nonBlank[i], 0, singlePage[0]!, true, [nonBlank[i]!]) &&
      bestSpec(e) === 0
    )
    if (!newDocuments) {
      const typed = nonBlank.length > 0 && nonBlank.some((e) => (e.scores[0] ?? 0) >= MATCH_SCORE)
      return [{
        templateId: specs[0]!.templateId,
        documentType: specs[0]!.documentType,
        pages: all,
        confidence: typed ? LIKELY : GUESS
      }]
    }
  }
  const sections: Array<Open> = []
  let current: Open | undefined
  let prev: PageEvidence | undefined
  // Blank pages before the first content join the first section.
  const leading: Array<number> = []
  // A page that fits no type on its own, kept for the next page: its document's first page when that page
  // continues it ("Seite 1 von 2" that OCR left too few words to type, before "Seite 2 von 2", same number).
  let held: PageEvidence | undefined
  evidence.forEach((e, i) => {
    if (e.blank) {
      if (current !== undefined) current.pages.push(e.page.page)
      else if (i < firstContent) leading.push(e.page.page)
      return
    }
    const best = bestSpec(e)
    const open = current?.evidence ?? []
    const kept = held
    held = undefined
    if (current !== undefined && continues(e, prev, open)) {
      current.pages.push(e.page.page)
      current.sureness.push(continueSureness(e, prev))
    } else if (best === undefined) {
      const weak = current !== undefined && !starts(e, prev, current.spec, singlePage[current.spec]!, false, open) &&
        e.scores[current.spec]! >= CONTINUE_SCORE
      if (weak) {
        current!.pages.push(e.page.page)
        current!.sureness.push(GUESS)
      } else {
        current = undefined
        leading.length = 0
        held = e
      }
    } else if (
      current !== undefined && current.spec === best && !starts(e, prev, best, singlePage[best]!, false, open)
    ) {
      current.pages.push(e.page.page)
      current.sureness.push(LIKELY, typeSureness(e, best))
    } else {
      const first = kept !== undefined && kept === prev && (kept.scores[best] ?? 0) >= CONTINUE_SCORE &&
          firstPageOf(kept, e)
        ? kept
        : undefined
      current = {
        spec: best,
        pages: [...leading.splice(0), ...(first === undefined ? [] : [first.page.page]), e.page.page],
        evidence: first === undefined ? [] : [first],
        sureness: first === undefined
          ? [startSureness(e, prev, best), typeSureness(e, best)]
          : [STATED, continueSureness(e, first), typeSureness(e, best)]
      }
      sections.push(current)
    }
    current?.evidence.push(e)
    prev = e
  })
  // A section is exact when both its ends are: its own start, and the start of the section after it.
  return sections.map((s, i) => ({
    templateId: specs[s.spec]!.templateId,
    documentType: specs[s.spec]!.documentType,
    pages: s.pages,
    confidence: confidenceOf(s.sureness) * (sections[i + 1]?.sureness[0] ?? 1)
  }))
}

/** The local split of a document: pure and deterministic. */
export const splitDocument = (model: PageModel, specs: ReadonlyArray<TemplateSpec>): Array<SplitSection> => {
  const profiles = specs.map(specProfile)
  return sectionsOf(model.pages.map((p) => pageEvidence(p, profiles)), specs, profiles.map((p) => p.type.singlePage))
}

/**
 * The local split, page by page: other work on the server's thread (requests, `/health`) is served
 * between pages once a slice of work has run (lib/Pacer.ts). The same split as `splitDocument`.
 */
export const pacedSplit =
  (pace: Effect.Effect<void>) =>
  (model: PageModel, specs: ReadonlyArray<TemplateSpec>): Effect.Effect<Array<SplitSection>> =>
    Effect.gen(function*() {
      const profiles = specs.map(specProfile)
      const evidence: Array<PageEvidence> = []
      for (const page of model.pages) {
        yield* pace
        evidence.push(pageEvidence(page, profiles))
      }
      return sectionsOf(evidence, specs, profiles.map((p) => p.type.singlePage))
    })

/** The local splitter, paced with the process's other work on its thread. */
export const LocalSplitter: Layer.Layer<Splitter> = Layer.effect(
  Splitter,
  Effect.map(Pacer, ({ pace }) => {
    const split = pacedSplit(pace)
    return {
      prepare: preparePaced(pace),
      split: (model, specs) =>
        split(model, specs).pipe(
          Effect.withSpan("Splitter.split", {
            attributes: { engine: "local", pages: model.pages.length, templates: specs.length }
          })
        )
    }
  })
).pipe(Layer.provide(Pacer.Default))
