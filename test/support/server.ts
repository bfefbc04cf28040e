/**
 * The server as its own process, from the sources (node with tsx's loader): what a client and an
 * operator see — real HTTP, real worker processes, its own memory — with a temp DATA_DIR.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { promisify } from "node:util"

const root = path.resolve(import.meta.dirname, "../..")

export interface RunningServer {
  readonly url: string
  readonly process: ChildProcess
  readonly dataDir: string
  /** Everything it wrote to stdout and stderr so far. */
  readonly output: () => string
  /** Stops it (SIGTERM, then SIGKILL after 10 s) and removes its data unless `keepData`. */
  readonly stop: (options?: { readonly keepData?: boolean; readonly signal?: NodeJS.Signals }) => Promise<void>
}

/** Compiles the server to dist/ (what `npm start` runs). */
export const buildServer = () =>
  promisify(execFile)(process.execPath, [
    path.join(root, "node_modules/typescript/bin/tsc"),
    "-p",
    "tsconfig.build.json"
  ], { cwd: root })

/** The node flags `npm start` (or `npm run worker`) gives the built entry, read from package.json's script. */
export const startFlags = (entry: "main" | "worker"): Array<string> => {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    readonly scripts: Record<string, string>
  }).scripts
  const words = (scripts[entry === "main" ? "start" : "worker"] ?? "").split(/\s+/)
  const at = words.indexOf(`dist/${entry}.js`)
  return words[0] === "node" && at > 0 ? words.slice(1, at) : []
}

/**
 * Starts the server with `env` over a minimal environment; resolves once it listens. From the sources
 * (through tsx), or with `built` from dist/ as `npm start` runs it (buildServer first).
 */
export const startServer = async (
  env: Record<string, string>,
  dataDir?: string,
  options: { readonly built?: boolean; readonly worker?: boolean } = {}
): Promise<RunningServer> => {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-server-"))
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href
  const entry = options.worker === true ? "worker" : "main"
  const args = options.built === true
    ? [...startFlags(entry), `dist/${entry}.js`]
    : ["--import", tsx, `src/${entry}.ts`]
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TMPDIR: process.env.TMPDIR ?? os.tmpdir(),
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      ...env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  child.stdout!.on("data", (c) => (output += c))
  child.stderr!.on("data", (c) => (output += c))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Listening on" within 90 s:\n${output}`)), 90_000)
    // A fixed PORT is polled (the server may be told to log nothing); a worker serves no HTTP and is
    // ready once its job workers run; otherwise the port is read from the "Listening on" line.
    const fixedPort = env.PORT !== undefined && env.PORT !== "0" ? Number(env.PORT) : undefined
    let probing = false
    const poll = setInterval(() => {
      if (fixedPort !== undefined) {
        if (probing) return
        probing = true
        void fetch(`http://127.0.0.1:${fixedPort}/health`).then((r) => r.ok, () => false).then((ok) => {
          probing = false
          if (!ok) return
          clearInterval(poll)
          clearTimeout(timer)
          resolve(fixedPort)
        })
        return
      }
      const m = options.worker === true
        ? (/jobs: this process runs/.test(output) ? ["", "0"] : null)
        : /Listening on http:\/\/[^:]+:(\d+)/.exec(output)
      if (m !== null) {
        clearInterval(poll)
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    }, 50)
    child.once("exit", (code) => {
      clearInterval(poll)
      clearTimeout(timer)
      reject(new Error(`exited with ${code}:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    dataDir: dir,
    output: () => output,
    stop: async (options = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(options.signal ?? "SIGTERM")
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
        await exited
        clearTimeout(timer)
      }
      if (options.keepData !== true) fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** A port nobody listens on now (for a server started with a fixed PORT). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

/** A process's resident memory in MB (Linux). */
export const residentMb = (pid: number): number =>
  Number(fs.readFileSync(`/proc/${pid}/statm`, "latin1").split(" ")[1]) * 4096 / (1024 * 1024)

/** The pids of a process's children (Linux). */
export const childrenOf = (pid: number): ReadonlyArray<number> => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1").trim().split(/\s+/).filter(Boolean).map(
      Number
    )
  } catch {
    return []
  }
}
