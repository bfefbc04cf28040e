/**
 * The parse cache of stored documents: keyed by the reading options and the readers' version, decoded
 * with the page model's schema; a model that does not decode, or one cached by another version, is read
 * again from the file and replaced.
 */
import { HttpClientRequest } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { parseKey } from "../../src/Pipeline/Pipeline.js"
import { READER_VERSION } from "../../src/Reading/Reader.js"
import { fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { makeTextPdf } from "../support/pdfs.js"

const setup = Effect.gen(function*() {
  const key = yield* keyFor("cache")
  const template = yield* send(
    HttpClientRequest.post("/v1/templates").pipe(
      withKey(key),
      HttpClientRequest.bodyUnsafeJson({
        document_type: "invoice",
        template_data: { invoice_number: "The invoice number" }
      })
    )
  )
  const pdf = yield* Effect.promise(() => makeTextPdf([["INVOICE", "Invoice Number: 4711"]]))
  const doc = yield* send(
    HttpClientRequest.post("/v1/documents").pipe(withKey(key), HttpClientRequest.bodyFormData(fileForm(pdf, "a.pdf")))
  )
  const extract = send(
    HttpClientRequest.post(`/v1/documents/${doc.json.document_id}/extraction`).pipe(
      withKey(key),
      HttpClientRequest.bodyUnsafeJson({ template_ids: [template.json.template_id] })
    )
  )
  return { documentId: doc.json.document_id as string, extract }
})

const cached = (documentId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<
        { options_key: string; page_model: unknown }
      >`SELECT options_key, page_model FROM parses WHERE document_id = ${documentId} ORDER BY options_key`
  )

/** Overwrites a document's cached model in the database with one that does not decode. */
const breakCachedModel = (documentId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`UPDATE parses SET page_model = ${
        JSON.stringify({ mediaType: 5, pages: "broken" })
      } WHERE document_id = ${documentId}`
  )

/** The first cached model of a document, parsed (JSON columns come back as text from some drivers). */
const firstCachedModel = (documentId: string) =>
  Effect.map(cached(documentId), (rows) => {
    const value = rows[0]!.page_model
    return (typeof value === "string" ? JSON.parse(value) : value) as { mediaType: unknown }
  })

// The database's cache as every process sees it, without this process's memory in front of it.
layer(testApp({ parseCacheMb: 0 }), { timeout: 60_000 })("parse cache", (it) => {
  it.effect("is keyed by the readers' version", () =>
    Effect.gen(function*() {
      const { documentId } = yield* setup
      expect(parseKey({ layout: false })).toBe(`plain@${READER_VERSION}`)
      expect((yield* cached(documentId)).map((r) => r.options_key)).toEqual([`plain@${READER_VERSION}`])
    }))

  it.effect("a cached model that does not decode is read again from the file and replaced", () =>
    Effect.gen(function*() {
      const { documentId, extract } = yield* setup
      yield* breakCachedModel(documentId)
      const run = yield* extract
      expect(run.status).toBe(200)
      expect(JSON.stringify(run.json)).toContain("4711")
      expect(yield* cached(documentId)).toHaveLength(1)
      expect((yield* firstCachedModel(documentId)).mediaType).toBe("application/pdf")
    }))

  it.effect("a model cached by another readers' version is not used, and goes when the new one is cached", () =>
    Effect.gen(function*() {
      const { documentId, extract } = yield* setup
      const sql = yield* SqlClient.SqlClient
      // What an earlier version cached: a valid model, but another version's reading (and a wrong text).
      const stale = {
        mediaType: "application/pdf",
        pages: [{
          page: 1,
          width: 1,
          height: 1,
          source: "text",
          lines: [{ text: "Invoice Number: 9999", box: [0, 0, 1, 1], words: [] }]
        }]
      }
      yield* sql`DELETE FROM parses WHERE document_id = ${documentId}`
      yield* sql`INSERT INTO parses (document_id, options_key, page_model, created_at) VALUES (${documentId}, ${"plain"}, ${
        JSON.stringify(stale)
      }, ${0})`
      const run = yield* extract
      expect(run.status).toBe(200)
      expect(JSON.stringify(run.json)).toContain("4711")
      expect(JSON.stringify(run.json)).not.toContain("9999")
      expect((yield* cached(documentId)).map((r) => r.options_key)).toEqual([`plain@${READER_VERSION}`])
    }))
})

layer(testApp({ parseCacheMb: 16 }), { timeout: 60_000 })("parse cache in the process's memory", (it) => {
  it.effect("a second extraction takes the model from memory: the database's copy is not read again", () =>
    Effect.gen(function*() {
      const { documentId, extract } = yield* setup
      expect((yield* extract).status).toBe(200)
      yield* breakCachedModel(documentId)
      const again = yield* extract
      expect(again.status).toBe(200)
      expect(JSON.stringify(again.json)).toContain("4711")
      // Served from memory: the broken row was never read (a read would have replaced it).
      expect((yield* firstCachedModel(documentId)).mediaType).toBe(5)
    }))
  it.effect("the model read at upload serves the first extraction: the database's copy is not read", () =>
    Effect.gen(function*() {
      const { documentId, extract } = yield* setup
      yield* breakCachedModel(documentId)
      const first = yield* extract
      expect(first.status).toBe(200)
      expect(JSON.stringify(first.json)).toContain("4711")
      expect((yield* firstCachedModel(documentId)).mediaType).toBe(5)
    }))
})
