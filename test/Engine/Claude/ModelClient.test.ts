import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Fiber, Schema } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { statusOf } from "../../../src/Domain/Errors.js"
import { ModelClient, toApiError, type ToolRequest } from "../../../src/Engine/Claude/ModelClient.js"
import type { RetryPolicyShape } from "../../../src/Engine/Claude/ModelClient.js"
import { withUsage } from "../../../src/Engine/Claude/Usage.js"
import { modelClientLayer, TEST_KEY } from "../../support/anthropic.js"
import type { ConfigShape } from "../../support/app.js"
import {
  failCalls,
  type FakeAnthropicShape,
  type FakeOptions,
  type FakeReply,
  makeFakeAnthropic
} from "../../support/fakeAnthropic.js"

const PageAnswer = Schema.Struct({
  pages: Schema.Array(
    Schema.Struct({ page: Schema.Int, type: Schema.NullOr(Schema.String), starts_document: Schema.Boolean })
  )
})

const classify = (
  document = "=== Page 1 ===\nINVOICE\nTotal: 5\n\n=== Page 2 ===\nPage 2 of 2"
): ToolRequest<typeof PageAnswer.Type, typeof PageAnswer.Encoded> => ({
  purpose: "test",
  system: "Split the file.",
  document,
  instruction: "Classify every page shown.",
  tool: {
    name: "classify_pages",
    description: "Record each page's type.",
    inputSchema: {
      type: "object",
      properties: {
        pages: {
          type: "array",
          items: {
            type: "object",
            properties: {
              page: { type: "integer" },
              type: { type: ["string", "null"], enum: ["invoice", null] },
              starts_document: { type: "boolean" }
            }
          }
        }
      }
    }
  },
  answer: PageAnswer,
  maxTokens: 200
})

const EXPECTED = [{ page: 1, type: "invoice", starts_document: true }, {
  page: 2,
  type: "invoice",
  starts_document: false
}]

/** Runs `use` with a fresh fake and a model client on it. */
const withFake = <A, E>(
  fakeOptions: Partial<FakeOptions>,
  use: (client: ModelClient, fake: FakeAnthropicShape) => Effect.Effect<A, E>,
  overrides: Partial<ConfigShape> = {},
  policy: Partial<RetryPolicyShape> = {}
) =>
  Effect.gen(function*() {
    const fake = yield* makeFakeAnthropic(fakeOptions)
    const client = yield* ModelClient.pipe(Effect.provide(modelClientLayer(fake.url, overrides, policy)))
    return yield* use(client, fake)
  }).pipe(Effect.scoped)

const plan = (...replies: ReadonlyArray<FakeReply>) => (call: { index: number }): FakeReply =>
  replies[call.index] ?? { kind: "answer" }

const elapsed = <A, E>(self: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const start = performance.now()
    const result = yield* Effect.either(self)
    return { result, ms: performance.now() - start }
  })

describe("ModelClient", () => {
  it.live("answers through the forced tool call, decoded, and accounts calls and tokens", () =>
    withFake({}, (client, fake) =>
      Effect.gen(function*() {
        const [answer, usage] = yield* withUsage(client.callTool(classify()))
        expect(answer.pages).toEqual(EXPECTED)
        expect(fake.calls[0]!.body.tool_choice).toEqual({
          type: "tool",
          name: "classify_pages",
          disable_parallel_tool_use: true
        })
        expect(usage.calls).toBe(1)
        expect(usage.inputTokens).toBe(fake.stats.inputTokens)
        expect(usage.outputTokens).toBe(fake.stats.outputTokens)
        expect(usage.outputTokens).toBeGreaterThan(0)
      })))

  it.live("retries 429, 529 and 500 with backoff honouring retry-after-ms, then succeeds", () =>
    withFake({
      reply: plan(
        { kind: "error", status: 429, headers: { "retry-after-ms": "150" } },
        { kind: "error", status: 529 },
        { kind: "error", status: 500 }
      )
    }, (client, fake) =>
      Effect.gen(function*() {
        const { result, ms } = yield* elapsed(withUsage(client.callTool(classify())))
        const [answer, usage] = Either.getOrThrow(result)
        expect(answer.pages).toEqual(EXPECTED)
        expect(fake.stats.received).toBe(4)
        expect(usage.calls).toBe(4)
        expect(ms).toBeGreaterThanOrEqual(150)
      })))

  it.live("waits at least the retry-after seconds the provider asks for", () =>
    withFake(
      { reply: plan({ kind: "error", status: 429, headers: { "retry-after": "0.4" } }) },
      (client, fake) =>
        Effect.gen(function*() {
          const { result, ms } = yield* elapsed(client.callTool(classify()))
          expect(Either.isRight(result)).toBe(true)
          expect(fake.stats.received).toBe(2)
          expect(ms).toBeGreaterThanOrEqual(400)
        })
    ))

  it.live("stops after the bounded number of attempts and maps to a 502 without the key", () =>
    withFake({ reply: () => ({ kind: "error", status: 529 }) }, (client, fake) =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(client.callTool(classify()))
        expect(error._tag).toBe("ProviderOverloaded")
        expect(fake.stats.received).toBe(4)
        expect(error.detail).toContain("4 attempts")
        const api = toApiError(error)
        expect(statusOf(api)).toBe(502)
        expect(api.detail).toMatch(/^model provider failed: overloaded/)
        expect(api.detail).not.toContain(TEST_KEY)
      })))

  it.live("does not retry 400, 401 or 403", () =>
    Effect.forEach(
      [[400, "InvalidRequest"], [401, "AuthFailed"], [403, "AuthFailed"]] as const,
      ([status, tag]) =>
        withFake({ reply: () => ({ kind: "error", status }) }, (client, fake) =>
          Effect.gen(function*() {
            const error = yield* Effect.flip(client.callTool(classify()))
            expect(error._tag).toBe(tag)
            expect(fake.stats.received).toBe(1)
            expect(statusOf(toApiError(error))).toBe(502)
          }))
    ))

  it.live("does not wait for a retry-after longer than the longest allowed wait", () =>
    withFake(
      { reply: () => ({ kind: "error", status: 429, headers: { "retry-after": "3600" } }) },
      (client, fake) =>
        Effect.gen(function*() {
          const { result, ms } = yield* elapsed(client.callTool(classify()))
          expect(Either.isLeft(result) && result.left._tag).toBe("RateLimited")
          expect(fake.stats.received).toBe(1)
          expect(ms).toBeLessThan(1_000)
        })
    ))

  it.live("a call over MODEL_TIMEOUT_MS aborts its HTTP request and maps to a 504", () =>
    withFake({ latencyMs: 3_000 }, (client, fake) =>
      Effect.gen(function*() {
        const { result, ms } = yield* elapsed(client.callTool(classify()))
        expect(Either.isLeft(result) && result.left._tag).toBe("Timeout")
        expect(ms).toBeLessThan(1_500)
        yield* Effect.promise(() => fake.idle())
        // The fake saw the connection close before it answered.
        expect(fake.stats.aborted).toBe(1)
        expect(fake.stats.completed).toBe(0)
        if (Either.isLeft(result)) expect(statusOf(toApiError(result.left))).toBe(504)
      }), { modelTimeoutMs: 200 }))

  it.live("never has more than MODEL_CONCURRENCY calls in flight", () =>
    withFake({ latencyMs: 60 }, (client, fake) =>
      Effect.gen(function*() {
        const answers = yield* Effect.forEach(Array.from({ length: 12 }, () => classify()), (r) => client.callTool(r), {
          concurrency: "unbounded"
        })
        expect(answers).toHaveLength(12)
        expect(fake.stats.received).toBe(12)
        expect(fake.stats.maxInFlight).toBe(3)
      }), { modelConcurrency: 3 }))

  it.live("interrupting the caller cancels its in-flight calls", () =>
    withFake({ latencyMs: 5_000 }, (client, fake) =>
      Effect.gen(function*() {
        const start = performance.now()
        const fiber = yield* Effect.fork(
          Effect.all([classify(), classify(), classify()].map(client.callTool), { concurrency: "unbounded" })
        )
        while (fake.stats.inFlight < 3) yield* Effect.sleep("10 millis")
        yield* Fiber.interrupt(fiber)
        yield* Effect.promise(() => fake.idle())
        expect(fake.stats.aborted).toBe(3)
        expect(fake.stats.completed).toBe(0)
        expect(performance.now() - start).toBeLessThan(2_000)
      })))

  it.live("a malformed tool input is asked again once, with the decode error", () =>
    withFake({ reply: plan({ kind: "malformed" }) }, (client, fake) =>
      Effect.gen(function*() {
        const [answer, usage] = yield* withUsage(client.callTool(classify()))
        expect(answer.pages).toEqual(EXPECTED)
        expect(fake.stats.received).toBe(2)
        expect(usage.calls).toBe(2)
        const reask = fake.calls[1]!
        expect(reask.reask).toBe(true)
        const last = reask.body.messages[reask.body.messages.length - 1]
        expect(last.content[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_fake_0", is_error: true })
        expect(last.content[0].content).toContain("pages")
      })))

  it.live("a tool input still malformed when asked again fails as BadResponse (502)", () =>
    withFake({ reply: () => ({ kind: "malformed" }) }, (client, fake) =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(client.callTool(classify()))
        expect(error._tag).toBe("BadResponse")
        expect(fake.stats.received).toBe(2)
        expect(statusOf(toApiError(error))).toBe(502)
      })))

  it.live("a refusal fails as Refused without a retry", () =>
    withFake({ reply: () => ({ kind: "refusal" }) }, (client, fake) =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(client.callTool(classify()))
        expect(error._tag).toBe("Refused")
        expect(fake.stats.received).toBe(1)
      })))

  it.live("a refused connection is retried, then fails as ConnectionFailed", () =>
    Effect.gen(function*() {
      const port = yield* Effect.promise(() =>
        new Promise<number>((resolve) => {
          const s = http.createServer().listen(0, "127.0.0.1", () => {
            const p = (s.address() as AddressInfo).port
            s.close(() => resolve(p))
          })
        })
      )
      const client = yield* ModelClient.pipe(
        Effect.provide(modelClientLayer(`http://127.0.0.1:${port}`, {}, { maxRetries: 2 }))
      )
      const error = yield* Effect.flip(client.callTool(classify()))
      expect(error._tag).toBe("ConnectionFailed")
      expect(error.detail).toContain("3 attempts")
    }))

  it.live("marks a large document block for prompt caching, a small one not", () =>
    withFake({}, (client, fake) =>
      Effect.gen(function*() {
        const big = "=== Page 1 ===\nINVOICE\n" + "Line of text in the invoice body.\n".repeat(200)
        yield* client.callTool(classify(big))
        yield* client.callTool(classify(big))
        yield* client.callTool(classify())
        expect(fake.calls[0]!.body.messages[0].content[0].cache_control).toEqual({ type: "ephemeral" })
        expect(fake.calls[2]!.body.messages[0].content[0].cache_control).toBeUndefined()
        // The second read of the same pages came from the cache.
        expect(fake.stats.cacheReadTokens).toBeGreaterThan(1_000)
      })))

  it.live("failCalls fails only the chosen calls", () =>
    withFake({ reply: failCalls([0], { kind: "error", status: 500 }) }, (client, fake) =>
      Effect.gen(function*() {
        yield* client.callTool(classify())
        expect(fake.stats.byStatus).toEqual({ 200: 1, 500: 1 })
      })))
})
