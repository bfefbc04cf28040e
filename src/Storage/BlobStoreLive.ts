/** The blob store BLOB_STORE names (Storage/BlobStore.ts says what each keeps consistent). */
import type { SqlClient } from "@effect/sql"
import { type ConfigError, Effect, Layer, type Scope } from "effect"
import { AppConfig } from "../Config.js"
import { BlobStore, type BlobStoreShape } from "./BlobStore.js"
import { makeFsBlobStore } from "./FsBlobStore.js"
import { makePgBlobStore } from "./PgBlobStore.js"
import { makeS3BlobStore } from "./S3BlobStore.js"
import type { Scratch } from "./Scratch.js"

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
