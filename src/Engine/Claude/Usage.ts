/**
 * Model usage of one request: calls, tokens and values the model gave that the document does not
 * contain. The HTTP request log installs one record per request; the model client and the
 * extractor add to it; the record becomes the `x-usage-*` response headers and log annotations.
 */
import { Effect, FiberRef } from "effect"

export interface Usage {
  /** HTTP requests sent to the model provider, retries and re-asks included. */
  calls: number
  /** All input tokens: uncached, written to the cache and read from it. */
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  /** Values the model returned that could not be found in the document (returned as null). */
  ungrounded: number
}

export const emptyUsage = (): Usage => ({
  calls: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  ungrounded: 0
})

/** The record of the request being served; fibers forked by the request share the same record. */
export const CurrentUsage = FiberRef.unsafeMake<Usage | undefined>(undefined)

/** Adds to the current request's record (nothing outside a request). */
export const recordUsage = (add: Partial<Usage>): Effect.Effect<void> =>
  Effect.map(FiberRef.get(CurrentUsage), (usage) => {
    if (usage === undefined) return
    usage.calls += add.calls ?? 0
    usage.inputTokens += add.inputTokens ?? 0
    usage.outputTokens += add.outputTokens ?? 0
    usage.cacheReadTokens += add.cacheReadTokens ?? 0
    usage.cacheWriteTokens += add.cacheWriteTokens ?? 0
    usage.ungrounded += add.ungrounded ?? 0
  })

/** Adds one record to another; `ungrounded: false` leaves out values that were never returned. */
export const addUsage = (to: Usage, from: Usage, options: { readonly ungrounded: boolean }): void => {
  to.calls += from.calls
  to.inputTokens += from.inputTokens
  to.outputTokens += from.outputTokens
  to.cacheReadTokens += from.cacheReadTokens
  to.cacheWriteTokens += from.cacheWriteTokens
  if (options.ungrounded) to.ungrounded += from.ungrounded
}

/** Runs `self` with a fresh record and returns the record with the result. */
export const withUsage = <A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<readonly [A, Usage], E, R> =>
  Effect.suspend(() => {
    const usage = emptyUsage()
    return self.pipe(Effect.map((a) => [a, usage] as const), Effect.locally(CurrentUsage, usage))
  })

/** Response headers for a request that called the model; none when it made no model call. */
export const usageHeaders = (usage: Usage): Record<string, string> =>
  usage.calls === 0 ? {} : {
    "x-usage-model-calls": String(usage.calls),
    "x-usage-input-tokens": String(usage.inputTokens),
    "x-usage-output-tokens": String(usage.outputTokens),
    "x-usage-ungrounded-values": String(usage.ungrounded)
  }

/** Log annotations for a request that called the model. */
export const usageLogAnnotations = (usage: Usage): Record<string, number> =>
  usage.calls === 0 ? {} : {
    model_calls: usage.calls,
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cache_read_tokens: usage.cacheReadTokens,
    ungrounded_values: usage.ungrounded
  }
