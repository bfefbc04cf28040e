/** Turns a request's template_ids into the engines' template specs. */
import { Effect, Either, ParseResult, Schema } from "effect"
import { AppConfig } from "../Config.js"
import { TemplateIdList } from "../Domain/Document.js"
import { NotFound, Unprocessable } from "../Domain/Errors.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import { TemplatesRepo } from "../Templates/Repo.js"
import { normalizeTemplateWithin } from "../Templates/TemplateData.js"

/** The JSON body's schema checks its list already; a multipart form's list is checked here by the same schema. */
const checkIds = (templateIds: ReadonlyArray<string>) =>
  Schema.decodeUnknown(TemplateIdList)(templateIds).pipe(
    Effect.mapError((error) => {
      const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
      const at = issue?.path.map((p) => `[${String(p)}]`).join("") ?? ""
      return new Unprocessable({ detail: `template_ids${at}: ${issue?.message ?? "invalid"}` })
    })
  )

export const loadSpecs = (tenantId: string, templateIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const ids = [...new Set((yield* checkIds(templateIds)).map((id) => id.trim()))]
    if (ids.length === 0) return yield* new Unprocessable({ detail: "template_ids must not be empty" })
    const templates = yield* (yield* TemplatesRepo).findMany(tenantId, ids).pipe(Effect.orDie)
    const byId = new Map(templates.map((t) => [t.template_id, t]))
    const missing = ids.filter((id) => !byId.has(id))
    if (missing.length > 0) {
      return yield* new NotFound({
        detail: `template${missing.length > 1 ? "s" : ""} not found: ${missing.join(", ")}`
      })
    }
    const { maxTemplateFields } = yield* AppConfig
    return yield* Effect.forEach(ids, (id): Effect.Effect<TemplateSpec, Unprocessable> => {
      const t = byId.get(id)!
      // Checked again: a template stored before a limit was lowered (or introduced) may break it now.
      return Either.match(normalizeTemplateWithin(t.template_data, maxTemplateFields), {
        onLeft: (detail) =>
          Effect.fail(new Unprocessable({ detail: `template ${id} cannot be used (${detail}); update it` })),
        onRight: (fields) => Effect.succeed({ templateId: t.template_id, documentType: t.document_type, fields })
      })
    })
  })

/**
 * template_ids of a multipart form: a JSON array text, a repeated field, or a comma list.
 * Anything else is not a list of strings.
 */
export const parseTemplateIdsField = (
  field: string | ReadonlyArray<string> | undefined
): Either.Either<ReadonlyArray<string>, string> => {
  if (field === undefined) return Either.left("template_ids is required")
  const values = typeof field === "string" ? [field] : field
  return Either.map(Either.all(values.map(parseOne)), (lists) => lists.flat())
}

/** One field value: a JSON array of strings, or a comma list of ids. */
const parseOne = (value: string): Either.Either<ReadonlyArray<string>, string> => {
  const text = value.trim()
  if (!/^[[{"]/.test(text)) return Either.right(text.split(",").map((s) => s.trim()).filter((s) => s.length > 0))
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return Either.left("template_ids is not valid JSON")
  }
  return Array.isArray(parsed) && parsed.every((x) => typeof x === "string")
    ? Either.right(parsed)
    : Either.left("template_ids must be a list of strings")
}
