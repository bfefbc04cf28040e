/**
 * The part of the local engine's work on a page that no template changes: its rows and words
 * (Layout), what the split reads of it (PageSignals), each row's label tokens and vocabulary hits
 * (Labels), the names at its head and in its address block for a section it starts (Letterhead). All of it is kept beside the page object, so it can be done ahead, as the reader hands
 * over pages while it reads the rest of the document, and the split and the extraction that follow
 * find it done.
 */
import type { Page } from "../../Domain/PageModel.js"
import { lexiconHits, tokensOfRow } from "./Labels.js"
import { layoutOf } from "./Layout.js"
import { addresseeLine, issuerLine } from "./Letterhead.js"
import { factsOf } from "./PageSignals.js"

export const preparePage = (page: Page): void => {
  factsOf(page)
  const layout = layoutOf(page)
  for (const row of layout.rows) {
    tokensOfRow(layout, row)
    lexiconHits(layout, row)
  }
  issuerLine({ layouts: [layout] })
  addresseeLine({ layouts: [layout] })
}
