/**
 * The embedded database is single-process: a lock file with the owner's pid keeps a second server
 * (or the keys CLI) from opening the same directory while the first one runs.
 */
import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

const tryLock = (file: string): number | undefined => {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: "wx" })
    return undefined
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
    const owner = Number(fs.readFileSync(file, "utf8").trim())
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) return owner
    fs.rmSync(file, { force: true }) // stale: its process is gone
    return tryLock(file)
  }
}

export const lockDataDir = (directory: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => {
        // Beside the directory, not in it: PGlite takes a non-empty directory for an existing database.
        fs.mkdirSync(path.dirname(path.resolve(directory)), { recursive: true })
        const file = `${path.resolve(directory)}.pid`
        const owner = tryLock(file)
        if (owner !== undefined) {
          throw new Error(
            `the embedded database in ${directory} is in use by process ${owner}; ` +
              `stop it first (or point both at a PostgreSQL server with DATABASE_URL)`
          )
        }
        return file
      },
      catch: (cause) => new SqlError({ cause, message: cause instanceof Error ? cause.message : String(cause) })
    }),
    (file) => Effect.sync(() => fs.rmSync(file, { force: true }))
  )
