/**
 * Where uploaded files live, content-addressed by SHA-256 and registered in the `blobs` table:
 * BLOB_STORE=fs (under DATA_DIR/blobs, one machine), postgres (in the database) or s3 (an S3-compatible
 * object store), the last two shared by every process that uses them. Each store keeps a file and its registration consistent: a file is stored
 * with the row that holds it, and goes with the last row that held it.
 */
import { Context, type Effect } from "effect"

export interface StoredBlob {
  readonly sha256: string
  readonly size: number
}

export interface BlobStoreShape {
  /** Stores the bytes and runs `register` (the rows that hold the blob) so that both happen or neither. */
  readonly putBytes: <A, E, R>(
    bytes: Uint8Array,
    register: (blob: StoredBlob) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E, R>
  readonly read: (sha256: string) => Effect.Effect<Uint8Array>
  /** Runs `unregister` (the database delete; true when no row holds the blob any more) and removes the bytes then. */
  readonly release: <E, R>(sha256: string, unregister: Effect.Effect<boolean, E, R>) => Effect.Effect<void, E, R>
}

export class BlobStore extends Context.Tag("BlobStore")<BlobStore, BlobStoreShape>() {}
