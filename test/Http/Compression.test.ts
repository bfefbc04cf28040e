/**
 * Compression and revalidation as a browser sees them, over a real socket: brotli or gzip as the
 * request accepts, nothing when it accepts neither, small bodies left alone, and 304 for a static page
 * whose ETag the client has.
 */
import { HttpServer } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as http from "node:http"
import * as zlib from "node:zlib"
import { chooseEncoding } from "../../src/Http/Compression.js"
import { testApp } from "../support/app.js"

interface Raw {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly body: Buffer
}

const get = (path: string, headers: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const address = (yield* HttpServer.HttpServer).address as HttpServer.TcpAddress
    return yield* Effect.async<Raw, Error>((resume) => {
      const request = http.request({
        host: "127.0.0.1",
        port: address.port,
        method: "GET",
        path,
        headers,
        agent: false
      }, (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (c: Buffer) => chunks.push(c))
        response.on(
          "end",
          () =>
            resume(
              Effect.succeed({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks)
              })
            )
        )
      })
      request.on("error", (e) => resume(Effect.fail(e)))
      request.end()
    })
  })

layer(testApp(), { timeout: 60_000 })("compression and ETags", (it) => {
  it.effect("the OpenAPI document comes compressed as accepted, identical once decoded, and 304 when unchanged", () =>
    Effect.gen(function*() {
      const identity = yield* get("/openapi.json")
      expect(identity.status).toBe(200)
      expect(identity.headers["content-encoding"]).toBeUndefined()
      expect(identity.headers["vary"]).toBe("accept-encoding")
      const spec = JSON.parse(identity.body.toString("utf8"))
      const br = yield* get("/openapi.json", { "accept-encoding": "gzip, deflate, br" })
      expect(br.headers["content-encoding"]).toBe("br")
      expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString("utf8"))).toEqual(spec)
      expect(br.body.length).toBeLessThan(identity.body.length / 3)
      const gz = yield* get("/openapi.json", { "accept-encoding": "gzip" })
      expect(gz.headers["content-encoding"]).toBe("gzip")
      expect(JSON.parse(zlib.gunzipSync(gz.body).toString("utf8"))).toEqual(spec)

      const etag = identity.headers["etag"]!
      expect(etag).toMatch(/^"[\w-]+"$/)
      expect(identity.headers["cache-control"]).toBe("no-cache")
      expect(br.headers["etag"]).toBe(etag)
      const again = yield* get("/openapi.json", { "if-none-match": etag, "accept-encoding": "br" })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      const changed = yield* get("/openapi.json", { "if-none-match": "\"something-else\"" })
      expect(changed.status).toBe(200)
    }))

  it.effect("the interactive reference and the console are tagged and compressed; a small answer is not compressed", () =>
    Effect.gen(function*() {
      const docs = yield* get("/docs", { "accept-encoding": "br" })
      expect(docs.status).toBe(200)
      expect(docs.headers["content-encoding"]).toBe("br")
      expect(docs.headers["etag"]).toBeDefined()
      expect(zlib.brotliDecompressSync(docs.body).toString("utf8")).toContain("<html")
      const console = yield* get("/console/console.js", { "accept-encoding": "gzip" })
      expect(console.headers["etag"]).toBeDefined()
      const health = yield* get("/health", { "accept-encoding": "br" })
      expect(health.headers["content-encoding"]).toBeUndefined()
      expect(JSON.parse(health.body.toString("utf8")).status).toBe("ok")
    }))
})

layer(testApp(), { timeout: 60_000 })("Accept-Encoding", (it) => {
  it.effect("prefers brotli, then gzip, and honours q=0", () =>
    Effect.sync(() => {
      expect(chooseEncoding("gzip, deflate, br")).toBe("br")
      expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip")
      expect(chooseEncoding("identity")).toBeUndefined()
      expect(chooseEncoding(undefined)).toBeUndefined()
      expect(chooseEncoding("GZIP")).toBe("gzip")
    }))
})
