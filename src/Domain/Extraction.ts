import type { Box } from "./PageModel.js"

/** A value read from the document, with where it came from. */
export interface Grounded {
  readonly value: string | number | boolean
  /** 1-based page of the original file. */
  readonly page: number
  readonly box: Box
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
}

export const isGrounded = (v: unknown): v is Grounded =>
  typeof v === "object" && v !== null && !Array.isArray(v) && "page" in v && "box" in v && "value" in v
