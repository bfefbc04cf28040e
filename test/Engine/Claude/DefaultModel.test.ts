import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import { DEFAULT_ANTHROPIC_MODEL } from "../../../src/Config.js"

/** The installed Anthropic SDK's folder. */
const sdkRoot = () => path.dirname(createRequire(import.meta.url).resolve("@anthropic-ai/sdk"))

/** The models the installed Anthropic SDK warns are deprecated, with their end-of-life dates. */
const deprecatedModels = (): Record<string, string> => {
  const root = sdkRoot()
  const file = path.join(root, "internal/data/deprecated-models.js")
  const module = { exports: {} as { DEPRECATED_MODELS?: Record<string, string> } }
  new Function("exports", "module", fs.readFileSync(file, "utf8"))(module.exports, module)
  return module.exports.DEPRECATED_MODELS ?? {}
}

describe("the Claude engine's default model", () => {
  it("is a model the installed SDK knows and does not list as deprecated", () => {
    const deprecated = deprecatedModels()
    // The table is read: it lists the models the SDK warns about (claude-sonnet-4-5 among them).
    expect(Object.keys(deprecated)).toContain("claude-sonnet-4-5")
    expect(Object.keys(deprecated)).not.toContain(DEFAULT_ANTHROPIC_MODEL)
    const types = fs.readFileSync(path.join(sdkRoot(), "resources/messages/messages.d.ts"), "utf8")
    expect(types).toMatch(new RegExp(`export type Model = [^;]*'${DEFAULT_ANTHROPIC_MODEL}'`))
  })
})
