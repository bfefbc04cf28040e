/**
 * The service graph: configuration → database → repositories, storage, reading, engines, pipeline.
 */
import { NodeContext } from "@effect/platform-node"
import { Layer } from "effect"
import { KeyStore } from "./Auth/Keys.js"
import { AppConfig } from "./Config.js"
import { DocumentsRepo } from "./Documents/Repo.js"
import { LocalExtractor } from "./Engine/Extractor.js"
import { LocalSplitter } from "./Engine/Splitter.js"
import { UrlFetcher } from "./Ingest/UrlFetcher.js"
import { Admission } from "./Pipeline/Admission.js"
import { Pipeline } from "./Pipeline/Pipeline.js"
import { DocumentReader } from "./Reading/DocumentReader.js"
import { BlobStore } from "./Storage/BlobStore.js"
import { TemplatesRepo } from "./Templates/Repo.js"

/** The engines used when no model is configured. */
export const LocalEngineLive = Layer.mergeAll(LocalSplitter, LocalExtractor)

export const PipelineLive = Pipeline.Default.pipe(Layer.provide([DocumentReader.Default, LocalEngineLive]))

/** Everything the HTTP handlers need, given AppConfig and a SqlClient. */
export const ServicesLive = Layer.mergeAll(
  TemplatesRepo.Default,
  DocumentsRepo.Default,
  KeyStore.Default,
  BlobStore.Default,
  UrlFetcher.DefaultWithoutDependencies,
  PipelineLive,
  Admission.Default,
  NodeContext.layer
)

export type { AppConfig }
