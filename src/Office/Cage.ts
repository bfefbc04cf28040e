/**
 * The sandbox an office conversion runs in (bubblewrap, Debian's `bubblewrap`): new namespaces for
 * everything (no network at all, its own process tree), the system's programs and fonts read-only, an
 * empty /tmp, read access to the one input file and write access to one output folder, no inherited
 * environment, and the whole tree killed with its parent. Nothing of the service's data (DATA_DIR,
 * other uploads, the home directory) exists inside it.
 */
import { execFile } from "node:child_process"
import { constants as fsConstants } from "node:fs"
import * as fs from "node:fs/promises"
import * as os from "node:os"
import * as path from "node:path"

/** Where the input and output appear inside the cage. */
export const CAGE_INPUT_DIR = "/tmp/in"
export const CAGE_OUTPUT_DIR = "/tmp/out"
export const CAGE_HOME = "/tmp/home"

/** System folders the converter may read (Debian's merged /usr: the top-level ones are links into it). */
const READ_ONLY = ["/usr", "/etc/fonts", "/etc/ld.so.cache", "/etc/libreoffice", "/etc/alternatives"]
const USR_LINKS = ["bin", "sbin", "lib", "lib64", "lib32", "libx32"]

export interface CageMounts {
  /** The file to convert, on the host; visible read-only at CAGE_INPUT_DIR/<its name>. */
  readonly input: string
  /** A folder of the host the program writes its output to; visible at CAGE_OUTPUT_DIR. */
  readonly output: string
  /** The program, on the host (its folder is made visible read-only when it is outside /usr). */
  readonly program: string
}

const exists = (p: string) => fs.access(p, fsConstants.F_OK).then(() => true, () => false)

/** bubblewrap's arguments for running `program args` in the cage (the program's path is the host's). */
export const cageArguments = async (mounts: CageMounts, args: ReadonlyArray<string>): Promise<Array<string>> => {
  const out = ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"]
  for (const dir of READ_ONLY) if (await exists(dir)) out.push("--ro-bind", dir, dir)
  for (const link of USR_LINKS) {
    const host = `/${link}`
    const target = await fs.readlink(host).catch(() => undefined)
    if (target !== undefined) out.push("--symlink", target, host)
    else if (await exists(host)) out.push("--ro-bind", host, host)
  }
  out.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp")
  const programDir = path.dirname(await fs.realpath(mounts.program))
  if (!programDir.startsWith("/usr/")) out.push("--ro-bind", programDir, programDir)
  out.push(
    "--dir",
    CAGE_INPUT_DIR,
    "--ro-bind",
    mounts.input,
    path.posix.join(CAGE_INPUT_DIR, path.basename(mounts.input)),
    "--bind",
    mounts.output,
    CAGE_OUTPUT_DIR,
    "--dir",
    CAGE_HOME,
    "--setenv",
    "HOME",
    CAGE_HOME,
    "--setenv",
    "PATH",
    "/usr/bin:/bin",
    "--setenv",
    "LANG",
    "C.UTF-8",
    "--chdir",
    "/tmp",
    "--",
    mounts.program,
    ...args
  )
  return out
}

/** Whether bubblewrap can set up this very cage here (it needs namespaces a host may forbid); why not when it cannot. */
export const probeCage = async (bwrap: string): Promise<string | undefined> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "docsplit-cage-probe-"))
  try {
    const input = path.join(dir, "input")
    const output = path.join(dir, "out")
    await fs.writeFile(input, "")
    await fs.mkdir(output)
    const args = await cageArguments({ input, output, program: "/usr/bin/true" }, [])
    return await new Promise((resolve) => {
      execFile(
        bwrap,
        args,
        { timeout: 10_000, killSignal: "SIGKILL" },
        (error, _stdout, stderr) =>
          resolve(error === null ? undefined : `${error.message} ${String(stderr).trim()}`.trim())
      )
    })
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
