/**
 * The embedded database is single-process: an OS lock on `<dir>.pid` (lib/FileLock.ts) keeps a second
 * server (or the keys CLI) from opening the same directory while the first one runs. The lock ends with
 * its process, however it ends: no stale lock to clear, no pid to trust (the file names the owner for
 * the message only), and two processes starting at once cannot both get it.
 */
import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { tryLockFile } from "../lib/FileLock.js"

export const lockDataDir = (directory: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => {
        // Beside the directory, not in it: PGlite takes a non-empty directory for an existing database.
        fs.mkdirSync(path.dirname(path.resolve(directory)), { recursive: true })
        const lock = tryLockFile(`${path.resolve(directory)}.pid`, String(process.pid))
        if ("heldBy" in lock) {
          throw new Error(
            `the embedded database in ${directory} is in use by process ${lock.heldBy || "unknown"}; ` +
              `stop it first (or point both at a PostgreSQL server with DATABASE_URL)`
          )
        }
        return lock.held
      },
      catch: (cause) => new SqlError({ cause, message: cause instanceof Error ? cause.message : String(cause) })
    }),
    (lock) => Effect.sync(lock.release)
  )

/** Whether a running process holds the embedded database in `directory` (checked without keeping it). */
export const embeddedDatabaseInUse = (directory: string): boolean => {
  const file = `${path.resolve(directory)}.pid`
  if (!fs.existsSync(file)) return false
  const lock = tryLockFile(file, String(process.pid))
  if ("heldBy" in lock) return true
  lock.held.release()
  return false
}
