/**
 * All configuration, read once from the environment (names fixed by the contract).
 * Defaults make `npm start` work on a fresh machine.
 */
import { Config, Effect, Option, Redacted } from "effect"
import * as os from "node:os"
import {
  DEFAULT_OCR_LANGUAGES,
  isOcrLanguage,
  OCR_LANGUAGES,
  type OcrLanguage,
  parseOcrLanguages
} from "./Ocr/Languages.js"

const commaList = (name: string) =>
  Config.string(name).pipe(
    Config.map((s) => s.split(",").map((x) => x.trim()).filter((x) => x.length > 0)),
    Config.withDefault([] as Array<string>)
  )

/** The model the Claude engine asks when ANTHROPIC_MODEL names none (claude-sonnet-4-5 reaches its end of life on 2026-11-30). */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-5-5"

/**
 * The default of MIN_CONFIDENCE, chosen on the tune part of the evaluation corpora: the threshold
 * with the most right values less twice the wrong ones (a wrong value costs its user more than a
 * missing one: it is acted on); the evaluation prints the whole trade-off (eval/README.md).
 */
export const DEFAULT_MIN_CONFIDENCE = 0.7

export class AppConfig extends Effect.Service<AppConfig>()("AppConfig", {
  effect: Effect.gen(function*() {
    return {
      host: yield* Config.string("HOST").pipe(Config.withDefault("0.0.0.0")),
      port: yield* Config.integer("PORT").pipe(Config.withDefault(8000)),
      dataDir: yield* Config.string("DATA_DIR").pipe(Config.withDefault("./data")),
      /** Where uploaded files live: fs (under DATA_DIR, one machine) or postgres (shared through the database). */
      blobStore: yield* Config.literal("fs", "postgres", "s3")("BLOB_STORE").pipe(Config.withDefault("fs" as const)),
      /** The S3-compatible store (BLOB_STORE=s3); credentials come from the usual AWS variables and files. */
      s3: {
        bucket: yield* Config.option(Config.string("S3_BUCKET")).pipe(Effect.map(Option.getOrUndefined)),
        endpoint: yield* Config.option(Config.string("S3_ENDPOINT")).pipe(Effect.map(Option.getOrUndefined)),
        region: yield* Config.string("S3_REGION").pipe(Config.withDefault("us-east-1")),
        forcePathStyle: yield* Config.boolean("S3_FORCE_PATH_STYLE").pipe(Config.withDefault(false))
      },
      databaseUrl: yield* Config.option(Config.redacted("DATABASE_URL")).pipe(
        Effect.map(Option.filter((u) => Redacted.value(u).length > 0))
      ),
      apiKeys: yield* commaList("API_KEYS"),
      engine: yield* Config.literal("auto", "local", "anthropic")("ENGINE").pipe(Config.withDefault("auto" as const)),
      anthropicApiKey: yield* Config.option(Config.redacted("ANTHROPIC_API_KEY")),
      anthropicBaseUrl: yield* Config.option(Config.string("ANTHROPIC_BASE_URL")),
      anthropicModel: yield* Config.string("ANTHROPIC_MODEL").pipe(Config.withDefault(DEFAULT_ANTHROPIC_MODEL)),
      modelConcurrency: yield* Config.integer("MODEL_CONCURRENCY").pipe(Config.withDefault(8)),
      modelTimeoutMs: yield* Config.integer("MODEL_TIMEOUT_MS").pipe(Config.withDefault(60_000)),
      /** Start extracting the sections the offline splitter sees while the model splits (see Pipeline). */
      modelSpeculate: yield* Config.boolean("MODEL_SPECULATIVE_EXTRACTION").pipe(Config.withDefault(true)),
      /** Send the images of OCR'd pages to the model along with their text. */
      modelVision: yield* Config.boolean("MODEL_VISION").pipe(Config.withDefault(false)),
      /** Values the engine is less sure of than this come back null (see the evaluation's trade-off curve). */
      minConfidence: yield* Config.number("MIN_CONFIDENCE").pipe(
        Config.withDefault(DEFAULT_MIN_CONFIDENCE),
        Config.validate({ message: "MIN_CONFIDENCE must be a number from 0 to 1", validation: (n) => n >= 0 && n <= 1 })
      ),
      maxUploadBytes: yield* Config.integer("MAX_UPLOAD_BYTES").pipe(Config.withDefault(52_428_800)),
      maxPages: yield* Config.integer("MAX_PAGES").pipe(Config.withDefault(500)),
      /** Documents read at once, each in a worker process of its own. */
      readWorkers: yield* Config.integer("READ_WORKERS").pipe(Config.withDefault(os.availableParallelism())),
      /** A fixed reading budget per document; unset: 30 s plus 2 s per page (Reading/Isolation/ReadingPool.ts). */
      readTimeoutMs: yield* Config.option(Config.integer("READ_TIMEOUT_MS")).pipe(Effect.map(Option.getOrUndefined)),
      /** The memory reading one document may take in its worker, beyond the worker's resting size, in MB. */
      readMemoryMb: yield* Config.integer("READ_MEMORY_MB").pipe(Config.withDefault(1024)),
      /** Page models of stored documents kept in this process's memory (Documents/ParseCache.ts); 0: none. */
      parseCacheMb: yield* Config.integer("PARSE_CACHE_MB").pipe(Config.withDefault(128)),
      /** Start a reading worker with the server (false: on the first document). */
      readPrestart: yield* Config.boolean("READ_PRESTART").pipe(Config.withDefault(true)),
      /** Fields in one template, nested ones included: each is a value to look for in every section. */
      maxTemplateFields: yield* Config.integer("MAX_TEMPLATE_FIELDS").pipe(Config.withDefault(500)),
      urlAllowHosts: yield* commaList("URL_ALLOW_HOSTS"),
      /** Browser origins allowed to call the API from other sites: `*` or a list; none by default. */
      corsOrigins: yield* commaList("CORS_ORIGINS"),
      urlTimeoutMs: yield* Config.integer("URL_TIMEOUT_MS").pipe(Config.withDefault(30_000)),
      ocrWorkers: yield* Config.integer("OCR_WORKERS").pipe(Config.withDefault(os.availableParallelism())),
      /** OCR threads without work this long end, and their models' memory with them. */
      ocrIdleSeconds: yield* Config.integer("OCR_IDLE_SECONDS").pipe(
        Config.withDefault(120),
        Config.validate({ message: "OCR_IDLE_SECONDS must be 1 or more", validation: (n) => n >= 1 })
      ),
      /** The languages OCR reads ("eng+deu+fra"): the first one's model reads every word, the others the words it doubts. */
      ocrLanguages: yield* Config.string("OCR_LANGUAGES").pipe(
        Config.map(parseOcrLanguages),
        Config.validate({
          message: `OCR_LANGUAGES must list one or more of ${
            OCR_LANGUAGES.join(", ")
          }, joined with "+" (e.g. eng+deu+fra)`,
          validation: (codes) => codes.length > 0 && codes.every(isOcrLanguage)
        }),
        Config.map((codes) => [...new Set(codes)] as ReadonlyArray<OcrLanguage>),
        Config.withDefault(DEFAULT_OCR_LANGUAGES)
      ),
      /** A page whose reading shows another shipped language is read again with that language's model first. */
      ocrDetectLanguage: yield* Config.boolean("OCR_DETECT_LANGUAGE").pipe(Config.withDefault(true)),
      /** Read the lines tesseract doubts again with the line recognizer (better text, about twice the OCR CPU). */
      ocrSecondReading: yield* Config.boolean("OCR_SECOND_READING").pipe(Config.withDefault(true)),
      maxJobs: yield* Config.integer("MAX_CONCURRENT_JOBS").pipe(Config.withDefault(2 * os.availableParallelism())),
      maxQueued: yield* Config.integer("MAX_QUEUED_JOBS").pipe(Config.withDefault(64)),
      /** Asynchronous jobs this process runs at once (0: none, the process only takes requests). */
      workers: yield* Config.integer("WORKERS").pipe(
        Config.withDefault(os.availableParallelism()),
        Config.validate({ message: "WORKERS must be 0 or more", validation: (n) => n >= 0 })
      ),
      /** Running jobs per tenant over all processes; unset: a fair share (Jobs/Queue.ts). */
      maxJobsPerTenant: yield* Config.option(
        Config.integer("MAX_JOBS_PER_TENANT").pipe(
          Config.validate({ message: "MAX_JOBS_PER_TENANT must be 1 or more", validation: (n) => n >= 1 })
        )
      ).pipe(Effect.map(Option.getOrUndefined)),
      /** Finished job records (and one-shot job files) are deleted this long after the job ends. */
      jobRetentionHours: yield* Config.number("JOB_RETENTION_HOURS").pipe(
        Config.withDefault(24),
        Config.validate({ message: "JOB_RETENTION_HOURS must be more than 0", validation: (n) => n > 0 })
      ),
      /** The Standard Webhooks signing secret (`whsec_…`) for tenants without one of their own. */
      webhookSecret: yield* Config.option(Config.redacted("WEBHOOK_SECRET")).pipe(
        Effect.map(Option.filter((s) => Redacted.value(s).trim().length > 0))
      )
    } as const
  })
}) {}

export type AppConfigShape = AppConfig

/** Whether ANTHROPIC_API_KEY is set to something other than blanks. */
export const hasAnthropicKey = (config: Pick<AppConfig, "anthropicApiKey">): boolean =>
  Option.exists(config.anthropicApiKey, (k) => Redacted.value(k).trim().length > 0)

/** The engine a process runs: ENGINE, where `auto` means anthropic when ANTHROPIC_API_KEY is set. */
export const engineOf = (config: Pick<AppConfig, "engine" | "anthropicApiKey">): "local" | "anthropic" =>
  config.engine !== "auto" ? config.engine : hasAnthropicKey(config) ? "anthropic" : "local"
