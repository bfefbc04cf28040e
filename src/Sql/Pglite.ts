/**
 * An embedded PostgreSQL (PGlite, WebAssembly) behind @effect/sql's `SqlClient`.
 *
 * PGlite is a single connection, so a semaphore serializes callers: a plain query holds it
 * for one statement, a transaction holds it from BEGIN to COMMIT/ROLLBACK. Queries of the
 * fiber that owns the transaction run on the transaction connection (found in its context)
 * and never touch the semaphore, so they cannot deadlock.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as PgClient from "@effect/sql-pg/PgClient"
import * as SqlClient from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import * as Statement from "@effect/sql/Statement"
import { PGlite, types as PgliteTypes } from "@electric-sql/pglite"
import { Effect, Layer, type Scope, Stream } from "effect"
import { spawn } from "node:child_process"
import * as fs from "node:fs/promises"
import { createRequire } from "node:module"

export interface PgliteClientConfig {
  /** Directory of the database files; `undefined` keeps the database in memory. */
  readonly dataDir: string | undefined
  readonly transformResultNames?: ((name: string) => string) | undefined
  readonly transformQueryNames?: ((name: string) => string) | undefined
  readonly transformJson?: boolean | undefined
}

type TransformRows = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

/**
 * Creates the database files in a process of its own that ends when they are written. Creating them grows
 * PGlite's WebAssembly memory by about 500 MB and leaves the compiler's and initdb's allocations in the
 * C heap, which a process never gives back (closing the instance does not; a worker thread's end returns
 * the WebAssembly memory but not the rest): the server's first start held 950 MB at rest when the files
 * were made in its own thread, 520 MB with a worker thread, and the same as a later start with a process.
 */
const createInProcess = (dataDir: string) =>
  new Promise<void>((resolve, reject) => {
    const script = `const { PGlite } = require(process.argv[1])
      PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close()).then(
        () => process.exit(0),
        (e) => { console.error(String(e && e.stack || e)); process.exit(1) })`
    const { NODE_OPTIONS: _, ...env } = process.env
    // Plain Node: no loader or flag of this process's (a test runner's) applies to it.
    const child = spawn(
      process.execPath,
      ["-e", script, createRequire(import.meta.url).resolve("@electric-sql/pglite"), dataDir],
      { env, stdio: ["ignore", "ignore", "pipe"] }
    )
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-4096)
    })
    child.once("error", reject)
    child.once("close", (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`database creation stopped (${signal ?? `exit code ${code}`}): ${stderr.trim()}`))
    })
  })

/**
 * PostgreSQL's page cache inside PGlite's WebAssembly memory (PostgreSQL's default is 128MB, which PGlite
 * keeps). The files sit on the machine's own file system, whose cache serves them as well, and a page of
 * the cache, once touched, stays resident for the process's life: at 128MB the server held 600 MB at rest,
 * at 16MB 470 MB, with the same insert and select times (npm run bench sql).
 */
const SHARED_BUFFERS = "16MB"

const open = (dataDir: string | undefined) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        if (dataDir !== undefined) {
          await fs.mkdir(dataDir, { recursive: true })
          if ((await fs.readdir(dataDir)).length === 0) await createInProcess(dataDir)
        }
        // int8 (BIGINT, COUNT(*)) as a JS number, like the PostgreSQL backend; PGlite would
        // otherwise return a bigint above 2^53.
        return await PGlite.create({
          dataDir,
          parsers: { [PgliteTypes.INT8]: Number },
          startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS}`]
        })
      },
      catch: (cause) =>
        new SqlError({ cause, message: `PgliteClient: failed to open database (${dataDir ?? "memory"})` })
    }),
    (db) =>
      Effect.tryPromise(() => db.close()).pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("PgliteClient: failed to close database", cause))
      )
  )

const statementError = (cause: unknown) =>
  new SqlError({
    cause,
    message: `Failed to execute statement: ${cause instanceof Error ? cause.message : String(cause)}`
  })

const makeConnection = (db: PGlite): Connection => {
  const run = <A>(f: () => Promise<A>) => Effect.tryPromise({ try: f, catch: statementError })

  const execute = (sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows) =>
    run(() => db.query<object>(sql, params as Array<unknown>, { rowMode: "object" })).pipe(
      Effect.map((result) => (transformRows ? transformRows(result.rows) : result.rows))
    )

  return {
    execute,
    executeRaw: (sql, params) => run(() => db.query(sql, params as Array<unknown>)),
    executeValues: (sql, params) =>
      run(() => db.query<Array<unknown>>(sql, params as Array<unknown>, { rowMode: "array" })).pipe(
        Effect.map((result) => result.rows)
      ),
    // The extended protocol (db.query) takes one statement; migrations and BEGIN/COMMIT go through db.exec.
    executeUnprepared: (sql, params, transformRows) =>
      params.length > 0
        ? execute(sql, params, transformRows)
        : run(() => db.exec(sql, { rowMode: "object" })).pipe(
          Effect.map((results) => {
            if (results.length === 1) {
              const rows = results[0].rows as ReadonlyArray<object>
              return transformRows ? transformRows(rows) : rows
            }
            // Several statements: one row array per statement, as @effect/sql-pg returns them.
            return results.map((result) => result.rows)
          })
        ),
    // PGlite has no cursors across calls: the result is read whole, then streamed.
    executeStream: (sql, params, transformRows) => Stream.fromIterableEffect(execute(sql, params, transformRows))
  }
}

/** A scoped SqlClient over one PGlite instance, closed when the scope closes. */
export const make = (
  options: PgliteClientConfig
): Effect.Effect<SqlClient.SqlClient, SqlError, Reactivity.Reactivity | Scope.Scope> =>
  Effect.gen(function*() {
    const db = yield* open(options.dataDir)
    const connection = makeConnection(db)
    const lock = yield* Effect.makeSemaphore(1)

    // Holds the single connection until the caller's scope closes (one statement or one transaction).
    const acquire: Connection.Acquirer = Effect.uninterruptibleMask((restore) =>
      restore(lock.take(1)).pipe(
        Effect.zipRight(Effect.addFinalizer(() => lock.release(1))),
        Effect.as(connection)
      )
    )

    const transformRows = options.transformResultNames
      ? Statement.defaultTransforms(options.transformResultNames, options.transformJson).array
      : undefined

    return yield* SqlClient.make({
      acquirer: acquire,
      transactionAcquirer: acquire,
      compiler: PgClient.makeCompiler(options.transformQueryNames, options.transformJson),
      spanAttributes: [
        ["db.system.name", "postgresql"],
        ["db.namespace", options.dataDir ?? "pglite:memory"]
      ],
      transformRows
    })
  })

export const layer = (options: PgliteClientConfig): Layer.Layer<SqlClient.SqlClient, SqlError> =>
  Layer.scoped(SqlClient.SqlClient, make(options)).pipe(Layer.provide(Reactivity.layer))
