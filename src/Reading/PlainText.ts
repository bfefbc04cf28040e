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

/**
 * The fewest pages the text can take (every line at least one row, a long line one row per COLUMNS
 * characters, a form feed a new page), counted without building anything: the page limit is checked
 * on this before a 40 MB text is laid out.
 */
export const pagesAtLeast = (text: string): number => {
  let pages = 0, rows = 0, start = 0, section = 0
  const endSection = () => {
    pages += Math.max(1, Math.ceil(rows / LINES_PER_PAGE))
    rows = 0
  }
  for (let i = 0; i <= text.length; i++) {
    const c = i === text.length ? 10 : text.charCodeAt(i)
    if (c !== 10 && c !== 12) continue
    rows += Math.max(1, Math.ceil((i - start) / COLUMNS))
    start = i + 1
    if (c === 12) {
      endSection()
      section = i + 1
    }
  }
  // A final form feed ends the last page (as readPlainText reads it).
  if (pages === 0 || text.slice(section).trim() !== "") endSection()
  return pages
}
