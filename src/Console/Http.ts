/**
 * The web console under /console: a page for the person who manages templates (list, create, edit,
 * delete), tries them on a file through the one-shot endpoint, and looks after stored documents. It is a static page (public/) that
 * calls the same /v1 API with the key its user types in; the page itself needs no key and holds no data.
 *
 * The files are read once when the server starts and served from memory: a fixed list of names, so no
 * request path ever reaches the file system. Everything comes from this server (the CSP says so), which
 * keeps the console working offline.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

/** src/Console/public, found from src/Console (tsx, tests) and from dist/Console (npm start) alike. */
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "Console", "public")

const ASSETS: Readonly<Record<string, string>> = {
  "index.html": "text/html; charset=utf-8",
  "console.js": "text/javascript; charset=utf-8",
  "api.js": "text/javascript; charset=utf-8",
  "documents.js": "text/javascript; charset=utf-8",
  "dom.js": "text/javascript; charset=utf-8",
  "fields.js": "text/javascript; charset=utf-8",
  "result.js": "text/javascript; charset=utf-8",
  "console.css": "text/css; charset=utf-8"
}

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  // A new server version is picked up at the next load, never from a stale cache.
  "cache-control": "no-cache"
}

const detail = (status: number, text: string) => HttpServerResponse.unsafeJson({ detail: text }, { status })

export const ConsoleLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const files = new Map(
      Object.entries(ASSETS).map(([name, type]) => [name, { type, body: fs.readFileSync(path.join(publicDir, name)) }])
    )
    const serve = (name: string) => {
      const file = files.get(name)
      return file === undefined
        ? detail(404, `no such file in the console: ${name}`)
        : HttpServerResponse.uint8Array(file.body, { contentType: file.type, headers: SECURITY_HEADERS })
    }
    const index = Effect.sync(() => serve("index.html"))
    yield* router.get("/console", index)
    yield* router.get("/console/:name", Effect.map(HttpRouter.params, (params) => serve(params.name ?? "")))
  })
)
