/** Logging as LOG_FORMAT and LOG_LEVEL say, then OTLP export when it is configured (its log export beside the lines). */
import { Layer } from "effect"
import { LoggingLive } from "./Logging.js"
import { TelemetryLive } from "./Telemetry.js"

export const ObservabilityLive = TelemetryLive.pipe(Layer.provideMerge(LoggingLive))
