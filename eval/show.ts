/**
 * `npx tsx eval/show.ts FILE [page…]`: the page model of a file as the engines see it (rows of
 * words with their left edge and top, in page fractions), for studying an evaluation failure.
 */
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import { AppConfig } from "../src/Config.js"
import { layoutOf } from "../src/Engine/Local/Layout.js"
import { InProcessReader } from "../src/Reading/DocumentReader.js"
import { readFile } from "../src/Reading/Reader.js"
import { evalConfig } from "./Config.js"

const [file, ...wanted] = process.argv.slice(2)
if (file === undefined) {
  console.error("usage: npx tsx eval/show.ts FILE [page…]")
  process.exit(2)
}
const config = await evalConfig("eval/out")
const model = await Effect.runPromise(
  readFile(new Uint8Array(fs.readFileSync(file)), { maxPages: config.maxPages }).pipe(
    Effect.provide(InProcessReader.pipe(Layer.provide(Layer.succeed(AppConfig, config))))
  )
)
for (const page of model.pages) {
  if (wanted.length > 0 && !wanted.includes(String(page.page))) continue
  const layout = layoutOf(page)
  console.log(`--- page ${page.page} (${page.source}, ${page.width}x${page.height}, unit ${layout.unit.toFixed(4)})`)
  for (const row of layout.rows) {
    const f = (n: number) => n.toFixed(3).slice(1)
    console.log(`${f(row.box[1])} ${f(row.box[0])}  ${row.words.map((w) => w.text).join(" ")}`)
  }
}
