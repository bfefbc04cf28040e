/**
 * What an operator sees of a running server: /metrics scraped as Prometheus would, JSON log lines
 * carrying the request id, the log level honoured, and traces and metrics exported over OTLP to a
 * local receiver, the pipeline's spans beneath the HTTP request's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OtlpReceiver, otlpReceiver } from "../support/otlpReceiver.js"
import { makePdf } from "../support/pdfs.js"
import { freePort, type RunningServer, startServer } from "../support/server.js"

const KEY = "obs-tenant:obs-key-0123456789abcdef"
const headers = { "x-api-key": "obs-key-0123456789abcdef" }

const until = async (what: string, check: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Every span an export carried. */
const spansOf = (receiver: OtlpReceiver) =>
  receiver.received.filter((r) => r.path === "/v1/traces").flatMap((r) =>
    (r.body.resourceSpans ?? []).flatMap((rs: any) => rs.scopeSpans.flatMap((ss: any) => ss.spans as Array<any>))
  )

const metricNamesOf = (receiver: OtlpReceiver) =>
  new Set(
    receiver.received.filter((r) => r.path === "/v1/metrics").flatMap((r) =>
      (r.body.resourceMetrics ?? []).flatMap((rm: any) =>
        rm.scopeMetrics.flatMap((sm: any) => sm.metrics.map((m: any) => m.name as string))
      )
    )
  )

describe("a server exporting to a local OTLP receiver, logging JSON", () => {
  let receiver: OtlpReceiver
  let server: RunningServer

  beforeAll(async () => {
    receiver = await otlpReceiver()
    server = await startServer({
      API_KEYS: KEY,
      LOG_FORMAT: "json",
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: "docsplit-under-test",
      OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=abc%20def",
      OTEL_BSP_SCHEDULE_DELAY: "200",
      OTEL_METRIC_EXPORT_INTERVAL: "500"
    })
    const template = await fetch(`${server.url}/v1/templates`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ document_type: "invoice", template_data: { invoice_number: "The invoice's number" } })
    }).then((r) => r.json() as Promise<{ template_id: string }>)
    const form = new FormData()
    const pdf = await makePdf([[{ text: "INVOICE", x: 60, y: 60, size: 20 }, {
      text: "Invoice number: INV-7",
      x: 60,
      y: 110
    }]])
    form.append("file", new Blob([pdf], { type: "application/pdf" }), "invoice.pdf")
    const document = await fetch(`${server.url}/v1/documents`, { method: "POST", headers, body: form }).then((r) =>
      r.json() as Promise<{ document_id: string }>
    )
    const extraction = await fetch(`${server.url}/v1/documents/${document.document_id}/extraction`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "x-request-id": "trace-me-42" },
      body: JSON.stringify({ template_ids: [template.template_id] })
    })
    expect(extraction.status).toBe(200)
    await fetch(`${server.url}/v1/documents/doc_missing`, { headers })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await receiver?.close()
  })

  it("serves /metrics in Prometheus' text format: requests by route and status with latency buckets, pages by source, levels", async () => {
    const response = await fetch(`${server.url}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4")
    const text = await response.text()
    const line = (pattern: RegExp) => text.split("\n").find((l) => pattern.test(l))
    expect(
      line(
        /^http_server_requests_total\{.*method="POST".*route="\/v1\/documents\/\{document_id\}\/extraction".*status="200"/
      )
    ).toMatch(/ 1$/)
    expect(line(/^http_server_requests_total\{.*route="\/v1\/documents\/\{document_id\}".*status="404"/)).toMatch(/ 1$/)
    expect(line(/^http_server_request_duration_seconds_bucket\{.*route="\/v1\/documents".*le="\+Inf"/)).toMatch(/ 1$/)
    expect(line(/^docsplit_pages_read_total\{.*source="text"/)).toMatch(/ 1$/)
    expect(line(/^docsplit_jobs_queued\{/)).toMatch(/ 0$/)
    expect(line(/^docsplit_requests_admitted\{/)).toMatch(/ 0$/)
    expect(text).toContain("# TYPE http_server_request_duration_seconds histogram")
    // No raw ids as labels: the route is the path template.
    expect(text).not.toContain("doc_missing")
  })

  it("writes one JSON object per log line, and the lines of a request carry its id", () => {
    const lines = server.output().split("\n").filter((l) => l.startsWith("{"))
    expect(lines.length).toBeGreaterThan(3)
    const entries = lines.map((l) => JSON.parse(l))
    const access = entries.find((e) =>
      String(e.message).startsWith("POST /v1/documents/") && String(e.message).endsWith(" 200") &&
      e.annotations.request_id === "trace-me-42"
    )
    expect(access).toMatchObject({ logLevel: "INFO", annotations: { request_id: "trace-me-42" } })
    expect(typeof access.annotations.ms).toBe("number")
  })

  it("exports the traces over OTLP: the pipeline's spans beneath the HTTP request's, with the service's name", async () => {
    await until("the extraction's spans", () => spansOf(receiver).some((s) => s.name === "Pipeline.extract"))
    const spans = spansOf(receiver)
    const byId = new Map(spans.map((s) => [s.spanId, s]))
    const rootOf = (
      span: any
    ): any => (span.parentSpanId && byId.has(span.parentSpanId) ? rootOf(byId.get(span.parentSpanId)) : span)
    const read = spans.find((s) => s.name === "Pipeline.read")
    expect(read).toBeDefined()
    const root = rootOf(read)
    expect(root.name).toMatch(/^http\.server POST/)
    expect(root.traceId).toBe(read.traceId)
    const resource = receiver.received.find((r) => r.path === "/v1/traces")!.body.resourceSpans[0].resource
    expect(resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "docsplit-under-test" } })
    expect(receiver.received.find((r) => r.path === "/v1/traces")!.headers["x-collector-token"]).toBe("abc def")
  })

  it("exports the metrics over OTLP", async () => {
    await until(
      "the requests and pages counted in an export",
      () => metricNamesOf(receiver).has("http_server_requests") && metricNamesOf(receiver).has("docsplit_pages_read")
    )
    expect(metricNamesOf(receiver)).toContain("http_server_request_duration_seconds")
  })
})

describe("LOG_LEVEL and LOG_FORMAT", () => {
  it("logfmt writes key=value lines; warn keeps out the info lines", async () => {
    const logfmt = await startServer({ API_KEYS: KEY, LOG_FORMAT: "logfmt" })
    try {
      await fetch(`${logfmt.url}/health`)
      await until("the access line", () => /level=INFO .*message="GET \/health 200"/.test(logfmt.output()))
    } finally {
      await logfmt.stop()
    }
    // Quiet: not even the "Listening on" line, so the port is chosen here and the server polled.
    const quiet = await startServer({
      API_KEYS: KEY,
      LOG_LEVEL: "warn",
      LOG_FORMAT: "logfmt",
      PORT: String(await freePort())
    })
    try {
      expect((await fetch(`${quiet.url}/health`)).status).toBe(200)
      await new Promise((r) => setTimeout(r, 300))
      expect(quiet.output()).not.toMatch(/level=INFO/)
      expect(quiet.output()).not.toContain("GET /health")
    } finally {
      await quiet.stop()
    }
  }, 120_000)

  it("an unknown LOG_FORMAT stops the start with a message naming the setting", async () => {
    await expect(startServer({ API_KEYS: KEY, LOG_FORMAT: "xml" })).rejects.toThrow(
      /LOG_FORMAT must be json, pretty or logfmt/
    )
  }, 120_000)
})
