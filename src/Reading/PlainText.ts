/**
 * Plain text → page model. Text has no geometry, so the boxes are synthetic (see TextLayout):
 * the text is laid out as if printed in a monospace font, a form feed starting a new page.
 */
import type { PageModel } from "../Domain/PageModel.js"
import { layOutSections } from "./TextLayout.js"

/** Lines per page (a form feed also starts a new page). */
export const LINES_PER_PAGE = 60
/** Longer lines wrap, at a space when there is one. */
export const COLUMNS = 100

export const readPlainText = (text: string): PageModel => {
  const sections = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").split("\f")
  // A final form feed ends the last page (pdftotext writes one after every page).
  if (sections.length > 1 && sections[sections.length - 1]!.trim() === "") sections.pop()
  const pages = layOutSections(
    sections.map((section) => section.split("\n").map((line) => ({ text: line }))),
    { linesPerPage: LINES_PER_PAGE, columns: COLUMNS }
  )
  return { mediaType: "text/plain", pages }
}
