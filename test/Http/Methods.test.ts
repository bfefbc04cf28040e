import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { keyFor, send, testApp, withKey } from "../support/app.js"

layer(testApp(), { timeout: 60_000 })("a method the route does not answer", (it) => {
  it.effect("answers 405 with the methods it does answer in Allow, and 404 for a path no route has", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("methods")
      const put = yield* send(HttpClientRequest.put("/v1/templates").pipe(withKey(key)))
      expect(put.status).toBe(405)
      expect(put.headers["allow"]).toBe("GET, HEAD, POST")
      expect(put.json).toEqual({ detail: "PUT is not allowed here: use GET or POST" })
      const one = yield* send(HttpClientRequest.put("/v1/templates/tpl_x").pipe(withKey(key)))
      expect(one.status).toBe(405)
      expect(one.headers["allow"]).toBe("PATCH, DELETE")
      const health = yield* send(HttpClientRequest.del("/health"))
      expect(health.status).toBe(405)
      const nowhere = yield* send(HttpClientRequest.get("/v1/nowhere").pipe(withKey(key)))
      expect(nowhere.status).toBe(404)
      expect(nowhere.json).toEqual({ detail: "no such endpoint" })
    }))
})
