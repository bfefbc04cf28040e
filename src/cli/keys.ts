/**
 * API key administration: `npm run keys -- create <tenant> [label]`, `list`, `revoke <key-id>`.
 * Works on the same database as the server (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Layer } from "effect"
import { KeyStore } from "../Auth/Keys.js"
import { AppConfig } from "../Config.js"
import { SqlLive } from "../Sql/Sql.js"

const usage = `usage:
  npm run keys -- create <tenant> [label]   issue a key for a tenant (printed once)
  npm run keys -- list                      list keys (ids, tenants, labels; never the keys)
  npm run keys -- revoke <key-id>           revoke a key`

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

const program = Effect.gen(function*() {
  const keys = yield* KeyStore
  const [command, ...args] = process.argv.slice(2)
  switch (command) {
    case "create": {
      const tenant = args[0]
      if (tenant === undefined || !/^[A-Za-z0-9._-]{1,64}$/.test(tenant)) {
        yield* Console.error("create needs a tenant name (letters, digits, . _ -)\n" + usage)
        return 2
      }
      const created = yield* keys.create(tenant, args.slice(1).join(" ") || null)
      yield* Console.log(`key id: ${created.id}\ntenant: ${created.tenantId}\nkey:    ${created.key}\n(shown only now)`)
      return 0
    }
    case "list": {
      const all = yield* keys.list
      if (all.length === 0) yield* Console.log("no keys")
      for (const k of all) {
        yield* Console.log(
          [k.id, k.tenantId, k.label ?? "-", iso(k.createdAt), k.revokedAt === null ? "active" : `revoked ${iso(k.revokedAt)}`]
            .join("\t")
        )
      }
      return 0
    }
    case "revoke": {
      const id = args[0]
      if (id === undefined) {
        yield* Console.error(usage)
        return 2
      }
      const revoked = yield* keys.revoke(id)
      yield* Console.log(revoked ? `revoked ${id}` : `no active key ${id}`)
      return revoked ? 0 : 1
    }
    default:
      yield* Console.error(usage)
      return command === undefined || command === "help" || command === "--help" ? 0 : 2
  }
})

program.pipe(
  Effect.provide(KeyStore.Default.pipe(Layer.provide(SqlLive), Layer.provide(AppConfig.Default))),
  // A failure (the database in use by the server, a bad DATABASE_URL) is one line, not a stack trace.
  Effect.catchAllCause((cause) => {
    const error = Cause.squash(cause)
    return Effect.as(Console.error(`keys: ${error instanceof Error ? error.message : String(error)}`), 1)
  }),
  Effect.flatMap((code) => Effect.sync(() => (process.exitCode = code))),
  NodeRuntime.runMain
)
