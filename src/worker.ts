/**
 * `npm run worker`: a process that runs queued jobs (WORKERS at once) and delivers their notices,
 * and serves no HTTP. It shares DATABASE_URL (and the blob store) with the API processes.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Effect, Layer } from "effect"
import { ObservabilityLive } from "./Observability/Observability.js"
import { WorkerProcess } from "./Processes.js"

NodeRuntime.runMain(Layer.launch(WorkerProcess).pipe(Effect.provide(ObservabilityLive)), { disablePrettyLogger: true })
