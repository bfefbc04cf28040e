import { HttpClientRequest } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as path from "node:path"
import { AppConfig } from "../../src/Config.js"
import { fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"
import { scratchFiles } from "../support/scratch.js"

const invoicePage = (number: string, total: string) => [
  "ACME Supplies Ltd",
  "INVOICE",
  `Invoice Number: ${number}`,
  "Invoice Date: 20 March 2023",
  "Bill To: Jane Customer",
  "Description            Qty     Amount",
  "Paper                  2       10.00",
  "Ink                    1       5.50",
  `Total Due: USD ${total}`
]

const receiptPage = [
  "CORNER CAFE",
  "RECEIPT",
  "Receipt No: R-7781",
  "Date: 02/01/2024",
  "Coffee 3.50",
  "Cake 4.00",
  "TOTAL 7.50",
  "Thank you for your visit"
]

const invoiceTemplate = {
  document_type: "invoice",
  template_data: {
    invoice_number: "The invoice number",
    invoice_date: { type: "date", description: "Date of issue" },
    total_due: { type: "number", description: "Total amount to pay" },
    bill_to: "Customer the invoice is addressed to",
    po_number: "Purchase order number"
  }
}

const receiptTemplate = {
  document_type: "receipt",
  template_data: { receipt_no: "Receipt number", date: "date", total: "number" }
}

const createTemplate = (key: string, body: unknown) =>
  send(HttpClientRequest.post("/v1/templates").pipe(withKey(key), HttpClientRequest.bodyUnsafeJson(body))).pipe(
    Effect.map((r) => r.json.template_id as string)
  )

const upload = (key: string, bytes: Uint8Array, name = "doc.pdf") =>
  send(
    HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(fileForm(bytes, name)))
  )

const postJson = (key: string, url: string, body: unknown, params: Record<string, string> = {}) =>
  send(
    HttpClientRequest.post(url).pipe(
      withKey(key),
      HttpClientRequest.setUrlParams(params),
      HttpClientRequest.bodyUnsafeJson(body)
    )
  )

const oneShot = (key: string, form: FormData, params: Record<string, string> = {}) =>
  send(
    HttpClientRequest.post("/v1/documents/extract").pipe(
      withKey(key),
      HttpClientRequest.setUrlParams(params),
      HttpClientRequest.bodyFormData(form)
    )
  )

const pdf = (pages: ReadonlyArray<ReadonlyArray<string>>) => Effect.promise(() => makeTextPdf(pages))

/** A local file server for URL input (the test config allows 127.0.0.1). */
const fileServer = (body: Uint8Array, name: string) =>
  Effect.acquireRelease(
    Effect.async<http.Server>((resume) => {
      const server = http.createServer((req, res) => {
        if (req.url === `/files/${name}`) {
          res.writeHead(200, { "content-type": "application/pdf", "content-length": body.byteLength })
          res.end(body)
        } else {
          res.writeHead(404).end("missing")
        }
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) => Effect.promise(() => new Promise<void>((done) => server.close(() => done())))
  ).pipe(Effect.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`))

layer(testApp(), { timeout: 120_000 })("documents", (it) => {
  describe("POST /v1/documents", () => {
    it.effect("stores an uploaded PDF and lists it", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("uploader")
        const r = yield* upload(key, yield* pdf([invoicePage("INV-1", "15.50")]), "march.pdf")
        expect(r.status).toBe(200)
        expect(Object.keys(r.json).sort()).toEqual(["document_created_at", "document_id", "document_name"])
        expect(r.json.document_name).toBe("march.pdf")
        const list = yield* send(HttpClientRequest.get("/v1/documents").pipe(withKey(key)))
        expect(list.json).toEqual([r.json])
        const runs = yield* send(HttpClientRequest.get(`/v1/documents/${r.json.document_id}`).pipe(withKey(key)))
        expect(runs.status).toBe(200)
        expect(runs.json).toEqual([])
        // A file named in any script keeps its name.
        for (const name of ["Счёт 3.pdf", "請求書.pdf", "facture €.pdf"]) {
          const named = yield* upload(key, yield* pdf([invoicePage("INV-2", "9.00")]), name)
          expect(named.status, name).toBe(200)
          expect(named.json.document_name).toBe(name)
        }
      }))

    it.scoped("fetches a document by URL and names it from the path", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("url-uploader")
        const base = yield* fileServer(yield* pdf([receiptPage]), "receipt-42.pdf")
        const form = new FormData()
        form.append("url", `${base}/files/receipt-42.pdf`)
        const r = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(form))
        )
        expect(r.status).toBe(200)
        expect(r.json.document_name).toBe("receipt-42.pdf")
        const missing = new FormData()
        missing.append("url", `${base}/files/nope.pdf`)
        const r404 = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(missing))
        )
        expect(r404.status).toBe(502)
        expect(r404.json.detail).toMatch(/404/)
      }))

    it.effect("answers 400 for both file and url, and for neither; an empty url beside a file is none", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-upload")
        const both = fileForm(yield* pdf([receiptPage]), "r.pdf", { url: "http://127.0.0.1/x.pdf" })
        const r1 = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(both))
        )
        expect(r1.status).toBe(400)
        expect(r1.json.detail).toMatch(/not both/)
        // An empty url field beside the file (what a generated form sends) counts as no url.
        const blankUrl = fileForm(yield* pdf([receiptPage]), "r.pdf", { url: "" })
        const r3 = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(blankUrl))
        )
        expect(r3.status).toBe(200)
        expect(r3.json.document_name).toBe("r.pdf")
        const neither = new FormData()
        neither.append("something", "else")
        const r2 = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(neither))
        )
        expect(r2.status).toBe(400)
      }))

    it.effect("answers 400 for a broken multipart body", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("broken-multipart")
        const r = yield* send(
          HttpClientRequest.post("/v1/documents").pipe(
            withKey(key),
            HttpClientRequest.bodyText(
              "--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nabc",
              "multipart/form-data; boundary=xyz"
            )
          )
        )
        expect([400, 413]).toContain(r.status)
        expect(r.status).toBe(400)
        expect(Object.keys(r.json)).toEqual(["detail"])
      }))

    it.effect("refuses unreadable files with 415 and stores nothing", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-files")
        const garbage = new Uint8Array(2000).map((_, i) => (i * 7919) % 256)
        const good = yield* pdf([receiptPage])
        const truncated = good.slice(0, Math.floor(good.length / 3))
        for (
          const [bytes, name] of [[garbage, "x.bin"], [truncated, "cut.pdf"], [new Uint8Array(0), "empty.pdf"]] as const
        ) {
          const r = yield* upload(key, bytes, name)
          expect(r.status, name).toBe(415)
          expect(typeof r.json.detail).toBe("string")
        }
        const list = yield* send(HttpClientRequest.get("/v1/documents").pipe(withKey(key)))
        expect(list.json).toEqual([])
        const config = yield* AppConfig
        for (const bytes of [garbage, truncated]) {
          const sha = createHash("sha256").update(bytes).digest("hex")
          expect(fs.existsSync(path.join(config.dataDir, "blobs", sha.slice(0, 2), sha))).toBe(false)
        }
        // A request's upload folder goes when its scope closes, just after the answer is sent.
        for (let i = 0; i < 40 && scratchFiles(config.dataDir).length > 0; i++) {
          yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
        }
        expect(scratchFiles(config.dataDir)).toEqual([])
      }))

    it.effect("answers 413 for an upload over MAX_UPLOAD_BYTES", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("too-big")
        const config = yield* AppConfig
        const big = new Uint8Array(config.maxUploadBytes + 10)
        big.set(new TextEncoder().encode("%PDF-1.7\n"))
        const r = yield* upload(key, big, "big.pdf")
        expect(r.status).toBe(413)
        expect(typeof r.json.detail).toBe("string")
      }))

    it.effect("answers 413 for more pages than MAX_PAGES", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("too-many-pages")
        const config = yield* AppConfig
        const pages = Array.from({ length: config.maxPages + 1 }, (_, i) => [`page ${i + 1}`])
        const r = yield* upload(key, yield* pdf(pages), "long.pdf")
        expect(r.status).toBe(413)
        expect(r.json.detail).toMatch(/pages/)
      }))
  })

  describe("split and extraction of stored documents", () => {
    it.effect("splits a packet into sections by type, in page order", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("splitter")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const rec = yield* createTemplate(key, receiptTemplate)
        const doc =
          (yield* upload(key, yield* pdf([invoicePage("INV-1", "15.50"), invoicePage("INV-2", "99.00"), receiptPage])))
            .json
        const r = yield* postJson(key, `/v1/documents/${doc.document_id}/split`, { template_ids: [inv, rec] })
        expect(r.status).toBe(200)
        expect(r.json.map(({ confidence: _, ...section }: { confidence: number }) => section)).toEqual([
          { document_type: "invoice", pages: [1] },
          { document_type: "invoice", pages: [2] },
          { document_type: "receipt", pages: [3] }
        ])
        // Each section says how sure the split is: pages that state "1 of 1" and a title are sure.
        for (const section of r.json) {
          expect(section.confidence).toBeGreaterThanOrEqual(0.9)
          expect(section.confidence).toBeLessThanOrEqual(1)
        }
      }))

    it.effect("extracts values, stores the run, and returns plain or coordinate forms", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("extractor")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const doc = (yield* upload(key, yield* pdf([invoicePage("INV-2023-0042", "1,234.50")]))).json
        const r = yield* postJson(key, `/v1/documents/${doc.document_id}/extraction`, { template_ids: [inv] })
        expect(r.status).toBe(200)
        expect(r.json).toHaveLength(1)
        expect(r.json[0].document_type).toBe("invoice")
        expect(r.json[0].pages).toEqual([1])
        expect(r.json[0].extracted).toEqual({
          invoice_number: "INV-2023-0042",
          invoice_date: "2023-03-20",
          total_due: 1234.5,
          bill_to: "Jane Customer",
          po_number: null
        })
        expect(Object.keys(r.json[0].extracted)).toEqual(Object.keys(invoiceTemplate.template_data))

        const c = yield* postJson(key, `/v1/documents/${doc.document_id}/extraction`, { template_ids: [inv] }, {
          include_coordinates: "true"
        })
        const number = c.json[0].extracted.invoice_number
        expect(number.value).toBe("INV-2023-0042")
        expect(number.page).toBe(1)
        const [x1, y1, x2, y2] = number.bounding_box_coordinates
        for (const v of [x1, y1, x2, y2]) {
          expect(v).toBeGreaterThanOrEqual(0)
          expect(v).toBeLessThanOrEqual(1)
        }
        expect(x2).toBeGreaterThan(x1)
        expect(y2).toBeGreaterThan(y1)
        // Third line from the top of an A4 page laid out from 72pt with 16pt leading.
        expect(y1).toBeGreaterThan((72 + 16) / 842)
        expect(y2).toBeLessThan((72 + 3 * 16 + 4) / 842)
        expect(c.json[0].extracted.po_number).toBeNull()
        // Every value says how sure the engine is; a clearly labelled one on a clean page is sure.
        expect(Object.keys(number).sort()).toEqual(["bounding_box_coordinates", "confidence", "page", "value"])
        expect(number.confidence).toBeGreaterThanOrEqual(0.9)
        expect(number.confidence).toBeLessThanOrEqual(1)
        expect(c.json[0].confidence).toBeGreaterThan(0)
        expect(c.json[0].confidence).toBeLessThanOrEqual(1)
        // The plain form carries no value confidence, the section's own stays.
        expect(typeof r.json[0].extracted.invoice_number).toBe("string")
        expect(r.json[0].confidence).toBe(c.json[0].confidence)

        const runs = yield* send(HttpClientRequest.get(`/v1/documents/${doc.document_id}`).pipe(withKey(key)))
        expect(runs.json).toHaveLength(2)
        expect(runs.json[0].document_id).toBe(doc.document_id)
        expect(runs.json[0].document_name).toBe(doc.document_name)
        expect(runs.json[0].results[0].extracted.total_due).toBe(1234.5)
        expect(runs.json[0].template_ids).toEqual([inv])
        const withCoords = yield* send(
          HttpClientRequest.get(`/v1/documents/${doc.document_id}`).pipe(
            withKey(key),
            HttpClientRequest.setUrlParams({ include_coordinates: "1" })
          )
        )
        expect(withCoords.json[0].results[0].extracted.total_due.value).toBe(1234.5)
        expect(withCoords.json[0].results[0].extracted.total_due.bounding_box_coordinates).toHaveLength(4)
        // Stored runs keep the confidence of each value and section, as answered.
        const answered = c.json[0]
        const stored = withCoords.json.find((
          run: { results: Array<{ extracted: { invoice_number: { confidence: number } } }> }
        ) => run.results[0]!.extracted.invoice_number.confidence === answered.extracted.invoice_number.confidence)
        expect(stored).toBeDefined()
        expect(stored.results[0].extracted).toEqual(answered.extracted)
        expect(stored.results[0].confidence).toBe(answered.confidence)
        expect(runs.json[0].results[0].extracted.invoice_number).toBe("INV-2023-0042")
      }))

    it.effect("answers 404 for unknown templates and documents, 422 for an empty list", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("missing-things")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const doc = (yield* upload(key, yield* pdf([receiptPage]))).json
        const r1 = yield* postJson(key, `/v1/documents/${doc.document_id}/split`, { template_ids: [inv, "tpl_nope"] })
        expect(r1.status).toBe(404)
        expect(r1.json.detail).toContain("tpl_nope")
        const r2 = yield* postJson(key, `/v1/documents/doc_nope/extraction`, { template_ids: [inv] })
        expect(r2.status).toBe(404)
        expect(r2.json.detail).toContain("doc_nope")
        const r3 = yield* postJson(key, `/v1/documents/${doc.document_id}/split`, { template_ids: [] })
        expect(r3.status).toBe(422)
        const r4 = yield* postJson(key, `/v1/documents/${doc.document_id}/split`, { template_ids: "abc" })
        expect(r4.status).toBe(400)
        const r5 = yield* postJson(key, `/v1/documents/${doc.document_id}/split`, {})
        expect(r5.status).toBe(422)
        const r6 = yield* send(
          HttpClientRequest.get(`/v1/documents/${doc.document_id}`).pipe(
            withKey(key),
            HttpClientRequest.setUrlParams({ include_coordinates: "maybe" })
          )
        )
        expect(r6.status).toBe(422)
      }))

    it.effect("keeps tenants apart: another tenant's document and template answer 404", () =>
      Effect.gen(function*() {
        const owner = yield* keyFor("owner")
        const intruder = yield* keyFor("intruder")
        const inv = yield* createTemplate(owner, invoiceTemplate)
        const doc = (yield* upload(owner, yield* pdf([invoicePage("INV-9", "1.00")]))).json
        const own = yield* createTemplate(intruder, invoiceTemplate)
        for (
          const r of [
            yield* send(HttpClientRequest.get(`/v1/documents/${doc.document_id}`).pipe(withKey(intruder))),
            yield* postJson(intruder, `/v1/documents/${doc.document_id}/split`, { template_ids: [own] }),
            yield* send(HttpClientRequest.del(`/v1/documents/${doc.document_id}`).pipe(withKey(intruder)))
          ]
        ) {
          expect(r.status).toBe(404)
        }
        const otherDoc = (yield* upload(intruder, yield* pdf([invoicePage("INV-10", "1.00")]))).json
        const r = yield* postJson(intruder, `/v1/documents/${otherDoc.document_id}/split`, { template_ids: [inv] })
        expect(r.status).toBe(404)
        const list = yield* send(HttpClientRequest.get("/v1/documents").pipe(withKey(intruder)))
        expect(list.json.map((d: any) => d.document_id)).toEqual([otherDoc.document_id])
      }))

    it.effect("a deleted template can no longer be used", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("deleted-template")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const doc = (yield* upload(key, yield* pdf([invoicePage("INV-1", "2.00")]))).json
        yield* send(HttpClientRequest.del(`/v1/templates/${inv}`).pipe(withKey(key)))
        const r = yield* postJson(key, `/v1/documents/${doc.document_id}/extraction`, { template_ids: [inv] })
        expect(r.status).toBe(404)
      }))
  })

  describe("POST /v1/documents/extract", () => {
    it.effect("reads, splits and extracts without storing anything", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("one-shot")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const rec = yield* createTemplate(key, receiptTemplate)
        const bytes = yield* pdf([invoicePage("INV-77", "15.50"), receiptPage])
        const r = yield* oneShot(key, fileForm(bytes, "packet.pdf", { template_ids: JSON.stringify([inv, rec]) }))
        expect(r.status).toBe(200)
        expect(Object.keys(r.json).sort()).toEqual(["markdown", "ocr", "result"])
        expect(r.json.ocr).toHaveLength(2)
        const page1 = r.json.ocr[0]
        expect(page1.page).toBe(1)
        expect(page1.source).toBe("text")
        expect(page1.width).toBeCloseTo(595, 0)
        expect(page1.text).toContain("Invoice Number: INV-77")
        expect(page1.lines[0].text).toBe("ACME Supplies Ltd")
        expect(page1.words.length).toBeGreaterThan(20)
        expect(page1.words[0]).toMatchObject({ text: "ACME", confidence: 1 })
        expect(r.json.markdown).toContain("<!-- page 1 -->")
        expect(r.json.markdown).toContain("<!-- page 2 -->")
        expect(r.json.result).toEqual([
          {
            document_type: "invoice",
            pages: [1],
            confidence: expect.any(Number),
            properties: {
              invoice_number: "INV-77",
              invoice_date: "2023-03-20",
              total_due: 15.5,
              bill_to: "Jane Customer",
              po_number: null
            }
          },
          {
            document_type: "receipt",
            pages: [2],
            confidence: expect.any(Number),
            properties: { receipt_no: "R-7781", date: expect.any(String), total: 7.5 }
          }
        ])
        const docs = yield* send(HttpClientRequest.get("/v1/documents").pipe(withKey(key)))
        expect(docs.json).toEqual([])
      }))

    it.effect("accepts template_ids as a repeated field or a comma list; force_exclusive_template makes one section", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("one-shot-forms")
        const inv = yield* createTemplate(key, invoiceTemplate)
        const rec = yield* createTemplate(key, receiptTemplate)
        const bytes = yield* pdf([invoicePage("INV-1", "1.00"), receiptPage])
        const repeated = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: [inv, rec] }))
        expect(repeated.status).toBe(200)
        expect(repeated.json.result.map((s: any) => s.document_type)).toEqual(["invoice", "receipt"])
        const comma = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: `${inv},${rec}` }))
        expect(comma.json.result.map((s: any) => s.document_type)).toEqual(["invoice", "receipt"])
        const exclusive = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: `["${rec}","${inv}"]` }), {
          force_exclusive_template: "true"
        })
        expect(exclusive.json.result).toHaveLength(1)
        expect(exclusive.json.result[0]).toMatchObject({ document_type: "receipt", pages: [1, 2] })
      }))

    it.effect("answers 400 for template_ids that are not a list of strings, 422 when missing, 404 when unknown", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("one-shot-errors")
        const bytes = yield* pdf([receiptPage])
        const notList = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: "[1, 2]" }))
        expect(notList.status).toBe(400)
        const badJson = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: "[\"a\"" }))
        expect(badJson.status).toBe(400)
        const missing = yield* oneShot(key, fileForm(bytes, "p.pdf"))
        expect(missing.status).toBe(422)
        const unknown = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: "[\"tpl_x\"]" }))
        expect(unknown.status).toBe(404)
        const badFlag = yield* oneShot(key, fileForm(bytes, "p.pdf", { template_ids: "[\"tpl_x\"]" }), {
          include_coordinates: "yes"
        })
        expect(badFlag.status).toBe(422)
      }))
  })

  describe("DELETE /v1/documents/{id}", () => {
    it.effect("removes the document, its results and its file", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("doc-deleter")
        const config = yield* AppConfig
        const inv = yield* createTemplate(key, invoiceTemplate)
        const bytes = yield* pdf([invoicePage("INV-DEL", "3.00")])
        const a = (yield* upload(key, bytes, "a.pdf")).json
        const b = (yield* upload(key, bytes, "b.pdf")).json
        yield* postJson(key, `/v1/documents/${a.document_id}/extraction`, { template_ids: [inv] })
        const sha = createHash("sha256").update(bytes).digest("hex")
        const blobFile = path.join(config.dataDir, "blobs", sha.slice(0, 2), sha)
        const blobFiles = () => (fs.existsSync(blobFile) ? 1 : 0)
        expect(blobFiles()).toBe(1)
        const r = yield* send(HttpClientRequest.del(`/v1/documents/${a.document_id}`).pipe(withKey(key)))
        expect(r.status).toBe(204)
        expect(r.text).toBe("")
        // b still uses the same bytes
        expect(blobFiles()).toBe(1)
        const gone = yield* send(HttpClientRequest.get(`/v1/documents/${a.document_id}`).pipe(withKey(key)))
        expect(gone.status).toBe(404)
        yield* send(HttpClientRequest.del(`/v1/documents/${b.document_id}`).pipe(withKey(key)))
        expect(blobFiles()).toBe(0)
        const again = yield* send(HttpClientRequest.del(`/v1/documents/${b.document_id}`).pipe(withKey(key)))
        expect(again.status).toBe(404)
      }))
  })
})
