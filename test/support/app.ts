/**
 * The whole service in-process for tests: the real HTTP stack on a test server, the real services,
 * a migrated database (PGlite, or PostgreSQL with DATABASE_URL), files in a temp DATA_DIR.
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Option } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ServicesLive } from "../../src/App.js"
import { KeyStore } from "../../src/Auth/Keys.js"
import { AppConfig, DEFAULT_MIN_CONFIDENCE } from "../../src/Config.js"
import { HttpAppLive } from "../../src/Http/Server.js"
import { DEFAULT_OCR_LANGUAGES } from "../../src/Ocr/Languages.js"
import { TestSql } from "./sql.js"

export type ConfigShape = Omit<AppConfig, "_tag">

export const testConfig = (overrides: Partial<ConfigShape> = {}): AppConfig =>
  AppConfig.make({
    host: "127.0.0.1",
    port: 0,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-test-")),
    blobStore: "fs",
    s3: { bucket: undefined, endpoint: undefined, region: "us-east-1", forcePathStyle: false },
    databaseUrl: Option.none(),
    apiKeys: [],
    engine: "local",
    anthropicApiKey: Option.none(),
    anthropicBaseUrl: Option.none(),
    anthropicModel: "test-model",
    modelConcurrency: 8,
    modelTimeoutMs: 60_000,
    modelSpeculate: true,
    modelVision: false,
    minConfidence: DEFAULT_MIN_CONFIDENCE,
    maxUploadBytes: 5 * 1024 * 1024,
    maxPages: 50,
    readWorkers: 1,
    readTimeoutMs: undefined,
    readMemoryMb: 512,
    parseCacheMb: 64,
    readPrestart: false,
    maxTemplateFields: 500,
    urlAllowHosts: ["127.0.0.1", "localhost"],
    corsOrigins: [],
    urlTimeoutMs: 5_000,
    ocrWorkers: 1,
    ocrIdleSeconds: 120,
    ocrSecondReading: true,
    ocrLanguages: DEFAULT_OCR_LANGUAGES,
    ocrDetectLanguage: true,
    maxJobs: 4,
    maxQueued: 16,
    workers: 1,
    maxJobsPerTenant: undefined,
    jobRetentionHours: 24,
    webhookSecret: Option.none(),
    ...overrides
  })

/** The app on a test server over `sql`; the HttpClient it provides is bound to that server. */
export const testAppOn = (sql: typeof TestSql, overrides: Partial<ConfigShape> = {}) =>
  HttpAppLive.pipe(
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(ServicesLive),
    Layer.provideMerge(sql),
    Layer.provideMerge(Layer.succeed(AppConfig, testConfig(overrides)))
  )

/** The app on a test server; the HttpClient it provides is bound to that server. */
export const testApp = (overrides: Partial<ConfigShape> = {}) => testAppOn(TestSql, overrides)

/** A new API key for `tenant`. */
export const keyFor = (tenant: string) =>
  Effect.flatMap(KeyStore, (keys) => keys.create(tenant)).pipe(Effect.map((k) => k.key))

export interface Reply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly json: any
  readonly text: string
}

/** Sends a request and reads the whole reply (status, headers, body as text and parsed JSON when it is JSON). */
export const send = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.execute(request)
    const text = yield* response.text
    let json: unknown = undefined
    try {
      json = text.length > 0 ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, json, text } as Reply
  }).pipe(Effect.scoped)

export const withKey = (key: string) => HttpClientRequest.setHeader("x-api-key", key)

/** A multipart form with a file part. */
export const fileForm = (
  bytes: Uint8Array,
  name: string,
  fields: Record<string, string | ReadonlyArray<string>> = {},
  type = "application/octet-stream"
): FormData => {
  const form = new FormData()
  form.append("file", new Blob([bytes], { type }), name)
  for (const [k, v] of Object.entries(fields)) {
    for (const x of typeof v === "string" ? [v] : v) form.append(k, x)
  }
  return form
}
