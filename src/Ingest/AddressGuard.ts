/**
 * Which addresses the server may connect to on a client's behalf (a URL to fetch, a webhook to call):
 * http/https only, and no private, loopback, link-local or metadata addresses unless the host is on
 * the allow-list (URL_ALLOW_HOSTS). A target is checked after DNS resolution, and the connection then
 * goes to exactly the addresses that were checked.
 */
import { Effect } from "effect"
import ipaddr from "ipaddr.js"
import type * as Dns from "node:dns"
import { lookup } from "node:dns/promises"
import type * as Net from "node:net"
import { BadGateway, Unprocessable } from "../Domain/Errors.js"

export interface Target {
  readonly url: URL
  /** Host without IPv6 brackets, as given to DNS and to the TLS SNI. */
  readonly host: string
  readonly addresses: ReadonlyArray<Dns.LookupAddress>
}

export const checkedTarget = (
  raw: string,
  base: URL | undefined,
  what: string,
  allowHosts: ReadonlySet<string>
): Effect.Effect<Target, Unprocessable | BadGateway> =>
  Effect.gen(function*() {
    const url = parseUrl(raw, base)
    if (url === undefined) {
      // A broken Location header is the remote server's fault, a broken `url` the client's.
      return yield* base === undefined
        ? new Unprocessable({ detail: `${what} is not a valid URL` })
        : new BadGateway({ detail: "url fetch failed: redirect to an invalid URL" })
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return yield* new Unprocessable({
        detail: `${what} scheme "${url.protocol.slice(0, -1)}" is not allowed (only http and https)`
      })
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1")
    const addresses = yield* resolve(host)
    if (!isAllowListed(url, host, allowHosts)) {
      for (const { address } of addresses) {
        const refused = refusedRange(address)
        if (refused !== undefined) {
          return yield* new Unprocessable({
            detail: `${what} host "${host}" resolves to ${refused}, which is not allowed`
          })
        }
      }
    }
    return { url, host, addresses }
  })

const parseUrl = (raw: string, base: URL | undefined): URL | undefined => {
  try {
    return new URL(raw.trim(), base)
  } catch {
    return undefined
  }
}

const isAllowListed = (url: URL, host: string, allowHosts: ReadonlySet<string>): boolean => {
  if (allowHosts.size === 0) return false
  const port = url.port !== "" ? url.port : url.protocol === "https:" ? "443" : "80"
  return [host, url.hostname, `${url.hostname}:${port}`].some((c) => allowHosts.has(c))
}

const resolve = (host: string): Effect.Effect<ReadonlyArray<Dns.LookupAddress>, BadGateway> =>
  Effect.tryPromise({
    try: () => lookup(host, { all: true, verbatim: true }),
    catch: (e) => new BadGateway({ detail: `url fetch failed: cannot resolve host "${host}" (${errorReason(e)})` })
  }).pipe(
    Effect.filterOrFail(
      (addresses) => addresses.length > 0,
      () => new BadGateway({ detail: `url fetch failed: host "${host}" has no addresses` })
    )
  )

const RANGE_NAMES: Record<string, string> = {
  private: "a private address",
  loopback: "a loopback address",
  linkLocal: "a link-local address",
  uniqueLocal: "a unique-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  multicast: "a multicast address",
  unspecified: "an unspecified address",
  broadcast: "the broadcast address",
  reserved: "a reserved address"
}

/** What kind of address may not be reached ("a loopback address"), or undefined for public unicast. */
export const refusedRange = (address: string): string | undefined => {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    // `process` turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
    parsed = ipaddr.process(address)
  } catch {
    return "an unparseable address"
  }
  if (parsed.kind() === "ipv4" && parsed.toString() === "169.254.169.254") return "the cloud metadata address"
  if (parsed.kind() === "ipv6" && parsed.toNormalizedString() === "fd00:ec2:0:0:0:0:0:254") {
    return "the cloud metadata address"
  }
  const range = parsed.range()
  if (range !== "unicast") return RANGE_NAMES[range] ?? `a special-purpose (${range}) address`
  // Deprecated IPv4-compatible IPv6 (::a.b.c.d) counts as unicast in ipaddr.js but may carry any IPv4.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return "an IPv4-compatible address"
  }
  return undefined
}

/** Answers Node's connect-time lookup with the addresses already checked, so DNS is not asked twice. */
export const pinnedLookup =
  (addresses: ReadonlyArray<Dns.LookupAddress>): Net.LookupFunction => (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family
    const candidates = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses
    const first = candidates[0]
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error(`no IPv${family} address for ${hostname}`)
      error.code = "ENOTFOUND"
      return callback(error, "", undefined)
    }
    if (options.all) callback(null, [...candidates])
    else callback(null, first.address, first.family)
  }

export const errorReason = (e: unknown): string => {
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code
    return code !== undefined && !e.message.includes(code) ? `${e.message} (${code})` : e.message
  }
  return String(e)
}
