import { HttpApiBuilder } from "@effect/platform"
import { Effect, Either, Option } from "effect"
import { CurrentTenant } from "../Auth/Api.js"
import type { ExtractionRun } from "../Domain/Document.js"
import { roundConfidence } from "../Domain/Extraction.js"
import { BadRequest, NotFound, Unprocessable } from "../Domain/Errors.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import { Api } from "../Http/Api.js"
import { newId } from "../lib/ids.js"
import { Admission } from "../Pipeline/Admission.js"
import { parseKey, Pipeline, type ReadOptions } from "../Pipeline/Pipeline.js"
import { BlobStore } from "../Storage/BlobStore.js"
import { inputBytes, resolveInput } from "./Input.js"
import { ocrPage, plain, stripCoordinates, withCoordinates } from "./Output.js"
import { DocumentsRepo, type StoredDocument } from "./Repo.js"
import { loadSpecs, parseTemplateIdsField } from "./Templates.js"

const plainRead: ReadOptions = { layout: false }

export const DocumentsLive = HttpApiBuilder.group(Api, "documents", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* DocumentsRepo
    const blobs = yield* BlobStore
    const pipeline = yield* Pipeline
    const { admit } = yield* Admission

    const findDocument = (tenantId: string, id: string) =>
      repo.find(tenantId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new NotFound({ detail: `document ${id} not found` })),
          onSome: Effect.succeed
        }))
      )

    /** The document's page model: from the parse cache, or read once and cached. */
    const pageModelOf = (doc: StoredDocument, options: ReadOptions) =>
      Effect.gen(function*() {
        const key = parseKey(options)
        const cached = yield* repo.findParse(doc.document_id, key).pipe(Effect.orDie)
        if (Option.isSome(cached)) return cached.value
        const bytes = yield* blobs.read(doc.blobSha256)
        const model = yield* pipeline.read(bytes, options)
        yield* repo.saveParse(doc.document_id, key, model).pipe(Effect.orDie)
        return model
      })

    const sectionsOf = (tenantId: string, documentId: string, templateIds: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const doc = yield* findDocument(tenantId, documentId)
        const specs: ReadonlyArray<TemplateSpec> = yield* loadSpecs(tenantId, templateIds)
        const model = yield* pageModelOf(doc, plainRead)
        return { doc, specs, model }
      })

    return handlers
      .handle("extract", ({ payload, urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const ids = yield* Either.match(parseTemplateIdsField(payload.template_ids), {
            onLeft: (detail) =>
              payload.template_ids === undefined
                ? Effect.fail(new Unprocessable({ detail }))
                : Effect.fail(new BadRequest({ detail })),
            onRight: Effect.succeed
          })
          const specs = yield* loadSpecs(tenantId, ids)
          const input = yield* resolveInput(payload)
          const bytes = yield* inputBytes(input)
          const model = yield* pipeline.read(bytes, {
            layout: urlParams.document_layout_analysis ?? false
          })
          const sections = yield* pipeline.splitAndExtract(model, specs, {
            forceExclusive: urlParams.force_exclusive_template ?? false,
            images: yield* pipeline.pageImages(Effect.succeed(bytes), model.mediaType)
          })
          const render = urlParams.include_coordinates === true ? withCoordinates : plain
          return {
            ocr: model.pages.map(ocrPage),
            markdown: yield* pipeline.markdown(model),
            result: sections.map((s) => ({
              document_type: s.documentType,
              pages: [...s.pages],
              confidence: roundConfidence(s.confidence),
              properties: render(s.extracted)
            }))
          }
        }).pipe(admit, Effect.withSpan("Documents.extract")))
      .handle("upload", ({ payload }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const input = yield* resolveInput(payload)
          // Read before storing: an unreadable file is refused and nothing is kept.
          const bytes = yield* inputBytes(input)
          const model = yield* pipeline.read(bytes, plainRead)
          const register = (blob: { sha256: string; size: number }) =>
            repo.create({
              id: newId("doc"),
              tenantId,
              name: input.name,
              blob,
              mediaType: model.mediaType,
              pageModel: model,
              parseKey: parseKey(plainRead)
            }).pipe(Effect.orDie)
          // The bytes are in memory for reading already: store those rather than reading the upload again.
          const doc = yield* blobs.putBytes(bytes, register)
          return { document_id: doc.document_id, document_name: doc.document_name, document_created_at: doc.document_created_at }
        }).pipe(admit, Effect.withSpan("Documents.upload")))
      .handle("list", ({ urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const docs = yield* repo.list(tenantId, urlParams).pipe(Effect.orDie)
          return docs.map((d) => ({
            document_id: d.document_id,
            document_name: d.document_name,
            document_created_at: d.document_created_at
          }))
        }))
      .handle("results", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const doc = yield* findDocument(tenantId, path.document_id)
          const runs = yield* repo.listRuns(doc.document_id).pipe(Effect.orDie)
          const coordinates = urlParams.include_coordinates === true
          return runs.map((run): ExtractionRun => ({
            document_id: doc.document_id,
            document_name: doc.document_name,
            document_created_at: doc.document_created_at,
            results: (coordinates ? run.results : run.results.map(stripCoordinates)) as ExtractionRun["results"],
            extracted_at: run.createdAt,
            template_ids: [...run.templateIds]
          }))
        }))
      .handle("split", ({ path, payload }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const { model, specs } = yield* sectionsOf(tenantId, path.document_id, payload.template_ids)
          const sections = yield* pipeline.split(model, specs, { forceExclusive: false })
          return sections.map((s) => ({ document_type: s.documentType, pages: [...s.pages], confidence: roundConfidence(s.confidence) }))
        }).pipe(admit, Effect.withSpan("Documents.split")))
      .handle("extraction", ({ path, payload, urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const { doc, model, specs } = yield* sectionsOf(tenantId, path.document_id, payload.template_ids)
          const sections = yield* pipeline.splitAndExtract(model, specs, {
            forceExclusive: false,
            images: yield* pipeline.pageImages(blobs.read(doc.blobSha256), model.mediaType)
          })
          const stored = sections.map((s) => ({
            document_type: s.documentType,
            pages: [...s.pages],
            confidence: roundConfidence(s.confidence),
            extracted: withCoordinates(s.extracted)
          }))
          yield* repo.addRun(doc.document_id, {
            id: newId("run"),
            templateIds: specs.map((s) => s.templateId),
            results: stored,
            createdAt: Math.floor(Date.now() / 1000)
          }).pipe(Effect.orDie)
          return urlParams.include_coordinates === true
            ? stored
            : stored.map((s, i) => ({ ...s, extracted: plain(sections[i]!.extracted) }))
        }).pipe(admit, Effect.withSpan("Documents.extraction")))
      .handle("delete", ({ path }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const doc = yield* findDocument(tenantId, path.document_id)
          let removed = false
          yield* blobs.release(
            doc.blobSha256,
            repo.remove(tenantId, doc.document_id).pipe(
              Effect.orDie,
              Effect.map((result) => {
                removed = Option.isSome(result)
                return Option.isSome(result) && Option.isSome(result.value)
              })
            )
          )
          if (!removed) return yield* new NotFound({ detail: `document ${path.document_id} not found` })
        }).pipe(Effect.withSpan("Documents.delete")))
  }))
