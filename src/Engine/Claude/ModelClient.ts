/**
 * The one way to call the model: the Anthropic SDK with its own retries off, so that this policy is
 * the only one. Every call is bounded (per-attempt timeout that aborts the HTTP request), limited
 * (one process-wide semaphore of MODEL_CONCURRENCY permits), retried on transient failures with
 * jittered exponential backoff honouring retry-after, accounted (Usage), and answered through a
 * forced tool call whose input is decoded with Schema (re-asked once when it does not decode).
 */
import type Anthropic from "@anthropic-ai/sdk"
import type { APIError } from "@anthropic-ai/sdk"
import { Context, Data, Duration, Effect, Option, ParseResult, Redacted, Schedule, Schema } from "effect"
import { AppConfig } from "../../Config.js"
import { BadGateway, GatewayTimeout } from "../../Domain/Errors.js"
import { recordModelCall, recordModelTokens } from "../../Observability/Metrics.js"
import { recordUsage } from "./Usage.js"

// ---------------------------------------------------------------------------------------------
// Errors

/** 429: the provider's rate limit; `retryAfterMs` from its retry-after headers. */
export class RateLimited
  extends Data.TaggedError("RateLimited")<{ readonly detail: string; readonly retryAfterMs?: number }>
{}
/** 529 / 503: the provider is overloaded (not our own 503, which is Domain/Errors' Overloaded). */
export class ProviderOverloaded
  extends Data.TaggedError("ProviderOverloaded")<{ readonly detail: string; readonly retryAfterMs?: number }>
{}
/** Other 5xx (and 408/409, which the provider documents as retryable). */
export class ServerError
  extends Data.TaggedError("ServerError")<{ readonly detail: string; readonly retryAfterMs?: number }>
{}
/** No HTTP answer: DNS, refused or reset connection. */
export class ConnectionFailed extends Data.TaggedError("ConnectionFailed")<{ readonly detail: string }> {}
/** One attempt took longer than MODEL_TIMEOUT_MS; its request was aborted. */
export class Timeout extends Data.TaggedError("Timeout")<{ readonly detail: string }> {}
/** 401 / 403: the key is wrong or lacks permission. */
export class AuthFailed extends Data.TaggedError("AuthFailed")<{ readonly detail: string }> {}
/** Other 4xx: the request itself is wrong (too long, bad parameters); retrying cannot help. */
export class InvalidRequest extends Data.TaggedError("InvalidRequest")<{ readonly detail: string }> {}
/** The model declined to answer (stop_reason "refusal"). */
export class Refused extends Data.TaggedError("Refused")<{ readonly detail: string }> {}
/** An answer that is not the requested tool call, or whose input does not decode even when re-asked. */
export class BadResponse extends Data.TaggedError("BadResponse")<{ readonly detail: string }> {}

export type ModelError =
  | RateLimited
  | ProviderOverloaded
  | ServerError
  | ConnectionFailed
  | Timeout
  | AuthFailed
  | InvalidRequest
  | Refused
  | BadResponse

type TransientError = RateLimited | ProviderOverloaded | ServerError | ConnectionFailed

/** Failures worth another attempt. Timeouts are not: each already used the whole per-call budget. */
export const isTransient = (e: ModelError): e is TransientError =>
  e._tag === "RateLimited" || e._tag === "ProviderOverloaded" || e._tag === "ServerError" ||
  e._tag === "ConnectionFailed"

const retryAfterOf = (e: ModelError): number | undefined =>
  e._tag === "RateLimited" || e._tag === "ProviderOverloaded" || e._tag === "ServerError" ? e.retryAfterMs : undefined

/** What a client of our API sees: 504 for timeouts, 502 for every other model failure. Never the key. */
export const toApiError = (e: ModelError): BadGateway | GatewayTimeout =>
  e._tag === "Timeout"
    ? new GatewayTimeout({ detail: `model provider timed out: ${e.detail}` })
    : new BadGateway({ detail: `model provider failed: ${e.detail}` })

// ---------------------------------------------------------------------------------------------
// Policy

export interface RetryPolicyShape {
  /** Retries after the first attempt. */
  readonly maxRetries: number
  /** First backoff; doubled each retry, jittered ×0.8–1.2, capped at maxDelay. */
  readonly baseDelay: Duration.DurationInput
  /** Longest backoff between attempts; a retry-after longer than this is not waited for (the call fails). */
  readonly maxDelay: Duration.DurationInput
  /** No retry starts after this much time since the first attempt. */
  readonly maxElapsed: Duration.DurationInput
}

/** The retry policy; tests and benches provide their own. */
export class RetryPolicy extends Context.Reference<RetryPolicy>()("ModelRetryPolicy", {
  defaultValue: (): RetryPolicyShape => ({
    maxRetries: 4,
    baseDelay: "250 millis",
    maxDelay: "20 seconds",
    maxElapsed: "60 seconds"
  })
}) {}

const retrySchedule = (policy: RetryPolicyShape) => {
  const maxDelayMs = Duration.toMillis(policy.maxDelay)
  return Schedule.exponential(policy.baseDelay, 2).pipe(
    Schedule.jittered,
    Schedule.modifyDelay((_, delay) => Duration.min(delay, policy.maxDelay)),
    Schedule.intersect(Schedule.recurs(policy.maxRetries)),
    Schedule.intersect(Schedule.identity<ModelError>()),
    // The provider knows when it will take the call again: its retry-after replaces our backoff.
    Schedule.modifyDelay(([, error], delay) => {
      const after = retryAfterOf(error)
      return after === undefined ? delay : Duration.millis(after)
    }),
    Schedule.whileInput((e: ModelError) => isTransient(e) && (retryAfterOf(e) ?? 0) <= maxDelayMs),
    Schedule.upTo(policy.maxElapsed)
  )
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface ToolDefinition {
  readonly name: string
  readonly description: string
  /** JSON Schema of the tool input (an object schema). */
  readonly inputSchema: Record<string, unknown>
}

/** An image for the model: JPEG or PNG bytes, with the caption it is shown under. */
export interface ModelImage {
  readonly caption: string
  readonly mediaType: "image/jpeg" | "image/png"
  readonly data: Uint8Array
}

export interface ToolRequest<A, I> {
  /** What the call is for ("split", "extract"): spans and logs. */
  readonly purpose: string
  readonly system: string
  /** The document text, its own content block; marked for prompt caching when large enough. */
  readonly document: string
  /** Page images shown after the document text, each after a line naming its page. */
  readonly images?: ReadonlyArray<ModelImage>
  /** What to do with the document; after it, so the document block is a shareable prefix. */
  readonly instruction: string
  readonly tool: ToolDefinition
  /** Decodes the tool input. */
  readonly answer: Schema.Schema<A, I>
  readonly maxTokens: number
}

/** Below this many tokens the provider does not cache a prefix, so marking it would do nothing. */
export const CACHE_MIN_TOKENS = 1024

/** The token estimate used for budgets: about four characters a token. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4)

type Message = Anthropic.Messages.Message
type MessageParam = Anthropic.Messages.MessageParam
type Params = Anthropic.Messages.MessageCreateParamsNonStreaming

const headerMs = (headers: Headers | undefined): number | undefined => {
  const ms = headers?.get("retry-after-ms")
  if (ms != null && Number.isFinite(parseFloat(ms))) return Math.max(0, parseFloat(ms))
  const after = headers?.get("retry-after")
  if (after == null) return undefined
  const seconds = parseFloat(after)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(after)
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined
}

const statusText = (e: APIError): string =>
  `${e.status}${e.type !== null ? ` ${e.type}` : ""}${e.requestID != null ? ` (provider request ${e.requestID})` : ""}`

type Sdk = typeof import("@anthropic-ai/sdk")

/** The SDK's exceptions as typed errors. */
const classify = ({ APIConnectionError, APIConnectionTimeoutError, APIError }: Sdk, e: unknown): ModelError => {
  if (e instanceof APIConnectionTimeoutError) return new Timeout({ detail: "the provider's connection timed out" })
  if (e instanceof APIConnectionError) return new ConnectionFailed({ detail: `connection failed (${e.message})` })
  if (e instanceof APIError && e.status !== undefined) {
    const retryAfterMs = headerMs(e.headers)
    const after = retryAfterMs === undefined ? {} : { retryAfterMs }
    const status = e.status
    if (status === 429) return new RateLimited({ detail: `rate limited (${statusText(e)})`, ...after })
    if (status === 529 || status === 503) {
      return new ProviderOverloaded({ detail: `overloaded (${statusText(e)})`, ...after })
    }
    if (status === 401 || status === 403) {
      return new AuthFailed({ detail: `the API key was rejected (${statusText(e)})` })
    }
    if (status >= 500 || status === 408 || status === 409) {
      return new ServerError({ detail: `server error (${statusText(e)})`, ...after })
    }
    return new InvalidRequest({ detail: `the request was rejected (${statusText(e)})` })
  }
  return new BadResponse({ detail: `unreadable answer (${e instanceof Error ? e.message : String(e)})` })
}

/** A transient error's detail, saying how many attempts were made. */
const afterAttempts = (e: ModelError, attempts: number): ModelError => {
  if (attempts <= 1 || !isTransient(e)) return e
  const detail = `${e.detail}; gave up after ${attempts} attempts`
  switch (e._tag) {
    case "RateLimited":
      return new RateLimited({ ...e, detail })
    case "ProviderOverloaded":
      return new ProviderOverloaded({ ...e, detail })
    case "ServerError":
      return new ServerError({ ...e, detail })
    case "ConnectionFailed":
      return new ConnectionFailed({ detail })
  }
}

export class ModelClient extends Effect.Service<ModelClient>()("ModelClient", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const policy = yield* RetryPolicy
    const apiKey = yield* Option.match(config.anthropicApiKey, {
      onNone: () => Effect.dieMessage("the model engine needs ANTHROPIC_API_KEY"),
      onSome: (key) => Effect.succeed(Redacted.value(key))
    })
    // Loaded only by a process that calls the model: the SDK is a large module graph.
    const Sdk: Sdk = yield* Effect.promise(() => import("@anthropic-ai/sdk"))
    const sdk = new Sdk.default({
      apiKey,
      ...(Option.isSome(config.anthropicBaseUrl) ? { baseURL: config.anthropicBaseUrl.value } : {}),
      maxRetries: 0,
      // Our per-attempt timeout fires first; the SDK's is only a backstop.
      timeout: config.modelTimeoutMs + 5_000,
      openTelemetry: false,
      logLevel: "off"
    })
    // One limit for the whole process: every request's model calls share these permits.
    const permits = yield* Effect.makeSemaphore(Math.max(1, config.modelConcurrency))
    const schedule = retrySchedule(policy)

    /** One HTTP request: under a permit, bounded by the timeout, aborted when interrupted. */
    const attempt = (params: Params): Effect.Effect<Message, ModelError> =>
      recordUsage({ calls: 1 }).pipe(
        Effect.zipRight(recordModelCall),
        Effect.zipRight(Effect.tryPromise({
          try: (signal) => sdk.messages.create(params, { signal }),
          catch: (e) => classify(Sdk, e)
        })),
        Effect.timeoutFail({
          duration: Duration.millis(config.modelTimeoutMs),
          onTimeout: () => new Timeout({ detail: `no answer within ${config.modelTimeoutMs} ms` })
        }),
        Effect.tap((message) => {
          const u = message.usage
          const cacheRead = u.cache_read_input_tokens ?? 0
          const cacheWrite = u.cache_creation_input_tokens ?? 0
          return recordUsage({
            inputTokens: u.input_tokens + cacheRead + cacheWrite,
            outputTokens: u.output_tokens,
            cacheReadTokens: cacheRead,
            cacheWriteTokens: cacheWrite
          }).pipe(Effect.zipRight(recordModelTokens(u.input_tokens + cacheRead + cacheWrite, u.output_tokens)))
        }),
        Effect.tapError((e) => Effect.logDebug(`model call attempt failed: ${e._tag}: ${e.detail}`)),
        permits.withPermits(1)
      )

    /** Attempts until success, a permanent failure, or the policy's bounds. */
    const send = (params: Params): Effect.Effect<Message, ModelError> =>
      Effect.suspend(() => {
        let attempts = 0
        return Effect.suspend(() => {
          attempts++
          return attempt(params)
        }).pipe(
          Effect.retry(schedule),
          Effect.mapError((e) => afterAttempts(e, attempts))
        )
      })

    const callTool = <A, I>(request: ToolRequest<A, I>): Effect.Effect<A, ModelError> =>
      Effect.gen(function*() {
        const cached = estimateTokens(request.document) >= CACHE_MIN_TOKENS
        const first: Array<MessageParam> = [{
          role: "user",
          content: [
            {
              type: "text",
              text: request.document,
              ...(cached ? { cache_control: { type: "ephemeral" as const } } : {})
            },
            ...(request.images ?? []).flatMap((image): Array<Anthropic.Messages.ContentBlockParam> => [
              { type: "text", text: image.caption },
              {
                type: "image",
                source: {
                  type: "base64",
                  media_type: image.mediaType,
                  data: Buffer.from(image.data).toString("base64")
                }
              }
            ]),
            { type: "text", text: request.instruction }
          ]
        }]
        const params = (messages: Array<MessageParam>): Params => ({
          model: config.anthropicModel,
          max_tokens: request.maxTokens,
          system: request.system,
          tools: [{
            name: request.tool.name,
            description: request.tool.description,
            input_schema: request.tool.inputSchema as Anthropic.Messages.Tool.InputSchema
          }],
          tool_choice: { type: "tool", name: request.tool.name, disable_parallel_tool_use: true },
          messages
        })
        const decodeAnswer = Schema.decodeUnknownEither(request.answer, { errors: "all", onExcessProperty: "ignore" })

        const read = (message: Message) =>
          Effect.gen(function*() {
            if (message.stop_reason === "refusal") return yield* new Refused({ detail: "the model refused to answer" })
            if (message.stop_reason === "max_tokens") {
              return yield* new BadResponse({ detail: `the answer was cut at max_tokens (${request.maxTokens})` })
            }
            const use = message.content.find(
              (b): b is Anthropic.Messages.ToolUseBlock => b.type === "tool_use" && b.name === request.tool.name
            )
            if (use === undefined) {
              return { use, result: { ok: false as const, error: `no call of the tool ${request.tool.name}` } }
            }
            const decoded = decodeAnswer(use.input)
            return decoded._tag === "Right"
              ? { use, result: { ok: true as const, value: decoded.right } }
              : { use, result: { ok: false as const, error: ParseResult.TreeFormatter.formatErrorSync(decoded.left) } }
          })

        const answer = yield* send(params(first)).pipe(Effect.flatMap(read))
        if (answer.result.ok) return answer.result.value
        yield* Effect.logWarning(`model answer did not decode, asking again: ${answer.result.error.slice(0, 500)}`)
        // Re-asked once, with the decode error, as the answer to its own tool call.
        const retry: Array<MessageParam> = answer.use === undefined
          ? [{
            role: "user",
            content: [
              ...(first[0]!.content as Array<Anthropic.Messages.ContentBlockParam>),
              { type: "text", text: `Answer by calling the tool ${request.tool.name}.` }
            ]
          }]
          : [
            ...first,
            {
              role: "assistant",
              content: [{ type: "tool_use", id: answer.use.id, name: answer.use.name, input: answer.use.input }]
            },
            {
              role: "user",
              content: [{
                type: "tool_result",
                tool_use_id: answer.use.id,
                is_error: true,
                content: `The input does not match the tool's schema:\n${answer.result.error.slice(0, 4000)}\n` +
                  `Call ${request.tool.name} again with a corrected input.`
              }]
            }
          ]
        const again = yield* send(params(retry)).pipe(Effect.flatMap(read))
        if (again.result.ok) return again.result.value
        return yield* new BadResponse({
          detail: `the answer did not match the expected shape twice (${again.result.error.slice(0, 200)})`
        })
      }).pipe(Effect.withSpan("ModelClient.callTool", { attributes: { purpose: request.purpose } }))

    return { callTool } as const
  })
}) {}
