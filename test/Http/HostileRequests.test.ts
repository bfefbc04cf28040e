/**
 * Bad input from strangers, sent over real HTTP: each one is a 4xx with a `{detail}` a person can
 * read, answered within a few seconds, never a 500, a hang or a reset connection.
 */
import { HttpServer } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Multipasta from "multipasta"
import * as http from "node:http"
import { MAX_TEMPLATE_IDS } from "../../src/Domain/Document.js"
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from "../../src/Http/RequestLimits.js"
import { TemplatesRepo } from "../../src/Templates/Repo.js"
import { keyFor, testApp } from "../support/app.js"

/** Long enough for any of these answers on a busy machine, far shorter than a hang. */
const PROMPT_MS = 5_000

interface RawReply {
  readonly status: number
  readonly json: any
  readonly ms: number
}

interface RawRequest {
  readonly method: string
  readonly path: string
  readonly headers?: Record<string, string>
  readonly body?: string
  /** How long to wait for the answer (default twice PROMPT_MS). */
  readonly timeoutMs?: number
}

/** One request on its own connection, bytes exactly as given; fails on a reset or when no answer comes in time. */
const raw = (options: RawRequest) =>
  Effect.gen(function*() {
    const address = (yield* HttpServer.HttpServer).address as HttpServer.TcpAddress
    return yield* Effect.async<RawReply, Error>((resume) => {
      const started = performance.now()
      const request = http.request(
        {
          host: "127.0.0.1",
          port: address.port,
          method: options.method,
          path: options.path,
          headers: options.headers,
          agent: false
        },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (c: Buffer) => chunks.push(c))
          response.on("error", (e) => resume(Effect.fail(e)))
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8")
            let json: unknown = undefined
            try {
              json = JSON.parse(text)
            } catch {
              json = { notJson: text.slice(0, 200) }
            }
            resume(Effect.succeed({ status: response.statusCode ?? 0, json, ms: performance.now() - started }))
          })
        }
      )
      const timeoutMs = options.timeoutMs ?? PROMPT_MS * 2
      request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      request.on("error", (e) => resume(Effect.fail(e)))
      request.end(options.body)
    })
  })

const sendJson = (method: string, path: string, key: string, body: string) =>
  raw({ method, path, headers: { "x-api-key": key, "content-type": "application/json" }, body })

const sendMultipart = (
  path: string,
  key: string,
  body: string,
  contentType = "multipart/form-data; boundary=xyz",
  timeoutMs?: number
) =>
  raw({
    method: "POST",
    path,
    headers: { "x-api-key": key, "content-type": contentType },
    body,
    ...(timeoutMs ? { timeoutMs } : {})
  })

/** A multipart body with a text file and the given fields, boundary "xyz". */
const form = (fields: Record<string, string>, file = "INVOICE\nInvoice Number: 42\nTotal: 10.00\n") =>
  [
    ...Object.entries(fields).map(([k, v]) => `--xyz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n`,
    "--xyz--\r\n"
  ].join("")

/** The answer came at once, with `status` and only a `detail` that matches `detail`. */
const expectDetail = (r: RawReply, status: number, detail: RegExp) => {
  expect(r.status, JSON.stringify(r.json)).toBe(status)
  expect(Object.keys(r.json)).toEqual(["detail"])
  expect(r.json.detail).toMatch(detail)
  expect(r.ms).toBeLessThan(PROMPT_MS)
}

/** A shorthand template with `n` flat fields. */
const flatFields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`field_${i}`, "string"]))

const createTemplate = (key: string, body: unknown) => sendJson("POST", "/v1/templates", key, JSON.stringify(body))

const NUL = "\u0000"

layer(testApp(), { timeout: 120_000 })("hostile requests", (it) => {
  describe("control characters in ids and names", () => {
    it.effect("a NUL in document_type is a 422 naming the field, at create and at update", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("nul-type")
        const created = yield* createTemplate(key, { document_type: `in${NUL}voice`, template_data: { a: "string" } })
        expectDetail(created, 422, /document_type.*control characters/)
        const good = (yield* createTemplate(key, { document_type: "invoice", template_data: { a: "string" } })).json
        const updated = yield* sendJson(
          "PATCH",
          `/v1/templates/${good.template_id}`,
          key,
          JSON.stringify({ document_type: `a${NUL}` })
        )
        expectDetail(updated, 422, /document_type.*control characters/)
      }))

    it.effect("a NUL in a template or document id in the path is a 422 naming the id", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("nul-path")
        const auth = { "x-api-key": key }
        expectDetail(
          yield* sendJson("PATCH", "/v1/templates/tpl%00x", key, "{\"document_type\":\"x\"}"),
          422,
          /template_id/
        )
        expectDetail(yield* raw({ method: "DELETE", path: "/v1/templates/tpl%00x", headers: auth }), 422, /template_id/)
        expectDetail(yield* raw({ method: "GET", path: "/v1/documents/doc%00x", headers: auth }), 422, /document_id/)
        expectDetail(yield* raw({ method: "DELETE", path: "/v1/documents/doc%00x", headers: auth }), 422, /document_id/)
        expectDetail(
          yield* sendJson("POST", "/v1/documents/doc%00x/split", key, "{\"template_ids\":[\"t\"]}"),
          422,
          /document_id/
        )
      }))

    it.effect("an id longer than any id can be is a 422", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("long-id")
        const r = yield* raw({
          method: "GET",
          path: `/v1/documents/${"d".repeat(5000)}`,
          headers: { "x-api-key": key }
        })
        expectDetail(r, 422, /document_id.*at most 200/)
      }))

    it.effect("a NUL in template_ids is a 422 naming template_ids, in a JSON body and in a form", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("nul-ids")
        const json = yield* sendJson(
          "POST",
          "/v1/documents/doc_x/extraction",
          key,
          JSON.stringify({ template_ids: ["tpl_a", `tpl${NUL}b`] })
        )
        expectDetail(json, 422, /template_ids.*control characters/)
        const multipart = yield* sendMultipart(
          "/v1/documents/extract",
          key,
          form({ template_ids: JSON.stringify(["tpl_a", `tpl${NUL}b`]) })
        )
        expectDetail(multipart, 422, /template_ids.*control characters/)
      }))
  })

  describe("template_ids", () => {
    it.effect(`more than ${MAX_TEMPLATE_IDS} ids is a 422 naming the limit (100 000 in a JSON body, 101 in a form)`, () =>
      Effect.gen(function*() {
        const key = yield* keyFor("many-ids")
        const many = Array.from({ length: 100_000 }, (_, i) => `t${i}`)
        const json = yield* sendJson("POST", "/v1/documents/doc_x/split", key, JSON.stringify({ template_ids: many }))
        expectDetail(json, 422, new RegExp(`template_ids.*at most ${MAX_TEMPLATE_IDS}`))
        const ids = many.slice(0, MAX_TEMPLATE_IDS + 1).join(",")
        const multipart = yield* sendMultipart("/v1/documents/extract", key, form({ template_ids: ids }))
        expectDetail(multipart, 422, new RegExp(`template_ids.*at most ${MAX_TEMPLATE_IDS}`))
      }))

    it.effect("a template_ids that is not a list of strings stays a 400", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("not-a-list")
        for (const body of [{ template_ids: "tpl_a" }, { template_ids: [1, 2] }]) {
          expectDetail(
            yield* sendJson("POST", "/v1/documents/doc_x/split", key, JSON.stringify(body)),
            400,
            /template_ids/
          )
        }
      }))
  })

  describe("JSON bodies", () => {
    it.effect(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is a 422, whether or not it parses`, () =>
      Effect.gen(function*() {
        const key = yield* keyFor("deep")
        const deep = "[".repeat(100_000) + "]".repeat(100_000)
        for (
          const body of [
            deep,
            "[".repeat(100_000),
            `{"document_type":${deep},"template_data":{"a":"string"}}`,
            `{"document_type":"x","template_data":{"a":${deep}}}`
          ]
        ) {
          expectDetail(yield* sendJson("POST", "/v1/templates", key, body), 422, /nested deeper than 64 levels/)
        }
        const ids = yield* sendJson("POST", "/v1/documents/doc_x/split", key, `{"template_ids":${deep}}`)
        expectDetail(ids, 422, /nested deeper/)
      }))

    it.effect("brackets inside strings do not count as nesting", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("brackets")
        const description = "[{".repeat(500) + "\\\"" + "}]".repeat(500)
        const r = yield* createTemplate(key, { document_type: "invoice", template_data: { total: description } })
        expect(r.status).toBe(200)
      }))

    it.effect("a JSON body over the limit is a 413 naming the limit, not a reset connection", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("big-json")
        const body = JSON.stringify({ document_type: "x", template_data: { a: "x".repeat(8 * MAX_JSON_BYTES) } })
        expectDetail(yield* sendJson("POST", "/v1/templates", key, body), 413, /larger than the limit of 4 MiB/)
      }))
  })

  describe("multipart bodies", () => {
    it.effect("multipart/form-data without a boundary is a 400 at once", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("no-boundary")
        for (
          const contentType of [
            "multipart/form-data",
            "multipart/form-data; boundary=",
            "multipart/form-data; charset=utf-8"
          ]
        ) {
          expectDetail(yield* sendMultipart("/v1/documents", key, "hello", contentType), 400, /boundary/)
        }
      }))

    it.effect("an empty or unterminated multipart body is a 400 at once, not a hang", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("empty-multipart")
        for (
          const body of [
            "",
            "hello",
            "--xyz\r\nContent-Disposition: form-data; name=\"url\"",
            "--xyz\r\nContent-Disposition: form-data; name=\"url\"\r\n\r\nhttp://example.com/a.pdf"
          ]
        ) {
          for (const path of ["/v1/documents", "/v1/documents/extract"]) {
            expectDetail(yield* sendMultipart(path, key, body), 400, /malformed multipart body/)
          }
        }
      }))
  })

  describe("template fields (MAX_TEMPLATE_FIELDS = 500)", () => {
    it.effect("a template with more fields than the limit is a 422 naming the limit, at create and at update", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("many-fields")
        expect((yield* createTemplate(key, { document_type: "invoice", template_data: flatFields(500) })).status).toBe(
          200
        )
        const over = yield* createTemplate(key, { document_type: "invoice", template_data: flatFields(501) })
        expectDetail(over, 422, /501 fields, more than the limit of 500 \(MAX_TEMPLATE_FIELDS\)/)
        const huge = yield* createTemplate(key, { document_type: "invoice", template_data: flatFields(100_000) })
        expectDetail(huge, 422, /MAX_TEMPLATE_FIELDS/)
        const good = (yield* createTemplate(key, { document_type: "invoice", template_data: { a: "string" } })).json
        const patched = yield* sendJson(
          "PATCH",
          `/v1/templates/${good.template_id}`,
          key,
          JSON.stringify({ template_data: flatFields(501) })
        )
        expectDetail(patched, 422, /MAX_TEMPLATE_FIELDS/)
      }))

    it.effect("nested fields count: objects, lists of objects and their fields", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("nested-fields")
        // 1 + 249 + 1 + 249 = 500 fields: at the limit.
        const atLimit = { party: flatFields(249), lines: [flatFields(249)] }
        expect((yield* createTemplate(key, { document_type: "invoice", template_data: atLimit })).status).toBe(200)
        const properties = (n: number) =>
          Object.fromEntries(Object.keys(flatFields(n)).map((k) => [k, { type: "string" }]))
        const schemaForm = {
          type: "object",
          properties: {
            party: { type: "object", properties: properties(249) },
            lines: { type: "array", items: { type: "object", properties: properties(250) } }
          }
        }
        const over = yield* createTemplate(key, { document_type: "invoice", template_data: schemaForm })
        expectDetail(over, 422, /501 fields/)
      }))

    it.effect("a stored template over the limit is refused before any extraction, naming the template and the limit", () =>
      Effect.gen(function*() {
        const key = yield* keyFor("stored-over")
        const stored = yield* (yield* TemplatesRepo).create("stored-over", "invoice", flatFields(2_000))
        const oneShot = yield* sendMultipart("/v1/documents/extract", key, form({ template_ids: stored.template_id }))
        expectDetail(oneShot, 422, new RegExp(`template ${stored.template_id}.*MAX_TEMPLATE_FIELDS`))
        // Reading the file starts a reading worker first: not what this test times.
        const upload = yield* sendMultipart("/v1/documents", key, form({}), undefined, 60_000)
        expect(upload.status, JSON.stringify(upload.json)).toBe(200)
        const body = JSON.stringify({ template_ids: [stored.template_id] })
        for (const action of ["split", "extraction"]) {
          const r = yield* sendJson("POST", `/v1/documents/${upload.json.document_id}/${action}`, key, body)
          expectDetail(r, 422, /2000 fields, more than the limit of 500/)
        }
      }))
  })

  describe("after all of this", () => {
    it.effect("GET /health still answers", () =>
      Effect.gen(function*() {
        const r = yield* raw({ method: "GET", path: "/health" })
        expect(r.status).toBe(200)
        expect(r.json).toEqual({ status: "ok", database: "ok", jobs: { queued: 0, running: 0 } })
      }))
  })
})

describe("multipasta 0.2.8, as patched (patches/multipasta+0.2.8.patch)", () => {
  const parse = (body: string) => {
    const errors: Array<string> = []
    let done = false
    const parser = Multipasta.make({
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      onField: () => {},
      onFile: () => () => {},
      onError: (e) => errors.push(e._tag),
      onDone: () => {
        done = true
      }
    })
    if (body.length > 0) parser.write(new TextEncoder().encode(body))
    parser.end()
    return { errors, done }
  }

  it("reports an end before the closing delimiter, also with no part at all", () => {
    expect(parse("")).toEqual({ errors: ["EndNotReached"], done: false })
    expect(parse("hello")).toEqual({ errors: ["EndNotReached"], done: false })
    expect(parse("--xyz\r\nContent-Disposition: form-data; name=\"a\"")).toEqual({
      errors: ["EndNotReached"],
      done: false
    })
  })

  it("keeps a file's name written in any script (part headers are UTF-8), not only Latin-1", () => {
    for (const name of ["Счёт.pdf", "請求書.pdf", "فاتورة.pdf", "factură €.pdf", "März.pdf"]) {
      const files: Array<{ name: string; filename: string | undefined }> = []
      const parser = Multipasta.make({
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        onField: () => {},
        onFile: (info) => {
          files.push({ name: info.name, filename: info.filename })
          return () => {}
        },
        onError: () => {},
        onDone: () => {}
      })
      parser.write(
        new TextEncoder().encode(
          `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
            `Content-Type: application/pdf\r\n\r\n%PDF\r\n--xyz--\r\n`
        )
      )
      parser.end()
      expect(files).toEqual([{ name: "file", filename: name }])
    }
  })

  it("still finishes a complete body without an error", () => {
    expect(parse("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz--\r\n")).toEqual({
      errors: [],
      done: true
    })
  })
})
