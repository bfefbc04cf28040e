/**
 * Clients from the published API, as the teams that use it build them: types generated from
 * /openapi.json by openapi-typescript with a client script on openapi-fetch (type-checked here, no
 * casts), and the typed Effect client built from the same definition. Both run the whole contract
 * against the server; every answer is held against the document with Ajv.
 */
import { FetchHttpClient, HttpServer } from "@effect/platform"
import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect, Either } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"
import ts from "typescript"
import { makeClient } from "../../src/Client.js"
import { keyFor, send, testApp } from "../support/app.js"
import { specValidator } from "../support/openapi.js"
import { generateTypes } from "../support/openapiTypes.js"
import { invoicePdf } from "../support/pdfs.js"

const clientDir = path.join(import.meta.dirname, "client")

const specOf = send(HttpClientRequest.get("/openapi.json")).pipe(Effect.map((r) => r.json as Record<string, any>))

const baseUrl = Effect.map(
  HttpServer.HttpServer,
  (server) => `http://127.0.0.1:${(server.address as HttpServer.TcpAddress).port}`
)

/** Type errors of a program made of `files`, checked as strictly as the project. */
const typeErrors = (files: ReadonlyArray<string>) => {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts"],
    types: ["node"],
    skipLibCheck: true
  })
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
}

layer(testApp(), { timeout: 180_000 })("clients generated from the published document", (it) => {
  it.effect("openapi-typescript's types of the served document are the committed ones, and the client script type-checks without casts", () =>
    Effect.gen(function*() {
      const spec = yield* specOf
      const generated = yield* Effect.promise(() => generateTypes(spec))
      const committed = fs.readFileSync(path.join(clientDir, "schema.d.ts"), "utf8")
      expect(committed === generated, "test/Http/client/schema.d.ts is out of date: run `npm run openapi:types`").toBe(
        true
      )
      expect(typeErrors([path.join(clientDir, "contract.ts")])).toEqual([])
      const code = fs.readFileSync(path.join(clientDir, "contract.ts"), "utf8").replace(
        /\/\*[\s\S]*?\*\/|\/\/.*$/gm,
        ""
      )
      expect(code).not.toMatch(/\bas\s+(?!const\b)\w/)
      expect(code).not.toMatch(/:\s*any\b/)
    }))

  it.effect("the openapi-fetch client runs the whole contract, and every answer is what the document says", () =>
    Effect.gen(function*() {
      const spec = yield* specOf
      const validator = specValidator(spec)
      const key = yield* keyFor("openapi-fetch")
      const url = yield* baseUrl
      const pdf = yield* Effect.promise(invoicePdf)
      const { runContract } = yield* Effect.promise(() => import("./client/contract.js"))
      const run = yield* Effect.promise(() => runContract(url, key, pdf))
      expect(run.exchanges.map((e) => e.operation)).toEqual([
        "templates.create",
        "templates.list",
        "documents.upload",
        "documents.split",
        "documents.extraction",
        "documents.results",
        "documents.extract",
        "documents.delete",
        "documents.results",
        "templates.delete"
      ])
      for (const exchange of run.exchanges) {
        expect(
          validator.check(exchange.method, exchange.route, exchange.status, exchange.body),
          `${exchange.operation} ${exchange.status}`
        ).toEqual([])
      }
      expect(run.located.value).toBe("INV-2024-118")
      expect(run.located.page).toBe(1)
      expect(run.located.box).toHaveLength(4)
      expect(run.sectionsSplit).toBe(1)
      expect(run.oneShotPages).toBe(1)
      expect(run.runsBeforeDelete).toBe(1)
      expect(run.statusAfterDelete).toBe(404)
    }))

  it.effect("the typed Effect client from the same definition runs the contract and gets the API's errors as typed failures", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("effect-client")
      const client = yield* makeClient({ baseUrl: yield* baseUrl, apiKey: key })
      const pdf = yield* Effect.promise(invoicePdf)
      const template = yield* client.templates.create({
        payload: { document_type: "invoice", template_data: { invoice_number: "The invoice's number" } }
      })
      const upload = new FormData()
      upload.append("file", new Blob([pdf], { type: "application/pdf" }), "invoice.pdf")
      const document = yield* client.documents.upload({ payload: upload })
      const sections = yield* client.documents.split({
        path: { document_id: document.document_id },
        payload: { template_ids: [template.template_id] },
        headers: {}
      })
      expect(sections).toEqual([expect.objectContaining({ document_type: "invoice", pages: [1] })])
      const extracted = yield* client.documents.extraction({
        path: { document_id: document.document_id },
        urlParams: { include_coordinates: true },
        payload: { template_ids: [template.template_id] },
        headers: {}
      })
      expect(Array.isArray(extracted)).toBe(true)
      const value = Array.isArray(extracted) ? extracted[0]?.extracted["invoice_number"] : undefined
      expect(value).toMatchObject({ value: "INV-2024-118", page: 1 })
      const runs = yield* client.documents.results({ path: { document_id: document.document_id }, urlParams: {} })
      expect(runs).toHaveLength(1)
      const oneShot = new FormData()
      oneShot.append("file", new Blob([pdf], { type: "application/pdf" }), "invoice.pdf")
      oneShot.append("template_ids", JSON.stringify([template.template_id]))
      const result = yield* client.documents.extract({ payload: oneShot, urlParams: {}, headers: {} })
      expect("ocr" in result && result.ocr.length).toBe(1)
      yield* client.documents.delete({ path: { document_id: document.document_id } })
      const gone = yield* Effect.either(
        client.documents.results({ path: { document_id: document.document_id }, urlParams: {} })
      )
      expect(Either.isLeft(gone) && gone.left._tag).toBe("NotFound")
      const junk = new FormData()
      junk.append("file", new Blob([new Uint8Array(2048).fill(7)]), "junk.bin")
      const refused = yield* Effect.either(client.documents.upload({ payload: junk }))
      expect(Either.isLeft(refused) && refused.left._tag).toBe("UnsupportedMediaType")
      yield* client.templates.delete({ path: { template_id: template.template_id } })
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})
