/**
 * A progress bar on stderr for `docsplit extract` (pages read, then sections extracted), drawn by
 * cli-progress only when stderr is a terminal: piped or redirected, the command stays silent.
 */
import { SingleBar } from "cli-progress"
import { Effect } from "effect"
import { Progress } from "../Pipeline/Progress.js"

export const terminalProgress = (
  stream: NodeJS.WriteStream = process.stderr
): Effect.Effect<Progress, never, import("effect").Scope.Scope> => {
  if (stream.isTTY !== true) return Effect.succeed(Progress.none)
  return Effect.acquireRelease(
    Effect.sync(() => {
      const bar = new SingleBar({
        stream,
        format: " {phase} [{bar}] {value}/{total}",
        hideCursor: true,
        clearOnComplete: true,
        barsize: 30
      })
      let started = false
      const show = (phase: string, value: number, total: number) => {
        if (!started) {
          bar.start(Math.max(total, 1), value, { phase })
          started = true
        } else {
          bar.setTotal(Math.max(total, 1))
          bar.update(value, { phase })
        }
      }
      let sectionsTotal = 0
      let sectionsDone = 0
      const progress: Progress = {
        reading: (read, total) => Effect.sync(() => show("pages read      ", read, total)),
        read: (total) => Effect.sync(() => show("pages read      ", total, total)),
        split: (total) =>
          Effect.sync(() => {
            sectionsTotal = total
            show("sections done   ", 0, total)
          }),
        sectionDone: Effect.sync(() => show("sections done   ", ++sectionsDone, sectionsTotal))
      }
      return { bar, progress, started: () => started }
    }),
    ({ bar, started }) => Effect.sync(() => (started() ? bar.stop() : undefined))
  ).pipe(Effect.map(({ progress }) => progress))
}
