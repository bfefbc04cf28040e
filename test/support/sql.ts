/**
 * Migrated databases for tests. With DATABASE_URL set, each layer gets a schema of its own
 * (created, put first on search_path, dropped with CASCADE when the layer is released), so
 * test files running in parallel never see each other's tables; otherwise an in-memory PGlite.
 */
import type { MigrationError } from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer, Redacted } from "effect"
import { randomUUID } from "node:crypto"
import { queueSchemaFor } from "../../src/Jobs/Queue.js"
import { pgliteLayer, postgresLayer, withMigrations } from "../../src/Sql/Sql.js"

/** A fresh schema in the PostgreSQL database at `url`, migrated, dropped on release. */
export const postgresSchemaLayer = (url: string): Layer.Layer<SqlClient.SqlClient, SqlError | MigrationError> =>
  Layer.unwrapScoped(
    Effect.gen(function*() {
      const schema = `test_${randomUUID().replaceAll("-", "")}`
      const admin = yield* Layer.build(postgresLayer(Redacted.make(url), { maxConnections: 1 })).pipe(
        Effect.map(Context.get(SqlClient.SqlClient))
      )
      // Released after the test client below (finalizers run in reverse), so no connection uses the schema.
      // The queue engine's tables go in a schema beside it (Jobs/Queue.ts), dropped with it.
      yield* Effect.acquireRelease(
        admin`CREATE SCHEMA ${admin(schema)}`,
        () =>
          Effect.orDie(Effect.zipRight(
            admin`DROP SCHEMA ${admin(schema)} CASCADE`,
            admin`DROP SCHEMA IF EXISTS ${admin(queueSchemaFor(schema))} CASCADE`
          ))
      )
      const scoped = new URL(url)
      scoped.searchParams.set("options", `-c search_path=${schema}`)
      return withMigrations(postgresLayer(Redacted.make(scoped.toString())))
    })
  )

/** An in-memory PGlite, migrated. */
export const pgliteMemoryLayer: Layer.Layer<SqlClient.SqlClient, SqlError | MigrationError> = withMigrations(
  pgliteLayer(undefined)
)

const databaseUrl = process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL.length > 0
  ? process.env.DATABASE_URL
  : undefined

/** The database for a test file: PostgreSQL (own schema) when DATABASE_URL is set, else in-memory PGlite. */
export const TestSql: Layer.Layer<SqlClient.SqlClient, SqlError | MigrationError> = databaseUrl !== undefined
  ? postgresSchemaLayer(databaseUrl)
  : pgliteMemoryLayer

/** Every backend available here: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const testBackends: ReadonlyArray<{
  readonly name: "pglite" | "postgres"
  readonly layer: Layer.Layer<SqlClient.SqlClient, SqlError | MigrationError>
}> = [
  { name: "pglite", layer: pgliteMemoryLayer },
  ...(databaseUrl !== undefined ? [{ name: "postgres" as const, layer: postgresSchemaLayer(databaseUrl) }] : [])
]
