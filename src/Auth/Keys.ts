/**
 * API keys: issued, listed, revoked; stored only as SHA-256 hashes.
 */
import { SqlClient } from "@effect/sql"
import { Effect, Option, Redacted } from "effect"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { AppConfig } from "../Config.js"
import { newId, nowSeconds } from "../lib/ids.js"

export const hashKey = (key: string): string => createHash("sha256").update(key, "utf8").digest("hex")

const newKey = (): string => `dsk_${randomBytes(24).toString("base64url")}`

export interface KeyInfo {
  readonly id: string
  readonly tenantId: string
  readonly label: string | null
  readonly createdAt: number
  readonly revokedAt: number | null
}

interface KeyRow {
  readonly id: string
  readonly tenant_id: string
  readonly key_hash: string
  readonly label: string | null
  readonly created_at: number
  readonly revoked_at: number | null
}

const toInfo = (r: KeyRow): KeyInfo => ({
  id: r.id,
  tenantId: r.tenant_id,
  label: r.label,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at)
})

/** `tenant:key` pairs; a bare key is a tenant of its own (named after the key's hash). */
export const parseApiKeys = (entries: ReadonlyArray<string>): Array<{ tenantId: string; key: string }> =>
  entries.map((entry) => {
    const i = entry.indexOf(":")
    return i > 0
      ? { tenantId: entry.slice(0, i), key: entry.slice(i + 1) }
      : { tenantId: `key-${hashKey(entry).slice(0, 12)}`, key: entry }
  })

export class KeyStore extends Effect.Service<KeyStore>()("KeyStore", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const ensureTenant = (tenantId: string) =>
      sql`INSERT INTO tenants (id, created_at) VALUES (${tenantId}, ${nowSeconds()}) ON CONFLICT (id) DO NOTHING`

    const insertKey = (tenantId: string, key: string, label: string | null) =>
      Effect.gen(function*() {
        yield* ensureTenant(tenantId)
        const id = newId("key")
        yield* sql`INSERT INTO api_keys (id, tenant_id, key_hash, label, created_at)
                   VALUES (${id}, ${tenantId}, ${hashKey(key)}, ${label}, ${nowSeconds()})
                   ON CONFLICT (key_hash) DO NOTHING`
        return id
      }).pipe(sql.withTransaction)

    /** The tenant of a valid, unrevoked key. */
    const authenticate = (key: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const hash = hashKey(Redacted.value(key))
        const rows = yield* sql<KeyRow>`SELECT * FROM api_keys WHERE key_hash = ${hash} AND revoked_at IS NULL`
        const row = rows[0]
        if (row === undefined) return Option.none<string>()
        // The lookup is by hash already; compare again in constant time before trusting the row.
        const same = timingSafeEqual(Buffer.from(row.key_hash, "hex"), Buffer.from(hash, "hex"))
        return same ? Option.some(row.tenant_id) : Option.none<string>()
      })

    const create = (tenantId: string, label: string | null = null) =>
      Effect.gen(function*() {
        const key = newKey()
        const id = yield* insertKey(tenantId, key, label)
        return { id, tenantId, key }
      })

    const list = sql<KeyRow>`SELECT * FROM api_keys ORDER BY created_at, id`.pipe(
      Effect.map((rows) => rows.map(toInfo))
    )

    const revoke = (id: string) =>
      sql<{ id: string }>`UPDATE api_keys SET revoked_at = ${nowSeconds()}
                          WHERE id = ${id} AND revoked_at IS NULL RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    const countActive = sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM api_keys WHERE revoked_at IS NULL`.pipe(
      Effect.map((rows) => Number(rows[0]?.n ?? 0))
    )

    return { authenticate, create, list, revoke, countActive, insertKey } as const
  })
}) {}

/**
 * At start: register the keys of API_KEYS; with no key at all, create one for the default tenant
 * and print it once.
 */
export const bootstrapKeys = Effect.gen(function*() {
  const config = yield* AppConfig
  const keys = yield* KeyStore
  for (const { tenantId, key } of parseApiKeys(config.apiKeys)) {
    yield* keys.insertKey(tenantId, key, "API_KEYS")
  }
  if ((yield* keys.countActive) === 0) {
    const created = yield* keys.create("default", "first start")
    yield* Effect.sync(() =>
      process.stdout.write(
        `\nNo API key existed, so one was created for tenant "default".\n` +
          `It is shown only this once; keep it:\n\n  x-api-key: ${created.key}\n\n`
      )
    )
  }
}).pipe(Effect.withSpan("Keys.bootstrap"))
