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
