import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Either, Option } from "effect"
import { CurrentTenant } from "../Auth/Api.js"
import type { ExtractionRun, OneShotResult } from "../Domain/Document.js"
import { BadRequest, NotFound, Unprocessable } from "../Domain/Errors.js"
import { Api } from "../Http/Api.js"
import { acceptedHeaders, prefersAsync } from "../Http/Prefer.js"
import { Jobs, type Submission } from "../Jobs/Jobs.js"
import type { JobRequest } from "../Jobs/Repo.js"
import { Webhooks } from "../Jobs/Webhooks.js"
import { newId } from "../lib/ids.js"
import { Admission } from "../Pipeline/Admission.js"
import { parseKey, Pipeline, type ReadOptions } from "../Pipeline/Pipeline.js"
import { BlobStore } from "../Storage/BlobStore.js"
import { inputBytes, resolveInput } from "./Input.js"
import { encodeAnswer } from "./OneShot.js"
import { stripCoordinates } from "./Output.js"
import { ParseCache } from "./ParseCache.js"
import { DocumentsRepo } from "./Repo.js"
import { loadSpecs, parseTemplateIdsField } from "./Templates.js"
import { DocumentWork } from "./Work.js"

const plainRead: ReadOptions = { layout: false }

/** The one-shot answer as its response (`encodeAnswer`). */
const oneShotResponse = (answer: OneShotResult) =>
  encodeAnswer(answer).pipe(
    Effect.map((encoded) => HttpServerResponse.unsafeJson(encoded)),
    // The engines' own output failing its schema is this server's bug: a 500, as an encoding failure is.
    Effect.orDie
  )

/** A text form field sent once (the last value counts when repeated). */
const single = (field: string | ReadonlyArray<string> | undefined): string | undefined =>
  field === undefined ? undefined : typeof field === "string" ? field : field[field.length - 1]

export const DocumentsLive = HttpApiBuilder.group(Api, "documents", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* DocumentsRepo
    const blobs = yield* BlobStore
    const pipeline = yield* Pipeline
    const work = yield* DocumentWork
    const parses = yield* ParseCache
    const jobs = yield* Jobs
    const webhooks = yield* Webhooks
    const { admit } = yield* Admission

    /**
     * With `Prefer: respond-async` the call becomes a job (202, Location); without it, a webhook_url
     * is refused rather than silently ignored.
     */
    const asJob = (
      prefer: string | undefined,
      tenantId: string,
      webhookUrl: string | undefined,
      submission: (webhook: string | undefined) => Submission
    ) =>
      Effect.gen(function*() {
        if (!prefersAsync(prefer)) {
          if (webhookUrl !== undefined) {
            return yield* new Unprocessable({
              detail: "webhook_url is only used with the header `Prefer: respond-async`"
            })
          }
          return Option.none()
        }
        const webhook = webhookUrl === undefined ? undefined : yield* webhooks.check(tenantId, webhookUrl)
        const accepted = yield* jobs.submit(submission(webhook))
        yield* acceptedHeaders(`/v1/jobs/${accepted.job_id}`)
        return Option.some(accepted)
      })

    const request = (templateIds: ReadonlyArray<string>, options: Partial<JobRequest> = {}): JobRequest => ({
      templateIds,
      includeCoordinates: options.includeCoordinates ?? false,
      forceExclusive: options.forceExclusive ?? false,
      layout: options.layout ?? false
    })

    return handlers
      .handle("extract", ({ headers, payload, urlParams }) =>
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
          const options = {
            includeCoordinates: urlParams.include_coordinates === true,
            forceExclusive: urlParams.force_exclusive_template ?? false,
            layout: urlParams.document_layout_analysis ?? false
          }
          const webhookUrl = single(payload.webhook_url)?.trim() || undefined
          const accepted = yield* asJob(headers.prefer, tenantId, webhookUrl, (webhook) => ({
            tenantId,
            kind: "extract",
            file: { bytes, name: input.name },
            request: request(specs.map((s) => s.templateId), options),
            ...(webhook !== undefined ? { webhookUrl: webhook } : {})
          }))
          if (Option.isSome(accepted)) return accepted.value
          return yield* admit(work.extractFile(bytes, specs, options)).pipe(Effect.flatMap(oneShotResponse))
        }).pipe(Effect.withSpan("Documents.extract")))
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
          // The model just read (its pages already worked on as they came) serves the splits and
          // extractions that usually follow, without decoding it back from the database.
          parses.set(doc.document_id, parseKey(plainRead), model)
          return {
            document_id: doc.document_id,
            document_name: doc.document_name,
            document_created_at: doc.document_created_at
          }
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
          const doc = yield* work.findDocument(tenantId, path.document_id)
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
      .handle("split", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          // Checked now, so that a job for a missing document or template is refused at once.
          yield* work.findDocument(tenantId, path.document_id)
          const specs = yield* loadSpecs(tenantId, payload.template_ids)
          const accepted = yield* asJob(headers.prefer, tenantId, payload.webhook_url, (webhook) => ({
            tenantId,
            kind: "split",
            documentId: path.document_id,
            request: request(specs.map((s) => s.templateId)),
            ...(webhook !== undefined ? { webhookUrl: webhook } : {})
          }))
          if (Option.isSome(accepted)) return accepted.value
          return yield* admit(work.split(tenantId, path.document_id, payload.template_ids))
        }).pipe(Effect.withSpan("Documents.split")))
      .handle("extraction", ({ headers, path, payload, urlParams }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          yield* work.findDocument(tenantId, path.document_id)
          const specs = yield* loadSpecs(tenantId, payload.template_ids)
          const includeCoordinates = urlParams.include_coordinates === true
          const accepted = yield* asJob(headers.prefer, tenantId, payload.webhook_url, (webhook) => ({
            tenantId,
            kind: "extraction",
            documentId: path.document_id,
            request: request(specs.map((s) => s.templateId), { includeCoordinates }),
            ...(webhook !== undefined ? { webhookUrl: webhook } : {})
          }))
          if (Option.isSome(accepted)) return accepted.value
          return yield* admit(work.extraction(tenantId, path.document_id, payload.template_ids, includeCoordinates))
        }).pipe(Effect.withSpan("Documents.extraction")))
      .handle("delete", ({ path }) =>
        Effect.gen(function*() {
          const { tenantId } = yield* CurrentTenant
          const doc = yield* work.findDocument(tenantId, path.document_id)
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
          parses.forget(doc.document_id)
        }).pipe(Effect.withSpan("Documents.delete")))
  }))
