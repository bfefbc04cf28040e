/**
 * A stranger's DOCX must not make the service fetch an address or read a file: checked with the real
 * LibreOffice and bubblewrap (Debian's libreoffice-writer-nogui and bubblewrap; .ci/run installs them),
 * a local listener that counts requests, and a marker file whose text must never come back.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { pageText } from "../../src/Domain/PageModel.js"
import { makeLibreOffice, OfficeConverter } from "../../src/Office/Converter.js"
import { sanitizeDocx } from "../../src/Office/Sanitize.js"
import { DOCX_MEDIA_TYPE, readDocx } from "../../src/Reading/Docx.js"
import { readPdf } from "../../src/Reading/Pdf.js"
import { openZip } from "../../src/Reading/ZipArchive.js"
import { outwardDocx } from "../support/docx.js"
import { makeTextPdf } from "../support/pdfs.js"

const SOFFICE = "/usr/bin/soffice"
const BWRAP = "/usr/bin/bwrap"
for (const program of [SOFFICE, BWRAP]) {
  if (!fs.existsSync(program)) {
    throw new Error(`${program} missing: apt-get install libreoffice-writer-nogui bubblewrap`)
  }
}

const MARKER = "SECRET MARKER INVOICE 9876"

/** A listener on 127.0.0.1 that counts every request; the marker file is a PDF of another "tenant". */
const setup = Effect.acquireRelease(
  Effect.promise(async () => {
    const hits: Array<string> = []
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? "")
      res.end("REMOTE TEXT")
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-outward-"))
    const file = path.join(dir, "other-tenant.pdf")
    fs.writeFileSync(file, await makeTextPdf([[MARKER]]))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const docx = await outwardDocx({ url, file, text: "Invoice 42 visible text" })
    return { hits, server, dir, docx }
  }),
  ({ dir, server }) =>
    Effect.promise(async () => {
      server.close()
      fs.rmSync(dir, { recursive: true, force: true })
    })
)

const textOfPdf = (pdf: Uint8Array) =>
  Effect.map(readPdf(pdf, { maxPages: 50 }), (model) => model.pages.map(pageText).join("\n"))

/** LibreOffice as it would run with no protection at all: the control that shows the file is harmful. */
const unprotected = (docx: Uint8Array) =>
  Effect.promise(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-unprotected-"))
    try {
      fs.writeFileSync(path.join(dir, "input.docx"), docx)
      await new Promise<void>((resolve, reject) =>
        execFile(
          SOFFICE,
          [
            "--headless",
            "--norestore",
            `-env:UserInstallation=file://${dir}/profile`,
            "--convert-to",
            "pdf",
            "--outdir",
            dir,
            path.join(dir, "input.docx")
          ],
          { timeout: 60_000 },
          (error) => (error ? reject(error) : resolve())
        )
      )
      return new Uint8Array(fs.readFileSync(path.join(dir, "input.pdf")))
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

describe("OfficeConverter with LibreOffice", () => {
  it.scoped("the outward DOCX is harmful to LibreOffice without protection (control)", () =>
    Effect.gen(function*() {
      const { hits, docx } = yield* setup
      const text = yield* textOfPdf(yield* unprotected(docx))
      expect(text).toContain(MARKER)
      expect(hits.length).toBeGreaterThan(0)
    }), 120_000)

  it.scoped(
    "the cage alone: an unsanitized file fetches nothing and reads no other file",
    () =>
      Effect.gen(function*() {
        const { hits, docx } = yield* setup
        const office = yield* makeLibreOffice({ program: SOFFICE, bwrap: BWRAP })
        const pdf = yield* Option.getOrThrow(office.toPdf)(docx, "docx")
        const text = yield* textOfPdf(pdf)
        expect(text).toContain("Invoice 42 visible text")
        expect(text).not.toContain(MARKER)
        expect(hits).toEqual([])
      }),
    120_000
  )

  it.scoped(
    "the DOCX reader (sanitized, caged): own text read, nothing fetched, the marker never appears",
    () =>
      Effect.gen(function*() {
        const { hits, docx } = yield* setup
        const model = yield* readDocx(docx, { maxPages: 50 }).pipe(
          Effect.provide(OfficeConverter.libreOffice({ program: SOFFICE, bwrap: BWRAP }))
        )
        const text = model.pages.map(pageText).join("\n")
        expect(model.mediaType).toBe(DOCX_MEDIA_TYPE)
        expect(model.pages[0]!.geometry).toBeUndefined() // converted: real pages
        expect(text).toContain("Invoice 42 visible text")
        expect(text).not.toContain(MARKER)
        expect(text).not.toContain("REMOTE TEXT")
        expect(hits).toEqual([])
      }),
    120_000
  )

  it.effect("detect finds LibreOffice caged on this machine", () =>
    Effect.gen(function*() {
      const office = yield* OfficeConverter
      expect(office.description).toBe("LibreOffice (sandboxed)")
      expect(office.setup?.bwrap).toMatch(/bwrap$/)
    }).pipe(Effect.provide(OfficeConverter.detect)), 30_000)
})

describe("sanitizeDocx", () => {
  it.scoped("removes linked pictures, external relationships and fetching fields; keeps the text", () =>
    Effect.gen(function*() {
      const { docx } = yield* setup
      const clean = yield* sanitizeDocx(yield* openZip(docx, "DOCX"))
      expect(clean.removed).toEqual({
        externalRelationships: 3,
        linkReferences: 2,
        fieldInstructions: 4,
        importedChunks: 0
      })
      const zip = yield* openZip(clean.bytes, "DOCX")
      const all = (yield* Effect.forEach(zip.names, (n) => zip.read(n))).map((b) => Buffer.from(b).toString("utf8"))
        .join("\n")
      expect(all).not.toMatch(/127\.0\.0\.1|file:\/\/|other-tenant|INCLUDE|r:link/)
      expect(all).toContain("Invoice 42 visible text")
      expect(all).toContain("included text") // a field's last shown result stays
    }))

  it.effect("refuses a part that declares a DOCTYPE (entity tricks)", () =>
    Effect.gen(function*() {
      const { makeZip, docxParts } = yield* Effect.promise(() => import("../support/docx.js"))
      const parts = docxParts("")
      parts["word/document.xml"] = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><w:document xmlns:w="x"/>`
      const error = yield* Effect.flip(
        sanitizeDocx(yield* openZip(yield* Effect.promise(() => makeZip(parts)), "DOCX"))
      )
      expect(error.detail).toMatch(/word\/document\.xml .*DOCTYPE/)
    }))
})
