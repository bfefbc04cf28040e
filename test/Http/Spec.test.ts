/**
 * The OpenAPI document as the ecosystem's tools take it: Redocly's recommended rules pass with no
 * warning, swagger-parser validates it, Ajv 2020 loads every schema; every operation, parameter and
 * body is described with an example, and every example, sent to the server, succeeds and is answered
 * as documented.
 */
import SwaggerParser from "@apidevtools/swagger-parser"
import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { redoclyLint, specValidator } from "../support/openapi.js"
import { invoicePdf } from "../support/pdfs.js"

type Json = Record<string, any>

const fetchSpec = send(HttpClientRequest.get("/openapi.json")).pipe(Effect.map((r) => r.json as Json))

/** Every operation of the document, in the order a client would call them (creations first, deletions last). */
const ORDER = [
  "templates.create",
  "templates.list",
  "templates.update",
  "documents.upload",
  "documents.list",
  "documents.split",
  "documents.extraction",
  "documents.results",
  "documents.extract",
  "jobs.get",
  "jobs.list",
  "jobs.cancel",
  "documents.delete",
  "templates.delete"
]

const operationsOf = (spec: Json) =>
  Object.entries<Json>(spec.paths).flatMap(([route, ops]) =>
    Object.entries<Json>(ops).map(([method, op]) => ({ route, method, op }))
  )

const resolve = (spec: Json, schema: Json | undefined): Json | undefined =>
  typeof schema?.$ref === "string" ? spec.components.schemas[schema.$ref.split("/").pop()!] : schema

const exampleOfParameter = (spec: Json, parameter: Json): unknown =>
  parameter.example ?? resolve(spec, parameter.schema)?.examples?.[0]

const exampleOfBody = (spec: Json, op: Json): [string, unknown] | undefined => {
  const content = op.requestBody?.content as Json | undefined
  if (content === undefined) return undefined
  const [type, media] = Object.entries<Json>(content)[0]!
  return [type, media.example ?? resolve(spec, media.schema)?.examples?.[0]]
}

layer(testApp(), { timeout: 120_000 })("the OpenAPI document", (it) => {
  it.effect("passes redocly lint (recommended) with no error or warning, swagger-parser, and Ajv 2020 on every schema", () =>
    Effect.gen(function*() {
      const spec = yield* fetchSpec
      const lint = yield* Effect.promise(() => redoclyLint(spec))
      expect(lint.problems).toEqual([])
      expect(lint.errors + lint.warnings).toBe(0)
      yield* Effect.promise(() => SwaggerParser.validate(structuredClone(spec) as never))
      const compiled = specValidator(spec).compileComponents()
      expect(compiled).toContain("LocatedValue")
      expect(compiled).toContain("ExtractedValue")
      expect(compiled.length).toBe(Object.keys(spec.components.schemas).length)
    }))

  it.effect("describes every operation, parameter and body with an example, in the API's own words", () =>
    Effect.gen(function*() {
      const spec = yield* fetchSpec
      expect(spec.servers).toEqual([{ url: "/", description: "this server" }])
      expect(spec.security).toEqual([{ apiKey: [] }])
      expect(spec.info.license.name).toBe("Apache-2.0")
      for (const tag of spec.tags) expect(tag.description, tag.name).toBeTruthy()
      const ops = operationsOf(spec)
      expect(ops.map((o) => o.op.operationId).sort()).toEqual([...ORDER].sort())
      for (const { route, method, op } of ops) {
        const where = `${method} ${route}`
        expect(op.summary, where).toBeTruthy()
        expect(op.description, where).toBeTruthy()
        if (route.startsWith("/v1/")) expect(op.security, where).toEqual([{ apiKey: [] }])
        for (const parameter of op.parameters ?? []) {
          expect(parameter.description, `${where} ${parameter.name}`).toBeTruthy()
          expect(exampleOfParameter(spec, parameter), `${where} ${parameter.name}`).toBeDefined()
        }
        if (op.requestBody !== undefined) expect(exampleOfBody(spec, op)?.[1], where).toBeDefined()
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          expect(response.headers?.["x-request-id"], `${where} ${status}`).toEqual({
            $ref: "#/components/headers/RequestId"
          })
          if (status === "503") expect(response.headers["retry-after"], where).toBeDefined()
          if (status === "202") {
            expect(Object.keys(response.headers), where).toEqual(
              expect.arrayContaining(["location", "preference-applied"])
            )
          }
        }
      }
      // Query booleans are booleans, so generated clients take true/false.
      const extract = spec.paths["/v1/documents/extract"].post
      for (const name of ["include_coordinates", "force_exclusive_template", "document_layout_analysis"]) {
        expect(resolve(spec, extract.parameters.find((p: Json) => p.name === name).schema)?.type, name).toBe("boolean")
      }
      // The value with coordinates has a schema, and the extracted values are a recursive union that includes it.
      const located = spec.components.schemas.LocatedValue
      expect(located.required).toEqual(["value", "page", "bounding_box_coordinates"])
      expect(Object.keys(located.properties)).toContain("confidence")
      const members = JSON.stringify(spec.components.schemas.ExtractedValue)
      expect(members).toContain("#/components/schemas/LocatedValue")
      expect(members).toContain("#/components/schemas/ExtractedValue")
      expect(spec.components.schemas.Extracted.additionalProperties).toEqual({
        $ref: "#/components/schemas/ExtractedValue"
      })
      // No wording of the schema library in place of ours.
      const text = JSON.stringify(spec)
      for (
        const leak of [
          "a string that will be trimmed",
          "\"title\":\"int\"",
          "an integer",
          "a non-negative number",
          "maxLength(",
          "ReadonlyArray"
        ]
      ) {
        expect(text, leak).not.toContain(leak)
      }
    }))

  it.effect("every example, sent as documented, succeeds, and every answer is what the document says", () =>
    Effect.gen(function*() {
      const spec = yield* fetchSpec
      const validator = specValidator(spec)
      const key = yield* keyFor("examples")
      const pdf = yield* Effect.promise(invoicePdf)
      // The examples name ids of another server; the ids created here take their place.
      const ids = new Map<string, string>()
      const created: Json = {}
      const replaceIds = (value: unknown): unknown => {
        if (typeof value === "string") return [...ids].reduce((s, [from, to]) => s.split(from).join(to), value)
        if (Array.isArray(value)) return value.map(replaceIds)
        if (value !== null && typeof value === "object") {
          return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceIds(v)]))
        }
        return value
      }
      const byId = new Map(operationsOf(spec).map((o) => [o.op.operationId as string, o]))
      for (const operationId of ORDER) {
        const { route, method, op } = byId.get(operationId)!
        const where = `${operationId} (${method} ${route})`
        let url = route
        const query: Record<string, string> = {}
        const headers: Record<string, string> = {}
        for (const parameter of op.parameters ?? []) {
          const example = exampleOfParameter(spec, parameter)
          if (parameter.in === "path") {
            const id = created[parameter.name]
            expect(id, `${where}: an earlier call created the ${parameter.name}`).toBeDefined()
            ids.set(String(example), id)
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(id))
          } else if (parameter.in === "query") query[parameter.name] = String(example)
          else if (parameter.in === "header") headers[parameter.name] = String(example)
        }
        let request = HttpClientRequest.make(method.toUpperCase() as "GET")(url).pipe(
          withKey(key),
          HttpClientRequest.setUrlParams(query),
          HttpClientRequest.setHeaders(headers)
        )
        const body = exampleOfBody(spec, op)
        if (body?.[0] === "application/json") request = HttpClientRequest.bodyUnsafeJson(request, replaceIds(body[1]))
        if (body?.[0] === "multipart/form-data") {
          const { file: _file, ...fields } = replaceIds(body[1]) as Record<string, string>
          request = HttpClientRequest.bodyFormData(request, fileForm(pdf, "invoice.pdf", fields, "application/pdf"))
        }
        const reply = yield* send(request)
        expect(reply.status, `${where}: ${reply.text}`).toBeGreaterThanOrEqual(200)
        expect(reply.status, `${where}: ${reply.text}`).toBeLessThan(300)
        expect(validator.check(method, route, reply.status, reply.json), where).toEqual([])
        expect(reply.headers["x-request-id"], where).toBeDefined()
        for (const field of ["template_id", "document_id", "job_id"]) {
          if (typeof reply.json?.[field] === "string") created[field] ??= reply.json[field]
        }
      }
      // The heavy calls' examples ask for the asynchronous answer.
      expect(created.job_id).toMatch(/^job_/)
    }))
})
