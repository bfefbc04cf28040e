/**
 * `GET /metrics`: the service's metrics in Prometheus' text format, for a scraper. The levels (jobs
 * waiting and running, requests admitted, database connections) are read at each scrape.
 */
import * as Metrics from "@effect/opentelemetry/Metrics"
import * as Resource from "@effect/opentelemetry/Resource"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { SqlClient } from "@effect/sql"
import { PrometheusSerializer } from "@opentelemetry/exporter-prometheus"
import { Effect, Metric } from "effect"
import { queueDepth } from "../Jobs/Repo.js"
import { Admission } from "../Pipeline/Admission.js"
import { DatabasePool } from "../Sql/Sql.js"
import { gauges } from "./Metrics.js"

export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

export const MetricsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const admission = yield* Admission
    const pool = yield* Effect.serviceOption(DatabasePool)
    const producer = yield* Metrics.makeProducer.pipe(Effect.provide(Resource.layer({ serviceName: "docsplit" })))
    const serializer = new PrometheusSerializer()

    const levels = Effect.gen(function*() {
      yield* Metric.set(gauges.admitted, admission.load())
      const depth = yield* Effect.option(Effect.provideService(queueDepth, SqlClient.SqlClient, sql))
      if (depth._tag === "Some") {
        yield* Metric.set(gauges.jobsQueued, depth.value.queued)
        yield* Metric.set(gauges.jobsRunning, depth.value.running)
      }
      const stats = pool._tag === "Some" ? pool.value.stats() : undefined
      if (stats !== undefined) {
        for (const state of ["total", "idle", "waiting"] as const) {
          yield* Metric.set(gauges.dbConnections.pipe(Metric.tagged("state", state)), stats[state])
        }
      }
    })

    yield* router.get(
      "/metrics",
      levels.pipe(
        Effect.zipRight(Effect.promise(() => producer.collect())),
        Effect.map(({ resourceMetrics }) =>
          HttpServerResponse.text(serializer.serialize(resourceMetrics), { contentType: PROMETHEUS_CONTENT_TYPE })
        )
      )
    )
  })
)
