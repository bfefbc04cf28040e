/**
 * What the service counts and times, as Effect metrics: `/metrics` shows them in Prometheus' text
 * format and, when OTEL_EXPORTER_OTLP_ENDPOINT is set, they are pushed over OTLP too. Labels are
 * bounded: routes are the API's path templates, never raw URLs.
 */
import { Duration, Effect, Metric, MetricBoundaries } from "effect"

/** Seconds, from 5 ms to about 80 s. */
const secondsBuckets = MetricBoundaries.exponential({ start: 0.005, factor: 2, count: 15 })

const httpRequests = Metric.counter("http_server_requests", {
  description: "HTTP requests answered, by method, route and status",
  incremental: true
})
const httpDuration = Metric.histogram(
  "http_server_request_duration_seconds",
  secondsBuckets,
  "Time from request to answer, by method, route and status"
)

/** One answered request. */
export const recordRequest = (method: string, route: string, status: number, seconds: number) => {
  const tag = <M extends Metric.Metric<any, any, any>>(m: M) =>
    m.pipe(Metric.tagged("method", method), Metric.tagged("route", route), Metric.tagged("status", String(status)))
  return Effect.zipRight(Metric.increment(tag(httpRequests)), Metric.update(tag(httpDuration), seconds))
}

const pagesRead = Metric.counter("docsplit_pages_read", {
  description: "Pages read, by source: the file's text layer or OCR",
  incremental: true
})

/** Pages a reading produced, by where their text came from. */
export const recordPagesRead = (pages: ReadonlyArray<{ readonly source: "text" | "ocr" }>) => {
  const ocr = pages.filter((p) => p.source === "ocr").length
  return Effect.all([
    Metric.incrementBy(pagesRead.pipe(Metric.tagged("source", "text")), pages.length - ocr),
    Metric.incrementBy(pagesRead.pipe(Metric.tagged("source", "ocr")), ocr)
  ], { discard: true })
}

const ocrSeconds = Metric.histogram(
  "docsplit_ocr_seconds",
  secondsBuckets,
  "Time of one OCR engine run, by engine (tesseract for a page or a row, line_recognizer for a doubtful line)"
)

/** Times `self` as one run of an OCR engine. */
export const timeOcr = (engine: "tesseract" | "line_recognizer") => <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.flatMap(
    Effect.timed(self),
    ([duration, a]) =>
      Effect.as(Metric.update(ocrSeconds.pipe(Metric.tagged("engine", engine)), Duration.toSeconds(duration)), a)
  )

const modelCalls = Metric.counter("docsplit_model_calls", {
  description: "Calls to the model provider",
  incremental: true
})
const modelTokens = Metric.counter("docsplit_model_tokens", {
  description: "Tokens of the model calls, by direction (input, output)",
  incremental: true
})

/** One call (attempt) to the model provider. */
export const recordModelCall = Metric.increment(modelCalls)

/** The tokens of an answered model call. */
export const recordModelTokens = (inputTokens: number, outputTokens: number) =>
  Effect.all([
    Metric.incrementBy(modelTokens.pipe(Metric.tagged("direction", "input")), inputTokens),
    Metric.incrementBy(modelTokens.pipe(Metric.tagged("direction", "output")), outputTokens)
  ], { discard: true })

const admissionRejected = Metric.counter("docsplit_admission_rejected", {
  description: "Heavy requests refused with 503 because the request queue was full",
  incremental: true
})
export const recordAdmissionRejected = Metric.increment(admissionRejected)

/** Levels read when /metrics is scraped. */
export const gauges = {
  admitted: Metric.gauge("docsplit_requests_admitted", {
    description: "Heavy requests running or waiting in this process"
  }),
  jobsQueued: Metric.gauge("docsplit_jobs_queued", { description: "Asynchronous jobs waiting, over all processes" }),
  jobsRunning: Metric.gauge("docsplit_jobs_running", { description: "Asynchronous jobs running, over all processes" }),
  dbConnections: Metric.gauge("docsplit_db_pool_connections", {
    description: "Database pool connections, by state (total, idle, waiting)"
  })
}
