/** `npm start`: the server (see Processes.ts). */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Effect, Layer } from "effect"
import { ObservabilityLive } from "./Observability/Observability.js"
import { ServerProcess } from "./Processes.js"

NodeRuntime.runMain(Layer.launch(ServerProcess).pipe(Effect.provide(ObservabilityLive)), { disablePrettyLogger: true })
