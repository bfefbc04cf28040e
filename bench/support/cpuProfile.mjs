// Loaded into a server process with NODE_OPTIONS=--import=… by a bench: SIGUSR2 starts a CPU profile,
// the next SIGUSR2 writes it to CPU_PROFILE_DIR as <server|reader>-<pid>-<n>.cpuprofile (Chrome DevTools
// format; reading workers inherit NODE_OPTIONS and profile too when signalled).
import * as fs from "node:fs"
import * as inspector from "node:inspector"
import * as path from "node:path"

const dir = process.env.CPU_PROFILE_DIR
const role = process.argv.some((a) => /Isolation[/\\]Host\.[jt]s$/.test(a)) ? "reader" : "server"
if (dir !== undefined) {
  const session = new inspector.Session()
  session.connect()
  let running = false
  let written = 0
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true
      session.post(
        "Profiler.enable",
        () => session.post("Profiler.setSamplingInterval", { interval: 200 }, () => session.post("Profiler.start"))
      )
      return
    }
    session.post("Profiler.stop", (error, result) => {
      running = false
      if (error) return
      fs.mkdirSync(dir, { recursive: true })
      fs.writeFileSync(path.join(dir, `${role}-${process.pid}-${written++}.cpuprofile`), JSON.stringify(result.profile))
    })
  })
}
