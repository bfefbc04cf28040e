/**
 * The service graph: configuration → database → repositories, storage, reading, engines, pipeline.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { SqlClient } from "@effect/sql"
import { ConfigError, Effect, Layer } from "effect"
import { KeyStore } from "./Auth/Keys.js"
import { AppConfig, engineOf, hasAnthropicKey } from "./Config.js"
import { ParseCache } from "./Documents/ParseCache.js"
import { DocumentsRepo } from "./Documents/Repo.js"
import { DocumentWork } from "./Documents/Work.js"
import { AnthropicExtractor } from "./Engine/Claude/Extractor.js"
import { ModelClient } from "./Engine/Claude/ModelClient.js"
import { AnthropicSplitter } from "./Engine/Claude/Splitter.js"
import { LocalExtractor } from "./Engine/Local/Extractor.js"
import { LocalSplitter } from "./Engine/Local/Splitter.js"
import { UrlFetcher } from "./Ingest/UrlFetcher.js"
import { Jobs } from "./Jobs/Jobs.js"
import { JobQueue } from "./Jobs/Queue.js"
import { JobsRepo } from "./Jobs/Repo.js"
import { JobRunnerLive } from "./Jobs/Runner.js"
import { Webhooks } from "./Jobs/Webhooks.js"
import { OcrEngines } from "./Ocr/Ocr.js"
import { OfficeConverter } from "./Office/Converter.js"
import { Admission } from "./Pipeline/Admission.js"
import { Pipeline } from "./Pipeline/Pipeline.js"
import { IsolatedDocumentReader } from "./Reading/Isolation/ReadingPool.js"
import { BlobStoreLive } from "./Storage/BlobStoreLive.js"
import { recoverPendingBlobs } from "./Storage/FsBlobStore.js"
import { makeScratch, Scratch } from "./Storage/Scratch.js"
import { ScratchFileSystem } from "./Storage/ScratchFileSystem.js"
import { TemplatesRepo } from "./Templates/Repo.js"

/** The engines used when no model is configured. */
export const LocalEngineLive = Layer.mergeAll(LocalSplitter, LocalExtractor)

/** The Claude engine: both services share one ModelClient, so one concurrency limit for the process. */
export const AnthropicEngineLive = Layer.mergeAll(AnthropicSplitter, AnthropicExtractor).pipe(
  Layer.provide(ModelClient.Default)
)

/** ENGINE=local|anthropic|auto (auto: anthropic when ANTHROPIC_API_KEY is set); anthropic without a key fails at start. */
export const EngineLive = Layer.unwrapEffect(
  Effect.gen(function*() {
    const config = yield* AppConfig
    const engine = engineOf(config)
    if (engine === "anthropic" && !hasAnthropicKey(config)) {
      return yield* Effect.fail(
        ConfigError.MissingData(["ANTHROPIC_API_KEY"], "ENGINE=anthropic needs ANTHROPIC_API_KEY (or set ENGINE=local)")
      )
    }
    yield* Effect.logInfo(
      engine === "anthropic"
        ? `engine: anthropic (model ${config.anthropicModel}, ${config.modelConcurrency} calls in flight at most)`
        : "engine: local"
    )
    return engine === "anthropic" ? AnthropicEngineLive : LocalEngineLive
  })
)

/** Documents are read in worker processes (Reading/Isolation), with the server's OCR engines and office converter. */
export const ReaderLive = IsolatedDocumentReader.pipe(
  Layer.provide([OcrEngines.DefaultWithoutDependencies, OfficeConverter.detect])
)

export const PipelineLive = Pipeline.Default.pipe(Layer.provide([ReaderLive, EngineLive]))

/** This process's scratch folder: made at once, needing no database (the reading workers start with it). */
export const ScratchLive = Layer.scoped(
  Scratch,
  Effect.flatMap(AppConfig, ({ dataDir }) => makeScratch(dataDir))
)

/** The folders of stopped processes swept once the database is open, their unfinished blobs removed first. */
const ScratchSweepLive = Layer.effectDiscard(
  Effect.gen(function*() {
    const { dataDir } = yield* AppConfig
    const sql = yield* SqlClient.SqlClient
    const scratch = yield* Scratch
    yield* scratch.sweep((abandoned, liveDirs) => recoverPendingBlobs(dataDir, sql, liveDirs)(abandoned))
  })
)

/** Storage, reading and the engines: what the heavy calls' work needs, given AppConfig and a SqlClient. */
const CoreLive = Layer.mergeAll(
  ScratchSweepLive,
  TemplatesRepo.Default,
  DocumentsRepo.Default,
  ParseCache.Default,
  KeyStore.Default,
  BlobStoreLive,
  UrlFetcher.DefaultWithoutDependencies,
  PipelineLive,
  JobsRepo.Default,
  // The platform's services, with temporary files in the scratch folder.
  Layer.merge(NodeContext.layer, ScratchFileSystem)
).pipe(Layer.provideMerge(ScratchLive))

/** The documents' work and the job queue over it. */
const WorkLive = Layer.mergeAll(DocumentWork.Default, Webhooks.Default, Jobs.Default).pipe(
  Layer.provideMerge(JobQueue.Default),
  Layer.provideMerge(CoreLive)
)

/**
 * Everything the HTTP handlers need, and this process's share of the queued jobs (WORKERS of them at
 * once; a process started with WORKERS=0 only queues them).
 */
export const ServicesLive = Layer.merge(Admission.Default, JobRunnerLive).pipe(Layer.provideMerge(WorkLive))

/** A worker process: runs queued jobs and delivers their notices, serves no HTTP. */
export const WorkerLive = JobRunnerLive.pipe(Layer.provide(WorkLive))

export type { AppConfig }
