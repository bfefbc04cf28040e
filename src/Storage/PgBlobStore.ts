/**
 * The database blob store (BLOB_STORE=postgres): the bytes in `blob_data`, written in the same
 * transaction as the rows that hold them and deleted in the same transaction as the last of those
 * rows, so no crash can leave bytes without a row or a row without its bytes. Every process that
 * shares the database shares the files.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import type { BlobStoreShape, StoredBlob } from "./BlobStore.js"

export const makePgBlobStore = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const putBytes = <A, E, R>(bytes: Uint8Array, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) =>
    Effect.gen(function*() {
      const blob: StoredBlob = { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength }
      yield* sql`INSERT INTO blob_data (sha256, data) VALUES (${blob.sha256}, ${
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      })
                 ON CONFLICT (sha256) DO NOTHING`.pipe(Effect.orDie)
      return yield* register(blob)
    }).pipe(
      sql.withTransaction,
      Effect.catchTag("SqlError", (e) => Effect.die(e)),
      Effect.withSpan("BlobStore.putBytes")
    ) as Effect.Effect<A, E, R>

  const read = (sha256: string) =>
    sql<{ data: Uint8Array }>`SELECT data FROM blob_data WHERE sha256 = ${sha256}`.pipe(
      Effect.flatMap((rows) =>
        rows[0] === undefined
          ? Effect.dieMessage(`blob ${sha256} is registered but has no data`)
          : Effect.succeed(rows[0].data)
      ),
      Effect.map((data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength)),
      Effect.orDie,
      Effect.withSpan("BlobStore.read")
    )

  const release = <E, R>(sha256: string, unregister: Effect.Effect<boolean, E, R>) =>
    Effect.flatMap(unregister, (orphaned) =>
      orphaned
        ? sql`DELETE FROM blob_data WHERE sha256 = ${sha256} AND NOT EXISTS (SELECT 1 FROM blobs WHERE sha256 = ${sha256})`
          .pipe(
            Effect.asVoid,
            Effect.orDie
          )
        : Effect.void).pipe(
        sql.withTransaction,
        Effect.catchTag("SqlError", (e) => Effect.die(e)),
        Effect.withSpan("BlobStore.release")
      ) as Effect.Effect<void, E, R>

  return { putBytes, read, release } satisfies BlobStoreShape
})
