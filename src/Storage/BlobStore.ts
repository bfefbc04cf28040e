/**
 * Uploaded files, content-addressed by SHA-256 under DATA_DIR/blobs.
 * Every write goes to a temp file first and is renamed into place, so a blob is whole or absent.
 */
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { createReadStream, createWriteStream } from "node:fs"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { pipeline } from "node:stream/promises"
import { Transform } from "node:stream"
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

    /**
     * Copies a file in (hashing while it streams; the source is left untouched), then runs `register`
     * (the database write) while holding the blob's lock.
     */
    const putFile = <A, E, R>(source: string, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) =>
      Effect.acquireUseRelease(
        Effect.sync(() => path.join(tmpDir, newId("up"))),
        (tmp) =>
          Effect.gen(function*() {
            const hash = createHash("sha256")
            let size = 0
            yield* Effect.promise(() =>
              pipeline(
                createReadStream(source),
                new Transform({
                  transform(chunk: Buffer, _enc, done) {
                    hash.update(chunk)
                    size += chunk.length
                    done(null, chunk)
                  }
                }),
                createWriteStream(tmp, { flags: "wx" })
              )
            )
            const blob: StoredBlob = { sha256: hash.digest("hex"), size }
            return yield* withBlobLock(blob.sha256, Effect.zipRight(commit(tmp, blob.sha256), register(blob)))
          }),
        (tmp) => Effect.promise(() => fs.rm(tmp, { force: true }))
      ).pipe(Effect.withSpan("BlobStore.putFile"))

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

    const exists = (sha256: string) =>
      Effect.promise(() => fs.access(blobPath(sha256)).then(() => true, () => false))

    return { putFile, putBytes, read, release, exists } as const
  })
}) {}
