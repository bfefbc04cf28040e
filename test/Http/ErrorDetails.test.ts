/**
 * What a client reads when its request is wrong: one sentence per field, naming it, saying what it
 * must be, never echoing internals (a file part's server path, the schema library's type names).
 */
import { HttpClientRequest } from "@effect/platform"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { keyFor, send, testApp, withKey } from "../support/app.js"

const LEAKS = [
  /"_id"/,
  /PersistedFile/,
  /\/tmp\//,
  /Expected /,
  /actual /,
  /ReadonlyArray/,
  /undefined/,
  /Unable to decode/
]

const urlAsFile = () => {
  const form = new FormData()
  form.append("url", new Blob(["https://example.com/a.pdf"], { type: "text/plain" }), "url.txt")
  return form
}

const fileAsText = () => {
  const form = new FormData()
  form.append("file", "%PDF-1.7 not a file part")
  return form
}

const expectSentence = (detail: string) => {
  for (const leak of LEAKS) expect(detail, String(leak)).not.toMatch(leak)
}

layer(testApp(), { timeout: 60_000 })("error details", (it) => {
  it.effect("name the field and what it must be, for query values, JSON bodies and form parts", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("details")
      const cases: Array<[HttpClientRequest.HttpClientRequest, number, string]> = [
        // The url sent as a file part instead of a text field, the file as a text field: malformed (400).
        [
          HttpClientRequest.post("/v1/documents").pipe(HttpClientRequest.bodyFormData(urlAsFile())),
          400,
          "url: must be text"
        ],
        [
          HttpClientRequest.post("/v1/documents").pipe(HttpClientRequest.bodyFormData(fileAsText())),
          400,
          "file: must be a file part (with a filename)"
        ],
        [
          HttpClientRequest.get("/v1/documents/doc_x?include_coordinates=yes"),
          422,
          "include_coordinates: must be true or false (or 1 or 0)"
        ],
        [HttpClientRequest.get("/v1/templates?limit=abc"), 422, "limit: must be a whole number from 1 to 1000"],
        [HttpClientRequest.get("/v1/templates?limit=5000"), 422, "limit: must be a whole number from 1 to 1000"],
        [HttpClientRequest.get("/v1/templates?offset=-1"), 422, "offset: must be a whole number of 0 or more"],
        [
          HttpClientRequest.get("/v1/templates?offset=9007199254740993"),
          422,
          "offset: must be a whole number of 0 or more, at most 9007199254740991"
        ],
        [HttpClientRequest.get("/v1/templates?limit=5&limit=6"), 422, "limit: must be given once"],
        [
          HttpClientRequest.get("/v1/documents/doc_x?include_coordinates=true&include_coordinates=1"),
          422,
          "include_coordinates: must be given once"
        ],
        [
          HttpClientRequest.post("/v1/templates").pipe(
            HttpClientRequest.bodyUnsafeJson({ document_type: "invoice", template_data: [1] })
          ),
          422,
          "template_data: must be an object"
        ],
        [
          HttpClientRequest.get("/v1/jobs?status=done"),
          422,
          "status: must be one of \"queued\", \"running\", \"succeeded\", \"failed\", \"cancelled\""
        ],
        [
          HttpClientRequest.post("/v1/templates").pipe(
            HttpClientRequest.bodyUnsafeJson({ document_type: 5, template_data: {} })
          ),
          422,
          "document_type: must be text"
        ],
        [
          HttpClientRequest.post("/v1/templates").pipe(HttpClientRequest.bodyUnsafeJson({ template_data: {} })),
          422,
          "document_type: is required"
        ],
        [
          HttpClientRequest.post("/v1/documents/doc_x/split").pipe(
            HttpClientRequest.bodyUnsafeJson({ template_ids: "abc" })
          ),
          400,
          "template_ids: must be a list"
        ]
      ]
      for (const [request, status, detail] of cases) {
        const reply = yield* send(request.pipe(withKey(key)))
        expect(reply.status, `${request.method} ${request.url}: ${reply.text}`).toBe(status)
        expect(reply.json.detail).toBe(detail)
        expectSentence(reply.json.detail)
      }
    }))
})
