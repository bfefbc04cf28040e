import { HttpClientRequest } from "@effect/platform"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { keyFor, send, testApp, withKey } from "../support/app.js"

const invoiceTemplate = {
  document_type: "invoice",
  template_data: {
    invoice_number: "The invoice number",
    date: { type: "date", description: "Invoice date" },
    total: "number",
    lines: [{ description: "string", amount: "number" }]
  }
}

const post = (key: string, body: unknown) =>
  send(HttpClientRequest.post("/v1/templates").pipe(withKey(key), HttpClientRequest.bodyUnsafeJson(body)))

layer(testApp(), { timeout: 60_000 })("templates", (it) => {
  describe("authentication", () => {
    it.effect("answers 401 without a key, naming the missing header", () =>
      Effect.gen(function*() {
        const r = yield* send(HttpClientRequest.get("/v1/templates"))
        expect(r.status).toBe(401)
        expect(r.json).toEqual({ detail: "missing x-api-key header" })
        expect(r.headers["x-request-id"]).toMatch(/.+/)
      }))

    it.effect("answers 401 for an unknown key, before looking at the body", () =>
      Effect.gen(function*() {
        const r = yield* post("not-a-key", { nonsense: true })
        expect(r.status).toBe(401)
        expect(r.json).toEqual({ detail: "unknown or revoked API key" })
      }))
  })

  describe("POST /v1/templates", () => {
    it.effect("creates a template and returns it with ids and epoch-second times", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("acme")
        const before = Math.floor(Date.now() / 1000)
        const r = yield* post(key, invoiceTemplate)
        expect(r.status).toBe(200)
        expect(Object.keys(r.json).sort()).toEqual(
          ["document_type", "template_created_at", "template_data", "template_id", "template_updated_at"]
        )
        expect(r.json.document_type).toBe("invoice")
        expect(r.json.template_data).toEqual(invoiceTemplate.template_data)
        expect(Number.isInteger(r.json.template_created_at)).toBe(true)
        expect(r.json.template_created_at).toBeGreaterThanOrEqual(before)
        expect(r.json.template_created_at).toBeLessThan(before + 5)
        expect(r.json.template_updated_at).toBe(r.json.template_created_at)
      }))

    it.effect("keeps template_data exactly as sent, key order included", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("order")
        const data = { zeta: "string", alpha: "number", mid: { b: "string", a: "date" } }
        const r = yield* post(key, { document_type: "receipt", template_data: data })
        expect(r.status).toBe(200)
        expect(JSON.stringify(r.json.template_data)).toBe(JSON.stringify(data))
        const list = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key)))
        expect(JSON.stringify(list.json[0].template_data)).toBe(JSON.stringify(data))
      }))

    it.effect("accepts the JSON Schema form", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("schema-form")
        const r = yield* post(key, {
          document_type: "receipt",
          template_data: {
            type: "object",
            properties: {
              store: { type: "string", description: "Store name" },
              total: { type: "number" },
              date: { type: "string", format: "date" },
              items: { type: "array", items: { type: "object", properties: { name: { type: "string" } } } }
            },
            required: ["total"]
          }
        })
        expect(r.status).toBe(200)
      }))

    it.effect("rejects an unknown field type with 422 naming the key", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-type")
        const r = yield* post(key, { document_type: "invoice", template_data: { total: { type: "money" } } })
        expect(r.status).toBe(422)
        expect(r.json.detail).toContain("total")
        expect(Object.keys(r.json)).toEqual(["detail"])
      }))

    it.effect("rejects an empty template_data, an empty document_type and missing fields with 422", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-shapes")
        for (
          const body of [
            { document_type: "invoice", template_data: {} },
            { document_type: "", template_data: { a: "string" } },
            { document_type: "   ", template_data: { a: "string" } },
            { template_data: { a: "string" } },
            { document_type: "invoice" },
            { document_type: "invoice", template_data: "total" },
            { document_type: "invoice", template_data: [1, 2] },
            { document_type: 5, template_data: { a: "string" } }
          ]
        ) {
          const r = yield* post(key, body)
          expect(r.status, JSON.stringify(body)).toBe(422)
          expect(typeof r.json.detail).toBe("string")
        }
      }))

    it.effect("names a __proto__ key instead of dropping it, at the top and nested", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("proto-key")
        for (
          const [body, detail] of [
            [
              `{"document_type":"invoice","template_data":{"__proto__":"The number","total":"number"}}`,
              "invalid template_data: template_data.__proto__: a field may not be named __proto__"
            ],
            [
              `{"document_type":"invoice","template_data":{"seller":{"__proto__":"text","name":"text"}}}`,
              "invalid template_data: template_data.seller.__proto__: a field may not be named __proto__"
            ]
          ] as const
        ) {
          const r = yield* send(
            HttpClientRequest.post("/v1/templates").pipe(
              withKey(key),
              HttpClientRequest.bodyText(body, "application/json")
            )
          )
          expect(r.status, body).toBe(422)
          expect(r.json.detail).toBe(detail)
        }
      }))

    it.effect("answers malformed JSON with 400 and a detail, not a stack trace", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-json")
        const r = yield* send(
          HttpClientRequest.post("/v1/templates").pipe(
            withKey(key),
            HttpClientRequest.bodyText("{not json", "application/json")
          )
        )
        expect(r.status).toBe(400)
        expect(Object.keys(r.json)).toEqual(["detail"])
        expect(r.text).not.toMatch(/at .*\.ts/)
      }))
  })

  describe("GET /v1/templates", () => {
    it.effect("lists this tenant's templates oldest first, with limit and offset", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("lister")
        const other = yield* keyFor("someone-else")
        const ids: Array<string> = []
        for (const type of ["a", "b", "c"]) {
          ids.push((yield* post(key, { document_type: type, template_data: { x: "string" } })).json.template_id)
        }
        yield* post(other, { document_type: "hidden", template_data: { x: "string" } })
        const all = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key)))
        expect(all.status).toBe(200)
        expect(all.json.map((t: any) => t.template_id)).toEqual(ids)
        const page = yield* send(
          HttpClientRequest.get("/v1/templates").pipe(
            withKey(key),
            HttpClientRequest.setUrlParams({ limit: "1", offset: "1" })
          )
        )
        expect(page.json.map((t: any) => t.template_id)).toEqual([ids[1]])
      }))

    it.effect("rejects a limit outside 1..1000 and a non-numeric offset with 422", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("bad-limits")
        for (const params of [{ limit: "0" }, { limit: "1001" }, { limit: "ten" }, { offset: "-1" }, { offset: "x" }]) {
          const r = yield* send(
            HttpClientRequest.get("/v1/templates").pipe(withKey(key), HttpClientRequest.setUrlParams(params))
          )
          expect(r.status, JSON.stringify(params)).toBe(422)
        }
      }))
  })

  describe("PATCH /v1/templates/{id}", () => {
    it.effect("changes the given fields, keeps the others, and advances template_updated_at", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("patcher")
        const created = (yield* post(key, invoiceTemplate)).json
        const r = yield* send(
          HttpClientRequest.patch(`/v1/templates/${created.template_id}`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ document_type: "bill" })
          )
        )
        expect(r.status).toBe(200)
        expect(r.json.document_type).toBe("bill")
        expect(r.json.template_data).toEqual(invoiceTemplate.template_data)
        expect(r.json.template_created_at).toBe(created.template_created_at)
        expect(r.json.template_updated_at).toBeGreaterThan(created.template_updated_at)
        const r2 = yield* send(
          HttpClientRequest.patch(`/v1/templates/${created.template_id}`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ template_data: { only: "string" } })
          )
        )
        expect(r2.json.document_type).toBe("bill")
        expect(r2.json.template_data).toEqual({ only: "string" })
      }))

    it.effect("answers 404 for an unknown id and for another tenant's template", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("patch-owner")
        const intruder = yield* keyFor("patch-intruder")
        const created = (yield* post(key, invoiceTemplate)).json
        for (const [k, id] of [[key, "tpl_missing"], [intruder, created.template_id]] as const) {
          const r = yield* send(
            HttpClientRequest.patch(`/v1/templates/${id}`).pipe(
              withKey(k),
              HttpClientRequest.bodyUnsafeJson({ document_type: "x" })
            )
          )
          expect(r.status).toBe(404)
          expect(r.json.detail).toContain(id)
        }
      }))

    it.effect("validates a new template_data", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("patch-validate")
        const created = (yield* post(key, invoiceTemplate)).json
        const r = yield* send(
          HttpClientRequest.patch(`/v1/templates/${created.template_id}`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ template_data: { amount: "currency-ish-type" } })
          )
        )
        // A description string is a valid shorthand, so this one is accepted; an unknown type object is not.
        expect(r.status).toBe(200)
        const bad = yield* send(
          HttpClientRequest.patch(`/v1/templates/${created.template_id}`).pipe(
            withKey(key),
            HttpClientRequest.bodyUnsafeJson({ template_data: { amount: { type: "currency" } } })
          )
        )
        expect(bad.status).toBe(422)
        expect(bad.json.detail).toContain("amount")
      }))
  })

  describe("DELETE /v1/templates/{id}", () => {
    it.effect("answers 204 with an empty body; the template is gone from lists and updates", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("deleter")
        const created = (yield* post(key, invoiceTemplate)).json
        const r = yield* send(HttpClientRequest.del(`/v1/templates/${created.template_id}`).pipe(withKey(key)))
        expect(r.status).toBe(204)
        expect(r.text).toBe("")
        const list = yield* send(HttpClientRequest.get("/v1/templates").pipe(withKey(key)))
        expect(list.json).toEqual([])
        const again = yield* send(HttpClientRequest.del(`/v1/templates/${created.template_id}`).pipe(withKey(key)))
        expect(again.status).toBe(404)
      }))
  })

  describe("unknown routes", () => {
    it.effect("answer 404 with a detail", () =>
      Effect.gen(function*() {
        const r = yield* send(HttpClientRequest.get("/v1/nothing-here"))
        expect(r.status).toBe(404)
        expect(typeof r.json.detail).toBe("string")
      }))
  })
})
