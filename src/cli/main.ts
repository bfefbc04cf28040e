#!/usr/bin/env node
/**
 * The `docsplit` command: `extract` (the one-shot answer in this process: no server, no database),
 * `serve` (the server), `worker` (a job worker) and `keys` (API keys and webhook secrets).
 * Failures are one line on stderr; the exit code follows the API's status (see README).
 */
import { Args, Command, Options, ValidationError } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Console, Effect, Layer, Logger, LogLevel, Option } from "effect"
import { AppConfig } from "../Config.js"
import { statusOf } from "../Domain/Errors.js"
import { ObservabilityLive } from "../Observability/Observability.js"
import { ServerProcess, WorkerProcess } from "../Processes.js"
import { CliPipelineLive, runExtract } from "./extract.js"
import { runKeys } from "./keys.js"
import { renderTable } from "./table.js"

/** The exit code of a failure with this HTTP status: 2 the input, 3 not found, 4 a service upstream, 1 anything else. */
export const exitCodeOf = (status: number): number =>
  status === 404 ? 3 : status >= 400 && status < 500 ? 2 : status === 502 || status === 503 || status === 504 ? 4 : 1

const setExit = (code: number) => Effect.sync(() => (process.exitCode = code))

/** A failure as one line: its detail and the status the API would have answered. */
const reportFailure = (error: unknown) => {
  const tagged = typeof error === "object" && error !== null && "_tag" in error
    ? (error as { _tag: string; detail?: unknown; message?: unknown })
    : undefined
  const status = tagged === undefined ? 500 : statusOf(tagged)
  const detail = tagged?.detail ?? tagged?.message ?? (error instanceof Error ? error.message : String(error))
  return Console.error(`docsplit: ${String(detail)}${status === 500 ? "" : ` (${status})`}`).pipe(
    Effect.zipRight(setExit(exitCodeOf(status)))
  )
}

const extract = Command.make(
  "extract",
  {
    file: Args.file({ name: "FILE", exists: "yes" }).pipe(
      Args.withDescription("The document: PDF, image, office file, e-mail, HTML or text")
    ),
    templates: Options.file("template", { exists: "yes" }).pipe(
      Options.withAlias("t"),
      Options.repeated,
      Options.withDescription(
        "A template file, {\"document_type\": …, \"template_data\": …} as POST /v1/templates takes; repeat for several"
      )
    ),
    coordinates: Options.boolean("coordinates").pipe(
      Options.withDescription("Every value as {value, page, bounding_box_coordinates, confidence}")
    ),
    layout: Options.boolean("layout").pipe(
      Options.withDescription("Rebuild the reading order from the page layout (document_layout_analysis)")
    ),
    exclusive: Options.boolean("exclusive").pipe(
      Options.withDescription("No split: the whole file is one document of the first template")
    ),
    format: Options.choice("format", ["json", "table"]).pipe(
      Options.withDefault("json" as const),
      Options.withDescription("json: the one-shot response; table: the values for a person")
    )
  },
  (args) =>
    runExtract({
      file: args.file,
      templates: args.templates,
      coordinates: args.coordinates,
      layout: args.layout,
      exclusive: args.exclusive
    }).pipe(
      Effect.flatMap((result) =>
        Console.log(args.format === "table" ? renderTable(result).trimEnd() : JSON.stringify(result, null, 2))
      ),
      Effect.catchAll(reportFailure),
      Effect.provide(CliPipelineLive),
      Effect.provide(AppConfig.Default),
      Effect.catchAll(reportFailure),
      // stdout is the answer's: what the engines log goes to stderr, warnings and worse only.
      Effect.provide(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))),
      Logger.withMinimumLogLevel(LogLevel.Warning)
    )
).pipe(
  Command.withDescription(
    "Read, split and extract a file here, with no server and no database; prints the one-shot response"
  )
)

const serve = Command.make("serve", {}, () => Layer.launch(ServerProcess).pipe(Effect.provide(ObservabilityLive))).pipe(
  Command.withDescription("Start the server (the same as npm start)")
)

const worker = Command.make("worker", {}, () => Layer.launch(WorkerProcess).pipe(Effect.provide(ObservabilityLive)))
  .pipe(
    Command.withDescription("Start a job worker on the shared PostgreSQL database (the same as npm run worker)")
  )

/** A key command: the same words `npm run keys --` takes, run by runKeys (exit code from its result). */
const keysRun = (argv: ReadonlyArray<string>) => Effect.flatMap(runKeys(argv), setExit)

const keys = Command.make("keys").pipe(
  Command.withDescription("API keys and webhook secrets (on the server's database)"),
  Command.withSubcommands([
    Command.make(
      "create",
      { tenant: Args.text({ name: "TENANT" }), label: Args.text({ name: "LABEL" }).pipe(Args.optional) },
      ({ label, tenant }) => keysRun(["create", tenant, ...Option.toArray(label)])
    ).pipe(Command.withDescription("Issue a key for a tenant; it is printed once")),
    Command.make("list", {}, () => keysRun(["list"])).pipe(
      Command.withDescription("List the keys (ids, tenants, labels; never the keys)")
    ),
    Command.make("revoke", { keyId: Args.text({ name: "KEY_ID" }) }, ({ keyId }) => keysRun(["revoke", keyId])).pipe(
      Command.withDescription("Revoke a key by its id")
    ),
    Command.make(
      "webhook-secret",
      { tenant: Args.text({ name: "TENANT" }) },
      ({ tenant }) => keysRun(["webhook-secret", tenant])
    ).pipe(
      Command.withDescription("Create a tenant's own webhook signing secret and print it")
    )
  ])
)

const docsplit = Command.make("docsplit").pipe(
  Command.withDescription("Document splitting and extraction"),
  Command.withSubcommands([extract, serve, worker, keys])
)

const cli = Command.run(docsplit, { name: "docsplit", version: "0.1.0" })

cli(process.argv).pipe(
  // A wrong argument is already explained on stderr by the parser: a usage error's exit code, no trace.
  Effect.catchIf(ValidationError.isValidationError, () => setExit(2)),
  Effect.provide(NodeContext.layer),
  NodeRuntime.runMain({ disablePrettyLogger: true, disableErrorReporting: false })
)
