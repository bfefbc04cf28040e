/**
 * Uploaded files, content-addressed by SHA-256 under DATA_DIR/blobs.
 * Every write goes to a temp file first and is renamed into place, so a blob is whole or absent.
 */
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { AppConfig } from "../Config.js"
import { newId } from "../lib/ids.js"
import { makeKeyedLock } from "../lib/KeyedLock.js"

export interface StoredBlob {
  readonly sha256: string
  readonly size: number
}

export class BlobStore extends Effect.Service<BlobStore>()("BlobStore", {
  effect: Effect.gen(function*() {
    const { dataDir } = yield* AppConfig
    const root = path.resolve(dataDir, "blobs")
    const tmpDir = path.join(root, "tmp")
    yield* Effect.promise(() => fs.mkdir(tmpDir, { recursive: true }))

    const blobPath = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256)
    // Writing a blob and registering it, or unregistering and unlinking it, happen under the blob's lock,
    // so a concurrent upload of the same bytes never loses its file to a concurrent delete.
    const withBlobLock = makeKeyedLock()

    const commit = (tmp: string, sha256: string) =>
      Effect.promise(async () => {
        const target = blobPath(sha256)
        await fs.mkdir(path.dirname(target), { recursive: true })
        await fs.rename(tmp, target)
      })

    const putBytes = <A, E, R>(bytes: Uint8Array, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) =>
      Effect.acquireUseRelease(
        Effect.sync(() => path.join(tmpDir, newId("up"))),
        (tmp) =>
          Effect.gen(function*() {
            const blob: StoredBlob = { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength }
            yield* Effect.promise(() => fs.writeFile(tmp, bytes, { flag: "wx" }))
            return yield* withBlobLock(blob.sha256, Effect.zipRight(commit(tmp, blob.sha256), register(blob)))
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

    return { putBytes, read, release } as const
  })
}) {}
