/** What the offline extractor's rules look at (a section's laid-out pages) and what they find. */
import { besideOwner } from "../../lib/memo.js"
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

/**
 * A section-wide rule's answers kept beside the section's first page layout (layouts are made once per
 * page object): the same pages of a stored document are asked again by every request. Keyed by the
 * section's pages, its date order and its document type, everything such a rule reads.
 */
export const rememberedPerSection = <A>(rule: (section: Section) => A): (section: Section) => A => {
  const memo = besideOwner<PageLayout, A>()
  return (section) => {
    const first = section.layouts[0]
    if (first === undefined) return rule(section)
    const pages = section.layouts.map((l) => l.page.page).join(",")
    return memo(first, `${pages}|${section.hint ?? ""}|${section.documentType ?? ""}`, () => rule(section))
  }
}
