import { HttpServer } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { ServicesLive } from "./App.js"
import { bootstrapKeys } from "./Auth/Keys.js"
import { AppConfig } from "./Config.js"
import { HttpAppLive } from "./Http/Server.js"
import { SqlLive } from "./Sql/Sql.js"

const NodeServerLive = Layer.unwrapEffect(
  Effect.map(AppConfig, (config) => NodeHttpServer.layer(createServer, { port: config.port, host: config.host }))
)

const MainLive = HttpAppLive.pipe(
  HttpServer.withLogAddress,
  Layer.provide([NodeServerLive, Layer.effectDiscard(bootstrapKeys)]),
  Layer.provide(ServicesLive),
  Layer.provide(SqlLive),
  Layer.provide(AppConfig.Default)
)

NodeRuntime.runMain(Layer.launch(MainLive))
