/** `npm start`: the server (see Processes.ts). */
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { ObservabilityLive } from "./Observability/Observability.js"
import { ServerProcess } from "./Processes.js"

NodeRuntime.runMain(Layer.launch(ServerProcess).pipe(Effect.provide(ObservabilityLive)), { disablePrettyLogger: true })
