import { Effect } from "effect"

/** A mutex per key, created on demand and dropped when nobody holds or waits for it. */
export const makeKeyedLock = () => {
  const locks = new Map<string, { sem: Effect.Semaphore; users: number }>()
  return <A, E, R>(key: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.acquireUseRelease(
      Effect.sync(() => {
        let entry = locks.get(key)
        if (entry === undefined) {
          entry = { sem: Effect.unsafeMakeSemaphore(1), users: 0 }
          locks.set(key, entry)
        }
        entry.users++
        return entry
      }),
      (entry) => entry.sem.withPermits(1)(effect),
      (entry) =>
        Effect.sync(() => {
          if (--entry.users === 0) locks.delete(key)
        })
    )
}
