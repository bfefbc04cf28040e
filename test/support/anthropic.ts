/**
 * The Claude engine against the fake Messages API: a model client, or the whole app with
 * ENGINE=anthropic, pointed at a fake started for the test.
 */
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig } from "../../src/Config.js"
import { ModelClient, RetryPolicy, type RetryPolicyShape } from "../../src/Engine/Claude/ModelClient.js"
import { type ConfigShape, testApp, testConfig } from "./app.js"
import { FakeAnthropic, type FakeOptions, makeFakeAnthropic } from "./fakeAnthropic.js"

export const TEST_KEY = "sk-ant-test-secret-key"

/** Quick retries so tests of the policy take milliseconds, not seconds. */
export const FAST_RETRY: RetryPolicyShape = {
  maxRetries: 3,
  baseDelay: "20 millis",
  maxDelay: "2 seconds",
  maxElapsed: "10 seconds"
}

/** The settings that select the Claude engine on the fake at `url`. */
export const modelSettings = (url: string): Partial<ConfigShape> => ({
  engine: "anthropic",
  anthropicApiKey: Option.some(Redacted.make(TEST_KEY)),
  anthropicBaseUrl: Option.some(url),
  modelConcurrency: 4,
  modelTimeoutMs: 5_000
})

export const modelConfig = (url: string, overrides: Partial<ConfigShape> = {}): AppConfig =>
  testConfig({ ...modelSettings(url), ...overrides })

/** A model client on the given fake, with the given settings and retry policy. */
export const modelClientLayer = (
  url: string,
  overrides: Partial<ConfigShape> = {},
  policy: Partial<RetryPolicyShape> = {}
) =>
  ModelClient.Default.pipe(
    Layer.provide(Layer.succeed(AppConfig, modelConfig(url, overrides))),
    Layer.provide(Layer.succeed(RetryPolicy, { ...FAST_RETRY, ...policy }))
  )

/** The whole app with ENGINE=anthropic on a fresh fake; the fake is provided as FakeAnthropic. */
export const anthropicTestApp = (overrides: Partial<ConfigShape> = {}, fakeOptions: Partial<FakeOptions> = {}) =>
  Layer.unwrapScoped(
    Effect.map(makeFakeAnthropic(fakeOptions), (fake) =>
      Layer.merge(
        testApp({ ...modelSettings(fake.url), ...overrides }).pipe(
          Layer.provide(Layer.succeed(RetryPolicy, FAST_RETRY))
        ),
        Layer.succeed(FakeAnthropic, fake)
      ))
  )
