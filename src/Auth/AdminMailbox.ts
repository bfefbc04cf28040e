/**
 * Key administration while a server holds the embedded database (which one process at a time may
 * open): the keys CLI leaves its command in DATA_DIR/admin as a file, the server runs it and leaves the
 * answer beside it. Requests are picked up as they appear (a watch, and a poll every 250 ms where
 * watching is unreliable), so a revocation takes effect well within a second. Whoever can write into
 * DATA_DIR already holds every key and document: the folder is the permission.
 */
import { Effect, Layer, Option, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import { AppConfig } from "../Config.js"
import { newId } from "../lib/ids.js"
import { type CommandResult, runKeyCommand } from "./KeyCommands.js"
import type { KeyStore } from "./Keys.js"

const REQUEST = ".request"
const RESPONSE = ".response"
const POLL_MS = 250

const Request = Schema.parseJson(Schema.Struct({ argv: Schema.Array(Schema.String) }))
const Response = Schema.parseJson(Schema.Struct({ code: Schema.Number, stdout: Schema.String, stderr: Schema.String }))

export const mailboxDir = (dataDir: string) => path.resolve(dataDir, "admin")

/** Written whole or not at all: the reader never sees half a file. */
const writeWhole = (file: string, text: string) => {
  fs.writeFileSync(`${file}.tmp`, text, { mode: 0o600 })
  fs.renameSync(`${file}.tmp`, file)
}

/** The server's side: runs every command left in the folder, for as long as the scope lasts. */
export const serveMailbox = (dataDir: string) =>
  Effect.gen(function*() {
    const dir = mailboxDir(dataDir)
    yield* Effect.sync(() => fs.mkdirSync(dir, { recursive: true, mode: 0o700 }))
    const runtime = yield* Effect.runtime<KeyStore>()
    let busy = false
    const handle = (name: string) =>
      Effect.gen(function*() {
        const file = path.join(dir, name)
        const text = yield* Effect.sync(() => {
          try {
            const content = fs.readFileSync(file, "utf8")
            fs.rmSync(file)
            return content
          } catch {
            return undefined // taken meanwhile
          }
        })
        if (text === undefined) return
        const id = name.slice(0, -REQUEST.length)
        const result: CommandResult = yield* Schema.decodeUnknown(Request)(text).pipe(
          Effect.flatMap(({ argv }) => runKeyCommand(argv)),
          Effect.catchAll((error) => Effect.succeed({ code: 1, stdout: "", stderr: `keys: ${error.message}` }))
        )
        yield* Effect.sync(() => writeWhole(path.join(dir, `${id}${RESPONSE}`), JSON.stringify(result)))
        yield* Effect.logInfo(`keys command from the CLI: ${text.slice(0, 100)} → exit ${result.code}`)
      })
    const sweep = () => {
      if (busy) return
      busy = true
      const names = fs.readdirSync(dir).filter((name) => name.endsWith(REQUEST)).sort()
      void Effect.runPromiseExit(Effect.forEach(names, handle, { discard: true }).pipe(Effect.provide(runtime)))
        .finally(() => (busy = false))
    }
    yield* Effect.acquireRelease(
      Effect.sync(() => {
        const watcher = fs.watch(dir, () => sweep())
        watcher.on("error", () => undefined)
        const timer = setInterval(sweep, POLL_MS)
        timer.unref()
        sweep()
        return { watcher, timer }
      }),
      ({ timer, watcher }) =>
        Effect.sync(() => {
          clearInterval(timer)
          watcher.close()
        })
    )
  })

/** The CLI's side: leaves `argv` for the server and waits for its answer. */
export const sendToServer = (dataDir: string, argv: ReadonlyArray<string>, timeoutMs = 10_000) =>
  Effect.gen(function*() {
    const dir = mailboxDir(dataDir)
    const id = newId("cmd")
    const response = path.join(dir, `${id}${RESPONSE}`)
    yield* Effect.sync(() => writeWhole(path.join(dir, `${id}${REQUEST}`), JSON.stringify({ argv })))
    const started = Date.now()
    while (Date.now() - started < timeoutMs) {
      const text = yield* Effect.sync(() => {
        try {
          return fs.readFileSync(response, "utf8")
        } catch {
          return undefined
        }
      })
      if (text !== undefined) {
        yield* Effect.sync(() => fs.rmSync(response, { force: true }))
        return yield* Schema.decodeUnknown(Response)(text)
      }
      yield* Effect.sleep("50 millis")
    }
    yield* Effect.sync(() => fs.rmSync(path.join(dir, `${id}${REQUEST}`), { force: true }))
    return yield* Effect.fail(new Error(`the server using ${dataDir} did not answer within ${timeoutMs / 1000} s`))
  })

/** The server's mailbox, with the embedded database only (on PostgreSQL the CLI uses the database). */
export const AdminMailboxLive = Layer.unwrapEffect(
  Effect.map(
    AppConfig,
    (config) => Option.isNone(config.databaseUrl) ? Layer.scopedDiscard(serveMailbox(config.dataDir)) : Layer.empty
  )
)
