import { HttpServer } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { ServicesLive } from "./App.js"
import { AdminMailboxLive } from "./Auth/AdminMailbox.js"
import { bootstrapKeys } from "./Auth/Keys.js"
import { AppConfig } from "./Config.js"
import { HttpAppLive } from "./Http/Server.js"
import { ObservabilityLive } from "./Observability/Observability.js"
import { SqlLive } from "./Sql/Sql.js"

const NodeServerLive = Layer.unwrapEffect(
  Effect.map(AppConfig, (config) => NodeHttpServer.layer(createServer, { port: config.port, host: config.host }))
)

/** Where the server listens, and where a person opens the web console. */
const announce = Layer.effectDiscard(
  HttpServer.addressWith((address) => {
    if (address._tag !== "TcpAddress") return Effect.logInfo(`Listening on ${HttpServer.formatAddress(address)}`)
    const host = address.hostname === "0.0.0.0" || address.hostname === "::" ? "localhost" : address.hostname
    return Effect.logInfo(`Listening on ${HttpServer.formatAddress(address)}; web console at http://${host}:${address.port}/console`)
  })
)

const MainLive = announce.pipe(
  Layer.provideMerge(HttpAppLive),
  Layer.provide([NodeServerLive, Layer.effectDiscard(bootstrapKeys), AdminMailboxLive]),
  Layer.provide(ServicesLive),
  Layer.provide(SqlLive),
  Layer.provide(AppConfig.Default)
)

NodeRuntime.runMain(Layer.launch(MainLive).pipe(Effect.provide(ObservabilityLive)), { disablePrettyLogger: true })
