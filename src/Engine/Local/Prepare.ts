/**
 * The part of the local engine's work on a page that no template changes: its rows and words
 * (Layout), what the split reads of it (PageSignals), each row's label tokens, vocabulary hits (Labels)
 * and currency marks (RowCurrencies), the headings of its tax summaries (Totals), the names at its head
 * and in its address block for a section it starts (Letterhead). All of it is kept beside the page
 * object, so it can be done ahead, as the reader hands over pages while it reads the rest of the
 * document, and the split and the extraction that follow find it done.
 */
import { Effect } from "effect"
import type { Page } from "../../Domain/PageModel.js"
import { lexiconHits, tokensOfRow } from "./Labels.js"
import { layoutOf } from "./Layout.js"
import { issuerLine } from "./Letterhead.js"
import { factsOf } from "./PageSignals.js"
import { addresseeLine } from "./Recipients.js"
import { currenciesOfRow } from "./RowCurrencies.js"
import { taxSummaryHeadings } from "./Totals.js"

/** The work in steps, each a few milliseconds on a dense page: other work on the thread goes between them. */
const STEPS: ReadonlyArray<(page: Page) => void> = [
  (page) => void factsOf(page),
  (page) => {
    const layout = layoutOf(page)
    for (const row of layout.rows) {
      tokensOfRow(layout, row)
      lexiconHits(layout, row)
      currenciesOfRow(row)
    }
    taxSummaryHeadings(layout)
  },
  (page) => void issuerLine({ layouts: [layoutOf(page)] }),
  (page) => void addresseeLine({ layouts: [layoutOf(page)] })
]

/** A page's preparation, `pace` before each step (lib/Pacer.ts). */
export const preparePaced = (pace: Effect.Effect<void>) => (page: Page): Effect.Effect<void> =>
  Effect.forEach(STEPS, (step) => Effect.zipRight(pace, Effect.sync(() => step(page))), { discard: true })
