/**
 * The methods each route of the API answers, from the same definition the handlers and the OpenAPI
 * document come from: a request whose path is known but whose method is not answers 405 with `Allow`.
 */
import { OpenApi } from "@effect/platform"
import { Api } from "./Api.js"

/** Routes served outside the HttpApi definition. */
const OTHER_ROUTES: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["/health", ["GET"]],
  ["/openapi.json", ["GET"]],
  ["/docs", ["GET"]]
]

/** Methods in the order an Allow header lists them. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

interface Route {
  readonly pattern: RegExp
  readonly methods: ReadonlyArray<string>
}

const routesOf = (): Array<Route> => {
  const spec = OpenApi.fromApi(Api)
  const fromApi = Object.entries(spec.paths).map(([path, operations]) => [
    path,
    Object.keys(operations as object).filter((m) => /^(get|put|post|patch|delete)$/.test(m)).map((m) => m.toUpperCase())
  ] as const)
  return [...fromApi, ...OTHER_ROUTES].map(([path, methods]) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    methods: ORDER.filter((m) => methods.includes(m) || (m === "HEAD" && methods.includes("GET")))
  }))
}

let routes: Array<Route> | undefined

/** The methods the path answers (none when no route has it). */
export const methodsOf = (url: string): ReadonlyArray<string> => {
  routes ??= routesOf()
  const path = url.split("?")[0]!.replace(/\/+$/, "") || "/"
  return routes.find((r) => r.pattern.test(path))?.methods ?? []
}
