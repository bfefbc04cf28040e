/**
 * `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) one after another.
 * Each bench measures our code against a reference in the same run and prints ratios.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const dir = path.dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const files = fs.readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort()

if (files.length === 0) {
  console.error(`no benchmark matches ${wanted.join(" ")}`)
  process.exit(2)
}
for (const file of files) {
  console.log(`\n=== ${file.replace(/\.bench\.ts$/, "")} ===`)
  const mod = await import(pathToFileURL(path.join(dir, file)).href)
  await mod.default()
}
