/**
 * API keys: issued, listed, revoked; stored only as SHA-256 hashes.
 *
 * API_KEYS is the source of truth for the keys it lists: at every start they are registered (a key
 * listed under a tenant other than the one it belongs to stops the start), and a key it listed before
 * and no longer lists is revoked ("removed"; listed again, it works again). A key revoked by an operator
 * stays revoked whatever API_KEYS says.
 */
import { SqlClient } from "@effect/sql"
import { Data, Effect, Option, Redacted } from "effect"
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
  /** API_KEYS, or issued by the keys CLI. */
  readonly source: "env" | "cli"
  /** An operator's revocation, or no longer listed in API_KEYS. */
  readonly revokedReason: "revoked" | "removed" | null
}

interface KeyRow {
  readonly id: string
  readonly tenant_id: string
  readonly key_hash: string
  readonly label: string | null
  readonly created_at: number
  readonly revoked_at: number | null
  readonly source: string
  readonly revoked_reason: string | null
}

const toInfo = (r: KeyRow): KeyInfo => ({
  id: r.id,
  tenantId: r.tenant_id,
  label: r.label,
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  source: r.source === "env" ? "env" : "cli",
  revokedReason: r.revoked_reason === "removed" ? "removed" : r.revoked_at === null ? null : "revoked"
})

/** The shortest key accepted (API_KEYS entries and keys of any other origin). */
export const MIN_KEY_LENGTH = 16

/** A key in API_KEYS that cannot be used, or that belongs to another tenant: the server does not start. */
export class InvalidApiKeys extends Data.TaggedError("InvalidApiKeys")<{ readonly detail: string }> {
  override get message() {
    return this.detail
  }
}

/** Why a key is refused, or undefined when it is acceptable. Never quotes the key. */
export const keyProblem = (key: string): string | undefined =>
  key.length < MIN_KEY_LENGTH
    ? `is shorter than ${MIN_KEY_LENGTH} characters`
    : /\s/.test(key)
    ? "contains whitespace"
    : /[\u0000-\u001f\u007f]/.test(key)
    ? "contains control characters"
    : undefined

/** `tenant:key` pairs; a bare key is a tenant of its own (named after the key's hash). */
export const parseApiKeys = (entries: ReadonlyArray<string>): Array<{ tenantId: string; key: string }> =>
  entries.map((entry) => {
    const i = entry.indexOf(":")
    return i > 0
      ? { tenantId: entry.slice(0, i), key: entry.slice(i + 1) }
      : { tenantId: `key-${hashKey(entry).slice(0, 12)}`, key: entry }
  })

/** API_KEYS checked: every key usable, no key listed twice for different tenants. */
export const validApiKeys = (entries: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const parsed = parseApiKeys(entries)
    const tenantOf = new Map<string, string>()
    for (const [i, { tenantId, key }] of parsed.entries()) {
      const problem = keyProblem(key)
      if (problem !== undefined) {
        return yield* new InvalidApiKeys({ detail: `API_KEYS entry ${i + 1} (tenant ${tenantId}): the key ${problem}` })
      }
      const other = tenantOf.get(key)
      if (other !== undefined && other !== tenantId) {
        return yield* new InvalidApiKeys({ detail: `API_KEYS lists the same key for tenants ${other} and ${tenantId}` })
      }
      tenantOf.set(key, tenantId)
    }
    return parsed
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

    /**
     * A new Standard Webhooks signing secret (`whsec_` + 32 random bytes, base64) for the tenant's job
     * notices; it replaces the tenant's previous one and takes precedence over WEBHOOK_SECRET.
     */
    const createWebhookSecret = (tenantId: string) =>
      Effect.gen(function*() {
        yield* ensureTenant(tenantId)
        const secret = `whsec_${randomBytes(32).toString("base64")}`
        yield* sql`UPDATE tenants SET webhook_secret = ${secret} WHERE id = ${tenantId}`
        return secret
      }).pipe(sql.withTransaction)

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
      sql<{ id: string }>`UPDATE api_keys SET revoked_at = ${nowSeconds()}, revoked_reason = 'revoked'
                          WHERE id = ${id} AND revoked_at IS NULL RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0)
      )

    /**
     * Makes the API_KEYS keys of the database those of `listed`: each registered (or working again if it
     * was only removed), the others it once listed revoked as removed. A listed key that belongs to
     * another tenant fails it, before anything changes.
     */
    const reconcileEnvKeys = (listed: ReadonlyArray<{ readonly tenantId: string; readonly key: string }>) =>
      Effect.gen(function*() {
        const hashes = listed.map(({ key }) => hashKey(key))
        const existing = hashes.length === 0
          ? []
          : yield* sql<KeyRow>`SELECT * FROM api_keys WHERE ${sql.in("key_hash", hashes)}`
        const byHash = new Map(existing.map((row) => [row.key_hash, row]))
        for (const [i, { tenantId }] of listed.entries()) {
          const row = byHash.get(hashes[i]!)
          if (row !== undefined && row.tenant_id !== tenantId) {
            return yield* new InvalidApiKeys({
              detail:
                `API_KEYS lists a key for tenant ${tenantId} that belongs to tenant ${row.tenant_id} (key id ${row.id}); ` +
                `list it under ${row.tenant_id}, or remove it and issue the new tenant a key of its own`
            })
          }
        }
        const now = nowSeconds()
        const revivedOrKept: Array<string> = []
        for (const [i, { tenantId, key }] of listed.entries()) {
          const row = byHash.get(hashes[i]!)
          if (row === undefined) {
            yield* ensureTenant(tenantId)
            yield* sql`INSERT INTO api_keys (id, tenant_id, key_hash, label, created_at, source)
                       VALUES (${newId("key")}, ${tenantId}, ${hashKey(key)}, ${"API_KEYS"}, ${now}, ${"env"})`
          } else if (row.revoked_reason === "removed") {
            yield* sql`UPDATE api_keys SET revoked_at = NULL, revoked_reason = NULL, source = 'env' WHERE id = ${row.id}`
          } else if (row.revoked_at !== null) {
            yield* Effect.logWarning(
              `API_KEYS lists key ${row.id} (tenant ${tenantId}), which was revoked: it stays revoked`
            )
          } else if (row.source !== "env") {
            yield* sql`UPDATE api_keys SET source = 'env' WHERE id = ${row.id}`
          }
          revivedOrKept.push(hashes[i]!)
        }
        const removed = yield* (revivedOrKept.length === 0
          ? sql<{ id: string }>`UPDATE api_keys SET revoked_at = ${now}, revoked_reason = 'removed'
                                WHERE source = 'env' AND revoked_at IS NULL RETURNING id`
          : sql<{ id: string }>`UPDATE api_keys SET revoked_at = ${now}, revoked_reason = 'removed'
                                WHERE source = 'env' AND revoked_at IS NULL
                                AND NOT ${sql.in("key_hash", revivedOrKept)} RETURNING id`)
        if (removed.length > 0) {
          yield* Effect.logInfo(
            `revoked ${removed.length} key(s) no longer in API_KEYS: ${removed.map((r) => r.id).join(", ")}`
          )
        }
      }).pipe(sql.withTransaction)

    const countActive = sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM api_keys WHERE revoked_at IS NULL`.pipe(
      Effect.map((rows) => Number(rows[0]?.n ?? 0))
    )

    return { authenticate, create, list, revoke, countActive, reconcileEnvKeys, createWebhookSecret } as const
  })
}) {}

/**
 * At start: reconcile the keys of API_KEYS (see the top of this file); with no key at all, create one for the default tenant
 * and print it once.
 */
export const bootstrapKeys = Effect.gen(function*() {
  const config = yield* AppConfig
  const keys = yield* KeyStore
  yield* keys.reconcileEnvKeys(yield* validApiKeys(config.apiKeys))
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
