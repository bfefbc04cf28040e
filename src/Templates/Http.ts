import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Effect, Either, Option } from "effect"
import { CurrentTenant } from "../Auth/Api.js"
import { AppConfig } from "../Config.js"
import { NotFound, Unprocessable } from "../Domain/Errors.js"
import { Api } from "../Http/Api.js"
import { TemplatesRepo } from "./Repo.js"
import { normalizeTemplateWithin } from "./TemplateData.js"

/** template_data must normalize to a usable field tree within the field limit; the detail names the bad key. */
const validate = (data: unknown, maxFields: number) =>
  Either.match(normalizeTemplateWithin(data, maxFields), {
    onLeft: (detail) => Effect.fail(new Unprocessable({ detail: `invalid template_data: ${detail}` })),
    onRight: () => Effect.void
  })

const notFound = (id: string) => new NotFound({ detail: `template ${id} not found` })

export const TemplatesLive = HttpApiBuilder.group(Api, "templates", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* TemplatesRepo
    const { maxTemplateFields } = yield* AppConfig
    return handlers
      .handle("create", ({ payload }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          yield* validate(payload.template_data, maxTemplateFields)
          return yield* repo.create(tenantId, payload.document_type, payload.template_data).pipe(Effect.orDie)
        }))
      .handle("list", ({ urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          return yield* repo.list(tenantId, urlParams).pipe(Effect.orDie)
        }))
      .handle("update", ({ path, payload }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          if (payload.template_data !== undefined) yield* validate(payload.template_data, maxTemplateFields)
          const updated = yield* repo.update(tenantId, path.template_id, {
            documentType: payload.document_type,
            templateData: payload.template_data
          }).pipe(Effect.orDie)
          return yield* Option.match(updated, {
            onNone: () => Effect.fail(notFound(path.template_id)),
            onSome: Effect.succeed
          })
        }))
      .handle("delete", ({ path }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const removed = yield* repo.remove(tenantId, path.template_id).pipe(Effect.orDie)
          if (!removed) return yield* notFound(path.template_id)
        }))
  }))
