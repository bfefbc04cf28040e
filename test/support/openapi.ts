/**
 * The OpenAPI document as the ecosystem's tools read it: Ajv 2020 over its components (every schema
 * must load), a validator of real response bodies against the operation's documented schema, and
 * Redocly's linter run as its command line runs it.
 */
import addFormats from "ajv-formats"
import Ajv2020 from "ajv/dist/2020.js"
import { execFile } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { promisify } from "node:util"

const root = path.resolve(import.meta.dirname, "../..")
const DOC = "openapi.json"

type Json = Record<string, any>

/** Refs into the document made absolute, so a schema taken out of it still resolves. */
const absolute = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(absolute)
  if (node === null || typeof node !== "object") return node
  return Object.fromEntries(
    Object.entries(node).map((
      [k, v]
    ) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#") ? `${DOC}${v}` : absolute(v)])
  )
}

export interface SpecValidator {
  /** Every component schema, compiled (throws on the first that Ajv refuses). */
  readonly compileComponents: () => ReadonlyArray<string>
  /** The errors of a body against what `method path` documents for `status` ([] when it conforms). */
  readonly check: (method: string, route: string, status: number, body: unknown) => ReadonlyArray<string>
}

export const specValidator = (spec: Json): SpecValidator => {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema({ $id: DOC, components: spec.components })
  return {
    compileComponents: () =>
      Object.keys(spec.components.schemas).map((name) => {
        ajv.getSchema(`${DOC}#/components/schemas/${name}`)
        return name
      }),
    check: (method, route, status, body) => {
      const response = spec.paths[route]?.[method.toLowerCase()]?.responses?.[String(status)]
      if (response === undefined) return [`${method} ${route} does not document status ${status}`]
      const schema = response.content?.["application/json"]?.schema
      if (schema === undefined) {
        return body === undefined || body === null || body === ""
          ? []
          : [`${status} documents no body`]
      }
      const validate = ajv.compile(absolute(schema) as Json)
      return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
    }
  }
}

export interface LintReport {
  readonly errors: number
  readonly warnings: number
  readonly problems: ReadonlyArray<string>
}

/** `redocly lint` with its recommended rules, on the document as served. */
export const redoclyLint = async (spec: Json): Promise<LintReport> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-lint-"))
  try {
    const file = path.join(dir, "openapi.json")
    fs.writeFileSync(file, JSON.stringify(spec))
    const cli = path.join(root, "node_modules/@redocly/cli/bin/cli.js")
    const run = await promisify(execFile)(process.execPath, [
      cli,
      "lint",
      file,
      "--format=json",
      "--extends=recommended"
    ], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }))
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{")))
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((p: Json) =>
        `${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ""})`
      )
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
