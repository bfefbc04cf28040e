/**
 * The web console under /console: the files it is served from, and the page itself driven in Debian's
 * Chromium against the real server (sign in with a key, templates created, edited, deleted, and tried on a PDF).
 */
import { HttpClientRequest, HttpServer } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as fs from "node:fs"
import type { Browser, Page } from "playwright-core"
import { chromium } from "playwright-core"
import { keyFor, send, testApp, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Debian's Chromium, headless, with nothing that reaches out to the network by itself. */
const launch = Effect.acquireRelease(
  Effect.promise(async () => {
    if (!fs.existsSync(CHROMIUM)) {
      throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`)
    }
    return chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run"
      ]
    })
  }),
  (browser) => Effect.promise(() => browser.close())
)

/** A page of the console on the test server, with what the page logs as errors and the hosts it asked. */
const openConsole = (browser: Browser) =>
  Effect.gen(function*() {
    const server = yield* HttpServer.HttpServer
    const address = server.address
    if (address._tag !== "TcpAddress") throw new Error("the test server has no TCP address")
    const base = `http://127.0.0.1:${address.port}`
    const page = yield* Effect.promise(() => browser.newPage())
    const errors: Array<string> = []
    const hosts = new Set<string>()
    page.on("pageerror", (e) => errors.push(e.message))
    page.on("request", (r) => hosts.add(new URL(r.url()).host))
    yield* Effect.promise(() => page.goto(`${base}/console`))
    return { page, base, errors, hosts }
  })

const rows = (page: Page) =>
  page.$$eval("#template-table tbody tr", (trs) => trs.map((tr) => tr.querySelector("td")!.textContent))

layer(testApp(), { timeout: 120_000 })("the web console", (it) => {
  describe("GET /console", () => {
    it.effect("serves the page and its files without a key, from this server only, under a strict CSP", () =>
      Effect.gen(function*() {
        const index = yield* send(HttpClientRequest.get("/console"))
        expect(index.status).toBe(200)
        expect(index.headers["content-type"]).toBe("text/html; charset=utf-8")
        expect(index.headers["content-security-policy"]).toContain("default-src 'self'")
        expect(index.headers["content-security-policy"]).toContain("script-src 'self'")
        expect(index.text).not.toMatch(/(src|href)=["']https?:/)
        expect(index.text).toContain(`/console/console.js`)
        expect(index.text).toContain(`/console/console.css`)
        const files = [
          ["console.js", "text/javascript"],
          ["api.js", "text/javascript"],
          ["documents.js", "text/javascript"],
          ["dom.js", "text/javascript"],
          ["fields.js", "text/javascript"],
          ["result.js", "text/javascript"],
          ["console.css", "text/css"]
        ]
        for (const [file, type] of files) {
          const asset = yield* send(HttpClientRequest.get(`/console/${file}`))
          expect(asset.status, file).toBe(200)
          expect(asset.headers["content-type"]).toBe(`${type}; charset=utf-8`)
          expect(asset.headers["x-content-type-options"]).toBe("nosniff")
        }
        expect((yield* send(HttpClientRequest.get("/console/"))).text).toBe(index.text)
      }))

    it.effect("answers 404 with a detail for a file it does not have, and never reads outside its files", () =>
      Effect.gen(function*() {
        const missing = yield* send(HttpClientRequest.get("/console/app.js"))
        expect(missing.status).toBe(404)
        expect(missing.json).toEqual({ detail: "no such file in the console: app.js" })
        for (
          const path of ["/console/..%2F..%2Fpackage.json", "/console/%2e%2e/Config.ts", "/console/../package.json"]
        ) {
          const r = yield* send(HttpClientRequest.get(path))
          expect(r.status, path).toBe(404)
          expect(r.text).not.toContain("docsplit@")
          expect(r.json.detail).toEqual(expect.any(String))
        }
      }))
  })

  describe("in the browser", () => {
    it.scoped("signs in with a key, creates, edits and deletes templates, and shows the server's errors", () =>
      Effect.gen(function*() {
        const browser = yield* launch
        const key = yield* keyFor("console-tenant")
        const otherKey = yield* keyFor("other-tenant")
        yield* send(
          HttpClientRequest.post("/v1/templates").pipe(
            withKey(otherKey),
            HttpClientRequest.bodyUnsafeJson({ document_type: "not ours", template_data: { a: "string" } })
          )
        )
        const { base, errors, hosts, page } = yield* openConsole(browser)
        const storedData = async () =>
          ((await (await fetch(`${base}/v1/templates`, { headers: { "x-api-key": key } })).json()) as Array<any>).map((
            t
          ) => t.template_data)
        yield* Effect.promise(async () => {
          page.on("dialog", (dialog) => dialog.accept())

          await page.fill("#key", "dsk_wrong")
          await page.click("#key-form button[type=submit]")
          await page.locator("#key-error:not(:empty)").waitFor()
          expect(await page.textContent("#key-error")).toBe("The key was refused: unknown or revoked API key")
          expect(await page.isHidden("#templates")).toBe(true)

          await page.fill("#key", key)
          await page.click("#key-form button[type=submit]")
          await page.waitForSelector("#templates:not([hidden])")
          expect(await page.isVisible("#no-templates")).toBe(true)

          // A template written in the fields table: blank rows are left out, types and descriptions kept.
          await page.click("#new-template")
          await page.fill("#document-type", "receipt")
          await page.click("#save-template")
          expect(await page.textContent("#editor-error")).toBe("Add at least one field.")
          const field = (n: number, part: string) => `#field-table tbody tr:nth-child(${n}) .field-${part}`
          await page.fill(field(1, "name"), "total")
          await page.selectOption(field(1, "type"), "number")
          await page.click("#add-field")
          await page.fill(field(2, "name"), "date")
          await page.selectOption(field(2, "type"), "date")
          await page.click("#add-field")
          await page.fill(field(3, "name"), "store")
          await page.fill(field(3, "description"), "The shop's name")
          await page.click("#add-field")
          await page.fill(field(4, "name"), "total")
          await page.click("#save-template")
          expect(await page.textContent("#editor-error")).toBe("Two fields are named \"total\".")
          await page.fill(field(4, "name"), "")
          await page.click("#save-template")
          await page.waitForSelector("#template-table tbody tr")
          expect(await rows(page)).toEqual(["receipt"])
          expect(await page.isHidden("#editor")).toBe(true)
          expect(await storedData()).toEqual([{ total: "number", date: "date", store: "The shop's name" }])

          // In the JSON view, broken JSON is caught before it is sent, and the server's refusal shows its detail.
          await page.click("#new-template")
          await page.fill("#document-type", "<img src=x id=injected>")
          await page.click("#view-json")
          await page.fill("#template-data", "{\"n\": \"string\",")
          await page.click("#save-template")
          expect(await page.textContent("#editor-error")).toMatch(/^The fields are not valid JSON: /)
          await page.click("#view-table")
          expect(await page.isVisible("#template-data")).toBe(true)
          await page.fill("#template-data", "{\"n\": {\"type\": \"money\"}}")
          await page.click("#save-template")
          await page.locator("#editor-error", { hasText: "unknown type" }).waitFor()
          expect(await page.textContent("#editor-error")).toContain("template_data.n.type: unknown type \"money\"")
          // Names are shown as text, never as markup.
          await page.fill("#template-data", "{\"n\": \"string\", \"lines\": [{\"amount\": \"number\"}]}")
          await page.click("#save-template")
          await page.locator("#template-table tbody tr").nth(1).waitFor()
          expect(await rows(page)).toEqual(["receipt", "<img src=x id=injected>"])
          expect(await page.$("#injected")).toBeNull()

          // Editing keeps the id; a list stays as written while the other fields are edited in the table.
          await page.click("#template-table tbody tr:nth-child(2) button:text('Edit')")
          expect(await page.inputValue("#document-type")).toBe("<img src=x id=injected>")
          expect(await page.isVisible("#field-table")).toBe(true)
          expect(
            await page.$$eval("#field-table tbody .field-name", (inputs: Array<any>) => inputs.map((i) => i.value))
          ).toEqual(["n", "lines"])
          expect(await page.textContent("#field-table tbody tr:nth-child(2) .field-type")).toBe("list")
          await page.fill("#document-type", "bank statement")
          await page.fill(field(1, "description"), "Account number")
          await page.click("#save-template")
          await page.locator("#list-notice", { hasText: "Saved bank statement" }).waitFor()
          expect(await rows(page)).toEqual(["receipt", "bank statement"])

          // A JSON Schema template is edited as JSON only.
          await page.click("#template-table tbody tr:nth-child(1) button:text('Edit')")
          await page.click("#view-json")
          await page.fill(
            "#template-data",
            "{\"type\": \"object\", \"properties\": {\"total\": {\"type\": \"number\"}}}"
          )
          await page.click("#view-table")
          expect(await page.textContent("#editor-error")).toBe("This template is a JSON Schema: it is edited as JSON.")
          await page.click("#cancel-edit")
          expect(await page.isHidden("#editor")).toBe(true)

          await page.click("#template-table tbody tr:nth-child(1) button:text('Delete')")
          await page.locator("#template-table tbody tr").nth(1).waitFor({ state: "detached" })
          expect(await rows(page)).toEqual(["bank statement"])

          // The key is kept for the tab: a reload opens the list again; forgetting it asks for a key.
          await page.reload()
          await page.waitForSelector("#template-table tbody tr")
          expect(await rows(page)).toEqual(["bank statement"])
          await page.click("#forget-key")
          expect(await page.isVisible("#sign-in")).toBe(true)
          await page.reload()
          expect(await page.isVisible("#sign-in")).toBe(true)
        })
        const stored = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key)))
        expect(stored.json.map((t: any) => [t.document_type, t.template_data])).toEqual([
          ["bank statement", { n: "Account number", lines: [{ amount: "number" }] }]
        ])
        expect(errors).toEqual([])
        expect([...hosts]).toEqual([new URL(page.url()).host])
      }))

    it.scoped("tries templates on a PDF: sections, values with their pages, and their boxes drawn on the page", () =>
      Effect.gen(function*() {
        const browser = yield* launch
        const key = yield* keyFor("console-try")
        for (
          const [document_type, template_data] of [
            ["invoice", {
              invoice_number: "The invoice number",
              total: { type: "number", description: "Total amount due" }
            }],
            ["receipt", { total: "number", date: "date" }]
          ] as const
        ) {
          yield* send(
            HttpClientRequest.post("/v1/templates").pipe(
              withKey(key),
              HttpClientRequest.bodyUnsafeJson({ document_type, template_data })
            )
          )
        }
        const pdf = yield* Effect.promise(() =>
          makeTextPdf([
            [
              "ACME Supplies Ltd",
              "INVOICE",
              "Invoice number: INV-2024-0042",
              "Date: 12 March 2024",
              "Widgets 3 x 10.00",
              "Total due: 30.00 EUR"
            ],
            ["Thank you for your business"]
          ])
        )
        const file = `${fs.mkdtempSync("/tmp/docsplit-console-")}/invoice.pdf`
        fs.writeFileSync(file, pdf)
        const { base, errors, page } = yield* openConsole(browser)
        const result = yield* Effect.promise(async () => {
          await page.fill("#key", key)
          await page.click("#key-form button[type=submit]")
          await page.waitForSelector("#try:not([hidden])")
          await page.click("#try-submit")
          expect(await page.textContent("#try-error")).toBe("Choose a file or give its address.")
          // An address the server cannot download from: its detail is shown.
          await page.fill("#try-url", `${base}/console/missing.pdf`)
          await page.check("#try-templates label:has-text('receipt') input")
          await page.click("#try-submit")
          await page.locator("#try-error:not(:empty)").waitFor()
          expect(await page.textContent("#try-error")).toMatch(/^url fetch failed: .*404/)
          await page.uncheck("#try-templates label:has-text('receipt') input")
          await page.setInputFiles("#try-file", file)
          await page.click("#try-submit")
          expect(await page.textContent("#try-error")).toBe("Give a file or an address, not both.")
          await page.fill("#try-url", "")
          await page.click("#try-submit")
          expect(await page.textContent("#try-error")).toBe("Choose at least one template.")
          await page.check("#try-templates label:has-text('invoice') input")
          await page.click("#try-submit")
          await page.waitForSelector("#try-result .section", { timeout: 60_000 })
          return {
            summary: await page.textContent("#try-result .summary"),
            heading: await page.textContent("#try-result .section h3"),
            values: await page.$$eval(
              "table.values tbody tr",
              (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent))
            ),
            boxes: await page.$$eval("svg .values rect", (rs) => rs.map((r) => r.getAttribute("data-path"))),
            lines: await page.$$eval("svg .lines rect", (rs) => rs.length)
          }
        })
        expect(result.summary).toMatch(/^2 pages read \(2 by text layer\) in [\d.]+ s; 1 section$/)
        expect(result.heading).toBe("1. invoice pages 1–2")
        // Field, value, page, and how sure the engine is (a percentage).
        expect(result.values.map((r) => r.slice(0, 3))).toEqual([["invoice_number", "INV-2024-0042", "1"], [
          "total",
          "30",
          "1"
        ]])
        for (const r of result.values) expect(r[3]).toMatch(/^\d{1,3}%$/)
        expect(result.boxes.sort()).toEqual(["invoice_number", "total"])
        expect(result.lines).toBe(7)
        // Hovering a value marks its box on the page.
        yield* Effect.promise(() => page.hover("table.values tbody tr:nth-child(2)"))
        const current = yield* Effect.promise(() =>
          page.$$eval("svg .values rect.current", (rs) => rs.map((r) => r.getAttribute("data-path")))
        )
        expect(current).toEqual(["total"])
        // So does reaching it with the keyboard.
        yield* Effect.promise(() => page.focus("table.values tbody tr:nth-child(1)"))
        const focused = yield* Effect.promise(() =>
          page.$$eval("svg .values rect.current", (rs) => rs.map((r) => r.getAttribute("data-path")))
        )
        expect(focused).toEqual(["invoice_number"])
        expect(errors).toEqual([])
      }))

    it.scoped("stores documents, extracts them (each run kept), shows their runs and deletes them", () =>
      Effect.gen(function*() {
        const browser = yield* launch
        const key = yield* keyFor("console-documents")
        yield* send(
          HttpClientRequest.post("/v1/templates").pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({
              document_type: "invoice",
              template_data: {
                invoice_number: "The invoice number",
                total: { type: "number", description: "Total amount due" }
              }
            })
          )
        )
        const pdf = yield* Effect.promise(() =>
          makeTextPdf([["ACME Supplies Ltd", "INVOICE", "Invoice number: INV-7", "Total due: 12.50 EUR"]])
        )
        const file = `${fs.mkdtempSync("/tmp/docsplit-console-")}/acme.pdf`
        fs.writeFileSync(file, pdf)
        const { base, errors, page } = yield* openConsole(browser)
        const api = async (path: string) => {
          const r = await fetch(`${base}${path}`, { headers: { "x-api-key": key } })
          return { status: r.status, json: (await r.json()) as any }
        }
        const runRows = () =>
          page.$$eval(
            "#document-runs table.values tbody tr",
            (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent))
          )
        yield* Effect.promise(async () => {
          page.on("dialog", (dialog) => dialog.accept())
          await page.fill("#key", key)
          await page.click("#key-form button[type=submit]")
          await page.waitForSelector("#documents:not([hidden])")
          await page.locator("#no-documents:not([hidden])").waitFor()

          await page.click("#upload-submit")
          expect(await page.textContent("#doc-error")).toBe("Choose a file or give its address.")
          await page.fill("#upload-url", `${base}/console/missing.pdf`)
          await page.click("#upload-submit")
          await page.locator("#doc-error:not(:empty)").waitFor()
          expect(await page.textContent("#doc-error")).toMatch(/^url fetch failed: .*404/)
          await page.fill("#upload-url", "")
          await page.setInputFiles("#upload-file", file)
          await page.click("#upload-submit")
          await page.locator("#document-table tbody tr").waitFor()
          expect(await page.textContent("#document-table tbody tr td")).toBe("acme.pdf")
          const listed = await api("/v1/documents")
          expect(listed.json.map((d: any) => d.document_name)).toEqual(["acme.pdf"])
          const id = listed.json[0].document_id

          await page.click("#document-table tbody tr button:text('Results')")
          await page.locator("#document-runs", { hasText: "has not been extracted yet" }).waitFor()
          // The only template is chosen already; without it there is nothing to extract with.
          expect(await page.isChecked("#doc-templates input")).toBe(true)
          await page.uncheck("#doc-templates input")
          await page.click("#document-table tbody tr button:text('Extract')")
          expect(await page.textContent("#doc-error")).toBe("Choose at least one template to extract with.")
          await page.check("#doc-templates input")
          await page.click("#document-table tbody tr button:text('Extract')")
          await page.locator("#doc-notice", { hasText: "the run is stored" }).waitFor()
          expect(await page.textContent("#document-runs h4")).toBe("invoice, page 1")
          const rows = await runRows()
          expect(rows.map((r) => r.slice(0, 3))).toEqual([["invoice_number", "INV-7", "1"], ["total", "12.5", "1"]])
          // The stored run keeps each value's confidence, shown as the engine gave it.
          for (const r of rows) expect(r[3]).toMatch(/^\d{1,3}%$/)

          await page.click("#document-table tbody tr button:text('Extract')")
          await page.locator("#doc-notice", { hasText: "the run is stored" }).waitFor()
          await page.click("#document-table tbody tr button:text('Results')")
          await page.locator("#document-runs h3", { hasText: "run 2" }).waitFor()
          expect(await page.$$eval("#document-runs h3", (hs) => hs.map((h) => h.textContent!.replace(/, .*$/, ""))))
            .toEqual([
              "acme.pdf: run 1",
              "acme.pdf: run 2"
            ])
          const runs = await api(`/v1/documents/${id}`)
          expect(runs.json).toHaveLength(2)
          expect(runs.json[0].results[0].extracted).toEqual({ invoice_number: "INV-7", total: 12.5 })

          await page.click("#document-table tbody tr button:text('Delete')")
          await page.locator("#no-documents:not([hidden])").waitFor()
          expect(await page.textContent("#doc-notice")).toBe("Deleted acme.pdf.")
          expect((await api(`/v1/documents/${id}`)).status).toBe(404)
        })
        expect(errors).toEqual([])
      }))
  })
})
