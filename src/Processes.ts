/**
 * The two kinds of process, as layers to launch: the server (HTTP, and jobs unless WORKERS=0) and
 * the worker (jobs only, on the PostgreSQL database the servers share). `npm start`, `npm run worker`
 * and `docsplit serve|worker` all launch these.
 */
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as HttpServer from "@effect/platform/HttpServer"
import { ConfigError, Effect, Layer, Option } from "effect"
import { createServer } from "node:http"
import { PipelineLive, ReaderLive, ScratchLive, ServicesLive, WorkerLive } from "./App.js"
import { AdminMailboxLive } from "./Auth/AdminMailbox.js"
import { bootstrapKeys } from "./Auth/Keys.js"
import { AppConfig } from "./Config.js"
import { warmUpServer } from "./Documents/WarmUp.js"
import { HttpAppLive } from "./Http/Server.js"
import { SqlLive } from "./Sql/Sql.js"

const NodeServerLive = Layer.unwrapEffect(
  Effect.map(AppConfig, (config) => NodeHttpServer.layer(createServer, { port: config.port, host: config.host }))
)

/** Where the server listens, and where a person opens the web console. */
const announce = Layer.effectDiscard(
  HttpServer.addressWith((address) => {
    if (address._tag !== "TcpAddress") return Effect.logInfo(`Listening on ${HttpServer.formatAddress(address)}`)
    const host = address.hostname === "0.0.0.0" || address.hostname === "::" ? "localhost" : address.hostname
    return Effect.logInfo(
      `Listening on ${HttpServer.formatAddress(address)}; web console at http://${host}:${address.port}/console`
    )
  })
)

/**
 * The request path compiled in the background, before the first document: started as soon as the
 * pipeline exists, so that it runs while the database opens and migrates (taking turns with it on this
 * thread) rather than after the server listens; it needs no database, and ends with the process.
 */
const warmUp = Layer.scopedDiscard(Effect.forkScoped(warmUpServer)).pipe(Layer.provide(PipelineLive))

export const ServerProcess = announce.pipe(
  Layer.provideMerge(HttpAppLive),
  Layer.provide([NodeServerLive, Layer.effectDiscard(bootstrapKeys), AdminMailboxLive]),
  Layer.provide(ServicesLive),
  // The reading workers start (and load their readers) while the database opens and migrates; the
  // services share this one reader, pipeline and scratch folder (layers are built once), so the
  // first document does not wait for a worker to start.
  Layer.provide(Layer.mergeAll(SqlLive, warmUp, ReaderLive).pipe(Layer.provideMerge(ScratchLive))),
  Layer.provide(AppConfig.Default)
)

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
      return yield* Effect.fail(
        ConfigError.InvalidData(["WORKERS"], "a worker process with WORKERS=0 would run nothing")
      )
    }
    yield* Effect.logInfo(`worker: running up to ${config.workers} job(s) at once`)
  })
)

// The check runs first: without it the worker would open an embedded database of its own.
export const WorkerProcess = WorkerLive.pipe(
  Layer.provide(SqlLive),
  Layer.provide(RequireSharedDatabase),
  Layer.provide(AppConfig.Default)
)
