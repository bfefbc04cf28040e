/** How a model failure leaves the engine: as the API error (502, or 504 for a timeout), after a log line. */
import { Effect } from "effect"
import type { EngineError } from "../Engine.js"
import { type ModelError, toApiError } from "./ModelClient.js"

export const failWithApiError =
  (purpose: string) => <A, R>(self: Effect.Effect<A, ModelError, R>): Effect.Effect<A, EngineError, R> =>
    Effect.catchAll(
      self,
      (e) =>
        Effect.logWarning(`model ${purpose} failed: ${e._tag}: ${e.detail}`).pipe(
          Effect.zipRight(Effect.fail(toApiError(e)))
        )
    )
