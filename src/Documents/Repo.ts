import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Document } from "../Domain/Document.js"
import type { PageModel } from "../Domain/PageModel.js"
import { decodeCachedPageModelPaced } from "../Domain/PageModelSchema.js"
import { nowSeconds } from "../lib/ids.js"
import { Pacer } from "../lib/Pacer.js"

export interface StoredDocument extends Document {
  readonly blobSha256: string
  readonly mediaType: string | null
}

export interface StoredRun {
  readonly id: string
  readonly templateIds: ReadonlyArray<string>
  /** Sections with extracted values in coordinate form. */
  readonly results: ReadonlyArray<unknown>
  readonly createdAt: number
}

interface DocumentRow {
  readonly id: string
  readonly name: string
  readonly blob_sha256: string
  readonly media_type: string | null
  readonly created_at: number | string
}

const toDocument = (r: DocumentRow): StoredDocument => ({
  document_id: r.id,
  document_name: r.name,
  document_created_at: Number(r.created_at),
  blobSha256: r.blob_sha256,
  mediaType: r.media_type
})

/** JSON columns come back parsed from PostgreSQL and as text from some drivers. */
const json = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) : value) as A

export class DocumentsRepo extends Effect.Service<DocumentsRepo>()("DocumentsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // A long document's cached model is checked page by page, other requests served between pages.
    const { pace } = yield* Pacer

    /** Registers the blob (if new) and the document in one transaction. */
    const create = (input: {
      readonly id: string
      readonly tenantId: string
      readonly name: string
      readonly blob: { readonly sha256: string; readonly size: number }
      readonly mediaType: string
      readonly pageModel: PageModel
      readonly parseKey: string
    }) =>
      Effect.gen(function*() {
        const now = nowSeconds()
        yield* sql`INSERT INTO blobs (sha256, size, media_type, created_at)
                   VALUES (${input.blob.sha256}, ${input.blob.size}, ${input.mediaType}, ${now})
                   ON CONFLICT (sha256) DO NOTHING`
        const rows = yield* sql<DocumentRow>`
          INSERT INTO documents (id, tenant_id, name, blob_sha256, size, media_type, created_at)
          VALUES (${input.id}, ${input.tenantId}, ${input.name}, ${input.blob.sha256}, ${input.blob.size},
                  ${input.mediaType}, ${now})
          RETURNING id, name, blob_sha256, media_type, created_at`
        yield* sql`INSERT INTO parses (document_id, options_key, page_model, created_at)
                   VALUES (${input.id}, ${input.parseKey}, ${JSON.stringify(input.pageModel)}, ${now})`
        return toDocument(rows[0]!)
      }).pipe(sql.withTransaction, Effect.withSpan("DocumentsRepo.create"))

    const list = (tenantId: string, paging: { limit?: number | undefined; offset?: number | undefined }) =>
      sql<DocumentRow>`
        SELECT id, name, blob_sha256, media_type, created_at FROM documents
        WHERE tenant_id = ${tenantId}
        ORDER BY seq
        LIMIT ${paging.limit ?? null} OFFSET ${paging.offset ?? 0}`.pipe(
        Effect.map((rows) => rows.map(toDocument)),
        Effect.withSpan("DocumentsRepo.list")
      )

    const find = (tenantId: string, id: string) =>
      sql<DocumentRow>`
        SELECT id, name, blob_sha256, media_type, created_at FROM documents
        WHERE tenant_id = ${tenantId} AND id = ${id}`.pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toDocument)),
        Effect.withSpan("DocumentsRepo.find")
      )

    /**
     * Deletes the document with its parses and runs. Returns the blob to remove from disk when no
     * other document uses it any more (its row is deleted in the same transaction).
     */
    const remove = (tenantId: string, id: string) =>
      Effect.gen(function*() {
        const rows = yield* sql<{ blob_sha256: string }>`
          DELETE FROM documents WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING blob_sha256`
        const row = rows[0]
        if (row === undefined) return Option.none<Option.Option<string>>()
        const orphan = yield* sql<{ sha256: string }>`
          DELETE FROM blobs WHERE sha256 = ${row.blob_sha256}
            AND NOT EXISTS (SELECT 1 FROM documents WHERE blob_sha256 = ${row.blob_sha256})
            AND NOT EXISTS (SELECT 1 FROM jobs WHERE blob_sha256 = ${row.blob_sha256})
          RETURNING sha256`
        return Option.some(Option.fromNullable(orphan[0]?.sha256))
      }).pipe(sql.withTransaction, Effect.withSpan("DocumentsRepo.remove"))

    const findParse = (documentId: string, key: string) =>
      sql<{ page_model: unknown }>`
        SELECT page_model FROM parses WHERE document_id = ${documentId} AND options_key = ${key}`.pipe(
        // A cached model that does not decode is no cache: the caller reads the file again.
        Effect.flatMap((rows) => {
          const row = rows[0]
          if (row === undefined) return Effect.succeed(Option.none<PageModel>())
          let value: unknown
          try {
            value = json<unknown>(row.page_model)
          } catch {
            return Effect.succeed(Option.none<PageModel>())
          }
          return decodeCachedPageModelPaced(value, pace)
        }),
        Effect.withSpan("DocumentsRepo.findParse")
      )

    /** Caches a model (replacing one that did not decode); models cached by other reader versions go. */
    const saveParse = (documentId: string, key: string, model: PageModel) =>
      Effect.gen(function*() {
        const version = key.slice(key.indexOf("@"))
        yield* sql`DELETE FROM parses WHERE document_id = ${documentId} AND options_key NOT LIKE ${`%${version}`}`
        yield* sql`INSERT INTO parses (document_id, options_key, page_model, created_at)
                   VALUES (${documentId}, ${key}, ${JSON.stringify(model)}, ${nowSeconds()})
                   ON CONFLICT (document_id, options_key) DO UPDATE SET page_model = EXCLUDED.page_model,
                   created_at = EXCLUDED.created_at`
      }).pipe(sql.withTransaction, Effect.withSpan("DocumentsRepo.saveParse"))

    const addRun = (documentId: string, run: StoredRun) =>
      sql`INSERT INTO extraction_runs (id, document_id, template_ids, results, created_at)
          VALUES (${run.id}, ${documentId}, ${JSON.stringify(run.templateIds)}, ${JSON.stringify(run.results)},
                  ${run.createdAt})`.pipe(Effect.asVoid, Effect.withSpan("DocumentsRepo.addRun"))

    const listRuns = (documentId: string) =>
      sql<{ id: string; template_ids: unknown; results: unknown; created_at: number | string }>`
        SELECT id, template_ids, results, created_at FROM extraction_runs
        WHERE document_id = ${documentId} ORDER BY seq`.pipe(
        Effect.map((rows) =>
          rows.map((r): StoredRun => ({
            id: r.id,
            templateIds: json(r.template_ids),
            results: json(r.results),
            createdAt: Number(r.created_at)
          }))
        ),
        Effect.withSpan("DocumentsRepo.listRuns")
      )

    return { create, list, find, remove, findParse, saveParse, addRun, listRuns } as const
  }),
  dependencies: [Pacer.Default]
}) {}
