/**
 * The `docsplit` command as a person or a script runs it (bin/docsplit.js, a process of its own, no
 * server, no database): the one-shot answer for a text PDF and a scan, the table for a person,
 * failures as one line with the exit code of their status, silence on stderr when it is not a
 * terminal, and the progress bar when it is.
 */
import { Effect } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { Writable } from "node:stream"
import { afterAll, describe, expect, it } from "vitest"
import { terminalProgress } from "../../src/cli/progress.js"
import { invoicePdf, makePdf } from "../support/pdfs.js"
import { textPng } from "../support/textImage.js"

const root = path.resolve(import.meta.dirname, "../..")
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-cli-test-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const docsplit = (...args: Array<string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ["bin/docsplit.js", ...args], {
      cwd: root,
      // No key: the offline engine; no DATA_DIR or DATABASE_URL is needed.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        TMPDIR: os.tmpdir(),
        OCR_WORKERS: "1",
        READ_WORKERS: "1"
      },
      maxBuffer: 64 * 1024 * 1024
    }, (error, stdout, stderr) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }))
  })

const write = (name: string, content: string | Uint8Array) => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, content)
  return file
}

const invoiceTemplate = () =>
  write(
    "invoice.json",
    JSON.stringify({
      document_type: "invoice",
      template_data: {
        invoice_number: "The invoice's number",
        total_amount: { type: "number", description: "Total due" }
      }
    })
  )

describe("docsplit extract", () => {
  it(
    "prints the one-shot response of a text PDF (with coordinates), and nothing else on stdout or stderr",
    async () => {
      const pdf = write("invoice.pdf", await invoicePdf())
      const run = await docsplit("extract", pdf, "--template", invoiceTemplate(), "--coordinates")
      expect(run.stderr).toBe("")
      expect(run.code).toBe(0)
      const answer = JSON.parse(run.stdout)
      expect(answer.ocr).toHaveLength(1)
      expect(answer.result).toHaveLength(1)
      expect(answer.result[0]).toMatchObject({ document_type: "invoice", pages: [1] })
      expect(answer.result[0].properties.invoice_number).toMatchObject({ value: "INV-2024-118", page: 1 })
      expect(answer.result[0].properties.invoice_number.bounding_box_coordinates).toHaveLength(4)
    },
    120_000
  )

  it("reads a scan by OCR and shows the values as a table", async () => {
    const png = write("scan.png", await textPng(["INVOICE", "Invoice number: 55120", "Total due: 88.20"]))
    const run = await docsplit("extract", png, "-t", invoiceTemplate(), "--coordinates", "--format", "table")
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^invoice, page 1/)
    expect(run.stdout).toMatch(/invoice_number\s+55120\s+p\.1/)
  }, 120_000)

  it("answers a file it cannot read with one line naming the reason and the API's status, exit code 2", async () => {
    const junk = write("junk.bin", new Uint8Array(4096).map((_, i) => (i * 7919) % 251))
    const run = await docsplit("extract", junk, "--template", invoiceTemplate())
    expect(run.code).toBe(2)
    expect(run.stdout).toBe("")
    expect(run.stderr.trim().split("\n")).toHaveLength(1)
    expect(run.stderr).toMatch(/^docsplit: .*unsupported file type.*\(415\)/)
  }, 120_000)

  it("refuses a template file that is not a template, and a missing file, with exit code 2", async () => {
    const bad = write("bad.json", JSON.stringify({ template_data: { a: "b" } }))
    const pdf = write("one.pdf", await makePdf([[{ text: "Hello", x: 60, y: 60 }]]))
    const run = await docsplit("extract", pdf, "--template", bad)
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/^docsplit: .*bad\.json must hold \{"document_type"/)
    const missing = await docsplit("extract", path.join(dir, "nowhere.pdf"), "--template", bad)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("must exist")
  }, 120_000)
})

describe("the progress bar", () => {
  const sink = (isTTY: boolean) => {
    let written = ""
    const stream = Object.assign(new Writable({ write: (chunk, _enc, done) => ((written += String(chunk)), done()) }), {
      isTTY,
      columns: 100,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true
    })
    return { stream: stream as unknown as NodeJS.WriteStream, written: () => written }
  }

  it("draws pages read and sections extracted on a terminal", async () => {
    const terminal = sink(true)
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const progress = yield* terminalProgress(terminal.stream)
      yield* progress.reading(3, 10)
      yield* progress.read(10)
      yield* progress.split(2)
      yield* progress.sectionDone
    })))
    expect(terminal.written()).toContain("pages read")
    // Redraws are throttled: the first state and the last are drawn.
    expect(terminal.written()).toContain("3/10")
    expect(terminal.written()).toContain("1/2")
    expect(terminal.written()).toContain("sections done")
  })

  it("stays silent when stderr is not a terminal", async () => {
    const pipe = sink(false)
    await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const progress = yield* terminalProgress(pipe.stream)
      yield* progress.read(10)
      yield* progress.split(1)
      yield* progress.sectionDone
    })))
    expect(pipe.written()).toBe("")
  })
})
