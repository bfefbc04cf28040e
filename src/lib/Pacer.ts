/**
 * Long synchronous work on the server's thread, done in slices: the local engine splits and extracts a
 * document page by page and section by section, and a 500-page document is seconds of work. Without a
 * pause, no other request (not even `/health`) is answered meanwhile, and idle keep-alive connections
 * time out under the clients that are about to use them. `pace` lets the event loop turn once a slice of
 * work has run, so that waiting I/O is served between pages; within a slice it costs a clock read.
 *
 * Every fiber that finds the slice used up waits for the same turn of the event loop; after it, they go
 * on one by one until the new slice is used up, and the rest wait for the next turn.
 */
import { Effect } from "effect"

/** Synchronous work allowed between two turns of the event loop: requests wait at most about this long. */
export const SLICE_MS = 10

export interface Pacing {
  /** Goes on at once within the current slice; else after the event loop has turned (I/O served). */
  readonly pace: Effect.Effect<void>
}

/** A pacer of its own (the process shares one: `Pacer`). */
export const makePacer = (sliceMs: number = SLICE_MS): Pacing => {
  let sliceStart = performance.now()
  let turn: Promise<void> | undefined
  // setImmediate runs after the event loop's poll for I/O: waiting requests are read and answered first.
  const nextTurn = () =>
    turn ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        turn = undefined
        sliceStart = performance.now()
        resolve()
      })
    )
  const pace: Effect.Effect<void> = Effect.suspend(() =>
    performance.now() - sliceStart < sliceMs ? Effect.void : Effect.zipRight(Effect.promise(nextTurn), pace)
  )
  return { pace }
}

/**
 * The process's pacer: the engines and the stored parses' checks share it, so that overlapping work
 * (a split beside another request's extraction) shares one slice between two turns of the event loop.
 */
export class Pacer extends Effect.Service<Pacer>()("docsplit/Pacer", { sync: () => makePacer() }) {}
