/**
 * One insert + select through the SqlClient: the embedded PGlite against the PostgreSQL server
 * (when DATABASE_URL is set or one answers on 127.0.0.1:5432), measured in the same run.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer, Redacted } from "effect"
import { pgliteLayer, postgresLayer } from "../src/Sql/Sql.js"

const measure = (runs: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE TEMP TABLE bench_rows (id TEXT PRIMARY KEY, n BIGINT NOT NULL)`
    const samples: Array<number> = []
    for (let i = 0; i < runs + 100; i++) {
      const t = performance.now()
      yield* sql`INSERT INTO bench_rows (id, n) VALUES (${`r${i}`}, ${i})`
      yield* sql`SELECT id, n FROM bench_rows WHERE id = ${`r${i}`}`
      if (i >= 100) samples.push(performance.now() - t)
    }
    samples.sort((a, b) => a - b)
    return { p50: samples[Math.floor(runs / 2)]!, p95: samples[Math.floor(runs * 0.95)]! }
  })

const run = (layer: Layer.Layer<SqlClient.SqlClient, unknown>) =>
  Effect.runPromise(
    measure(1000).pipe(Effect.provide(layer), Effect.scoped) as Effect.Effect<{ p50: number; p95: number }>
  )

export default async function() {
  const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
  const postgres = await run(postgresLayer(Redacted.make(url), { maxConnections: 1 })).catch((e) => {
    console.log(`PostgreSQL reference not reachable at ${url} (${String(e).slice(0, 80)}): skipped`)
    return undefined
  })
  const pglite = await run(pgliteLayer(undefined))
  const line = (name: string, q: { p50: number; p95: number }) =>
    console.log(`${name.padEnd(22)} p50 ${q.p50.toFixed(3)} ms  p95 ${q.p95.toFixed(3)} ms`)
  if (postgres) line("PostgreSQL (reference)", postgres)
  line("PGlite (embedded)", pglite)
  if (postgres) console.log(`PGlite / PostgreSQL p50: ${(pglite.p50 / postgres.p50).toFixed(2)}×`)
}
