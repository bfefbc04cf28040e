/**
 * What each route of the API accepts, from the same definition the handlers and the OpenAPI document
 * come from: its methods (a request whose path is known but whose method is not answers 405 with
 * `Allow`) and the body type each method takes (another type answers 415).
 */
import * as OpenApi from "@effect/platform/OpenApi"
import { Api } from "./Api.js"

/** Routes served outside the HttpApi definition. */
const OTHER_ROUTES: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["/health", ["GET"]],
  ["/openapi.json", ["GET"]],
  ["/docs", ["GET"]],
  ["/metrics", ["GET"]]
]

/** Methods in the order an Allow header lists them. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

export type BodyType = "application/json" | "multipart/form-data"

interface Route {
  /** The path as the API writes it (`/v1/documents/{document_id}`). */
  readonly path: string
  readonly pattern: RegExp
  readonly methods: ReadonlyArray<string>
  /** The body type each method with a body takes. */
  readonly bodies: Readonly<Record<string, BodyType>>
}

const routesOf = (): Array<Route> => {
  const spec = OpenApi.fromApi(Api)
  const fromApi = Object.entries(spec.paths).map(([path, operations]) => {
    const ops = Object.entries(operations as Record<string, { requestBody?: { content?: Record<string, unknown> } }>)
      .filter(([m]) => /^(get|put|post|patch|delete)$/.test(m))
    const bodies: Record<string, BodyType> = {}
    for (const [method, op] of ops) {
      const types = Object.keys(op.requestBody?.content ?? {})
      if (types.includes("multipart/form-data")) bodies[method.toUpperCase()] = "multipart/form-data"
      else if (types.includes("application/json")) bodies[method.toUpperCase()] = "application/json"
    }
    return [path, ops.map(([m]) => m.toUpperCase()), bodies] as const
  })
  return [...fromApi, ...OTHER_ROUTES.map(([path, methods]) => [path, methods, {}] as const)].map((
    [path, methods, bodies]
  ) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    methods: ORDER.filter((m) => methods.includes(m) || (m === "HEAD" && methods.includes("GET"))),
    bodies
  }))
}

let routes: Array<Route> | undefined

const routeOf = (url: string): Route | undefined => {
  routes ??= routesOf()
  const path = url.split("?")[0]!.replace(/\/+$/, "") || "/"
  return routes.find((r) => r.pattern.test(path))
}

/** The methods the path answers (none when no route has it). */
export const methodsOf = (url: string): ReadonlyArray<string> => routeOf(url)?.methods ?? []

/** The body type the route takes with this method (undefined: no body, or not a route of the API). */
export const bodyTypeOf = (method: string, url: string): BodyType | undefined =>
  routeOf(url)?.bodies[method.toUpperCase()]

/** The route a request is counted under: the API's path template, `/console`, or `other` (never the raw URL). */
export const routeLabelOf = (url: string): string => {
  const route = routeOf(url)
  if (route !== undefined) return route.path
  const path = url.split("?")[0]!
  return path === "/console" || path.startsWith("/console/") ? "/console" : path === "/metrics" ? "/metrics" : "other"
}
