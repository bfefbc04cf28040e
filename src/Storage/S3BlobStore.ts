/**
 * The S3-compatible blob store (BLOB_STORE=s3; S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE,
 * credentials from the usual AWS variables): objects `blobs/<aa>/<sha256>`, shared by every process.
 *
 * A blob's object and its rows change under a database advisory lock on the blob, so an upload of some
 * bytes and the removal of the same bytes by another process never interleave. An upload is announced
 * in `blob_uploads` before the object is written and forgotten once its rows are committed: an object
 * whose process died in between is removed by the next sweep (at start, then hourly).
 */
import { SqlClient } from "@effect/sql"
import { ConfigError, Effect, Schedule } from "effect"
import { createHash } from "node:crypto"
import { AppConfig } from "../Config.js"
import { newId, nowSeconds } from "../lib/ids.js"
import type { BlobStoreShape, StoredBlob } from "./BlobStore.js"

/** An upload announced this long ago and never committed belongs to a process that stopped. */
const ABANDONED_AFTER_SECONDS = 3600

const keyOf = (sha256: string) => `blobs/${sha256.slice(0, 2)}/${sha256}`

export const makeS3BlobStore = Effect.gen(function*() {
  const { s3 } = yield* AppConfig
  const sql = yield* SqlClient.SqlClient
  if (s3.bucket === undefined || s3.bucket === "") {
    return yield* Effect.fail(
      ConfigError.MissingData(
        ["S3_BUCKET"],
        "BLOB_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS)"
      )
    )
  }
  const bucket = s3.bucket
  // Loaded only by a process that uses the store: the SDK is a large module graph.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = yield* Effect.promise(() =>
    import("@aws-sdk/client-s3")
  )
  const client = new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint !== undefined && s3.endpoint !== "" ? { endpoint: s3.endpoint } : {})
  })
  yield* Effect.addFinalizer(() => Effect.sync(() => client.destroy()))

  const send = <A>(what: string, f: () => Promise<A>) =>
    Effect.tryPromise({ try: f, catch: (cause) => new Error(`object store: ${what} failed: ${String(cause)}`) }).pipe(
      Effect.orDie
    )

  /** Holds the blob's lock until the calling transaction ends. */
  const lockBlob = (sha256: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtext(${`blob:${sha256}`}))`.pipe(Effect.orDie)

  const deleteObject = (sha256: string) =>
    send(`delete ${sha256}`, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(sha256) })))

  const putBytes = <A, E, R>(bytes: Uint8Array, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) =>
    Effect.gen(function*() {
      const blob: StoredBlob = { sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.byteLength }
      const token = newId("upload")
      yield* sql`INSERT INTO blob_uploads (sha256, token, started_at) VALUES (${blob.sha256}, ${token}, ${nowSeconds()})`
        .pipe(Effect.orDie)
      return yield* Effect.gen(function*() {
        yield* lockBlob(blob.sha256)
        yield* send(
          `put ${blob.sha256}`,
          () => client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(blob.sha256), Body: bytes }))
        )
        return yield* register(blob)
      }).pipe(
        sql.withTransaction,
        Effect.catchTag("SqlError", (e) => Effect.die(e)),
        // Committed or rolled back: the announcement goes (a rolled-back upload's object with it, unless rows hold it).
        Effect.onExit(() => forget(blob.sha256, token))
      ) as Effect.Effect<A, E, R>
    }).pipe(Effect.withSpan("BlobStore.putBytes"))

  /** The upload is over: its announcement goes, and its object too if no row holds the blob. */
  const forget = (sha256: string, token: string) =>
    Effect.gen(function*() {
      yield* lockBlob(sha256)
      yield* sql`DELETE FROM blob_uploads WHERE token = ${token}`
      const held = yield* sql`SELECT 1 FROM blobs WHERE sha256 = ${sha256}`
      if (held.length === 0) yield* deleteObject(sha256)
    }).pipe(sql.withTransaction, Effect.orDie)

  const read = (sha256: string) =>
    send(`get ${sha256}`, async () => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }))
      return object.Body!.transformToByteArray()
    }).pipe(Effect.withSpan("BlobStore.read"))

  const release = <E, R>(sha256: string, unregister: Effect.Effect<boolean, E, R>) =>
    Effect.gen(function*() {
      yield* lockBlob(sha256)
      const orphaned = yield* unregister
      if (orphaned) yield* deleteObject(sha256)
    }).pipe(
      sql.withTransaction,
      Effect.catchTag("SqlError", (e) => Effect.die(e)),
      Effect.withSpan("BlobStore.release")
    ) as Effect.Effect<void, E, R>

  /** Uploads whose process stopped before committing: their objects go unless a row holds them. */
  const sweep = Effect.gen(function*() {
    const stale = yield* sql<{ sha256: string; token: string }>`
      SELECT sha256, token FROM blob_uploads WHERE started_at < ${nowSeconds() - ABANDONED_AFTER_SECONDS}`
    for (const { sha256, token } of stale) yield* forget(sha256, token)
  }).pipe(Effect.catchAllCause((cause) => Effect.logWarning("object store sweep failed; next time", cause)))
  yield* Effect.forkScoped(Effect.repeat(sweep, Schedule.spaced("1 hour")))

  return { putBytes, read, release } satisfies BlobStoreShape
})
