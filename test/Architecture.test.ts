/** The module graph of src/ has no import cycles (type-only imports count: they couple files too). */
import madge from "madge"
import * as path from "node:path"
import { expect, it } from "vitest"

const root = path.resolve(import.meta.dirname, "..")

it("src/ has no import cycles", async () => {
  const graph = await madge(path.join(root, "src"), {
    fileExtensions: ["ts"],
    tsConfig: path.join(root, "tsconfig.json"),
    detectiveOptions: { ts: { skipTypeImports: false } }
  })
  expect(Object.keys(graph.obj()).length).toBeGreaterThan(90)
  expect(graph.circular()).toEqual([])
}, 60_000)

/**
 * The server's own process reads no file (its reading workers do) and loads the large SDKs only when
 * configured to use them: what its entry imports at start-up (type-only and dynamic imports aside).
 */
it(
  "the server process loads no reader, no SDK it is not configured for, and no barrel of @effect/platform",
  async () => {
    const graph = await madge(path.join(root, "src/main.ts"), {
      fileExtensions: ["ts"],
      tsConfig: path.join(root, "tsconfig.json"),
      includeNpm: true,
      detectiveOptions: { ts: { skipTypeImports: true, skipAsyncImports: true } }
    })
    const modules = [...new Set(Object.entries(graph.obj()).flatMap(([file, deps]) => [file, ...deps]))]
    const loaded = (pattern: RegExp) => modules.filter((m) => pattern.test(m))
    // The graph does reach npm modules: the checks on them below can fail.
    expect(loaded(/node_modules\/@effect\/platform\/dist\/[^/]+\/HttpRouter\./)).not.toEqual([])
    // Of Reading/, only the service's tag, the pool that runs the workers, the flow-text layout the engine
    // warm-up uses and the small PDF writer the request warm-up makes its PDFs with (no reader).
    expect(loaded(/^Reading\//).sort()).toEqual([
      "Reading/Isolation/Protocol.ts",
      "Reading/Isolation/ReadingPool.ts",
      "Reading/Reader.ts",
      "Reading/SmallPdf.ts",
      "Reading/TextLayout.ts"
    ])
    expect(loaded(/^Export\/PageImage\.ts$/)).toEqual([])
    expect(loaded(/node_modules\/(pdfjs-dist|@anthropic-ai\/sdk|@aws-sdk\/client-s3|mammoth|onnxruntime-node)\//))
      .toEqual([])
    expect(loaded(/node_modules\/@effect\/(platform|platform-node|opentelemetry)\/dist\/[^/]+\/index\.(d\.ts|js)$/))
      .toEqual([])
    // The API reference page's 6 MB script is loaded on its first visit.
    expect(loaded(/node_modules\/@effect\/platform\/dist\/[^/]+\/HttpApi(Scalar|Swagger)\./)).toEqual([])
  },
  60_000
)
