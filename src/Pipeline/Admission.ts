/**
 * Admission control for heavy requests (reading, splitting, extracting): at most `maxJobs` run at
 * once and `maxQueued` wait; past that the request is refused with 503 and Retry-After instead of
 * piling up until everything times out.
 */
import { Effect } from "effect"
import { AppConfig } from "../Config.js"
import { Overloaded } from "../Domain/Errors.js"
import { recordAdmissionRejected } from "../Observability/Metrics.js"

export class Admission extends Effect.Service<Admission>()("Admission", {
  effect: Effect.gen(function*() {
    const { maxJobs, maxQueued } = yield* AppConfig
    const running = yield* Effect.makeSemaphore(maxJobs)
    let admitted = 0

    const admit = <A, E, R>(job: Effect.Effect<A, E, R>): Effect.Effect<A, E | Overloaded, R> =>
      Effect.suspend((): Effect.Effect<A, E | Overloaded, R> => {
        if (admitted >= maxJobs + maxQueued) {
          return Effect.zipRight(
            recordAdmissionRejected,
            Effect.fail(
              new Overloaded({
                detail: `the server is busy (${maxJobs} jobs running, ${maxQueued} waiting); retry shortly`,
                retryAfterSeconds: 2
              })
            )
          )
        }
        admitted++
        return running.withPermits(1)(job).pipe(Effect.ensuring(Effect.sync(() => admitted--)))
      })

    return { admit, load: () => admitted } as const
  })
}) {}
