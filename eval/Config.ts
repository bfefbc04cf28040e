/**
 * The service configuration the evaluation runs with: the service's own defaults (so the pipeline is
 * the one `npm start` runs), the environment's reading settings, and the local engine unless ENGINE says otherwise.
 */
import { ConfigProvider, Effect } from "effect"
import * as path from "node:path"
import { AppConfig } from "../src/Config.js"

/** The variables passed through from the environment: how documents are read and which engine runs. */
const PASSED = [
  "ENGINE",
  "OCR_WORKERS",
  "OCR_SECOND_READING",
  "OCR_LANGUAGES",
  "OCR_DETECT_LANGUAGE",
  "MAX_PAGES",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_MODEL",
  "MODEL_CONCURRENCY",
  "MODEL_TIMEOUT_MS",
  "MIN_CONFIDENCE"
]

export const evalConfig = (outDir: string): Promise<AppConfig> => {
  const env = new Map<string, string>([["ENGINE", "local"], ["MAX_PAGES", "1000"], [
    "DATA_DIR",
    path.join(outDir, "data")
  ]])
  for (const name of PASSED) {
    const v = process.env[name]
    if (v !== undefined && v !== "") env.set(name, v)
  }
  return Effect.runPromise(
    AppConfig.pipe(Effect.provide(AppConfig.Default), Effect.withConfigProvider(ConfigProvider.fromMap(env)))
  ).then((loaded) => AppConfig.make({ ...loaded }))
}
