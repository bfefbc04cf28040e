/**
 * Responses as a browser or a client on a slow link wants them: JSON, HTML, scripts and styles of 1 KB
 * or more compressed with brotli or gzip when the request accepts it (zlib, off the event loop), and
 * the static pages (/docs, /openapi.json, /console) with an ETag, so a reload is a 304.
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { promisify } from "node:util"
import * as zlib from "node:zlib"

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Smaller bodies gain nothing worth the work. */
const MIN_BYTES = 1024

const COMPRESSIBLE = /^(application\/(json|javascript)|text\/|image\/svg\+xml)/

/** The pages that change only with the server's version: tagged, revalidated at every load. */
const isStatic = (path: string) =>
  path === "/docs" || path === "/openapi.json" || path === "/console" || path.startsWith("/console/")

/** The encoding to answer with, from Accept-Encoding (brotli first; `q=0` refuses one). */
export const chooseEncoding = (accept: string | undefined): "br" | "gzip" | undefined => {
  if (accept === undefined) return undefined
  const offered = new Map(
    accept.toLowerCase().split(",").map((part) => {
      const [name, ...params] = part.trim().split(";")
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find((m) => m !== null)
      return [name!.trim(), q ? Number(q[1]) : 1] as const
    })
  )
  if ((offered.get("br") ?? 0) > 0) return "br"
  if ((offered.get("gzip") ?? 0) > 0) return "gzip"
  return undefined
}

/** Compressed static bodies, by ETag and encoding: the same 3 MB page is compressed once. */
const staticCache = new Map<string, Uint8Array>()

const compress = (body: Uint8Array, encoding: "br" | "gzip") =>
  Effect.promise(() =>
    encoding === "br"
      ? brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength }
      })
      // Level 4: a few percent larger than zlib's default (6), and three to six times faster on large JSON.
      : gzip(body, { level: 4 })
  ).pipe(Effect.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)))

/** The response as the client should get it: tagged, revalidated, compressed. */
const transform = (
  request: HttpServerRequest.HttpServerRequest,
  original: HttpServerResponse.HttpServerResponse
): Effect.Effect<HttpServerResponse.HttpServerResponse> =>
  Effect.gen(function*() {
    let response = original
    const body = response.body
    if (body._tag !== "Uint8Array" || response.headers["content-encoding"] !== undefined) return response
    const path = request.url.split("?")[0]!
    let etag: string | undefined
    if (request.method === "GET" && response.status === 200 && isStatic(path)) {
      etag = `"${createHash("sha256").update(body.body).digest("base64url").slice(0, 27)}"`
      response = HttpServerResponse.setHeaders(response, { etag, "cache-control": "no-cache" })
      const match = request.headers["if-none-match"]
      if (match !== undefined && match.split(",").some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) {
        return HttpServerResponse.empty({
          status: 304,
          headers: { ...response.headers, etag, "cache-control": "no-cache", vary: "accept-encoding" }
        })
      }
    }
    if (body.body.byteLength < MIN_BYTES || !COMPRESSIBLE.test(body.contentType)) return response
    const encoding = chooseEncoding(request.headers["accept-encoding"])
    if (encoding === undefined) return HttpServerResponse.setHeader(response, "vary", "accept-encoding")
    const key = etag === undefined ? undefined : `${etag}:${encoding}`
    const cached = key === undefined ? undefined : staticCache.get(key)
    const compressed = cached ?? (yield* compress(body.body, encoding))
    if (key !== undefined && cached === undefined) staticCache.set(key, compressed)
    return HttpServerResponse.setBody(response, HttpBody.uint8Array(compressed, body.contentType)).pipe(
      HttpServerResponse.setHeaders({ "content-encoding": encoding, vary: "accept-encoding" })
    )
  })

/**
 * The server writes the response inside the app a middleware wraps, so the change is made by a
 * pre-response handler, which runs on the final response just before it is written.
 */
export const compression = HttpMiddleware.make((app) =>
  Effect.zipRight(HttpApp.appendPreResponseHandler(transform), app)
)
