/**
 * Completion notices: when a job ends, `{type, timestamp, data}` is POSTed to its webhook_url, signed
 * by the Standard Webhooks scheme (the `standardwebhooks` package). Delivery runs on the queue engine's
 * webhook queue, so it is retried with backoff for a day and survives restarts; every attempt uses the
 * same `webhook-id`, so a receiver can drop repeats. The address obeys the URL-input rules, checked
 * when the job is submitted and again (after DNS) at every attempt.
 */
import { ConfigError, Data, Effect, Option, Redacted } from "effect"
import * as Http from "node:http"
import * as Https from "node:https"
import { Webhook } from "standardwebhooks"
import { AppConfig } from "../Config.js"
import { Unprocessable } from "../Domain/Errors.js"
import type { WebhookEvent } from "../Domain/Job.js"
import { checkedTarget, errorReason, pinnedLookup, type Target } from "../Ingest/AddressGuard.js"
import { JobsRepo, type StoredJob } from "./Repo.js"

/** An attempt that did not get a 2xx answer; the queue engine tries again later. */
export class DeliveryFailed extends Data.TaggedError("DeliveryFailed")<{ readonly detail: string }> {}

const ATTEMPT_TIMEOUT_MS = 10_000

/** The stable message id of a job's notice: a receiver deduplicates on it. */
export const webhookMessageId = (jobId: string) => `msg_${jobId}`

/** Why `secret` cannot sign Standard Webhooks notices, or undefined. */
export const secretProblem = (secret: string): string | undefined => {
  if (!secret.startsWith("whsec_")) {
    return "WEBHOOK_SECRET must start with whsec_ (`npm run keys -- webhook-secret TENANT` makes one)"
  }
  const key = Buffer.from(secret.slice("whsec_".length), "base64")
  if (key.length < 24) return "WEBHOOK_SECRET must carry at least 24 random bytes, base64-encoded after whsec_"
  return undefined
}

export const eventOf = (job: StoredJob): WebhookEvent => ({
  type: job.status === "succeeded" ? "job.succeeded" : job.status === "failed" ? "job.failed" : "job.cancelled",
  timestamp: new Date((job.view.finished_at ?? Math.floor(Date.now() / 1000)) * 1000).toISOString(),
  data: job.view
})

const post = (target: Target, body: string, headers: Record<string, string>) =>
  Effect.async<number, DeliveryFailed>((resume) => {
    const { url } = target
    const controller = new AbortController()
    const req = (url.protocol === "https:" ? Https : Http).request({
      method: "POST",
      protocol: url.protocol,
      hostname: target.host,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "docsplit-webhooks"
      },
      lookup: pinnedLookup(target.addresses),
      agent: false,
      signal: controller.signal,
      timeout: ATTEMPT_TIMEOUT_MS
    }, (res) => {
      // The answer's body is not read beyond what arrives; only the status counts.
      res.resume()
      resume(Effect.succeed(res.statusCode ?? 0))
    })
    req.on("timeout", () => req.destroy(new Error(`no answer in ${ATTEMPT_TIMEOUT_MS / 1000} s`)))
    req.on("error", (e) => resume(Effect.fail(new DeliveryFailed({ detail: errorReason(e) }))))
    req.end(body)
    return Effect.sync(() => controller.abort())
  })

export class Webhooks extends Effect.Service<Webhooks>()("Webhooks", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const repo = yield* JobsRepo
    const allowHosts = new Set(config.urlAllowHosts.map((h) => h.toLowerCase()))
    // A secret that cannot sign is refused at start, not at the first notice.
    if (
      Option.isSome(config.webhookSecret) && secretProblem(Redacted.value(config.webhookSecret.value)) !== undefined
    ) {
      return yield* Effect.fail(
        ConfigError.InvalidData(["WEBHOOK_SECRET"], secretProblem(Redacted.value(config.webhookSecret.value))!)
      )
    }

    const secretOf = (tenantId: string) =>
      Effect.map(
        repo.tenantSecret(tenantId).pipe(Effect.orDie),
        (own) => Option.orElse(own, () => Option.map(config.webhookSecret, Redacted.value))
      )

    /** A webhook_url as submitted: a public http(s) address (or allow-listed), and a secret to sign with. */
    const check = (tenantId: string, raw: string) =>
      Effect.gen(function*() {
        const url = raw.trim()
        if (url === "") return yield* new Unprocessable({ detail: "webhook_url must not be empty" })
        yield* checkedTarget(url, undefined, "webhook_url", allowHosts).pipe(
          Effect.catchTag("BadGateway", (e) =>
            Effect.fail(
              new Unprocessable({
                detail: `webhook_url cannot be used: ${e.detail.replace(/^url fetch failed: /, "")}`
              })
            ))
        )
        if (Option.isNone(yield* secretOf(tenantId))) {
          return yield* new Unprocessable({
            detail:
              "webhook_url needs a signing secret: set WEBHOOK_SECRET or run `npm run keys -- webhook-secret TENANT`"
          })
        }
        return url
      })

    /** One delivery attempt of the job's notice; fails (to be retried) unless the receiver answered 2xx. */
    const deliver = (jobId: string) =>
      Effect.gen(function*() {
        const found = yield* repo.findById(jobId).pipe(Effect.orDie)
        // A job removed meanwhile (by its tenant or the retention) has nobody left to tell.
        if (Option.isNone(found)) return
        const job = found.value
        if (job.webhookUrl === null || job.view.webhook?.delivered_at != null) return
        const secret = yield* secretOf(job.tenantId)
        if (Option.isNone(secret)) {
          return yield* Effect.logWarning(`webhook of job ${job.id} dropped: no signing secret any more`)
        }
        const body = JSON.stringify(eventOf(job))
        const id = webhookMessageId(job.id)
        const now = new Date()
        const headers = {
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": new Webhook(secret.value).sign(id, now, body)
        }
        const status = yield* checkedTarget(job.webhookUrl, undefined, "webhook_url", allowHosts).pipe(
          Effect.mapError((e) => new DeliveryFailed({ detail: e.detail })),
          Effect.flatMap((target) => post(target, body, headers)),
          Effect.tapError(() => repo.webhookAttempt(job.id, null, false).pipe(Effect.orDie))
        )
        const delivered = status >= 200 && status <= 299
        yield* repo.webhookAttempt(job.id, status, delivered).pipe(Effect.orDie)
        if (!delivered) return yield* new DeliveryFailed({ detail: `the receiver answered ${status}` })
      }).pipe(Effect.withSpan("Webhooks.deliver", { attributes: { job: jobId } }))

    return { check, deliver } as const
  })
}) {}
