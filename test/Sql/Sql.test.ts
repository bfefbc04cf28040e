import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it, layer } from "@effect/vitest"
import { Chunk, ConfigProvider, Deferred, Effect, Exit, Fiber, Layer, Ref, Stream, String as Str } from "effect"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import { AppConfig } from "../../src/Config.js"
import * as PgliteClient from "../../src/Sql/Pglite.js"
import { migrate, migrationsDirectory, SqlLive, withMigrations } from "../../src/Sql/Sql.js"
import { testBackends } from "../support/sql.js"

const now = 1_700_000_000
let counter = 0
const uniqueId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

const insertTenant = (id: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`INSERT INTO tenants ${sql.insert({ id, created_at: now })}`)

const countTenants = (ids: ReadonlyArray<string>) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ n: number }>`SELECT COUNT(*) AS n FROM tenants WHERE ${sql.in("id", ids)}`
  ).pipe(Effect.map((rows) => rows[0].n))

class Boom {
  readonly _tag = "Boom"
}

describe.each(testBackends)("Sql on $name", ({ layer: backend, name }) => {
  layer(backend, { excludeTestServices: true })((it) => {
    it.effect("applies every migration and creates the schema", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const applied = yield* sql<{ migrationId: number; name: string }>`
          SELECT migration_id AS "migrationId", name FROM effect_sql_migrations ORDER BY migration_id`
        expect(applied).toEqual([
          { migrationId: 1, name: "init" },
          { migrationId: 2, name: "key_sources" },
          { migrationId: 3, name: "jobs" },
          { migrationId: 4, name: "blob_data" },
          { migrationId: 5, name: "blob_uploads" },
          { migrationId: 6, name: "jobs_active" }
        ])
        const tables = yield* sql<{ tableName: string }>`
          SELECT table_name AS "tableName" FROM information_schema.tables
          WHERE table_schema = current_schema() ORDER BY table_name`
        expect(tables.map((t) => t.tableName)).toEqual([
          "api_keys",
          "blob_data",
          "blob_uploads",
          "blobs",
          "documents",
          "effect_sql_migrations",
          "extraction_runs",
          "jobs",
          "parses",
          "templates",
          "tenants"
        ])
      }))

    it.effect("applies nothing when migrated again", () =>
      Effect.gen(function*() {
        expect(yield* migrate()).toEqual([])
      }))

    it.effect("round-trips rows: JSON text, JSON and JSONB values, BIGINT as numbers", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const tenant = uniqueId("t")
        yield* insertTenant(tenant)
        // template_data is TEXT: the client's JSON comes back byte for byte (key order, spacing).
        const templateText = `{"z": 1, "a": [{"key": "total", "required": true}], "note": "ü €"}`
        const big = 2 ** 40
        yield* sql`INSERT INTO templates ${
          sql.insert([
            {
              id: `${tenant}-a`,
              tenant_id: tenant,
              document_type: "invoice",
              template_data: templateText,
              created_at: big,
              updated_at: now
            },
            {
              id: `${tenant}-b`,
              tenant_id: tenant,
              document_type: "receipt",
              template_data: "{}",
              created_at: now,
              updated_at: now
            }
          ])
        }`
        const rows = yield* sql<{ id: string; templateData: unknown; createdAt: number; seq: number }>`
          SELECT id, template_data AS "templateData", created_at AS "createdAt", seq
          FROM templates WHERE tenant_id = ${tenant} ORDER BY seq`
        expect(rows.map((r) => r.id)).toEqual([`${tenant}-a`, `${tenant}-b`])
        expect(rows[0].templateData).toBe(templateText)
        expect(rows[0].createdAt).toBe(big)
        expect(typeof rows[0].seq).toBe("number")
        expect(rows[1].seq).toBeGreaterThan(rows[0].seq)

        const [count] = yield* sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ${tenant}`
        expect(count.n).toBe(2)

        yield* sql`INSERT INTO blobs ${sql.insert({ sha256: tenant, size: 3, media_type: null, created_at: now })}`
        yield* sql`INSERT INTO documents ${
          sql.insert({
            id: tenant,
            tenant_id: tenant,
            name: "a.pdf",
            blob_sha256: tenant,
            size: 3,
            media_type: "application/pdf",
            created_at: now
          })
        }`
        // JSON columns come back parsed, keys in the order written. JSON text is the portable parameter:
        // node-postgres would send a JS array as a PostgreSQL array literal.
        const pageModel = { pages: [{ n: 1, lines: [] }], source: "text", a: null }
        yield* sql`INSERT INTO parses ${
          sql.insert({
            document_id: tenant,
            options_key: "default",
            page_model: JSON.stringify(pageModel),
            created_at: now
          })
        }`
        yield* sql`INSERT INTO extraction_runs ${
          sql.insert({
            id: tenant,
            document_id: tenant,
            template_ids: JSON.stringify(["x", "y"]),
            results: JSON.stringify([{ ok: true }]),
            created_at: now
          })
        }`
        const [parse] = yield* sql<{ page_model: object }>`SELECT page_model FROM parses WHERE document_id = ${tenant}`
        expect(parse.page_model).toEqual(pageModel)
        expect(Object.keys(parse.page_model)).toEqual(["pages", "source", "a"])
        const [run] = yield* sql<{ template_ids: unknown; results: unknown }>`
          SELECT template_ids, results FROM extraction_runs WHERE id = ${tenant}`
        expect(run).toEqual({ template_ids: ["x", "y"], results: [{ ok: true }] })

        const [jsonb] = yield* sql<{ v: unknown }>`SELECT ${JSON.stringify({ b: [1, 2], a: "x" })}::jsonb AS v`
        expect(jsonb.v).toEqual({ a: "x", b: [1, 2] })
      }))

    it.effect("supports values, raw, unprepared multi-statement text and streams", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const tenants = [uniqueId("v"), uniqueId("v"), uniqueId("v")]
        yield* sql`INSERT INTO tenants ${sql.insert(tenants.map((id, i) => ({ id, created_at: now + i })))}`

        const values = yield* sql`SELECT id, created_at FROM tenants WHERE ${sql.in("id", tenants)} ORDER BY created_at`
          .values
        expect(values).toEqual(tenants.map((id, i) => [id, now + i]))

        const raw = yield* sql`SELECT id FROM tenants WHERE ${sql.in("id", tenants)}`.raw
        expect(raw).toHaveProperty("rows")

        const multi = yield* sql.unsafe(`SELECT 1 AS one; SELECT 2 AS two`).unprepared
        expect(multi).toEqual([[{ one: 1 }], [{ two: 2 }]])

        const streamed = yield* Stream.runCollect(
          sql<{ id: string }>`SELECT id FROM tenants WHERE ${sql.in("id", tenants)} ORDER BY created_at`.stream
        )
        expect(Chunk.toReadonlyArray(streamed).map((r) => r.id)).toEqual(tenants)
      }))

    it.effect("commits a transaction and rolls a failed one back", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const kept = uniqueId("commit")
        yield* sql.withTransaction(insertTenant(kept))
        expect(yield* countTenants([kept])).toBe(1)

        const lost = uniqueId("rollback")
        const exit = yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* insertTenant(lost)
            expect(yield* countTenants([lost])).toBe(1)
            return yield* Effect.fail(new Boom())
          })
        ).pipe(Effect.exit)
        expect(Exit.isFailure(exit)).toBe(true)
        expect(yield* countTenants([lost])).toBe(0)

        // A statement error inside the transaction rolls it back too.
        const dup = uniqueId("dup")
        const dupExit = yield* sql.withTransaction(Effect.zipRight(insertTenant(dup), insertTenant(dup))).pipe(
          Effect.exit
        )
        expect(Exit.isFailure(dupExit)).toBe(true)
        expect(yield* countTenants([dup])).toBe(0)
      }))

    it.effect("nests transactions with savepoints", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const [outer, innerOk, innerFailed] = [uniqueId("outer"), uniqueId("inner-ok"), uniqueId("inner-failed")]
        yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* insertTenant(outer)
            yield* sql.withTransaction(insertTenant(innerOk))
            yield* sql.withTransaction(Effect.zipRight(insertTenant(innerFailed), Effect.fail(new Boom()))).pipe(
              Effect.ignore
            )
            // Child fibers share the transaction's connection: on PGlite they must not wait for its lock.
            // (node-postgres only queues concurrent queries on one client and deprecates doing so.)
            const counts = yield* Effect.all([
              countTenants([outer]),
              countTenants([innerOk]),
              countTenants([innerFailed])
            ], {
              concurrency: name === "pglite" ? "unbounded" : 1
            })
            expect(counts).toEqual([1, 1, 0])
          })
        )
        expect(yield* countTenants([outer, innerOk, innerFailed])).toBe(2)

        const [outer2, inner2] = [uniqueId("outer"), uniqueId("inner")]
        yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* insertTenant(outer2)
            yield* sql.withTransaction(insertTenant(inner2))
            return yield* Effect.fail(new Boom())
          })
        ).pipe(Effect.ignore)
        expect(yield* countTenants([outer2, inner2])).toBe(0)
      }))

    it.effect("runs concurrent transactions in isolation and commits them all", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const prefix = uniqueId("conc")
        // A transaction's rows may only become visible after its body has finished (its COMMIT comes later).
        const finished = yield* Ref.make(new Set<number>())
        const rowsPerFiber = 3
        const results = yield* Effect.all(
          Array.from({ length: 10 }, (_, fiber) =>
            sql.withTransaction(
              Effect.gen(function*() {
                const ids = Array.from({ length: rowsPerFiber }, (_, i) => `${prefix}-${fiber}-${i}`)
                for (const id of ids) {
                  yield* insertTenant(id)
                  yield* Effect.sleep("2 millis")
                }
                const seen = yield* sql<{ id: string }>`SELECT id FROM tenants WHERE id LIKE ${`${prefix}-%`}`
                const done = yield* Ref.get(finished)
                const own = seen.filter((r) => r.id.startsWith(`${prefix}-${fiber}-`)).length
                const leaked = seen
                  .map((r) => Number(r.id.slice(prefix.length + 1).split("-")[0]))
                  .filter((other) => other !== fiber && !done.has(other))
                yield* Ref.update(finished, (s) => new Set(s).add(fiber))
                return { own, leaked }
              })
            )),
          { concurrency: 10 }
        )
        for (const { leaked, own } of results) {
          expect(own).toBe(rowsPerFiber)
          expect(leaked).toEqual([])
        }
        const [total] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM tenants WHERE id LIKE ${`${prefix}-%`}`
        expect(total.n).toBe(10 * rowsPerFiber)
      }))

    it.effect("never shows another fiber an open transaction's rows", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const id = uniqueId("open")
        const inserted = yield* Deferred.make<void>()
        const writer = yield* sql.withTransaction(
          Effect.gen(function*() {
            yield* insertTenant(id)
            yield* Deferred.succeed(inserted, undefined)
            yield* Effect.sleep("50 millis")
          })
        ).pipe(Effect.fork)
        yield* Deferred.await(inserted)
        const seen = yield* countTenants([id])
        yield* writer.await
        // PGlite has one connection: the reader waits for the COMMIT; PostgreSQL reads the snapshot before it.
        expect(seen).toBe(name === "pglite" ? 1 : 0)
        expect(yield* countTenants([id])).toBe(1)
      }))

    it.effect("rolls back and frees the connection when a transaction's fiber is interrupted", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const id = uniqueId("interrupted")
        const inserted = yield* Deferred.make<void>()
        const fiber = yield* sql.withTransaction(
          Effect.zipRight(insertTenant(id), Effect.zipRight(Deferred.succeed(inserted, undefined), Effect.never))
        ).pipe(Effect.fork)
        yield* Deferred.await(inserted)
        yield* Fiber.interrupt(fiber)
        expect(yield* countTenants([id]).pipe(Effect.timeout("5 seconds"))).toBe(0)
      }))
  })
})

describe("SqlLive on PGlite", () => {
  it.live("keeps data across restarts and applies only new migrations", () =>
    Effect.gen(function*() {
      const root = yield* Effect.promise(() => fs.mkdtemp(path.join(os.tmpdir(), "sql-test-")))
      yield* Effect.addFinalizer(() => Effect.promise(() => fs.rm(root, { recursive: true, force: true })))
      const dataDir = path.join(root, "data")
      // DATABASE_URL is left out on purpose: this is the embedded backend under DATA_DIR/db.
      const live = SqlLive.pipe(
        Layer.provide(AppConfig.Default),
        Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["DATA_DIR", dataDir]]))))
      )
      const open = <A, E>(use: Effect.Effect<A, E, SqlClient.SqlClient>) =>
        Effect.scoped(Effect.flatMap(Layer.build(live), (context) => Effect.provide(use, context)))
      const appliedMigrations = Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ id: number }>`SELECT migration_id AS id FROM effect_sql_migrations ORDER BY migration_id`
      ).pipe(Effect.map((rows) => rows.map((r) => r.id)))

      const first = yield* open(Effect.zipLeft(appliedMigrations, insertTenant("survivor")))
      expect(first).toEqual([1, 2, 3, 4, 5, 6])
      expect((yield* Effect.promise(() => fs.stat(path.join(dataDir, "db")))).isDirectory()).toBe(true)

      const migrations = path.join(root, "migrations")
      yield* Effect.promise(() => fs.cp(migrationsDirectory, migrations, { recursive: true }))
      yield* Effect.promise(() =>
        fs.writeFile(
          path.join(migrations, "0007_labels.sql"),
          "ALTER TABLE tenants ADD COLUMN label TEXT;\nCREATE INDEX tenants_label ON tenants (label);\n"
        )
      )
      const second = yield* open(
        Effect.gen(function*() {
          const afterRestart = yield* appliedMigrations
          const applied = yield* migrate(migrations)
          const again = yield* migrate(migrations)
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql`SELECT id, label FROM tenants`
          return { afterRestart, applied, again, rows }
        })
      )
      expect(second.afterRestart).toEqual([1, 2, 3, 4, 5, 6])
      expect(second.applied).toEqual([[7, "labels"]])
      expect(second.again).toEqual([])
      expect(second.rows).toEqual([{ id: "survivor", label: null }])
    }).pipe(Effect.scoped))
})

describe("PGlite client options", () => {
  it.live("applies transformResultNames to result rows", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql`SELECT 1 AS created_at, 'x' AS media_type`
      expect(rows).toEqual([{ createdAt: 1, mediaType: "x" }])
      const [untransformed] = yield* sql`SELECT 1 AS created_at`.withoutTransform
      expect(untransformed).toEqual({ created_at: 1 })
    }).pipe(
      Effect.provide(
        withMigrations(PgliteClient.layer({ dataDir: undefined, transformResultNames: Str.snakeToCamel }))
      )
    ))
})
