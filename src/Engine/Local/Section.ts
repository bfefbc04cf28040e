/** What the offline extractor's rules look at (a section's laid-out pages) and what they find. */
import { besideOwner } from "../../lib/memo.js"
import type { DateOrder } from "../../Text/Values.js"
import type { LabelMatch } from "./Labels.js"
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
  /** How clearly an unlabelled reading stands out from other readings (0..1; 0.5 when nothing says). */
  readonly margin?: number
}

/** A value read at a label (or a title line), with how plausible its place makes it. */
export interface Candidate extends Found {
  readonly score: number
  /** The label it was read at, as match tokens ("sold by"), and how specific that label is. */
  readonly label?: string
  readonly strength?: number
  /** Where that label sits (its page and row). */
  readonly at?: LabelMatch
  /** The best score of a reading of another value, and whether another label read the same value. */
  readonly rival?: number
  readonly agreed?: boolean
}

/**
 * A rule that reads only a section's first page, its answer kept beside that page's layout: every
 * section starting on the page shares it (a split's section, the whole file forced as one, another
 * template's), and it can be worked out before any section is known, as pages are read (Prepare.ts).
 */
export const rememberedPerFirstPage = <A>(
  rule: (layout: PageLayout) => A
): (section: Pick<Section, "layouts">) => A | undefined => {
  const memo = besideOwner<PageLayout, A>()
  return (section) => {
    const first = section.layouts[0]
    return first === undefined ? undefined : memo(first, "", () => rule(first))
  }
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
