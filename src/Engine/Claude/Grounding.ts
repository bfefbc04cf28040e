/**
 * Grounding the model's answers in our page model: every value the model gives is looked for in
 * the lines it cited, then in each page of the section; its box is the union of the words it was
 * found in. A value that is not in the document becomes null and is counted, so nothing the model
 * invents reaches a client. Typed values are read by the same readers as the offline engine.
 */
import type { ExtractedObject, ExtractedValue, Grounded } from "../../Domain/Extraction.js"
import type { Field, LeafField } from "../../Domain/FieldTree.js"
import { type Page, type PageModel, pageText, unionBox } from "../../Domain/PageModel.js"
import { decimalMarkOfText, readByDecimalMark } from "../../Text/DecimalMark.js"
import { fold } from "../../Text/Tokens.js"
import {
  currencyCode,
  type DateOrder,
  findDates,
  findValueCandidates,
  inferDateOrder,
  parseAmount,
  parseBoolean,
  parseInteger,
  parseWholeDate,
  type ValueKind
} from "../../Text/Values.js"
import { type Hit, type PlacedLine, searchCurrency, searchNear, searchText, searchTyped } from "./LineSearch.js"
import type { FieldAnswer, LeafAnswer, ObjectAnswer } from "./ToolSchema.js"

/** The pages a model call reads, with their line ids. */
export interface SectionText {
  readonly pages: ReadonlyArray<Page>
  readonly hint: DateOrder | undefined
  readonly lines: ReadonlyMap<string, PlacedLine>
  /**
   * Pages the model also saw as images: it may read a value right where our OCR misread it, so a
   * value not written in their text is still grounded on the words that spell it nearly the same.
   */
  readonly seen: ReadonlySet<number>
  /**
   * Pages where a value may be grounded on words that spell it nearly the same: the pages seen as
   * images, and the pages our OCR read (a model reading their text may correct an obvious misread).
   */
  readonly near: ReadonlySet<number>
}

export const lineId = (page: number, index: number): string => `p${page} L${index + 1}`

/** "p2 L14", "[p2 L14]", "P2 l14" → "p2 L14". */
export const parseLineId = (text: string): string | undefined => {
  const m = /p\s*(\d+)\s*[-:,]?\s*l\s*(\d+)/i.exec(text)
  return m === null ? undefined : `p${Number(m[1])} L${Number(m[2])}`
}

export const sectionText = (
  model: PageModel,
  pages: ReadonlyArray<number>,
  seen: ReadonlySet<number> = new Set()
): SectionText => {
  const wanted = new Set(pages)
  const chosen = model.pages.filter((p) => wanted.has(p.page))
  const lines = new Map<string, PlacedLine>()
  for (const p of chosen) p.lines.forEach((line, i) => lines.set(lineId(p.page, i), { page: p.page, line }))
  const near = new Set([...seen, ...chosen.filter((p) => p.source === "ocr").map((p) => p.page)])
  return { pages: chosen, hint: inferDateOrder(chosen.map(pageText)), lines, seen, near }
}

/** The pages as the model reads them: every line prefixed with its id, `[p2 L14] text`. */
export const numberedText = (pages: ReadonlyArray<Page>): string =>
  pages.map((p) => [`=== Page ${p.page} ===`, ...p.lines.map((l, i) => `[${lineId(p.page, i)}] ${l.text}`)].join("\n"))
    .join("\n\n")

// ---------------------------------------------------------------------------------------------
// Answers → extracted values

/** The outcome of grounding one answer: the values, and how many the document did not contain. */
export interface Grounding<A> {
  readonly value: A
  readonly ungrounded: number
}

const leafOf = (answer: FieldAnswer | undefined): { text: string | undefined; cited: ReadonlyArray<string> } => {
  if (answer === undefined || answer === null) return { text: undefined, cited: [] }
  if (typeof answer !== "object") return { text: String(answer).trim(), cited: [] }
  if (Array.isArray(answer)) return { text: undefined, cited: [] }
  const leaf = answer as LeafAnswer
  const v = leaf.value
  return {
    text: v === undefined || v === null ? undefined : String(v).trim(),
    cited: (leaf.lines ?? []).flatMap((l) => parseLineId(l) ?? [])
  }
}

/** Places to look, in order: the cited lines (as one run), then each page of the section. */
const scopesOf = (section: SectionText, cited: ReadonlyArray<string>): Array<ReadonlyArray<PlacedLine>> => {
  const citedLines = cited.flatMap((id) => section.lines.get(id) ?? []).map((l) => ({ ...l, cited: true }))
  const pages = section.pages.map((p) => p.lines.map((line) => ({ page: p.page, line })))
  return citedLines.length > 0 ? [citedLines, ...pages] : pages
}

/** How sure a value is when found where the model cited it, elsewhere in the section, or only nearly written. */
const CITED_CONFIDENCE = 0.95
const ELSEWHERE_CONFIDENCE = 0.85
const NEAR_FACTOR = 0.75

interface ScoredHit extends Hit {
  readonly confidence: number
}

const firstHit = (
  scopes: ReadonlyArray<ReadonlyArray<PlacedLine>>,
  find: (lines: ReadonlyArray<PlacedLine>) => Hit | undefined
): ScoredHit | undefined => {
  for (const scope of scopes) {
    const hit = find(scope)
    if (hit !== undefined) {
      return {
        ...hit,
        confidence: scope.every((l) => l.cited === true)
          ? CITED_CONFIDENCE
          : ELSEWHERE_CONFIDENCE
      }
    }
  }
  return undefined
}

/** Where a value not written in the text is written nearly the same, on the pages the model saw as images. */
const nearHit = (
  scopes: ReadonlyArray<ReadonlyArray<PlacedLine>>,
  near: ReadonlySet<number>,
  text: string
): ScoredHit | undefined => {
  if (near.size === 0) return undefined
  const hit = firstHit(
    scopes.map((scope) => scope.filter((l) => near.has(l.page))).filter((scope) => scope.length > 0),
    (lines) => searchNear(lines, text)
  )
  return hit === undefined ? undefined : { ...hit, confidence: hit.confidence * NEAR_FACTOR }
}

const grounded = (value: string | number | boolean, hit: ScoredHit): Grounded => ({
  value,
  page: hit.page,
  box: unionBox(hit.words.map((w) => w.box)),
  confidence: hit.confidence
})

const NOT_STATED: Grounding<null> = { value: null, ungrounded: 0 }
const INVENTED: Grounding<null> = { value: null, ungrounded: 1 }

/**
 * A number whose one mark has three figures after it ("1.500", "1,860") read as the lines it is written
 * on write their amounts ("2.790,00": the dot groups thousands, so "1.500" is 1500); undefined where
 * they do not tell (the amount reader decides).
 */
const asWrittenThere = (text: string, scopes: ReadonlyArray<ReadonlyArray<PlacedLine>>): number | undefined => {
  const mark = decimalMarkOfText((scopes[0] ?? []).map((l) => l.line.text).join(" "))
  return mark === undefined ? undefined : readByDecimalMark(text.trim(), mark)
}

/** A number or date: read from the answer, then found as an equal value in the document. */
const groundTyped = (
  text: string,
  field: LeafField,
  scopes: ReadonlyArray<ReadonlyArray<PlacedLine>>,
  hint: DateOrder | undefined,
  seen: ReadonlySet<number>
): Grounding<Grounded | null> => {
  const percent = field.type === "number" && text.includes("%")
  const bare = percent ? text.replace(/\s*%/g, "") : text
  const kind: ValueKind = field.type === "date" ? "date" : field.type === "integer" ? "integer" : "amount"
  const target = field.type === "date"
    ? parseWholeDate(bare, hint) ?? findDates(bare, hint)[0]?.iso
    : field.type === "integer"
    ? parseInteger(bare) ?? findValueCandidates(bare.split(/\s+/).map((t) => ({ text: t })), "integer", hint)[0]?.value
    : asWrittenThere(bare, scopes) ?? parseAmount(bare) ??
      findValueCandidates(bare.split(/\s+/).map((t) => ({ text: t })), "amount", hint)[0]?.value
  const hit = (typeof target === "string" || typeof target === "number"
    ? firstHit(scopes, (lines) => searchTyped(lines, kind, target, hint, percent)) ??
      firstHit(scopes, (lines) => searchText(lines, text))
    : firstHit(scopes, (lines) => searchText(lines, text))) ?? nearHit(scopes, seen, bare)
  if (hit === undefined) return INVENTED
  // Written in the document but not a value of this type ("n/a" for an amount): not stated.
  if (typeof target !== "string" && typeof target !== "number") return NOT_STATED
  return { value: grounded(target, hit), ungrounded: 0 }
}

const groundLeaf = (
  answer: FieldAnswer | undefined,
  field: LeafField,
  section: SectionText
): Grounding<Grounded | null> => {
  const { text, cited } = leafOf(answer)
  if (text === undefined || text.length === 0) return NOT_STATED
  const scopes = scopesOf(section, cited)
  switch (field.type) {
    case "number":
    case "integer":
    case "date":
      return groundTyped(text, field, scopes, section.hint, section.near)
    case "boolean": {
      const hit = firstHit(scopes, (lines) => searchText(lines, text))
      if (hit === undefined) return INVENTED
      const b = parseBoolean(text)
      return b === undefined ? NOT_STATED : { value: grounded(b, hit), ungrounded: 0 }
    }
    case "enum": {
      const allowed = (field.enum ?? []).find((e) => fold(e) === fold(text))
      const hit = firstHit(scopes, (lines) => searchText(lines, text))
      if (hit === undefined) return INVENTED
      return allowed === undefined ? NOT_STATED : { value: grounded(allowed, hit), ungrounded: 0 }
    }
    case "string": {
      // A currency answered by its code ("EUR") is written on the page as its mark or name ("€", "euros").
      const code = /^[A-Z]{3}$/.test(text.trim()) && currencyCode(text.trim()) === text.trim() ? text.trim() : undefined
      const hit = firstHit(scopes, (lines) => searchText(lines, text)) ??
        (code !== undefined ? firstHit(scopes, (lines) => searchCurrency(lines, code)) : undefined) ??
        nearHit(scopes, section.near, text)
      return hit === undefined ? INVENTED : { value: grounded(text.replace(/\s+/g, " "), hit), ungrounded: 0 }
    }
  }
}

const isEmpty = (v: ExtractedValue): boolean =>
  v === null ||
  (Array.isArray(v) ? v.length === 0 : typeof v === "object" && !("box" in v) && Object.values(v).every(isEmpty))

const groundField = (
  answer: FieldAnswer | undefined,
  field: Field,
  section: SectionText
): Grounding<ExtractedValue> => {
  switch (field.kind) {
    case "leaf":
      return groundLeaf(answer, field, section)
    case "object":
      return groundObject(isObjectAnswer(answer) ? answer : {}, field.fields, section)
    case "array": {
      const items = Array.isArray(answer) ? (answer as ReadonlyArray<FieldAnswer>) : []
      let ungrounded = 0
      const value: Array<ExtractedValue> = []
      for (const item of items) {
        const g = groundField(item, field.item, section)
        ungrounded += g.ungrounded
        // Items with nothing found in the document are left out rather than returned empty.
        if (!isEmpty(g.value)) value.push(g.value)
      }
      return { value, ungrounded }
    }
  }
}

const isObjectAnswer = (a: FieldAnswer | undefined): a is ObjectAnswer =>
  typeof a === "object" && a !== null && !Array.isArray(a)

/** The template's fields from the model's answer, each grounded in the section or null. */
export const groundObject = (
  answer: ObjectAnswer,
  fields: ReadonlyArray<Field>,
  section: SectionText
): Grounding<ExtractedObject> => {
  let ungrounded = 0
  const value: Record<string, ExtractedValue> = {}
  for (const f of fields) {
    const g = groundField(answer[f.name], f, section)
    ungrounded += g.ungrounded
    value[f.name] = g.value
  }
  return { value, ungrounded }
}

/** Chunks of one section merged field by field: the first value found wins, lists are joined in page order. */
export const mergeExtracted = (
  fields: ReadonlyArray<Field>,
  parts: ReadonlyArray<ExtractedObject>
): ExtractedObject => {
  const mergeField = (field: Field, values: ReadonlyArray<ExtractedValue | undefined>): ExtractedValue => {
    switch (field.kind) {
      case "leaf":
        return values.find((v) => v !== undefined && v !== null) ?? null
      case "object":
        return mergeExtracted(
          field.fields,
          values.filter((v): v is ExtractedObject => typeof v === "object" && v !== null && !Array.isArray(v))
        )
      case "array":
        return values.flatMap((v) => (Array.isArray(v) ? (v as ReadonlyArray<ExtractedValue>) : []))
    }
  }
  return Object.fromEntries(fields.map((f) => [f.name, mergeField(f, parts.map((p) => p[f.name]))]))
}
