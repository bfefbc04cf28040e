/**
 * A local webhook receiver (node:http on 127.0.0.1:0): records every POST (headers and body) and
 * answers each with the status `answer` gives for it (200 by default).
 */
import { Effect } from "effect"
import * as http from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly headers: http.IncomingHttpHeaders
  readonly body: string
  readonly status: number
}

export const webhookReceiver = (answer: (index: number, body: string) => number = () => 200) =>
  Effect.acquireRelease(
    Effect.async<{ readonly url: string; readonly received: Array<Received> }>((resume) => {
      const received: Array<Received> = []
      const server = http.createServer((req, res) => {
        const chunks: Array<Buffer> = []
        req.on("data", (c: Buffer) => chunks.push(c))
        req.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8")
          const status = answer(received.length, body)
          received.push({ headers: req.headers, body, status })
          res.writeHead(status, { "content-type": "text/plain" }).end("ok")
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        resume(Effect.succeed(Object.assign({ url: `http://127.0.0.1:${port}/hooks`, received }, { server })))
      })
    }),
    (r) =>
      Effect.promise(() =>
        new Promise<void>((resolve) => (r as unknown as { server: http.Server }).server.close(() => resolve()))
      )
  )
