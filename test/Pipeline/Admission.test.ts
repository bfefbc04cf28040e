import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Layer } from "effect"
import { Cause } from "effect"
import { AppConfig } from "../../src/Config.js"
import { causeToResponse } from "../../src/Http/ErrorResponse.js"
import { Admission } from "../../src/Pipeline/Admission.js"
import { testConfig } from "../support/app.js"

const admissionWith = (maxJobs: number, maxQueued: number) =>
  Admission.Default.pipe(Layer.provide(Layer.succeed(AppConfig, testConfig({ maxJobs, maxQueued }))))

describe("Admission", () => {
  it.effect("runs at most maxJobs at once, queues maxQueued, and refuses the rest with Overloaded", () =>
    Effect.gen(function*() {
      const { admit } = yield* Admission
      const gate = yield* Deferred.make<void>()
      let running = 0
      let peak = 0
      const job = Effect.gen(function*() {
        running++
        peak = Math.max(peak, running)
        yield* Deferred.await(gate)
        running--
      })
      const fibers = yield* Effect.forEach([1, 2, 3], () => Effect.fork(admit(job)))
      yield* Effect.yieldNow()
      const refused = yield* Effect.exit(admit(job))
      expect(Exit.isFailure(refused)).toBe(true)
      if (Exit.isFailure(refused)) {
        const error = Cause.failureOption(refused.cause)
        expect(error._tag === "Some" && error.value._tag).toBe("Overloaded")
        const response = yield* causeToResponse(refused.cause)
        expect(response.status).toBe(503)
        expect(response.headers["retry-after"]).toBe("2")
      }
      expect(peak).toBe(2)
      yield* Deferred.succeed(gate, undefined)
      for (const f of fibers) yield* Fiber.join(f)
      expect(peak).toBe(2)
      // Capacity comes back once the jobs are done.
      yield* admit(Effect.void)
    }).pipe(Effect.provide(admissionWith(2, 1))))
})
