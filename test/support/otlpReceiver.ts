/**
 * A local OTLP/HTTP receiver (node:http on 127.0.0.1:0): keeps every JSON export it is sent
 * (/v1/traces, /v1/metrics, /v1/logs) and answers 200, as a collector would.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly url: string
  readonly received: Array<{ readonly path: string; readonly headers: http.IncomingHttpHeaders; readonly body: any }>
  readonly close: () => Promise<void>
}

export const otlpReceiver = (): Promise<OtlpReceiver> =>
  new Promise((resolve) => {
    const received: OtlpReceiver["received"] = []
    const server = http.createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (c: Buffer) => chunks.push(c))
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8")
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {
          // kept as text
        }
        received.push({ path: req.url ?? "", headers: req.headers, body })
        res.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        close: () => new Promise<void>((done) => server.close(() => done()))
      })
    })
  })
