/**
 * What `npm start` runs: the TypeScript compiled to dist/ (npm run build) and started with plain node.
 * The rest of the suite runs the sources; this checks the build starts, serves, and stops on SIGTERM.
 */
import { execFile } from "node:child_process"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { makeTextPdf } from "../support/pdfs.js"
import { buildServer, startServer } from "../support/server.js"

const root = path.resolve(import.meta.dirname, "../..")

/** Runs the built `docsplit keys` on a data directory. */
const keys = (dataDir: string, ...args: Array<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["bin/docsplit.js", "keys", ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr })
    )
  })

describe("the built server (npm start)", () => {
  it("builds, starts with plain node, answers, stops on SIGTERM; the keys CLI shares its database", async () => {
    await buildServer()
    const started = await startServer({ API_KEYS: "smoke:smoke-key-000000001" }, undefined, { built: true })
    const { dataDir, process: server } = started
    const port = Number(new URL(started.url).port)
    const output = started.output
    try {
      const health = await fetch(`http://127.0.0.1:${port}/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: "ok", database: "ok", jobs: { queued: 0, running: 0 } })
      const templates = await fetch(`http://127.0.0.1:${port}/v1/templates`, {
        headers: { "x-api-key": "smoke-key-000000001" }
      })
      expect(templates.status).toBe(200)
      expect(await templates.json()).toEqual([])
      expect(output()).toContain(`web console at http://127.0.0.1:${port}/console`)
      // The console's files are found from dist/ too.
      const script = await fetch(`http://127.0.0.1:${port}/console/console.js`)
      expect(script.status).toBe(200)
      expect(await script.text()).toContain("/v1/templates")
      // Documents are read by the compiled reading worker (dist/Reading/Isolation/Host.js).
      const created = await fetch(`http://127.0.0.1:${port}/v1/templates`, {
        method: "POST",
        headers: { "x-api-key": "smoke-key-000000001", "content-type": "application/json" },
        body: JSON.stringify({ document_type: "invoice", template_data: { invoice_number: "The invoice number" } })
      })
      const { template_id } = (await created.json()) as { template_id: string }
      const form = new FormData()
      form.append("template_ids", JSON.stringify([template_id]))
      form.append("file", new Blob([await makeTextPdf([["INVOICE", "Invoice Number: 41"], ["RECEIPT"]])]), "two.pdf")
      const extracted = await fetch(`http://127.0.0.1:${port}/v1/documents/extract`, {
        method: "POST",
        headers: { "x-api-key": "smoke-key-000000001" },
        body: form
      })
      const body = await extracted.text()
      expect(extracted.status, body).toBe(200)
      expect(body).toContain("Invoice Number: 41")
      // While the server holds the embedded database, the keys CLI works through it.
      const issued = await keys(dataDir, "create", "late", "made while running")
      expect(issued.code, issued.stderr).toBe(0)
      const lateKey = /key:\s+(\S+)/.exec(issued.stdout)![1]!
      const lateId = /key id: (\S+)/.exec(issued.stdout)![1]!
      const asLate = () =>
        fetch(`http://127.0.0.1:${port}/v1/templates`, { headers: { "x-api-key": lateKey } }).then((r) => r.status)
      expect(await asLate()).toBe(200)
      const running = await keys(dataDir, "list")
      expect(running.code).toBe(0)
      expect(running.stdout).toMatch(new RegExp(`^${lateId}\tlate\tmade while running\tcli\t\\S+\tactive$`, "m"))
      // The CLI returns once the server has revoked the key: the very next request is refused.
      const revoked = await keys(dataDir, "revoke", lateId)
      expect(revoked.code).toBe(0)
      expect(revoked.stdout.trim()).toBe(`revoked ${lateId}`)
      expect(await asLate()).toBe(401)

      const exited = new Promise<number | null>((resolve) => server.on("exit", resolve))
      server.kill("SIGTERM")
      expect(await exited).not.toBeNull()
      const listed = await keys(dataDir, "list")
      expect(listed.code).toBe(0)
      expect(listed.stdout).toMatch(/^key_\S+\tsmoke\tAPI_KEYS\tAPI_KEYS\t\S+\tactive$/m)
      expect(listed.stdout).toMatch(new RegExp(`^${lateId}\tlate\t.*\trevoked `, "m"))
    } finally {
      await started.stop()
    }
  }, 120_000)
})
