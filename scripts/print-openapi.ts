import { OpenApi } from "@effect/platform"
import { Api } from "../src/Http/Api.ts"
console.log(JSON.stringify(OpenApi.fromApi(Api), null, 1))
