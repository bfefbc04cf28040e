import { HttpClientRequest } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { send, testApp } from "../support/app.js"

const operations = [
  ["post", "/v1/templates"],
  ["get", "/v1/templates"],
  ["patch", "/v1/templates/{template_id}"],
  ["delete", "/v1/templates/{template_id}"],
  ["post", "/v1/documents"],
  ["get", "/v1/documents"],
  ["get", "/v1/documents/{document_id}"],
  ["post", "/v1/documents/{document_id}/split"],
  ["post", "/v1/documents/{document_id}/extraction"],
  ["post", "/v1/documents/extract"],
  ["delete", "/v1/documents/{document_id}"],
  ["get", "/v1/jobs/{job_id}"],
  ["get", "/v1/jobs"],
  ["delete", "/v1/jobs/{job_id}"]
] as const

layer(testApp(), { timeout: 60_000 })("unauthenticated routes", (it) => {
  describe("GET /openapi.json", () => {
    it.effect("describes every endpoint of the contract, with {detail} error bodies and the x-api-key scheme", () =>
      Effect.gen(function*() {
        const r = yield* send(HttpClientRequest.get("/openapi.json"))
        expect(r.status).toBe(200)
        const spec = r.json
        for (const [method, path] of operations) {
          expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined()
          expect(spec.paths[path][method].security).toEqual([{ apiKey: [] }])
        }
        const count = Object.values(spec.paths).reduce((n: number, ops: any) => n + Object.keys(ops).length, 0)
        expect(count).toBe(operations.length)
        expect(spec.components.securitySchemes.apiKey).toMatchObject({
          type: "apiKey",
          in: "header",
          name: "x-api-key"
        })
        expect(spec.servers).toEqual([{ url: "/", description: "this server" }])
        expect(spec.components.schemas.Error).toEqual({
          type: "object",
          required: ["detail"],
          properties: { detail: expect.objectContaining({ type: "string" }) },
          additionalProperties: false
        })
        for (const [method, path] of operations) {
          for (const [status, response] of Object.entries<any>(spec.paths[path][method].responses)) {
            if (Number(status) >= 400) {
              expect(response.content["application/json"].schema, `${method} ${path} ${status}`).toEqual({
                $ref: "#/components/schemas/Error"
              })
            }
          }
        }
        // What the server really answers for schema violations.
        expect(spec.paths["/v1/templates"].post.responses["422"]).toBeDefined()
        expect(spec.paths["/v1/templates"].get.responses["400"]).toBeUndefined()
        const upload = spec.paths["/v1/documents"].post.requestBody.content["multipart/form-data"].schema
        expect(upload.properties.file).toMatchObject({ type: "string", format: "binary" })
        expect(JSON.stringify(spec)).not.toContain("_tag")
        // Every $id names one schema: validators (Ajv 2020) refuse a document that gives two schemas the same one.
        const ids: Array<string> = []
        const collect = (node: unknown): void => {
          if (node === null || typeof node !== "object") return
          for (const [k, v] of Object.entries(node)) {
            if (k === "$id" && typeof v === "string") ids.push(v)
            else collect(v)
          }
        }
        collect(spec)
        expect(ids.length).toBe(new Set(ids).size)
        // The extracted values and section confidences are described.
        expect(spec.components.schemas.LocatedValue.properties.confidence.description).toContain("calibrated")
        expect(spec.components.schemas.Section.properties.confidence).toMatchObject({ type: "number" })
        // The asynchronous form: the Prefer header, the 202 answer, the job and its webhook notice.
        for (
          const path of [
            "/v1/documents/{document_id}/split",
            "/v1/documents/{document_id}/extraction",
            "/v1/documents/extract"
          ]
        ) {
          const op = spec.paths[path].post
          expect(op.responses["202"].content["application/json"].schema.required, path).toEqual([
            "job_id",
            "status",
            "created_at"
          ])
          expect(op.parameters.find((p: any) => p.in === "header" && p.name === "prefer"), path).toBeDefined()
        }
        expect(spec.components.schemas.Job.properties.progress).toEqual({ $ref: "#/components/schemas/JobProgress" })
        const notice = spec.webhooks["job-ended"].post
        expect(notice.requestBody.content["application/json"].schema).toEqual({
          $ref: "#/components/schemas/WebhookEvent"
        })
        expect(spec.components.schemas.WebhookEvent.properties.data).toEqual({
          $ref: "#/components/schemas/JobSummary"
        })
        expect(notice.parameters.map((p: any) => p.name)).toEqual([
          "webhook-id",
          "webhook-timestamp",
          "webhook-signature"
        ])
      }))
  })

  describe("GET /docs", () => {
    it.effect("serves an interactive reference that loads nothing from other hosts", () =>
      Effect.gen(function*() {
        const r = yield* send(HttpClientRequest.get("/docs"))
        expect(r.status).toBe(200)
        expect(r.headers["content-type"]).toContain("text/html")
        expect(r.text).not.toMatch(/<script[^>]+src=["']https?:/)
        expect(r.text).not.toMatch(/<link[^>]+href=["']https?:/)
        // Scalar's reference, its script inline, with this API's description.
        expect(r.text).toContain(`id="api-reference"`)
        expect(r.text.length).toBeGreaterThan(1_000_000)
        expect(r.text).toContain("/v1/documents/extract")
        const again = yield* send(HttpClientRequest.get("/docs"))
        expect(again.text).toBe(r.text)
      }))
  })

  describe("GET /health", () => {
    it.effect("checks the database", () =>
      Effect.gen(function*() {
        const r = yield* send(HttpClientRequest.get("/health"))
        expect(r.status).toBe(200)
        expect(r.json).toEqual({ status: "ok", database: "ok", jobs: { queued: 0, running: 0 } })
        expect(r.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
      }))

    it.effect("echoes a well-formed x-request-id and replaces a malformed one", () =>
      Effect.gen(function*() {
        const kept = yield* send(
          HttpClientRequest.get("/health").pipe(HttpClientRequest.setHeader("x-request-id", "abc-123"))
        )
        expect(kept.headers["x-request-id"]).toBe("abc-123")
        const replaced = yield* send(
          HttpClientRequest.get("/health").pipe(HttpClientRequest.setHeader("x-request-id", "bad id with spaces"))
        )
        expect(replaced.headers["x-request-id"]).not.toBe("bad id with spaces")
      }))
  })
})
