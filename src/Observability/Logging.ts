/**
 * How the process logs: `LOG_FORMAT` json (one JSON object per line, the default when stdout is not
 * a terminal), pretty (the default on a terminal) or logfmt; `LOG_LEVEL` trace, debug, info (default),
 * warn, error or none. Lines written while serving a request carry its `request_id`.
 */
import { Config, ConfigError, Effect, Either, Layer, Logger, LogLevel, Option } from "effect"

const LEVELS: Record<string, LogLevel.LogLevel> = {
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  warning: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
}

const FORMATS = ["json", "pretty", "logfmt"] as const
type Format = (typeof FORMATS)[number]

const level = Config.string("LOG_LEVEL").pipe(
  Config.withDefault("info"),
  Config.mapOrFail((text) => {
    const found = LEVELS[text.trim().toLowerCase()]
    return found === undefined
      ? Either.left(
        ConfigError.InvalidData([], `LOG_LEVEL must be one of trace, debug, info, warn, error, none (got "${text}")`)
      )
      : Either.right(found)
  })
)

const format = Config.string("LOG_FORMAT").pipe(
  Config.option,
  Config.mapOrFail((text) => {
    if (Option.isNone(text)) return Either.right(undefined)
    const value = text.value.trim().toLowerCase()
    return (FORMATS as ReadonlyArray<string>).includes(value)
      ? Either.right(value as Format)
      : Either.left(ConfigError.InvalidData([], `LOG_FORMAT must be json, pretty or logfmt (got "${text.value}")`))
  })
)

const loggerOf: Record<Format, Layer.Layer<never>> = { json: Logger.json, pretty: Logger.pretty, logfmt: Logger.logFmt }

export const LoggingLive: Layer.Layer<never, ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.gen(function*() {
    const chosen = (yield* format) ?? (process.stdout.isTTY ? "pretty" : "json")
    return Layer.merge(loggerOf[chosen], Logger.minimumLogLevel(yield* level))
  })
)
