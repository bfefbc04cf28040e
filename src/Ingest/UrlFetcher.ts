/**
 * Fetches a document given by URL (contract, "URL input"): http/https only, at most 5 redirects,
 * the upload size limit, one timeout for the whole fetch, and no private, loopback, link-local
 * or metadata addresses unless the host is on the allow-list. Every hop is checked after DNS
 * resolution and the connection goes to exactly the addresses that were checked.
 */
import { Effect } from "effect"
import * as Http from "node:http"
import * as Https from "node:https"
import { AppConfig } from "../Config.js"
import { BadGateway, BadRequest, GatewayTimeout, PayloadTooLarge, Unprocessable } from "../Domain/Errors.js"
import { checkedTarget, errorReason, pinnedLookup, type Target } from "./AddressGuard.js"

export interface Download {
  readonly bytes: Uint8Array
  /** From `Content-Disposition`, else the last segment of the final URL, else "download". */
  readonly name: string
  readonly contentType: string | undefined
}

export type UrlFetchError = BadRequest | Unprocessable | PayloadTooLarge | BadGateway | GatewayTimeout

const MAX_REDIRECTS = 5
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

export class UrlFetcher extends Effect.Service<UrlFetcher>()("UrlFetcher", {
  effect: Effect.gen(function*() {
    const config = yield* AppConfig
    const limit = config.maxUploadBytes
    const allowHosts = new Set(config.urlAllowHosts.map((h) => h.toLowerCase()))

    const fetchChain = Effect.fnUntraced(function*(raw: string) {
      let current = yield* checkedTarget(raw, undefined, "url", allowHosts)
      for (let redirects = 0;; redirects++) {
        const response = yield* request(current, limit)
        if (response._tag === "Body") {
          yield* Effect.annotateCurrentSpan({ "url.redirects": redirects, "url.bytes": response.bytes.length })
          return {
            bytes: response.bytes,
            name: downloadName(response.disposition, current.url),
            contentType: response.contentType
          } satisfies Download
        }
        if (redirects >= MAX_REDIRECTS) {
          return yield* new BadGateway({ detail: `url fetch failed: more than ${MAX_REDIRECTS} redirects` })
        }
        current = yield* checkedTarget(response.location, current.url, "url redirect", allowHosts)
      }
    })

    const fetch = (url: string): Effect.Effect<Download, UrlFetchError> =>
      fetchChain(url).pipe(
        Effect.timeoutFail({
          duration: config.urlTimeoutMs,
          onTimeout: () => new GatewayTimeout({ detail: `url fetch timed out after ${config.urlTimeoutMs} ms` })
        }),
        Effect.withSpan("UrlFetcher.fetch")
      )

    return { fetch } as const
  }),
  dependencies: [AppConfig.Default]
}) {}

// ---------------------------------------------------------------------------------------------
// One HTTP exchange, pinned to the checked addresses

type Response =
  | { readonly _tag: "Redirect"; readonly location: string }
  | {
    readonly _tag: "Body"
    readonly bytes: Uint8Array
    readonly contentType: string | undefined
    readonly disposition: string | undefined
  }

const request = (target: Target, limit: number): Effect.Effect<Response, PayloadTooLarge | BadGateway> =>
  Effect.async<Response, PayloadTooLarge | BadGateway>((resume) => {
    const controller = new AbortController()
    let settled = false
    const settle = (effect: Effect.Effect<Response, PayloadTooLarge | BadGateway>, abort: boolean) => {
      if (settled) return
      settled = true
      if (abort) controller.abort()
      resume(effect)
    }
    const tooLarge = () =>
      settle(Effect.fail(new PayloadTooLarge({ detail: `download larger than the limit of ${limit} bytes` })), true)
    const failed = (reason: string) =>
      settle(Effect.fail(new BadGateway({ detail: `url fetch failed: ${reason}` })), true)

    const { url } = target
    const options: Http.RequestOptions = {
      method: "GET",
      protocol: url.protocol,
      hostname: target.host,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      auth: url.username !== "" ? `${decodeOrKeep(url.username)}:${decodeOrKeep(url.password)}` : undefined,
      headers: { accept: "*/*", "accept-encoding": "identity", "user-agent": "docsplit-url-fetcher" },
      lookup: pinnedLookup(target.addresses),
      // A fresh connection per hop: a pooled socket could belong to another check.
      agent: false,
      signal: controller.signal
    }
    const req = (url.protocol === "https:" ? Https : Http).request(options, (res) => {
      res.on("error", (e) => failed(errorReason(e)))
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (REDIRECT_STATUSES.has(status) && location !== undefined && location !== "") {
        return settle(Effect.succeed({ _tag: "Redirect", location }), true)
      }
      if (status < 200 || status > 299) return failed(`HTTP ${status}`)
      const declared = Number(res.headers["content-length"])
      if (Number.isFinite(declared) && declared > limit) return tooLarge()

      const chunks: Array<Buffer> = []
      let size = 0
      res.on("data", (chunk: Buffer) => {
        size += chunk.length
        if (size > limit) return tooLarge()
        chunks.push(chunk)
      })
      res.on("end", () => {
        const contentType = res.headers["content-type"]?.trim()
        settle(
          Effect.succeed({
            _tag: "Body",
            bytes: Buffer.concat(chunks, size),
            contentType: contentType === "" ? undefined : contentType,
            disposition: res.headers["content-disposition"]
          }),
          false
        )
      })
      res.on("close", () => {
        if (!res.complete) failed("connection closed before the body was complete")
      })
    })
    req.on("error", (e) => failed(errorReason(e)))
    req.end()
    return Effect.sync(() => {
      settled = true
      controller.abort()
    })
  })

// ---------------------------------------------------------------------------------------------
// The file name

const downloadName = (disposition: string | undefined, finalUrl: URL): string =>
  (disposition !== undefined ? filenameFromContentDisposition(disposition) : undefined) ??
    nameFromUrl(finalUrl) ??
    "download"

const nameFromUrl = (url: URL): string | undefined =>
  safeName(decodeOrKeep(url.pathname.slice(url.pathname.lastIndexOf("/") + 1)))

const decodeOrKeep = (encoded: string): string => {
  try {
    return decodeURIComponent(encoded)
  } catch {
    return encoded
  }
}

/** Keeps only a base name: no directories, no control characters, not "." or "..". */
const safeName = (name: string): string | undefined => {
  const base = name.slice(Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\")) + 1).replace(
    /[\u0000-\u001f\u007f]/g,
    ""
  ).trim()
  return base === "" || base === "." || base === ".." ? undefined : base
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 8187,
 * UTF-8 or ISO-8859-1, percent-encoded) wins over `filename` (token or quoted-string).
 */
export const filenameFromContentDisposition = (header: string): string | undefined => {
  const params = dispositionParams(header)
  const extended = params.get("filename*")
  const fromExtended = extended !== undefined ? decodeExtValue(extended) : undefined
  const plain = params.get("filename")
  return safeName(fromExtended ?? "") ?? (plain !== undefined ? safeName(latin1AsUtf8(plain)) : undefined)
}

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]/

const dispositionParams = (header: string): Map<string, string> => {
  const params = new Map<string, string>()
  let i = header.indexOf(";")
  if (i < 0) return params
  const n = header.length
  while (i < n) {
    while (i < n && (header[i] === ";" || header[i] === " " || header[i] === "\t")) i++
    let name = ""
    while (i < n && TOKEN.test(header[i]!)) name += header[i++]
    while (i < n && (header[i] === " " || header[i] === "\t")) i++
    if (header[i] !== "=") {
      // Not a parameter: skip to the next one.
      while (i < n && header[i] !== ";") i++
      continue
    }
    i++
    while (i < n && (header[i] === " " || header[i] === "\t")) i++
    let value = ""
    if (header[i] === "\"") {
      i++
      while (i < n && header[i] !== "\"") {
        if (header[i] === "\\" && i + 1 < n) i++
        value += header[i++]
      }
      i++
    } else {
      while (i < n && header[i] !== ";") value += header[i++]
      value = value.trim()
    }
    const key = name.toLowerCase()
    if (key !== "" && !params.has(key)) params.set(key, value)
  }
  return params
}

const decodeExtValue = (value: string): string | undefined => {
  const match = /^([!#$%&+^_`{}~0-9A-Za-z-]+)'[^']*'(.*)$/.exec(value)
  if (match === null) return undefined
  const charset = match[1]!.toLowerCase()
  const encoded = match[2]!
  const bytes: Array<number> = []
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(encoded.slice(i + 1, i + 3))) {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(encoded.charCodeAt(i) & 0xff)
    }
  }
  if (charset === "iso-8859-1" || charset === "latin1") return Buffer.from(bytes).toString("latin1")
  if (charset !== "utf-8" && charset !== "utf8") return undefined
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes))
  } catch {
    return undefined
  }
}

/** Node hands header bytes over as Latin-1; many servers send a raw UTF-8 `filename`. */
const latin1AsUtf8 = (value: string): string => {
  if (!/[\u0080-\u00ff]/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(value, "latin1"))
  } catch {
    return value
  }
}
