/**
 * OpenTelemetry export over OTLP (HTTP, JSON) when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: the traces
 * (a span per HTTP request, with the pipeline's spans — reading, OCR, split, extraction, model calls —
 * beneath it), the metrics of /metrics, and the log lines. The standard settings apply:
 * `OTEL_SERVICE_NAME`, `OTEL_EXPORTER_OTLP_HEADERS` (`key=value,…`), `OTEL_BSP_SCHEDULE_DELAY` and
 * `OTEL_METRIC_EXPORT_INTERVAL` (milliseconds). Unset, nothing is exported and spans cost nothing.
 */
import * as Otlp from "@effect/opentelemetry/Otlp"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { Config, type ConfigError, Duration, Effect, Layer, Option } from "effect"

/** `key=value,key2=value2`, values percent-decoded, as the OpenTelemetry specification writes headers. */
const parseHeaders = (text: string): Record<string, string> =>
  Object.fromEntries(
    text.split(",").map((pair) => pair.trim()).filter((pair) => pair.includes("=")).map((pair) => {
      const at = pair.indexOf("=")
      return [pair.slice(0, at).trim(), decodeURIComponent(pair.slice(at + 1).trim())]
    })
  )

export const TelemetryLive: Layer.Layer<never, ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.gen(function*() {
    const endpoint = yield* Config.option(Config.url("OTEL_EXPORTER_OTLP_ENDPOINT"))
    if (Option.isNone(endpoint)) return Layer.empty
    const serviceName = yield* Config.withDefault(Config.string("OTEL_SERVICE_NAME"), "docsplit")
    const headers = yield* Config.withDefault(Config.string("OTEL_EXPORTER_OTLP_HEADERS"), "")
    const traceDelay = yield* Config.withDefault(Config.integer("OTEL_BSP_SCHEDULE_DELAY"), 5_000)
    const metricInterval = yield* Config.withDefault(Config.integer("OTEL_METRIC_EXPORT_INTERVAL"), 60_000)
    return Otlp.layerJson({
      baseUrl: endpoint.value.toString().replace(/\/$/, ""),
      resource: { serviceName, serviceVersion: process.env.npm_package_version ?? "0.1.0" },
      headers: parseHeaders(headers),
      tracerExportInterval: Duration.millis(traceDelay),
      metricsExportInterval: Duration.millis(metricInterval),
      loggerExportInterval: Duration.millis(traceDelay)
    }).pipe(Layer.provide(FetchHttpClient.layer))
  })
)
