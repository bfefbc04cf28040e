import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { keyFor, send, testApp, withKey } from "../support/app.js"

layer(testApp(), { timeout: 60_000 })("a method the route does not answer", (it) => {
  it.effect("answers 405 with the methods it does answer in Allow, and 404 for a path no route has", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("methods")
      const put = yield* send(HttpClientRequest.put("/v1/templates").pipe(withKey(key)))
      expect(put.status).toBe(405)
      expect(put.headers["allow"]).toBe("GET, HEAD, POST")
      expect(put.json).toEqual({ detail: "PUT is not allowed here: use GET or POST" })
      const one = yield* send(HttpClientRequest.put("/v1/templates/tpl_x").pipe(withKey(key)))
      expect(one.status).toBe(405)
      expect(one.headers["allow"]).toBe("PATCH, DELETE")
      const health = yield* send(HttpClientRequest.del("/health"))
      expect(health.status).toBe(405)
      const nowhere = yield* send(HttpClientRequest.get("/v1/nowhere").pipe(withKey(key)))
      expect(nowhere.status).toBe(404)
      expect(nowhere.json).toEqual({ detail: "no such endpoint" })
    }))
})

layer(testApp(), { timeout: 60_000 })("a body of another type than the endpoint takes", (it) => {
  it.effect("answers 415 naming the type it takes; the right type with the same content is served", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("body-types")
      const template = JSON.stringify({
        document_type: "invoice",
        template_data: { invoice_number: "The invoice number" }
      })
      const plain = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(withKey(key), HttpClientRequest.bodyText(template, "text/plain"))
      )
      expect(plain.status).toBe(415)
      expect(plain.json).toEqual({
        detail: "this endpoint takes a JSON body (content-type: application/json), not text/plain"
      })
      const json = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(
          withKey(key),
          HttpClientRequest.bodyText(template, "application/json; charset=utf-8")
        )
      )
      expect(json.status).toBe(200)
      // JSON types of their own are JSON: served, never left waiting for the body.
      const vendor = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(
          withKey(key),
          HttpClientRequest.bodyText(template, "application/vnd.api+json")
        )
      ).pipe(Effect.timeout("10 seconds"))
      expect(vendor.status).toBe(200)
      const id = (vendor.json as { template_id: string }).template_id
      const patched = yield* send(
        HttpClientRequest.patch(`/v1/templates/${id}`).pipe(
          withKey(key),
          HttpClientRequest.bodyText(JSON.stringify({ document_type: "receipt" }), "application/merge-patch+json")
        )
      ).pipe(Effect.timeout("10 seconds"))
      expect(patched.status).toBe(200)
      expect((patched.json as { document_type: string }).document_type).toBe("receipt")
      const badPatch = yield* send(
        HttpClientRequest.patch(`/v1/templates/${id}`).pipe(
          withKey(key),
          HttpClientRequest.bodyText("{\"document_type\": ", "application/merge-patch+json")
        )
      ).pipe(Effect.timeout("10 seconds"))
      expect(badPatch.status).toBe(400)
      // A body that is no object at all is told so.
      for (const body of ["", "null", "[]", "42", "\"text\""]) {
        const r = yield* send(
          HttpClientRequest.post("/v1/templates").pipe(
            withKey(key),
            HttpClientRequest.bodyText(body, "application/json")
          )
        )
        expect(r.status, body).toBeGreaterThanOrEqual(400)
        expect(r.status, body).toBeLessThan(500)
        expect((r.json as { detail: string }).detail, body).toMatch(
          /^(the request body must be a JSON object|malformed request body \(expected JSON\))$/
        )
      }
      const form = new FormData()
      form.append("document_type", "invoice")
      const asForm = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(withKey(key), HttpClientRequest.bodyFormData(form))
      )
      expect(asForm.status).toBe(415)
      const upload = yield* send(
        HttpClientRequest.post("/v1/documents").pipe(
          withKey(key),
          HttpClientRequest.bodyUnsafeJson({ url: "http://127.0.0.1/x.pdf" })
        )
      )
      expect(upload.status).toBe(415)
      expect(upload.json).toEqual({
        detail: "this endpoint takes a multipart/form-data body (a file or url field), not application/json"
      })
      const split = yield* send(
        HttpClientRequest.post("/v1/documents/doc_x/split").pipe(
          withKey(key),
          HttpClientRequest.bodyText("{}", "application/x-www-form-urlencoded")
        )
      )
      expect(split.status).toBe(415)
    }))
})

layer(testApp(), { timeout: 60_000 })("a JSON body with a field the endpoint does not have", (it) => {
  it.effect("answers 422 naming the field and the ones the body takes, as the spec's additionalProperties: false says", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("strict-bodies")
      const extra = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(
          withKey(key),
          HttpClientRequest.bodyUnsafeJson({
            document_type: "invoice",
            template_data: { invoice_number: "The number" },
            colour: "red"
          })
        )
      )
      expect(extra.status).toBe(422)
      expect(extra.json).toEqual({ detail: "colour: unknown field (this body takes document_type, template_data)" })
      const split = yield* send(
        HttpClientRequest.post("/v1/documents/doc_x/split").pipe(
          withKey(key),
          HttpClientRequest.bodyUnsafeJson({ template_ids: ["tpl_x"], pages: [1] })
        )
      )
      expect(split.status).toBe(422)
      expect(split.json.detail).toBe("pages: unknown field (this body takes template_ids, webhook_url)")
      const spec = yield* send(HttpClientRequest.get("/openapi.json"))
      expect(spec.json.components.schemas.CreateTemplate.additionalProperties).toBe(false)
    }))
})
