/**
 * API key administration (`docsplit keys create <tenant> [label]`, `list`, `revoke <key-id>`,
 * `webhook-secret <tenant>`; `npm run keys -- …` is the same).
 * Works on the same database as the server: PostgreSQL (DATABASE_URL) directly; the embedded database
 * directly when no server runs on DATA_DIR, else through that server (Auth/AdminMailbox.ts).
 */
import { Cause, Console, Effect, Layer, Option } from "effect"
import * as path from "node:path"
import { sendToServer } from "../Auth/AdminMailbox.js"
import { runKeyCommand } from "../Auth/KeyCommands.js"
import { KeyStore } from "../Auth/Keys.js"
import { AppConfig } from "../Config.js"
import { embeddedDatabaseInUse } from "../Sql/DataDirLock.js"
import { SqlLive } from "../Sql/Sql.js"

/** Runs one key command; its exit code (0 when it succeeded). */
export const runKeys = (argv: ReadonlyArray<string>): Effect.Effect<number> =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const throughServer = Option.isNone(config.databaseUrl) && embeddedDatabaseInUse(path.join(config.dataDir, "db"))
    const result = throughServer
      ? yield* sendToServer(config.dataDir, [...argv])
      : yield* runKeyCommand([...argv]).pipe(Effect.provide(KeyStore.Default.pipe(Layer.provide(SqlLive))))
    if (result.stdout !== "") yield* Console.log(result.stdout)
    if (result.stderr !== "") yield* Console.error(result.stderr)
    return result.code
  }).pipe(
    Effect.provide(AppConfig.Default),
    // A failure (a bad DATABASE_URL, a server that does not answer) is one line, not a stack trace.
    Effect.catchAllCause((cause) => {
      const error = Cause.squash(cause)
      return Effect.as(Console.error(`keys: ${error instanceof Error ? error.message : String(error)}`), 1)
    })
  )
