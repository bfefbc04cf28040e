import { HttpClientRequest } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Option, Redacted } from "effect"
import { bootstrapKeys, hashKey, KeyStore, parseApiKeys } from "../../src/Auth/Keys.js"
import { AppConfig } from "../../src/Config.js"
import { testConfig } from "../support/app.js"

import { send, testApp, withKey } from "../support/app.js"

describe("parseApiKeys", () => {
  it("reads tenant:key pairs; a bare key is a tenant of its own", () => {
    const parsed = parseApiKeys(["acme:k1", "lonely-key", "beta:k:with:colons"])
    expect(parsed[0]).toEqual({ tenantId: "acme", key: "k1" })
    expect(parsed[1]).toEqual({ tenantId: `key-${hashKey("lonely-key").slice(0, 12)}`, key: "lonely-key" })
    expect(parsed[2]).toEqual({ tenantId: "beta", key: "k:with:colons" })
  })
})

const ENV_KEY = "env-key-1-aaaaaaaaaaaa"
const BARE_KEY = "bare-env-key-bbbbbbbbbb"

layer(testApp({ apiKeys: [`acme:${ENV_KEY}`, BARE_KEY] }), { timeout: 60_000 })("KeyStore", (it) => {
  it.effect("registers API_KEYS at start, idempotently, and stores only hashes", () =>
    Effect.gen(function*() {
      yield* bootstrapKeys
      yield* bootstrapKeys
      const keys = yield* KeyStore
      const all = yield* keys.list
      expect(all.map((k) => k.tenantId).sort()).toEqual(["acme", `key-${hashKey(BARE_KEY).slice(0, 12)}`])
      expect(all.map((k) => k.source)).toEqual(["env", "env"])
      expect(Option.getOrNull(yield* keys.authenticate(Redacted.make(ENV_KEY)))).toBe("acme")
      expect(Option.isNone(yield* keys.authenticate(Redacted.make("env-key-2-aaaaaaaaaaaa")))).toBe(true)
      expect(JSON.stringify(all)).not.toContain(ENV_KEY)
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

/** bootstrapKeys as a start with `apiKeys` would run it. */
const startWith = (apiKeys: ReadonlyArray<string>) =>
  bootstrapKeys.pipe(Effect.provideService(AppConfig, testConfig({ apiKeys: [...apiKeys] })))

const works = (key: string) =>
  Effect.map(send(HttpClientRequest.get("/v1/templates").pipe(withKey(key))), (r) => r.status)

layer(testApp(), { timeout: 60_000 })("API_KEYS is the source of truth for its keys", (it) => {
  const A = "team-a-key-000000000001"
  const B = "team-b-key-000000000002"

  it.effect("a key removed from API_KEYS is revoked at the next start, and works again once listed again", () =>
    Effect.gen(function*() {
      yield* startWith([`a:${A}`, `b:${B}`])
      expect([yield* works(A), yield* works(B)]).toEqual([200, 200])
      yield* startWith([`a:${A}`])
      expect([yield* works(A), yield* works(B)]).toEqual([200, 401])
      const listed = yield* (yield* KeyStore).list
      expect(listed.find((k) => k.tenantId === "b")?.revokedReason).toBe("removed")
      yield* startWith([`a:${A}`, `b:${B}`])
      expect(yield* works(B)).toBe(200)
    }))

  it.effect("a key an operator revoked stays revoked though API_KEYS still lists it", () =>
    Effect.gen(function*() {
      const C = "team-c-key-000000000003"
      yield* startWith([`c:${C}`])
      const id = (yield* (yield* KeyStore).list).find((k) => k.tenantId === "c")!.id
      expect(yield* (yield* KeyStore).revoke(id)).toBe(true)
      yield* startWith([`c:${C}`])
      expect(yield* works(C)).toBe(401)
    }))

  it.effect("keys issued by the CLI are not touched by API_KEYS", () =>
    Effect.gen(function*() {
      const created = yield* (yield* KeyStore).create("cli-tenant", "made by hand")
      yield* startWith([])
      expect(yield* works(created.key)).toBe(200)
    }))

  it.effect("a key listed under another tenant than its own stops the start, naming both tenants; nothing changes", () =>
    Effect.gen(function*() {
      const D = "team-d-key-000000000004"
      yield* startWith([`d:${D}`])
      const error = yield* Effect.flip(startWith([`intruder:${D}`]))
      expect(error._tag).toBe("InvalidApiKeys")
      expect(error.message).toMatch(/API_KEYS lists a key for tenant intruder that belongs to tenant d/)
      expect(error.message).not.toContain(D)
      expect(yield* works(D)).toBe(200)
      expect((yield* (yield* KeyStore).list).some((k) => k.tenantId === "intruder")).toBe(false)
    }))

  it.effect("keys shorter than 16 characters, with whitespace or empty stop the start, naming the entry, never the key", () =>
    Effect.gen(function*() {
      for (
        const [entries, problem] of [
          [["x:tiny9"], /entry 1 \(tenant x\): the key is shorter than 16 characters/],
          [
            ["x:a-long-enough-key-000", "y:has a space in the key"],
            /entry 2 \(tenant y\): the key contains whitespace/
          ],
          [["x:"], /entry 1 .*shorter than 16/],
          [["q:same-key-for-two-0000", "r:same-key-for-two-0000"], /the same key for tenants q and r/]
        ] as const
      ) {
        const error = yield* Effect.flip(startWith(entries))
        expect(error._tag).toBe("InvalidApiKeys")
        expect(error.message).toMatch(problem)
        expect(error.message).not.toMatch(/tiny9|has a space|same-key/)
      }
    }))
})
