/** What the offline extractor's rules look at (a section's laid-out pages) and what they find. */
import type { DateOrder } from "../../Text/Values.js"
import type { PageLayout } from "./Layout.js"
import type { ReadValue } from "./Readers.js"

export interface Section {
  readonly layouts: ReadonlyArray<PageLayout>
  readonly hint: DateOrder | undefined
  /** The template's document type, for rules that depend on who sends the document to whom. */
  readonly documentType?: string
}

/** A value read, with the page it was read on. */
export interface Found extends ReadValue {
  readonly layout: PageLayout
}
