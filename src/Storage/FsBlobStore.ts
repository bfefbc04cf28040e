/**
 * The file-system blob store (BLOB_STORE=fs, the default): files content-addressed by SHA-256 under
 * DATA_DIR/blobs, registered in the `blobs` table.
 *
 * A blob is written whole to this process's scratch folder, then, under the blob's lock: a pending
 * marker is left in the scratch folder, the file is renamed into place, the row is committed, the marker
 * removed. A crash leaves at most a marker beside a blob with no row; the next start sweeps the crashed
 * process's folder (Storage/Scratch.ts) and `recoverPendingBlobs` removes every such blob first. A failed
 * commit removes its blob at once unless a row holds it.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as fsSync from "node:fs"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { AppConfig } from "../Config.js"
import { newId } from "../lib/ids.js"
import { makeKeyedLock } from "../lib/KeyedLock.js"
import type { BlobStoreShape, StoredBlob } from "./BlobStore.js"
import { Scratch } from "./Scratch.js"

const PENDING = "pending-blobs"

const blobPathIn = (dataDir: string) => (sha256: string) =>
  path.join(path.resolve(dataDir, "blobs"), sha256.slice(0, 2), sha256)

const isRegistered = (sql: SqlClient.SqlClient, sha256: string) =>
  Effect.map(sql<{ one: number }>`SELECT 1 AS one FROM blobs WHERE sha256 = ${sha256}`, (rows) => rows.length > 0)

/**
 * For a crashed process's scratch folder: each blob it was storing whose row never committed is
 * removed, unless a running process is storing the same bytes now.
 */
export const recoverPendingBlobs =
  (dataDir: string, sql: SqlClient.SqlClient, liveDirs: () => ReadonlyArray<string>) =>
  (abandoned: string): Effect.Effect<void> =>
    Effect.gen(function*() {
      const pending = yield* Effect.sync(() => {
        try {
          return fsSync.readdirSync(path.join(abandoned, PENDING))
        } catch {
          return []
        }
      })
      const blobPath = blobPathIn(dataDir)
      for (const sha256 of pending) {
        if (!/^[0-9a-f]{64}$/.test(sha256)) continue
        const storing = liveDirs().some((dir) => fsSync.existsSync(path.join(dir, PENDING, sha256)))
        if (storing || (yield* isRegistered(sql, sha256))) continue
        yield* Effect.sync(() => fsSync.rmSync(blobPath(sha256), { force: true }))
        yield* Effect.logInfo(`removed blob ${sha256}: a stopped process wrote it but never registered it`)
      }
    }).pipe(Effect.catchAll((error) => Effect.logWarning("blob recovery failed; will retry at the next start", error)))

export const makeFsBlobStore = Effect.gen(function*() {
  const { dataDir } = yield* AppConfig
  const scratch = yield* Scratch
  const sql = yield* SqlClient.SqlClient
  const root = path.resolve(dataDir, "blobs")
  const pendingDir = path.join(scratch.dir, PENDING)
  yield* Effect.promise(() => fs.mkdir(pendingDir, { recursive: true }))
  // Where earlier versions wrote blobs before renaming them: whatever is left there is unfinished.
  yield* Effect.promise(() => fs.rm(path.join(root, "tmp"), { recursive: true, force: true }))

  const blobPath = blobPathIn(dataDir)
  // Writing a blob and registering it, or unregistering and unlinking it, happen under the blob's lock,
  // so a concurrent upload of the same bytes never loses its file to a concurrent delete.
  const withBlobLock = makeKeyedLock()

  /** The file in place with its marker; the marker goes once the row is committed (or the file is). */
  const commit = <A, E, R>(tmp: string, blob: StoredBlob, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) => {
    const marker = path.join(pendingDir, blob.sha256)
    return Effect.acquireUseRelease(
      Effect.promise(async () => {
        await fs.writeFile(marker, "")
        const target = blobPath(blob.sha256)
        await fs.mkdir(path.dirname(target), { recursive: true })
        await fs.rename(tmp, target)
      }),
      () =>
        register(blob).pipe(
          Effect.onError(() =>
            Effect.flatMap(Effect.orElseSucceed(isRegistered(sql, blob.sha256), () => true), (held) =>
              held ? Effect.void : Effect.promise(() => fs.rm(blobPath(blob.sha256), { force: true })))
          )
        ),
      () => Effect.promise(() => fs.rm(marker, { force: true }))
    )
  }

  const putBytes = <A, E, R>(bytes: Uint8Array, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) =>
    Effect.acquireUseRelease(
      Effect.sync(() => path.join(scratch.dir, newId("blob"))),
      (tmp) =>
        Effect.gen(function*() {
          const blob: StoredBlob = { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength }
          yield* Effect.promise(() => fs.writeFile(tmp, bytes, { flag: "wx" }))
          return yield* withBlobLock(blob.sha256, commit(tmp, blob, register))
        }),
      (tmp) => Effect.promise(() => fs.rm(tmp, { force: true }))
    ).pipe(Effect.withSpan("BlobStore.putBytes"))

  const read = (sha256: string) =>
    Effect.promise(() => fs.readFile(blobPath(sha256))).pipe(
      Effect.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength)),
      Effect.withSpan("BlobStore.read")
    )

  /** Runs `unregister` (the database delete) under the blob's lock; unlinks the file when it says so. */
  const release = <E, R>(sha256: string, unregister: Effect.Effect<boolean, E, R>) =>
    withBlobLock(
      sha256,
      Effect.flatMap(unregister, (orphaned) =>
        orphaned ? Effect.promise(() => fs.rm(blobPath(sha256), { force: true })) : Effect.void)
    ).pipe(Effect.withSpan("BlobStore.release"))

  return { putBytes, read, release } satisfies BlobStoreShape
})
