import { HttpClientRequest } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import { bootstrapKeys, hashKey, KeyStore, parseApiKeys } from "../../src/Auth/Keys.js"

import { send, testApp, withKey } from "../support/app.js"

describe("parseApiKeys", () => {
  it("reads tenant:key pairs; a bare key is a tenant of its own", () => {
    const parsed = parseApiKeys(["acme:k1", "lonely-key", "beta:k:with:colons"])
    expect(parsed[0]).toEqual({ tenantId: "acme", key: "k1" })
    expect(parsed[1]).toEqual({ tenantId: `key-${hashKey("lonely-key").slice(0, 12)}`, key: "lonely-key" })
    expect(parsed[2]).toEqual({ tenantId: "beta", key: "k:with:colons" })
  })
})

layer(testApp({ apiKeys: ["acme:env-key-1", "bare-env-key"] }), { timeout: 60_000 })("KeyStore", (it) => {
  it.effect("registers API_KEYS at start, idempotently, and stores only hashes", () =>
    Effect.gen(function*() {
      yield* bootstrapKeys
      yield* bootstrapKeys
      const keys = yield* KeyStore
      const all = yield* keys.list
      expect(all.map((k) => k.tenantId).sort()).toEqual(["acme", `key-${hashKey("bare-env-key").slice(0, 12)}`])
      expect(Option.getOrNull(yield* keys.authenticate(Redacted.make("env-key-1")))).toBe("acme")
      expect(Option.isNone(yield* keys.authenticate(Redacted.make("env-key-2")))).toBe(true)
      expect(JSON.stringify(all)).not.toContain("env-key-1")
    }))

  it.effect("a revoked key answers 401 at once", () =>
    Effect.gen(function*() {
      const keys = yield* KeyStore
      const created = yield* keys.create("revokers", "test")
      const ok = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(created.key)))
      expect(ok.status).toBe(200)
      expect(yield* keys.revoke(created.id)).toBe(true)
      expect(yield* keys.revoke(created.id)).toBe(false)
      const refused = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(created.key)))
      expect(refused.status).toBe(401)
      expect(refused.json).toEqual({ detail: "unknown or revoked API key" })
    }))
})

layer(testApp(), { timeout: 60_000 })("first start", (it) => {
  it.effect("creates one key for the default tenant when none exists, and only once", () =>
    Effect.gen(function*() {
      const printed: Array<string> = []
      const write = process.stdout.write.bind(process.stdout)
      process.stdout.write = ((chunk: string) => {
        printed.push(String(chunk))
        return true
      }) as typeof process.stdout.write
      try {
        yield* bootstrapKeys
        yield* bootstrapKeys
      } finally {
        process.stdout.write = write
      }
      const keys = yield* KeyStore
      const all = yield* keys.list
      expect(all).toHaveLength(1)
      expect(all[0]!.tenantId).toBe("default")
      const output = printed.join("")
      const key = /x-api-key: (\S+)/.exec(output)?.[1]
      expect(key).toBeDefined()
      expect(output.match(/x-api-key:/g)).toHaveLength(1)
      const r = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key!)))
      expect(r.status).toBe(200)
    }))
})



