/** Where a document's work stands, for whoever waits on it (an asynchronous job's record). */
import { Effect } from "effect"

export interface Progress {
  /** The file is read: this many pages. */
  readonly read: (pagesTotal: number) => Effect.Effect<void>
  /** The split is known: this many sections to extract. */
  readonly split: (sectionsTotal: number) => Effect.Effect<void>
  /** One more section extracted. */
  readonly sectionDone: Effect.Effect<void>
}

export const Progress = {
  /** Nobody is watching. */
  none: {
    read: () => Effect.void,
    split: () => Effect.void,
    sectionDone: Effect.void
  } satisfies Progress
}
