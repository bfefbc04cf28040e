import { HttpClientRequest } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { keyFor, send, testApp, withKey } from "../support/app.js"

const ORIGIN = "https://app.example"

const preflight = (origin: string) =>
  send(
    HttpClientRequest.make("OPTIONS")("/v1/templates").pipe(
      HttpClientRequest.setHeaders({
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-api-key,content-type"
      })
    )
  )

layer(testApp({ corsOrigins: [ORIGIN] }), { timeout: 60_000 })("CORS_ORIGINS set", (it) => {
  describe("a browser client on a listed origin", () => {
    it.effect("gets its preflight answered and may read the answers and their request id", () =>
      Effect.gen(function*() {
        const p = yield* preflight(ORIGIN)
        expect(p.status).toBeLessThan(300)
        expect(p.headers["access-control-allow-origin"]).toBe(ORIGIN)
        expect(p.headers["access-control-allow-headers"]).toContain("x-api-key")
        expect(p.headers["access-control-allow-methods"]).toContain("POST")
        const key = yield* keyFor("cors")
        const r = yield* send(
          HttpClientRequest.get("/v1/templates").pipe(withKey(key), HttpClientRequest.setHeader("origin", ORIGIN))
        )
        expect(r.status).toBe(200)
        expect(r.headers["access-control-allow-origin"]).toBe(ORIGIN)
        expect(r.headers["access-control-expose-headers"]).toContain("x-request-id")
      }))

    it.effect("another origin gets no allow header", () =>
      Effect.gen(function*() {
        const p = yield* preflight("https://elsewhere.example")
        expect(p.headers["access-control-allow-origin"]).toBeUndefined()
      }))
  })
})

layer(testApp(), { timeout: 60_000 })("CORS_ORIGINS unset", (it) => {
  it.effect("answers no cross-origin headers at all", () =>
    Effect.gen(function*() {
      const p = yield* preflight(ORIGIN)
      expect(p.headers["access-control-allow-origin"]).toBeUndefined()
      const r = yield* send(HttpClientRequest.get("/health").pipe(HttpClientRequest.setHeader("origin", ORIGIN)))
      expect(r.headers["access-control-allow-origin"]).toBeUndefined()
    }))
})
