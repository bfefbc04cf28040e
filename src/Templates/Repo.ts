import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Template } from "../Domain/Template.js"
import { newId, nowSeconds } from "../lib/ids.js"

interface TemplateRow {
  readonly id: string
  readonly document_type: string
  readonly template_data: string
  readonly created_at: number | string
  readonly updated_at: number | string
}

const toTemplate = (r: TemplateRow): Template => ({
  template_id: r.id,
  document_type: r.document_type,
  // Stored as text so that what comes back is exactly what was sent (key order included).
  template_data: JSON.parse(r.template_data),
  template_created_at: Number(r.created_at),
  template_updated_at: Number(r.updated_at)
})

export class TemplatesRepo extends Effect.Service<TemplatesRepo>()("TemplatesRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql`id, document_type, template_data, created_at, updated_at`

    const create = (tenantId: string, documentType: string, templateData: unknown) =>
      Effect.gen(function*() {
        const now = nowSeconds()
        const rows = yield* sql<TemplateRow>`
          INSERT INTO templates (id, tenant_id, document_type, template_data, created_at, updated_at)
          VALUES (${newId("tpl")}, ${tenantId}, ${documentType}, ${JSON.stringify(templateData)}, ${now}, ${now})
          RETURNING ${columns}`
        return toTemplate(rows[0]!)
      }).pipe(Effect.withSpan("TemplatesRepo.create"))

    const list = (tenantId: string, paging: { limit?: number | undefined; offset?: number | undefined }) =>
      sql<TemplateRow>`
        SELECT ${columns} FROM templates
        WHERE tenant_id = ${tenantId} AND deleted_at IS NULL
        ORDER BY seq
        LIMIT ${paging.limit ?? null} OFFSET ${paging.offset ?? 0}`.pipe(
        Effect.map((rows) => rows.map(toTemplate)),
        Effect.withSpan("TemplatesRepo.list")
      )

    const findMany = (tenantId: string, ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed([] as Array<Template>)
        : sql<TemplateRow>`
            SELECT ${columns} FROM templates
            WHERE tenant_id = ${tenantId} AND deleted_at IS NULL AND ${sql.in("id", ids)}`.pipe(
          Effect.map((rows) => rows.map(toTemplate)),
          Effect.withSpan("TemplatesRepo.findMany")
        )

    const update = (
      tenantId: string,
      id: string,
      patch: { documentType?: string | undefined; templateData?: unknown }
    ) =>
      Effect.gen(function*() {
        const rows = yield* sql<TemplateRow>`
          UPDATE templates SET
            document_type = COALESCE(${patch.documentType ?? null}, document_type),
            template_data = COALESCE(${
          patch.templateData === undefined ? null : JSON.stringify(patch.templateData)
        }, template_data),
            updated_at = GREATEST(${nowSeconds()}, updated_at + 1)
          WHERE tenant_id = ${tenantId} AND id = ${id} AND deleted_at IS NULL
          RETURNING ${columns}`
        return Option.map(Option.fromNullable(rows[0]), toTemplate)
      }).pipe(Effect.withSpan("TemplatesRepo.update"))

    const remove = (tenantId: string, id: string) =>
      sql<{ id: string }>`
        UPDATE templates SET deleted_at = ${nowSeconds()}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND deleted_at IS NULL
        RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.withSpan("TemplatesRepo.remove")
      )

    return { create, list, findMany, update, remove } as const
  })
}) {}
