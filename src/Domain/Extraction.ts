import type { Box } from "./PageModel.js"

/** A value read from the document, with where it came from. */
export interface Grounded {
  readonly value: string | number | boolean
  /** 1-based page of the original file. */
  readonly page: number
  readonly box: Box
  /**
   * How likely the value is right, 0..1: calibrated so that among values at 0.9 or more, at least
   * 95% are right on documents the engine was not tuned on.
   */
  readonly confidence: number
  /** The engine's reasons for the value, kept for fitting its confidence; never part of an answer. */
  readonly evidence?: Readonly<Record<string, number | string>>
}

/** Extracted values follow the field tree: objects nest, arrays hold items, leaves are grounded values or null. */
export type ExtractedValue = Grounded | null | ExtractedObject | ReadonlyArray<ExtractedValue>
export interface ExtractedObject {
  readonly [field: string]: ExtractedValue
}

/** One section of a split: a document type and the pages it covers (1-based, ascending). */
export interface SplitSection {
  readonly templateId: string
  readonly documentType: string
  readonly pages: ReadonlyArray<number>
  /** How likely this section is exactly right (its type and its pages), 0..1. */
  readonly confidence: number
}

export const isGrounded = (v: unknown): v is Grounded =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "page" in v && "box" in v && "value" in v

/** Confidence rounded as the API shows it (three decimals). */
export const roundConfidence = (c: number): number => Math.round(Math.min(1, Math.max(0, c)) * 1000) / 1000

/**
 * The values an answer keeps: a leaf below `min` confidence becomes null, as a value not in the
 * document does; arrays drop items left with no value at all.
 */
export const abstain = (v: ExtractedValue, min: number): ExtractedValue => {
  if (v === null || min <= 0) return v
  if (isGrounded(v)) return v.confidence >= min ? v : null
  if (Array.isArray(v)) {
    return (v as ReadonlyArray<ExtractedValue>).map((x) => abstain(x, min)).filter((x) => !isEmpty(x))
  }
  return Object.fromEntries(Object.entries(v as ExtractedObject).map(([k, x]) => [k, abstain(x, min)]))
}

/** No value anywhere in it. */
const isEmpty = (v: ExtractedValue): boolean =>
  v === null ||
  (!isGrounded(v) && (Array.isArray(v) ? v.every(isEmpty) : Object.values(v as ExtractedObject).every(isEmpty)))
