/**
 * Office file → PDF with LibreOffice, when `soffice` (or `libreoffice`) is on the PATH: headless, in a
 * temp dir of its own (input, output and a throwaway user profile, so conversions never share a lock),
 * with a timeout, one conversion at a time (it takes a core and ~200 MB). Readers fall back to their own
 * layout when it is missing or fails.
 */
import { Effect, Option } from "effect"
import { execFile } from "node:child_process"
import { constants as fsConstants } from "node:fs"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"

/** A conversion taking longer is abandoned (the process killed). */
export const CONVERSION_TIMEOUT_MS = 60_000
const PROGRAMS = ["soffice", "libreoffice"]

/** The LibreOffice program on the PATH, looked up at each call (cheap, and installs take effect at once). */
export const findLibreOffice = (): Effect.Effect<Option.Option<string>> =>
  Effect.promise(async () => {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
      if (dir === "") continue
      for (const name of PROGRAMS) {
        const candidate = path.join(dir, name)
        const found = await fs.access(candidate, fsConstants.X_OK).then(() => true, () => false)
        if (found) return Option.some(candidate)
      }
    }
    return Option.none()
  })

const oneAtATime = Effect.unsafeMakeSemaphore(1)

/** The PDF LibreOffice makes of the file, or a failure saying why (the caller falls back). */
export const convertToPdf = (
  program: string,
  bytes: Uint8Array,
  extension: string
): Effect.Effect<Uint8Array, Error> =>
  Effect.acquireUseRelease(
    Effect.tryPromise({
      try: () => fs.mkdtemp(path.join(os.tmpdir(), "docsplit-office-")),
      catch: (e) => new Error(`temp dir: ${String(e)}`)
    }),
    (dir) =>
      Effect.tryPromise({
        try: async (signal) => {
          const input = path.join(dir, `input.${extension}`)
          await fs.writeFile(input, bytes)
          await run(program, [
            "--headless",
            "--norestore",
            "--nolockcheck",
            "--nodefault",
            `-env:UserInstallation=${pathToFileURL(path.join(dir, "profile")).href}`,
            "--convert-to",
            "pdf",
            "--outdir",
            dir,
            input
          ], signal)
          return new Uint8Array(await fs.readFile(path.join(dir, "input.pdf")))
        },
        catch: (e) => (e instanceof Error ? e : new Error(String(e)))
      }),
    (dir) => Effect.promise(() => fs.rm(dir, { recursive: true, force: true }).catch(() => undefined))
  ).pipe(
    oneAtATime.withPermits(1),
    Effect.withSpan("LibreOffice.convertToPdf", { attributes: { bytes: bytes.byteLength } })
  )

const run = (program: string, args: ReadonlyArray<string>, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    execFile(
      program,
      args,
      { timeout: CONVERSION_TIMEOUT_MS, killSignal: "SIGKILL", signal, maxBuffer: 1 << 20 },
      (error, _stdout, stderr) => {
        if (error === null) return resolve()
        const why = error.killed ? `timed out after ${CONVERSION_TIMEOUT_MS} ms` : error.message
        reject(new Error(`${path.basename(program)} failed: ${why} ${String(stderr).trim()}`.trim()))
      }
    )
  })
