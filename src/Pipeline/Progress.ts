/** Where a document's work stands, for whoever waits on it (an asynchronous job's record). */
import { Effect, Runtime } from "effect"

export interface Progress {
  /** Reading: this many pages of so many read (told now and then while a file is read). */
  readonly reading: (pagesRead: number, pagesTotal: number) => Effect.Effect<void>
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
    reading: () => Effect.void,
    read: () => Effect.void,
    split: () => Effect.void,
    sectionDone: Effect.void
  } satisfies Progress
}

/** Reading callbacks that tell `progress`, at most every quarter second and one update at a time. */
export const readingReports = (progress: Progress) =>
  Effect.map(Effect.runtime<never>(), (runtime) => {
    let total = 0
    let read = 0
    let last = 0
    let inFlight = false
    const tell = () => {
      if (inFlight) return
      inFlight = true
      last = Date.now()
      Runtime.runFork(runtime)(Effect.ensuring(progress.reading(read, total), Effect.sync(() => (inFlight = false))))
    }
    return {
      onPageCount: (pages: number) => {
        total = pages
        tell()
      },
      onPagesRead: (pages: number) => {
        read = pages
        if (Date.now() - last >= 250) tell()
      }
    }
  })
