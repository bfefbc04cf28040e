/**
 * `npm run worker`: a process that runs queued jobs (WORKERS at once) and delivers their notices,
 * and serves no HTTP. It shares DATABASE_URL (and the blob store) with the API processes.
 */
import { NodeRuntime } from "@effect/platform-node"
import { ConfigError, Effect, Layer, Option } from "effect"
import { WorkerLive } from "./App.js"
import { AppConfig } from "./Config.js"
import { ObservabilityLive } from "./Observability/Observability.js"
import { SqlLive } from "./Sql/Sql.js"

const RequireSharedDatabase = Layer.effectDiscard(
  Effect.gen(function*() {
    const config = yield* AppConfig
    if (Option.isNone(config.databaseUrl)) {
      return yield* Effect.fail(ConfigError.MissingData(
        ["DATABASE_URL"],
        "a worker process needs the PostgreSQL database the API processes use (DATABASE_URL); " +
          "with the embedded database, jobs run in the API process itself"
      ))
    }
    if (config.workers === 0) {
      return yield* Effect.fail(ConfigError.InvalidData(["WORKERS"], "a worker process with WORKERS=0 would run nothing"))
    }
    yield* Effect.logInfo(`worker: running up to ${config.workers} job(s) at once`)
  })
)

// The check runs first: without it the worker would open an embedded database of its own.
const WorkerMain = WorkerLive.pipe(
  Layer.provide(SqlLive),
  Layer.provide(RequireSharedDatabase),
  Layer.provide(AppConfig.Default)
)

NodeRuntime.runMain(Layer.launch(WorkerMain).pipe(Effect.provide(ObservabilityLive)), { disablePrettyLogger: true })
