/**
 * Where uploaded files live, content-addressed by SHA-256 and registered in the `blobs` table:
 * BLOB_STORE=fs (under DATA_DIR/blobs, one machine), postgres (in the database) or s3 (an S3-compatible
 * object store), the last two shared by every process that uses them. Each store keeps a file and its registration consistent: a file is stored
 * with the row that holds it, and goes with the last row that held it.
 */
import type { SqlClient } from "@effect/sql"
import { type ConfigError, Context, Effect, Layer, type Scope } from "effect"
import { AppConfig } from "../Config.js"
import { makeFsBlobStore } from "./FsBlobStore.js"
import { makePgBlobStore } from "./PgBlobStore.js"
import { makeS3BlobStore } from "./S3BlobStore.js"
import type { Scratch } from "./Scratch.js"

export interface StoredBlob {
  readonly sha256: string
  readonly size: number
}

export interface BlobStoreShape {
  /** Stores the bytes and runs `register` (the rows that hold the blob) so that both happen or neither. */
  readonly putBytes: <A, E, R>(bytes: Uint8Array, register: (blob: StoredBlob) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  readonly read: (sha256: string) => Effect.Effect<Uint8Array>
  /** Runs `unregister` (the database delete; true when no row holds the blob any more) and removes the bytes then. */
  readonly release: <E, R>(sha256: string, unregister: Effect.Effect<boolean, E, R>) => Effect.Effect<void, E, R>
}

export class BlobStore extends Context.Tag("BlobStore")<BlobStore, BlobStoreShape>() {}

/** The store BLOB_STORE names. */
export const BlobStoreLive = Layer.scoped(
  BlobStore,
  Effect.flatMap(AppConfig, (config): Effect.Effect<
    BlobStoreShape,
    ConfigError.ConfigError,
    AppConfig | SqlClient.SqlClient | Scratch | Scope.Scope
  > => {
    switch (config.blobStore) {
      case "fs":
        return makeFsBlobStore
      case "postgres":
        return makePgBlobStore
      case "s3":
        return makeS3BlobStore
    }
  })
)
