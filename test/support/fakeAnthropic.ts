/**
 * A local fake of the Anthropic Messages API (node:http on 127.0.0.1:0) that answers tool calls
 * deterministically from the document text in the prompt:
 * - `classify_pages`: a page whose first lines name a requested type starts a document of that type;
 *   a "Page k of n" page (k > 1) or a blank page continues the page before it (type null when that
 *   page is not shown); any other page starts a document of no requested type.
 * - `record_fields`: a leaf field is answered from a `Label: value` line whose label is the field
 *   name (underscores as spaces) or its description, citing that line's id.
 * Faults are injected per call (status codes with headers, slow answers, malformed tool inputs,
 * refusals, invented values); counters record calls, concurrency and aborted connections.
 */
import { Context, Effect, Layer, type Scope } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface FakeCall {
  /** Arrival order, from 0. */
  readonly index: number
  readonly body: any
  /** The forced tool's name. */
  readonly tool: string
  /** Whether this call answers a tool_result (a re-ask after a bad answer). */
  readonly reask: boolean
  /** performance.now() when the request arrived, and when its answer was sent. */
  readonly receivedAt: number
  answeredAt?: number
}

export type FakeReply =
  | { readonly kind: "answer"; readonly delayMs?: number }
  | {
    readonly kind: "error"
    readonly status: number
    readonly headers?: Record<string, string>
    readonly delayMs?: number
  }
  | { readonly kind: "malformed"; readonly delayMs?: number }
  | { readonly kind: "refusal" }

export interface FakeOptions {
  /** Delay of every answer (errors use errorLatencyMs). */
  readonly latencyMs: number
  readonly errorLatencyMs: number
  /** The fault plan: what to answer to each call; default a correct answer. */
  readonly reply: (call: FakeCall) => FakeReply
  /** Field name → a value that is not in the document, returned instead of the real one. */
  readonly inventions: Readonly<Record<string, string>>
}

export interface FakeStats {
  received: number
  inFlight: number
  maxInFlight: number
  completed: number
  /** Connections closed by the client before the answer was sent. */
  aborted: number
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  /** Calls received, per tool. */
  byTool: Record<string, number>
  /** Calls answered 200, per tool. */
  answeredByTool: Record<string, number>
  byStatus: Record<string, number>
}

export interface FakeAnthropicShape {
  readonly url: string
  readonly stats: FakeStats
  readonly calls: Array<FakeCall>
  /** Changes the behaviour for the calls that follow. */
  readonly configure: (options: Partial<FakeOptions>) => void
  /** Default behaviour, counters zeroed. */
  readonly reset: () => void
  /** Resolves once no call is in flight (connections closed count). */
  readonly idle: () => Promise<void>
}

export class FakeAnthropic extends Context.Tag("test/FakeAnthropic")<FakeAnthropic, FakeAnthropicShape>() {}

const defaults: FakeOptions = {
  latencyMs: 0,
  errorLatencyMs: 5,
  reply: () => ({ kind: "answer" }),
  inventions: {}
}

const emptyStats = (): FakeStats => ({
  received: 0,
  inFlight: 0,
  maxInFlight: 0,
  completed: 0,
  aborted: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  byTool: {},
  answeredByTool: {},
  byStatus: {}
})

const tokens = (text: string) => Math.ceil(text.length / 4)

// ---------------------------------------------------------------------------------------------
// Deterministic answers

interface FakePage {
  readonly page: number
  readonly text: string
}

const pagesOf = (document: string): Array<FakePage> => {
  const parts = document.split(/^=== Page (\d+) ===$/m)
  const pages: Array<FakePage> = []
  for (let i = 1; i < parts.length; i += 2) pages.push({ page: Number(parts[i]), text: parts[i + 1]!.trim() })
  return pages
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

export const classifyPages = (document: string, labels: ReadonlyArray<string>) => {
  const out: Array<{ page: number; type: string | null; starts_document: boolean }> = []
  for (const p of pagesOf(document)) {
    const head = p.text.split("\n").slice(0, 5).join("\n")
    const titled = labels.find((l) => new RegExp(`(^|\\W)${escape(l)}(\\W|$)`, "i").test(head))
    const continued = /page\s+(\d+)\s+of\s+\d+/i.exec(p.text)
    const prev = out[out.length - 1]
    if (titled !== undefined) out.push({ page: p.page, type: titled, starts_document: true })
    else if (p.text === "(blank page)" || (continued !== null && Number(continued[1]) > 1)) {
      // A continuation: the page before's type when it was shown, else null ("same as before").
      out.push({ page: p.page, type: prev?.type ?? null, starts_document: false })
    } else out.push({ page: p.page, type: null, starts_document: true })
  }
  return { pages: out }
}

interface NumberedLine {
  readonly id: string
  readonly text: string
}

const numberedLines = (document: string): Array<NumberedLine> =>
  [...document.matchAll(/^\[(p\d+ L\d+)\] (.*)$/gm)].map((m) => ({ id: m[1]!, text: m[2]! }))

const labelsFor = (name: string, schema: any): Array<string> =>
  [name.replace(/_/g, " "), typeof schema?.description === "string" ? schema.description : undefined]
    .filter((x): x is string => x !== undefined && x.length > 0)

const answerLeaf = (
  name: string,
  schema: any,
  lines: ReadonlyArray<NumberedLine>,
  inventions: Readonly<Record<string, string>>
) => {
  if (inventions[name] !== undefined) return { value: inventions[name], lines: [] }
  for (const label of labelsFor(name, schema)) {
    const re = new RegExp(`(?:^|\\s)${escape(label)}\\s*:\\s*(.+?)\\s*$`, "i")
    for (const line of lines) {
      const m = re.exec(line.text)
      if (m !== null) return { value: m[1]!, lines: [line.id] }
    }
  }
  return { value: null, lines: [] }
}

const answerObject = (
  schema: any,
  lines: ReadonlyArray<NumberedLine>,
  inventions: Readonly<Record<string, string>>
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, s]: [string, any]) => {
      if (s.type === "array") return [name, []]
      if (s.properties?.value !== undefined) return [name, answerLeaf(name, s, lines, inventions)]
      return [name, answerObject(s, lines, inventions)]
    })
  )

/** A tool input that is never a valid answer: a list that is not a list, leaves that hold objects. */
const malformedFor = (tool: string, schema: any) =>
  tool === "classify_pages"
    ? { pages: "all of them" }
    : Object.fromEntries(Object.keys(schema.properties ?? {}).map((k) => [k, { value: { nested: true }, lines: 7 }]))

// ---------------------------------------------------------------------------------------------
// Server

const documentOf = (body: any): { text: string; cached: boolean } => {
  const block = body.messages?.[0]?.content?.[0]
  return { text: typeof block?.text === "string" ? block.text : "", cached: block?.cache_control != null }
}

export const makeFakeAnthropic = (
  initial: Partial<FakeOptions> = {}
): Effect.Effect<FakeAnthropicShape, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.async<{ server: http.Server; fake: FakeAnthropicShape }>((resume) => {
      let options: FakeOptions = { ...defaults, ...initial }
      const stats = emptyStats()
      const calls: Array<FakeCall> = []
      const cache = new Set<string>()
      let waiters: Array<() => void> = []
      const settle = () => {
        if (stats.inFlight === 0) {
          const w = waiters
          waiters = []
          w.forEach((f) => f())
        }
      }

      const server = http.createServer((req, res) => {
        // A request counts once it arrives, even when the client aborts it before its body is in.
        stats.received++
        const chunks: Array<Buffer> = []
        req.on("data", (c) => chunks.push(c))
        req.on("end", () => {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}")
          const tool = body.tool_choice?.name ?? body.tools?.[0]?.name ?? ""
          const reask = JSON.stringify(body.messages ?? []).includes("\"tool_result\"")
          const call: FakeCall = { index: calls.length, body, tool, reask, receivedAt: performance.now() }
          calls.push(call)
          stats.inFlight++
          stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
          stats.byTool[tool] = (stats.byTool[tool] ?? 0) + 1
          let done = false
          res.on("close", () => {
            stats.inFlight--
            if (!done) stats.aborted++
            settle()
          })
          const reply = options.reply(call)
          const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
            if (res.destroyed) return
            done = true
            call.answeredAt = performance.now()
            stats.completed++
            stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1
            if (status === 200) stats.answeredByTool[tool] = (stats.answeredByTool[tool] ?? 0) + 1
            res.writeHead(status, {
              "content-type": "application/json",
              "request-id": `req_fake_${call.index}`,
              ...headers
            })
            res.end(JSON.stringify(payload))
          }
          const answer = () => {
            if (reply.kind === "error") {
              const type = reply.status === 429
                ? "rate_limit_error"
                : reply.status === 529
                ? "overloaded_error"
                : reply.status === 401
                ? "authentication_error"
                : reply.status >= 500
                ? "api_error"
                : "invalid_request_error"
              return send(
                reply.status,
                { type: "error", error: { type, message: `fake ${reply.status}` } },
                reply.headers
              )
            }
            const schema = body.tools?.[0]?.input_schema ?? {}
            const doc = documentOf(body)
            const labels: Array<string> = (schema.properties?.pages?.items?.properties?.type?.enum ?? []).filter((
              x: unknown
            ) => x !== null)
            const input = reply.kind === "malformed"
              ? malformedFor(tool, schema)
              : tool === "classify_pages"
              ? classifyPages(doc.text, labels)
              : answerObject(schema, numberedLines(doc.text), options.inventions)
            const all = tokens(JSON.stringify(body))
            const docTokens = doc.cached ? tokens(doc.text) : 0
            const hit = doc.cached && cache.has(doc.text)
            if (doc.cached) cache.add(doc.text)
            const usage = {
              input_tokens: all - docTokens,
              output_tokens: tokens(JSON.stringify(input)),
              cache_creation_input_tokens: doc.cached && !hit ? docTokens : 0,
              cache_read_input_tokens: hit ? docTokens : 0
            }
            stats.inputTokens += all
            stats.outputTokens += usage.output_tokens
            stats.cacheReadTokens += usage.cache_read_input_tokens
            const content = reply.kind === "refusal"
              ? [{ type: "text", text: "I can't help with that." }]
              : [{ type: "tool_use", id: `toolu_fake_${call.index}`, name: tool, input }]
            send(200, {
              id: `msg_fake_${call.index}`,
              type: "message",
              role: "assistant",
              model: body.model,
              content,
              stop_reason: reply.kind === "refusal" ? "refusal" : "tool_use",
              stop_sequence: null,
              usage
            })
          }
          const delay = reply.kind === "refusal"
            ? options.latencyMs
            : reply.delayMs ?? (reply.kind === "error" ? options.errorLatencyMs : options.latencyMs)
          const timer = setTimeout(answer, delay)
          res.on("close", () => clearTimeout(timer))
        })
      })
      server.keepAliveTimeout = 1_000
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        const fake: FakeAnthropicShape = {
          url: `http://127.0.0.1:${port}`,
          stats,
          calls,
          configure: (o) => {
            options = { ...options, ...o }
          },
          reset: () => {
            options = { ...defaults, ...initial }
            Object.assign(stats, emptyStats(), { inFlight: stats.inFlight })
            calls.length = 0
            cache.clear()
          },
          idle: () => new Promise<void>((resolve) => (stats.inFlight === 0 ? resolve() : waiters.push(resolve)))
        }
        resume(Effect.succeed({ server, fake }))
      })
    }),
    ({ server }) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ fake }) => fake))

/** The fake as a layer, for tests that share one across cases. */
export const FakeAnthropicLive = (options: Partial<FakeOptions> = {}): Layer.Layer<FakeAnthropic> =>
  Layer.scoped(FakeAnthropic, makeFakeAnthropic(options))

/** A reply plan failing the given call indexes (0-based arrival order) with `reply`. */
export const failCalls = (indexes: ReadonlyArray<number>, reply: FakeReply) => (call: FakeCall): FakeReply =>
  indexes.includes(call.index) ? reply : { kind: "answer" }
