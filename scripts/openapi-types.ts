/** Writes the generated client types the client test type-checks against (test/Http/client/schema.d.ts). */
import { OpenApi } from "@effect/platform"
import * as fs from "node:fs"
import * as path from "node:path"
import { Api } from "../src/Http/Api.ts"
import { generateTypes } from "../test/support/openapiTypes.ts"

const target = path.resolve(import.meta.dirname, "../test/Http/client/schema.d.ts")
fs.writeFileSync(target, await generateTypes(OpenApi.fromApi(Api)))
console.log(`wrote ${path.relative(process.cwd(), target)}`)
