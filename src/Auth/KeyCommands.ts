/**
 * The key administration commands (`npm run keys -- …`), as one function of the arguments: the CLI
 * runs it on the database, and a running server runs it for the CLI when it holds the embedded
 * database (Auth/AdminMailbox.ts).
 */
import { Effect } from "effect"
import { keyProblem, KeyStore } from "./Keys.js"

export const usage = `usage:
  npm run keys -- create <tenant> [label]   issue a key for a tenant (printed once)
  npm run keys -- list                      list keys (ids, tenants, labels, origin, state; never the keys)
  npm run keys -- revoke <key-id>           revoke a key (it stops working within a second)
  npm run keys -- webhook-secret <tenant>   a new signing secret for the tenant's job notices (printed once;
                                            replaces its previous one, takes precedence over WEBHOOK_SECRET)`

export interface CommandResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

const done = (code: number, stdout: string, stderr = ""): CommandResult => ({ code, stdout, stderr })

export const runKeyCommand = (argv: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const keys = yield* KeyStore
    const [command, ...args] = argv
    switch (command) {
      case "create": {
        const tenant = args[0]
        if (tenant === undefined || !/^[A-Za-z0-9._-]{1,64}$/.test(tenant)) {
          return done(2, "", "create needs a tenant name (letters, digits, . _ -)\n" + usage)
        }
        const created = yield* keys.create(tenant, args.slice(1).join(" ") || null)
        // A generated key always passes; checked so that a change to either cannot drift apart silently.
        const problem = keyProblem(created.key)
        if (problem !== undefined) return done(1, "", `the new key ${problem}`)
        return done(0, `key id: ${created.id}\ntenant: ${created.tenantId}\nkey:    ${created.key}\n(shown only now)`)
      }
      case "list": {
        const all = yield* keys.list
        if (all.length === 0) return done(0, "no keys")
        return done(
          0,
          all.map((k) =>
            [
              k.id,
              k.tenantId,
              k.label ?? "-",
              k.source === "env" ? "API_KEYS" : "cli",
              iso(k.createdAt),
              k.revokedAt === null
                ? "active"
                : `${k.revokedReason === "removed" ? "removed from API_KEYS" : "revoked"} ${iso(k.revokedAt)}`
            ].join("\t")
          ).join("\n")
        )
      }
      case "revoke": {
        const id = args[0]
        if (id === undefined) return done(2, "", usage)
        const revoked = yield* keys.revoke(id)
        return revoked ? done(0, `revoked ${id}`) : done(1, `no active key ${id}`)
      }
      case "webhook-secret": {
        const tenant = args[0]
        if (tenant === undefined || !/^[A-Za-z0-9._-]{1,64}$/.test(tenant)) {
          return done(2, "", "webhook-secret needs a tenant name (letters, digits, . _ -)\n" + usage)
        }
        const secret = yield* keys.createWebhookSecret(tenant)
        return done(0, `tenant: ${tenant}\nwebhook secret: ${secret}\n(shown only now; verify job notices with it)`)
      }
      default:
        return command === undefined || command === "help" || command === "--help" ? done(0, usage) : done(2, "", usage)
    }
  })
