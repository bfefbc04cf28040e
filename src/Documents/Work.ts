/**
 * The work behind the three heavy calls (a stored document's split and extraction, the one-shot
 * extract), given their inputs: the HTTP handlers run it while the client waits, the job runner runs
 * it for `Prefer: respond-async`, so both answer exactly the same body.
 */
import { Effect, Option } from "effect"
import type { ExtractedSection as ExtractedSectionBody, Section } from "../Domain/Document.js"
import { NotFound } from "../Domain/Errors.js"
import { roundConfidence } from "../Domain/Extraction.js"
import type { TemplateSpec } from "../Domain/FieldTree.js"
import { newId } from "../lib/ids.js"
import { parseKey, Pipeline, type ReadOptions } from "../Pipeline/Pipeline.js"
import { Progress } from "../Pipeline/Progress.js"
import { BlobStore } from "../Storage/BlobStore.js"
import { oneShot, type OneShotOptions } from "./OneShot.js"
import { plain, withCoordinates } from "./Output.js"
import { ParseCache } from "./ParseCache.js"
import { DocumentsRepo, type StoredDocument } from "./Repo.js"
import { loadSpecs } from "./Templates.js"

const plainRead: ReadOptions = { layout: false }

export type { OneShotOptions }

export class DocumentWork extends Effect.Service<DocumentWork>()("DocumentWork", {
  effect: Effect.gen(function*() {
    const repo = yield* DocumentsRepo
    const blobs = yield* BlobStore
    const pipeline = yield* Pipeline
    const memory = yield* ParseCache

    const findDocument = (tenantId: string, id: string) =>
      repo.find(tenantId, id).pipe(
        Effect.orDie,
        Effect.flatMap(Option.match({
          onNone: () => Effect.fail(new NotFound({ detail: `document ${id} not found` })),
          onSome: Effect.succeed
        }))
      )

    /** The document's page model: from this process's memory, the database's parse cache, or read once and cached. */
    const pageModelOf = (doc: StoredDocument, options: ReadOptions) =>
      Effect.gen(function*() {
        const key = parseKey(options)
        const remembered = memory.get(doc.document_id, key)
        if (remembered !== undefined) return remembered
        const cached = yield* repo.findParse(doc.document_id, key).pipe(Effect.orDie)
        if (Option.isSome(cached)) {
          memory.set(doc.document_id, key, cached.value)
          return cached.value
        }
        const bytes = yield* blobs.read(doc.blobSha256)
        const model = yield* pipeline.read(bytes, options)
        yield* repo.saveParse(doc.document_id, key, model).pipe(Effect.orDie)
        memory.set(doc.document_id, key, model)
        return model
      })

    const sectionsOf = (tenantId: string, documentId: string, templateIds: ReadonlyArray<string>, progress: Progress) =>
      Effect.gen(function*() {
        const doc = yield* findDocument(tenantId, documentId)
        const specs: ReadonlyArray<TemplateSpec> = yield* loadSpecs(tenantId, templateIds)
        const model = yield* pageModelOf(doc, plainRead)
        yield* progress.read(model.pages.length)
        return { doc, specs, model }
      })

    /** POST /v1/documents/{id}/split */
    const split = (
      tenantId: string,
      documentId: string,
      templateIds: ReadonlyArray<string>,
      progress: Progress = Progress.none
    ) =>
      Effect.gen(function*() {
        const { model, specs } = yield* sectionsOf(tenantId, documentId, templateIds, progress)
        const sections = yield* pipeline.split(model, specs, { forceExclusive: false, progress })
        return sections.map((s): Section => ({
          document_type: s.documentType,
          pages: [...s.pages],
          confidence: roundConfidence(s.confidence)
        }))
      }).pipe(Effect.withSpan("DocumentWork.split"))

    /**
     * POST /v1/documents/{id}/extraction: the run is stored in the coordinate form. `store` adds
     * the run, in whatever transaction the caller needs it in (a job stores it with its result).
     */
    const extraction = <E = never, R = never>(
      tenantId: string,
      documentId: string,
      templateIds: ReadonlyArray<string>,
      includeCoordinates: boolean,
      options: {
        readonly progress?: Progress
        readonly store?: (
          add: Effect.Effect<void>,
          body: ReadonlyArray<ExtractedSectionBody>
        ) => Effect.Effect<void, E, R>
      } = {}
    ) =>
      Effect.gen(function*() {
        const progress = options.progress ?? Progress.none
        const { doc, model, specs } = yield* sectionsOf(tenantId, documentId, templateIds, progress)
        const sections = yield* pipeline.splitAndExtract(model, specs, {
          forceExclusive: false,
          images: yield* pipeline.pageImages(blobs.read(doc.blobSha256), model.mediaType),
          progress
        })
        const stored = sections.map((s) => ({
          document_type: s.documentType,
          pages: [...s.pages],
          confidence: roundConfidence(s.confidence),
          extracted: withCoordinates(s.extracted)
        }))
        const body: ReadonlyArray<ExtractedSectionBody> = includeCoordinates
          ? stored
          : stored.map((s, i) => ({ ...s, extracted: plain(sections[i]!.extracted) }))
        const add = repo.addRun(doc.document_id, {
          id: newId("run"),
          templateIds: specs.map((s) => s.templateId),
          results: stored,
          createdAt: Math.floor(Date.now() / 1000)
        }).pipe(Effect.orDie)
        yield* options.store === undefined ? add : options.store(add, body)
        return body
      }).pipe(Effect.withSpan("DocumentWork.extraction"))

    /** POST /v1/documents/extract, once the file's bytes and the templates are known. */
    const extractFile = (
      bytes: Uint8Array,
      specs: ReadonlyArray<TemplateSpec>,
      options: OneShotOptions,
      progress: Progress = Progress.none
    ) => Effect.provideService(oneShot(bytes, specs, options, progress), Pipeline, pipeline)

    return { findDocument, split, extraction, extractFile } as const
  })
}) {}
