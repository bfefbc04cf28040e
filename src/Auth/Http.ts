import { Effect, Layer, Option, Redacted } from "effect"
import { Unauthorized } from "../Domain/Errors.js"
import { Authentication } from "./Api.js"
import { KeyStore } from "./Keys.js"

export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const keys = yield* KeyStore
    return {
      apiKey: (key) =>
        Effect.gen(function*() {
          if (Redacted.value(key).length === 0) {
            return yield* new Unauthorized({ detail: "missing x-api-key header" })
          }
          const tenant = yield* keys.authenticate(key).pipe(Effect.orDie)
          if (Option.isNone(tenant)) {
            return yield* new Unauthorized({ detail: "unknown or revoked API key" })
          }
          yield* Effect.annotateCurrentSpan("tenant", tenant.value)
          return { tenantId: tenant.value }
        })
    }
  })
)
