/**
 * Office files → PDF, as a service the readers ask for: LibreOffice in the cage (Cage.ts), on a DOCX
 * cleaned of everything that points outside it (Sanitize.ts), or no converter at all, in which case
 * the readers lay the text out themselves. Which one runs is chosen by the layer: `detect` (the
 * server) uses LibreOffice only when bubblewrap can cage it and says why not otherwise; tests pick
 * one explicitly. LibreOffice is never run outside the cage.
 */
import { Context, Data, Effect, Layer, Option } from "effect"
import { execFile } from "node:child_process"
import { constants as fsConstants } from "node:fs"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { CAGE_HOME, CAGE_INPUT_DIR, CAGE_OUTPUT_DIR, cageArguments, probeCage } from "./Cage.js"

/** A conversion that did not produce a PDF; readers fall back to their own layout. */
export class ConversionFailed extends Data.TaggedError("ConversionFailed")<{ readonly reason: string }> {
  override get message() {
    return this.reason
  }
}

/** A conversion taking longer is abandoned (the whole cage killed). */
export const CONVERSION_TIMEOUT_MS = 60_000

export interface LibreOfficeSetup {
  /** `soffice` on the host. */
  readonly program: string
  /** `bwrap` on the host. */
  readonly bwrap: string
  readonly timeoutMs?: number
}

export interface OfficeConverterShape {
  /** What converts, for logs ("none" when nothing does). */
  readonly description: string
  /** The PDF of an office file, given the extension its format uses; none when no converter runs here. */
  readonly toPdf: Option.Option<(bytes: Uint8Array, extension: string) => Effect.Effect<Uint8Array, ConversionFailed>>
  /** How to rebuild this converter elsewhere (another thread): undefined when there is none. */
  readonly setup: LibreOfficeSetup | undefined
}

const onPath = async (names: ReadonlyArray<string>): Promise<string | undefined> => {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue
    for (const name of names) {
      const candidate = path.join(dir, name)
      if (await fs.access(candidate, fsConstants.X_OK).then(() => true, () => false)) return candidate
    }
  }
  return undefined
}

const run = (program: string, args: ReadonlyArray<string>, timeoutMs: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    execFile(
      program,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", signal, maxBuffer: 1 << 20 },
      (error, _out, stderr) => {
        if (error === null) return resolve()
        const why = error.killed ? `timed out after ${timeoutMs} ms` : error.message
        reject(new Error(`${why} ${String(stderr).trim()}`.trim()))
      }
    )
  })

/** LibreOffice in the cage, one conversion at a time (it takes a core and ~200 MB). */
export const makeLibreOffice = (setup: LibreOfficeSetup): Effect.Effect<OfficeConverterShape> =>
  Effect.map(Effect.makeSemaphore(1), (oneAtATime) => {
    const timeoutMs = setup.timeoutMs ?? CONVERSION_TIMEOUT_MS
    const toPdf = (bytes: Uint8Array, extension: string) =>
      Effect.acquireUseRelease(
        Effect.tryPromise({
          try: () => fs.mkdtemp(path.join(os.tmpdir(), "docsplit-office-")),
          catch: (e) => new ConversionFailed({ reason: `temp dir: ${String(e)}` })
        }),
        (dir) =>
          Effect.tryPromise({
            try: async (signal) => {
              const input = path.join(dir, `input.${extension}`)
              const output = path.join(dir, "out")
              await fs.writeFile(input, bytes)
              await fs.mkdir(output)
              const args = await cageArguments({ input, output, program: setup.program }, [
                "--headless",
                "--norestore",
                "--nolockcheck",
                "--nodefault",
                `-env:UserInstallation=${pathToFileURL(path.posix.join(CAGE_HOME, "profile")).href}`,
                "--convert-to",
                "pdf",
                "--outdir",
                CAGE_OUTPUT_DIR,
                path.posix.join(CAGE_INPUT_DIR, path.basename(input))
              ])
              await run(setup.bwrap, args, timeoutMs, signal)
              return new Uint8Array(await fs.readFile(path.join(output, "input.pdf")))
            },
            catch: (e) => new ConversionFailed({ reason: `LibreOffice: ${e instanceof Error ? e.message : String(e)}` })
          }),
        (dir) => Effect.promise(() => fs.rm(dir, { recursive: true, force: true }).catch(() => undefined))
      ).pipe(
        oneAtATime.withPermits(1),
        Effect.withSpan("Office.toPdf", { attributes: { bytes: bytes.byteLength, extension } })
      )
    return { description: "LibreOffice (sandboxed)", toPdf: Option.some(toPdf), setup } satisfies OfficeConverterShape
  })

const noConverter: OfficeConverterShape = { description: "none", toPdf: Option.none(), setup: undefined }

/** LibreOffice when it is installed and bubblewrap can cage it here; else none, with the reason logged. */
const detect: Effect.Effect<OfficeConverterShape> = Effect.gen(function*() {
  const program = yield* Effect.promise(() => onPath(["soffice", "libreoffice"]))
  if (program === undefined) return noConverter
  const bwrap = yield* Effect.promise(() => onPath(["bwrap"]))
  if (bwrap === undefined) {
    yield* Effect.logWarning(
      "LibreOffice is installed but bubblewrap (bwrap) is not: office files are laid out by the text reader instead (install the bubblewrap package to use LibreOffice)"
    )
    return noConverter
  }
  const refused = yield* Effect.promise(() => probeCage(bwrap))
  if (refused !== undefined) {
    yield* Effect.logWarning(
      "bubblewrap cannot set up its sandbox here: office files are laid out by the text reader instead"
    ).pipe(
      Effect.annotateLogs("cause", refused)
    )
    return noConverter
  }
  return yield* makeLibreOffice({ program, bwrap })
})

export class OfficeConverter extends Context.Tag("OfficeConverter")<OfficeConverter, OfficeConverterShape>() {
  /** No converter: office files are laid out from their text. */
  static readonly none = Layer.succeed(OfficeConverter, noConverter)
  /** LibreOffice in the cage, with the given programs. */
  static readonly libreOffice = (setup: LibreOfficeSetup) => Layer.effect(OfficeConverter, makeLibreOffice(setup))
  /** Rebuilds a converter from its `setup` (none when undefined). */
  static readonly fromSetup = (setup: LibreOfficeSetup | undefined) =>
    setup === undefined ? OfficeConverter.none : OfficeConverter.libreOffice(setup)
  /** What this machine offers (see `detect`). */
  static readonly detect = Layer.effect(OfficeConverter, detect)
}
