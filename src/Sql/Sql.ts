/**
 * The database: PostgreSQL when DATABASE_URL is set, otherwise an embedded PGlite under
 * DATA_DIR/db. Both get the same migrations (sql/NNNN_name.sql) before anything else runs.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError, SqlError as SqlErrorClass } from "@effect/sql/SqlError"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import * as fs from "node:fs/promises"
import { createRequire } from "node:module"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import Pg from "pg"
import { AppConfig } from "../Config.js"
import { lockDataDir } from "./DataDirLock.js"
import * as PgliteClient from "./Pglite.js"

/** `sql/` at the repository root, found from this file so the working directory does not matter. */
export const migrationsDirectory: string = fileURLToPath(new URL("../../sql/", import.meta.url))

const migrationFile = /^(\d+)_([^.]+)\.sql$/

/** Every `NNNN_name.sql` in `directory`, in id order; each runs as one multi-statement text. */
export const migrationsFromDirectory = (directory: string): Migrator.Loader =>
  Effect.tryPromise({
    try: () => fs.readdir(directory),
    catch: (cause) =>
      new Migrator.MigrationError({ reason: "import-error", message: `Cannot list migrations in ${directory}`, cause })
  }).pipe(
    Effect.map((names) =>
      names
        .flatMap((file) => {
          const match = migrationFile.exec(file)
          return match === null ? [] : [{ id: Number(match[1]), name: match[2], file: path.join(directory, file) }]
        })
        .sort((a, b) => a.id - b.id)
        .map(({ file, id, name }): Migrator.ResolvedMigration => [
          id,
          name,
          Effect.tryPromise({
            try: () => fs.readFile(file, "utf8"),
            catch: (cause) =>
              new Migrator.MigrationError({ reason: "import-error", message: `Cannot read ${file}`, cause })
          }).pipe(
            // The unprepared path: PGlite's prepared statements take a single statement.
            Effect.map((text) => Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(text).unprepared))
          )
        ])
    )
  )

/** Applies the pending migrations; returns the ones it ran. */
export const migrate = (
  directory: string = migrationsDirectory
): Effect.Effect<
  ReadonlyArray<readonly [id: number, name: string]>,
  Migrator.MigrationError | SqlError,
  SqlClient.SqlClient
> => Migrator.make({})({ loader: migrationsFromDirectory(directory) })

type TypeParser = (value: string) => unknown
// pg's own default parsers (pg-types 2, a dependency of `pg`), extended with int8 → number below.
const pgTypes = createRequire(import.meta.url)("pg").types as {
  getTypeParser: (oid: number, format?: "text" | "binary") => TypeParser
}
const INT8 = 20

/** How busy this process's PostgreSQL connections are (for /metrics); undefined on the embedded database. */
export class DatabasePool extends Context.Tag("DatabasePool")<DatabasePool, {
  readonly stats: () => { readonly total: number; readonly idle: number; readonly waiting: number } | undefined
}>() {}

const noPool = Layer.succeed(DatabasePool, { stats: () => undefined })

/** A PostgreSQL client; BIGINT / COUNT(*) (int8) come back as JS numbers, as in PGlite. */
export const postgresLayer = (
  url: Redacted.Redacted,
  options: { readonly maxConnections?: number | undefined } = {}
): Layer.Layer<SqlClient.SqlClient | DatabasePool, SqlError> =>
  Layer.unwrapScoped(Effect.gen(function*() {
    const types = {
      getTypeParser: (oid: number, format?: "text" | "binary") =>
        oid === INT8 && format !== "binary" ? Number : pgTypes.getTypeParser(oid, format)
    }
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const pool = new Pg.Pool({
          connectionString: Redacted.value(url),
          max: options.maxConnections,
          application_name: "docsplit",
          types
        })
        // An idle connection the server closed: the pool drops it and the next query opens another.
        pool.on("error", () => {})
        return pool
      }),
      (pool) => Effect.promise(() => pool.end().catch(() => undefined))
    )
    yield* Effect.tryPromise({
      try: () => pool.query("SELECT 1"),
      catch: (cause) => new SqlErrorClass({ cause, message: "PostgreSQL: cannot connect to DATABASE_URL" })
    })
    return Layer.merge(
      PgClient.layerFromPool({ acquire: Effect.succeed(pool), types }),
      Layer.succeed(DatabasePool, {
        stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
      })
    )
  }))

/** The embedded database kept in `directory` (`undefined`: in memory). */
export const pgliteLayer = (directory: string | undefined): Layer.Layer<SqlClient.SqlClient, SqlError> =>
  directory === undefined
    ? PgliteClient.layer({ dataDir: undefined })
    : PgliteClient.layer({ dataDir: directory }).pipe(Layer.provide(Layer.scopedDiscard(lockDataDir(directory))))

/** Any fixed number: the advisory lock processes starting together take before migrating. */
const MIGRATION_LOCK = 7_316_050_001

/**
 * Migrations while one connection holds a database-wide advisory lock, so that processes started
 * together on one PostgreSQL database migrate one after the other (the later ones find nothing left
 * to do). The lock is a session's, held beside the migrations rather than around them in one
 * transaction: the migrator's first look at its table must be free to fail.
 */
export const migrateExclusively = (directory: string = migrationsDirectory) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const lockHolder = yield* sql.reserve
    yield* Effect.acquireRelease(
      lockHolder.executeRaw(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`, []),
      () => Effect.ignore(lockHolder.executeRaw(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`, []))
    )
    return yield* migrate(directory)
  }))

/** Runs the migrations once the client is up and passes the client on. */
export const withMigrations = <A, E, R>(
  client: Layer.Layer<A | SqlClient.SqlClient, E, R>,
  directory: string = migrationsDirectory,
  options: { readonly shared?: boolean } = {}
): Layer.Layer<A | SqlClient.SqlClient, E | SqlError | Migrator.MigrationError, R> =>
  Layer.effectDiscard(options.shared === true ? migrateExclusively(directory) : migrate(directory)).pipe(
    Layer.provideMerge(client)
  )

/** The application's database, migrated. */
export const SqlLive: Layer.Layer<SqlClient.SqlClient | DatabasePool, SqlError | Migrator.MigrationError, AppConfig> =
  Layer.unwrapEffect(
    Effect.map(AppConfig, (config) =>
      withMigrations(
        Option.match(config.databaseUrl, {
          onSome: (url) => postgresLayer(url),
          onNone: () => Layer.merge(pgliteLayer(path.join(config.dataDir, "db")), noPool)
        }),
        migrationsDirectory,
        // Several processes may share PostgreSQL; the embedded database belongs to one.
        { shared: Option.isSome(config.databaseUrl) }
      ))
  )
