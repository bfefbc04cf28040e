/**
 * This process's scratch folder, DATA_DIR/tmp/<instance>: uploads being received, blobs being written,
 * the reading workers' temporary files, the OCR model. Each instance holds an OS lock on
 * DATA_DIR/tmp/<instance>.lock while it runs, so however a process ends (kill -9 included) its folder is
 * recognisably abandoned: the next process to start on the same DATA_DIR sweeps every folder whose lock
 * nobody holds, after letting the stores recover what a crash interrupted (Storage/BlobStore.ts).
 * Several processes may share a DATA_DIR: a folder is only ever swept by the one process holding its lock.
 */
import { Context, Effect } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { type HeldLock, tryLockFile } from "../lib/FileLock.js"
import { newId } from "../lib/ids.js"

export interface ScratchShape {
  /** This process's folder (0700), removed when it stops. */
  readonly dir: string
  /** The folders of the other processes running on this DATA_DIR now. */
  readonly liveDirs: () => ReadonlyArray<string>
  /**
   * Sweeps the folders of stopped processes (once, at start, when what `recover` needs is there):
   * `recover` sees each abandoned folder first, with the folders of the processes running now.
   */
  readonly sweep: (recover: Recover) => Effect.Effect<void>
}

export type Recover = (abandoned: string, liveDirs: () => ReadonlyArray<string>) => Effect.Effect<void>

export class Scratch extends Context.Tag("Scratch")<Scratch, ScratchShape>() {}

const LOCK = ".lock"

/** The abandoned instances under `root`: each one locked by us, until its folder is gone. */
const claimAbandoned = (root: string, own: string): ReadonlyArray<{ readonly dir: string; readonly lock: HeldLock }> =>
  fs.readdirSync(root).flatMap((name) => {
    if (!name.endsWith(LOCK) || name === `${own}${LOCK}`) return []
    try {
      const lock = tryLockFile(path.join(root, name), String(process.pid))
      return "held" in lock ? [{ dir: path.join(root, name.slice(0, -LOCK.length)), lock: lock.held }] : []
    } catch {
      return [] // gone meanwhile: another process swept it
    }
  })

/** Makes this process's folder; the abandoned ones are swept by `sweep`. */
export const makeScratch = (dataDir: string) =>
  Effect.gen(function*() {
    const root = path.resolve(dataDir, "tmp")
    yield* Effect.sync(() => fs.mkdirSync(root, { recursive: true, mode: 0o700 }))
    const instance = newId("run")
    const acquired = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const lock = tryLockFile(path.join(root, `${instance}${LOCK}`), String(process.pid))
        if (!("held" in lock)) throw new Error(`scratch lock ${instance} taken`)
        const dir = path.join(root, instance)
        fs.mkdirSync(dir, { mode: 0o700 })
        return { dir, lock: lock.held }
      }),
      ({ dir, lock }) =>
        Effect.sync(() => {
          fs.rmSync(dir, { recursive: true, force: true })
          fs.rmSync(lock.file, { force: true })
          lock.release()
        })
    )
    /** The abandoned folders this process claimed for sweeping: neither live nor anyone else's to sweep. */
    const claimed = new Set<string>()
    const liveDirs = () =>
      fs.readdirSync(root).filter((name) => !name.endsWith(LOCK) && name !== instance && !claimed.has(name))
        .map((name) => path.join(root, name))
    const sweep = (recover: Recover) =>
      Effect.gen(function*() {
        const abandoned = yield* Effect.sync(() => claimAbandoned(root, instance))
        for (const { dir } of abandoned) claimed.add(path.basename(dir))
        for (const { dir, lock } of abandoned) {
          yield* recover(dir, liveDirs)
          yield* Effect.sync(() => {
            fs.rmSync(dir, { recursive: true, force: true })
            fs.rmSync(lock.file, { force: true })
            lock.release()
          })
        }
        if (abandoned.length > 0) {
          yield* Effect.logInfo(`swept the scratch folders of ${abandoned.length} stopped process(es)`)
        }
      })
    return { dir: acquired.dir, liveDirs, sweep } satisfies ScratchShape
  })
