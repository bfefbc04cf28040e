import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { EventEmitter, once } from "node:events"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, vi } from "vitest"
import { AppConfig } from "../../src/Config.js"
import { filenameFromContentDisposition, UrlFetcher } from "../../src/Ingest/UrlFetcher.js"
import { testConfig } from "../support/app.js"

const LIMIT = 1000

// Names under the reserved `.test` TLD that only this fake DNS knows; all others resolve for real.
const FAKE_DNS: Record<string, Array<{ address: string; family: number }>> = {
  "pinned.test": [{ address: "127.0.0.1", family: 4 }],
  "mixed.test": [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.1", family: 4 }]
}
vi.mock("node:dns/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:dns/promises")>()
  const lookup = (host: string, options: object) =>
    host in FAKE_DNS ? Promise.resolve(FAKE_DNS[host]) : actual.lookup(host, options)
  return { ...actual, lookup, default: { ...actual, lookup } }
})

// ---------------------------------------------------------------------------------------------
// A real local server

/** Emits `request:<path>` when a request arrives and `closed:<path>` when its connection goes away. */
const events = new EventEmitter()
const seen: Array<string> = []
const hostHeaders = new Map<string, string | undefined>()
let server: Http.Server
let port = 0
/** A port nothing listens on. */
let closedPort = 0
const base = () => `http://127.0.0.1:${port}`

const handler = (req: Http.IncomingMessage, res: Http.ServerResponse) => {
  const url = new URL(req.url ?? "/", base())
  const path = url.pathname
  seen.push(path)
  hostHeaders.set(path, req.headers.host)
  events.emit(`request:${path}`)
  res.on("close", () => events.emit(`closed:${path}`))
  const redirect = (status: number, location: string) => {
    res.writeHead(status, { location })
    res.end()
  }

  if (path === "/file.pdf") {
    res.writeHead(200, { "content-type": "application/pdf", "content-length": "13" })
    return res.end("%PDF-1.4 test")
  }
  if (path.startsWith("/files/") || path === "/") {
    res.writeHead(200, { "content-type": "text/plain" })
    return res.end("report")
  }
  const chain = /^\/chain\/(\d+)$/.exec(path)
  if (chain !== null) {
    const n = Number(chain[1])
    const statuses = [301, 302, 303, 307, 308]
    // The last hop is relative to the current path, the others absolute-path.
    return redirect(statuses[n % statuses.length]!, n === 1 ? "../files/My%20Report.pdf" : `/chain/${n - 1}`)
  }
  if (path === "/loop") return redirect(302, "/loop")
  if (path === "/to-metadata") return redirect(302, "http://169.254.169.254/latest/meta-data/")
  if (path === "/to-localhost") return redirect(302, `http://localhost:${port}/file.pdf`)
  if (path === "/to-other-port") return redirect(307, `http://127.0.0.1:${closedPort}/file.pdf`)
  if (path === "/to-ftp") return redirect(301, "ftp://example.com/file.pdf")
  if (path === "/missing") {
    res.writeHead(404, { "content-type": "text/plain" })
    return res.end("no such file")
  }
  if (path === "/broken") {
    res.writeHead(500)
    return res.end()
  }
  if (path === "/slow-headers" || path === "/hang") {
    const timer = setTimeout(() => res.end("late"), 10_000)
    return res.on("close", () => clearTimeout(timer))
  }
  if (path === "/slow-body") {
    res.writeHead(200, { "content-type": "text/plain" })
    res.write("first bytes, then nothing")
    const timer = setTimeout(() => res.end(), 10_000)
    return res.on("close", () => clearTimeout(timer))
  }
  if (path === "/big-declared") {
    // Headers only: reading on would run into the timeout instead of answering 413.
    res.writeHead(200, { "content-type": "application/pdf", "content-length": String(10 * 1024 * 1024) })
    res.flushHeaders()
    const timer = setTimeout(() => res.end(), 10_000)
    return res.on("close", () => clearTimeout(timer))
  }
  if (path === "/big-chunked") {
    // An endless body without Content-Length: only counting while streaming can stop it.
    res.writeHead(200, { "content-type": "application/pdf" })
    const timer = setInterval(() => res.write(Buffer.alloc(256, 0x41)), 2)
    return res.on("close", () => clearInterval(timer))
  }
  if (path === "/exact") {
    res.writeHead(200, { "content-type": "application/octet-stream" })
    res.write(Buffer.alloc(LIMIT / 2, 0x42))
    return res.end(Buffer.alloc(LIMIT / 2, 0x42))
  }
  if (path === "/truncated") {
    res.writeHead(200, { "content-length": "500" })
    res.write("only a little")
    return setTimeout(() => res.destroy(), 20)
  }
  if (path.startsWith("/cd/")) {
    res.writeHead(200, { "content-type": "application/pdf", "content-disposition": url.searchParams.get("h")! })
    return res.end("x")
  }
  res.writeHead(500)
  res.end("unknown test route")
}

beforeAll(async () => {
  server = Http.createServer(handler)
  server.listen(0, "127.0.0.1")
  await once(server, "listening")
  port = (server.address() as AddressInfo).port
  const probe = Http.createServer().listen(0, "127.0.0.1")
  await once(probe, "listening")
  closedPort = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

// ---------------------------------------------------------------------------------------------
// The service under test

const config = (overrides: { urlAllowHosts?: Array<string>; urlTimeoutMs?: number; maxUploadBytes?: number }) =>
  testConfig({
    modelConcurrency: 1,
    modelTimeoutMs: 1000,
    maxUploadBytes: overrides.maxUploadBytes ?? LIMIT,
    maxPages: 10,
    urlAllowHosts: overrides.urlAllowHosts ?? [`127.0.0.1:${port}`],
    urlTimeoutMs: overrides.urlTimeoutMs ?? 5000
  })

const fetchWith = (url: string, overrides: Parameters<typeof config>[0] = {}) =>
  UrlFetcher.use((fetcher) => fetcher.fetch(url)).pipe(
    Effect.provide(
      UrlFetcher.DefaultWithoutDependencies.pipe(Layer.provide(Layer.succeed(AppConfig, config(overrides))))
    )
  )

const failureOf = (url: string, overrides: Parameters<typeof config>[0] = {}) => Effect.flip(fetchWith(url, overrides))

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8")

// `it.live`: timeouts need the real clock, not the TestClock.
describe("UrlFetcher", () => {
  describe("fetching an allowed URL", () => {
    it.live("returns the bytes, the content type and the last path segment as name", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`${base()}/file.pdf`)
        expect(text(download.bytes)).toBe("%PDF-1.4 test")
        expect(download.bytes).toBeInstanceOf(Uint8Array)
        expect(download.contentType).toBe("application/pdf")
        expect(download.name).toBe("file.pdf")
      }))

    it.live("names a download without a path segment \"download\"", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`${base()}/`)
        expect(download.name).toBe("download")
      }))

    it.live("accepts a body of exactly the limit", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`${base()}/exact`)
        expect(download.bytes.length).toBe(LIMIT)
      }))

    it.live("a bare host on the allow-list opens every port of it", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`${base()}/file.pdf`, { urlAllowHosts: ["127.0.0.1"] })
        expect(download.name).toBe("file.pdf")
      }))

    it.live("allow-listing a name allows that name, not its address", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`http://localhost:${port}/file.pdf`, { urlAllowHosts: [`localhost:${port}`] })
        expect(text(download.bytes)).toBe("%PDF-1.4 test")
        const error = yield* failureOf(`${base()}/file.pdf`, { urlAllowHosts: [`localhost:${port}`] })
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe("url host \"127.0.0.1\" resolves to a loopback address, which is not allowed")
      }))
  })

  describe("DNS", () => {
    it.live("connects to the address that was checked, without asking DNS again, keeping the Host header", () =>
      Effect.gen(function*() {
        // Node's own resolver does not know `pinned.test`: the connection only works if it is pinned.
        const download = yield* fetchWith(`http://pinned.test:${port}/files/pinned.txt`, {
          urlAllowHosts: [`pinned.test:${port}`]
        })
        expect(text(download.bytes)).toBe("report")
        expect(hostHeaders.get("/files/pinned.txt")).toBe(`pinned.test:${port}`)
      }))

    it.live("refuses a host when any one of its addresses is private", () =>
      Effect.gen(function*() {
        const error = yield* failureOf("http://mixed.test/file.pdf", { urlAllowHosts: [] })
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe("url host \"mixed.test\" resolves to a private address, which is not allowed")
      }))
  })

  describe("redirects", () => {
    it.live("follows 5 redirects (301/302/303/307/308, relative locations) and names from the final URL", () =>
      Effect.gen(function*() {
        const download = yield* fetchWith(`${base()}/chain/5`)
        expect(text(download.bytes)).toBe("report")
        expect(download.name).toBe("My Report.pdf")
      }))

    it.live("refuses a sixth redirect with 502", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/chain/6`)
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toBe("url fetch failed: more than 5 redirects")
      }))

    it.live("stops a redirect loop with 502", () =>
      Effect.gen(function*() {
        const before = seen.filter((p) => p === "/loop").length
        const error = yield* failureOf(`${base()}/loop`)
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toBe("url fetch failed: more than 5 redirects")
        expect(seen.filter((p) => p === "/loop").length - before).toBe(6)
      }))

    it.live("checks every hop: a redirect to the metadata address is refused", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/to-metadata`)
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe(
          "url redirect host \"169.254.169.254\" resolves to the cloud metadata address, which is not allowed"
        )
      }))

    it.live("checks every hop: a redirect to a host that is not on the allow-list is refused", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/to-localhost`)
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe(
          "url redirect host \"localhost\" resolves to a loopback address, which is not allowed"
        )
      }))

    it.live("checks every hop: the allow-list entry host:port does not open other ports", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/to-other-port`)
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe(
          "url redirect host \"127.0.0.1\" resolves to a loopback address, which is not allowed"
        )
      }))

    it.live("checks every hop: a redirect to another scheme is refused", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/to-ftp`)
        expect(error._tag).toBe("Unprocessable")
        expect(error.detail).toBe("url redirect scheme \"ftp\" is not allowed (only http and https)")
      }))
  })

  describe("remote failures", () => {
    it.live("answers a 404 with 502 naming the status", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/missing`)
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toBe("url fetch failed: HTTP 404")
      }))

    it.live("answers a 500 with 502 naming the status", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/broken`)
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toBe("url fetch failed: HTTP 500")
      }))

    it.live("answers a refused connection with 502 and the reason, no stack", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`http://127.0.0.1:${closedPort}/file.pdf`, { urlAllowHosts: ["127.0.0.1"] })
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toMatch(/^url fetch failed: .*ECONNREFUSED/)
        expect(error.detail).not.toMatch(/\n\s+at /)
      }))

    it.live("answers a body cut short with 502", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/truncated`)
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toMatch(/^url fetch failed: /)
      }))

    it.live("answers a host that does not resolve with 502", () =>
      Effect.gen(function*() {
        const error = yield* failureOf("http://no-such-host.invalid/file.pdf")
        expect(error._tag).toBe("BadGateway")
        expect(error.detail).toMatch(/^url fetch failed: cannot resolve host "no-such-host\.invalid"/)
      }))
  })

  describe("timeout", () => {
    it.live("answers 504 when the response headers do not come in time", () =>
      Effect.gen(function*() {
        const closed = once(events, "closed:/slow-headers")
        const error = yield* failureOf(`${base()}/slow-headers`, { urlTimeoutMs: 300 })
        expect(error._tag).toBe("GatewayTimeout")
        expect(error.detail).toBe("url fetch timed out after 300 ms")
        // The request was aborted, not left running.
        yield* Effect.promise(() => closed).pipe(Effect.timeout(2000))
      }))

    it.live("answers 504 when the body stalls: the timeout covers the whole fetch", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/slow-body`, { urlTimeoutMs: 300 })
        expect(error._tag).toBe("GatewayTimeout")
        expect(error.detail).toBe("url fetch timed out after 300 ms")
      }))

    it.live("interrupting the fetch aborts the request", () =>
      Effect.gen(function*() {
        const arrived = once(events, "request:/hang")
        const closed = once(events, "closed:/hang")
        const fiber = yield* Effect.fork(fetchWith(`${base()}/hang`, { urlTimeoutMs: 30_000 }))
        yield* Effect.promise(() => arrived).pipe(Effect.timeout(2000))
        yield* Fiber.interrupt(fiber)
        yield* Effect.promise(() => closed).pipe(Effect.timeout(2000))
      }))
  })

  describe("size limit", () => {
    it.live("answers 413 at once when Content-Length is over the limit", () =>
      Effect.gen(function*() {
        // The server never sends the body: reading it would end in the 504 instead.
        const error = yield* failureOf(`${base()}/big-declared`, { urlTimeoutMs: 3000 })
        expect(error._tag).toBe("PayloadTooLarge")
        expect(error.detail).toBe(`download larger than the limit of ${LIMIT} bytes`)
      }))

    it.live("answers 413 while streaming a body without Content-Length, and aborts it", () =>
      Effect.gen(function*() {
        const closed = once(events, "closed:/big-chunked")
        const error = yield* failureOf(`${base()}/big-chunked`, { urlTimeoutMs: 3000 })
        expect(error._tag).toBe("PayloadTooLarge")
        expect(error.detail).toBe(`download larger than the limit of ${LIMIT} bytes`)
        yield* Effect.promise(() => closed).pipe(Effect.timeout(2000))
      }))

    it.live("the limit comes from maxUploadBytes", () =>
      Effect.gen(function*() {
        const error = yield* failureOf(`${base()}/file.pdf`, { maxUploadBytes: 5 })
        expect(error._tag).toBe("PayloadTooLarge")
        expect(error.detail).toBe("download larger than the limit of 5 bytes")
      }))
  })

  describe("Content-Disposition names", () => {
    const cases: Array<[string, string, string]> = [
      ["a quoted filename", "attachment; filename=\"report 2024.pdf\"", "report 2024.pdf"],
      ["a token filename", "attachment; filename=invoice.pdf", "invoice.pdf"],
      [
        "filename* (UTF-8) over filename",
        "attachment; filename=\"EUR rates.pdf\"; filename*=UTF-8''%E2%82%AC%20rates.pdf",
        "€ rates.pdf"
      ],
      ["filename* in ISO-8859-1", "attachment; filename*=iso-8859-1'en'%A3%20rates.pdf", "£ rates.pdf"],
      [
        "escaped quotes and a semicolon",
        "attachment; filename=\"a \\\"quoted\\\"; name.pdf\"",
        "a \"quoted\"; name.pdf"
      ],
      ["only the base name of a path", "attachment; filename=\"../../etc/passwd\"", "passwd"],
      ["a Windows path", "attachment; filename=\"C:\\\\temp\\\\scan.tif\"", "scan.tif"],
      [
        "raw UTF-8 bytes in filename",
        `attachment; filename="${Buffer.from("Größe.pdf").toString("latin1")}"`,
        "Größe.pdf"
      ],
      ["upper-case parameter names", "INLINE; FILENAME=\"Upper.PDF\"", "Upper.PDF"]
    ]
    for (const [label, header, expected] of cases) {
      it.live(`reads ${label}`, () =>
        Effect.gen(function*() {
          const download = yield* fetchWith(`${base()}/cd/url-name.bin?h=${encodeURIComponent(header)}`)
          expect(download.name).toBe(expected)
        }))
    }

    it.live("falls back to the URL when the header has no usable filename", () =>
      Effect.gen(function*() {
        for (const header of ["attachment", "attachment; filename=\"..\"", "attachment; filename*=UTF-8''%FF%FE"]) {
          const download = yield* fetchWith(`${base()}/cd/url-name.bin?h=${encodeURIComponent(header)}`)
          expect(download.name).toBe("url-name.bin")
        }
      }))

    it("the parser ignores a filename inside another parameter's quoted value", () => {
      expect(filenameFromContentDisposition("attachment; note=\"filename=evil.exe\"; filename=good.pdf")).toBe(
        "good.pdf"
      )
      expect(filenameFromContentDisposition("attachment; note=\"filename=evil.exe\"")).toBeUndefined()
    })
  })

  describe("refused without the allow-list", () => {
    const refused: Array<[string, string, string]> = [
      ["127.0.0.1", "http://127.0.0.1:PORT/refused", "\"127.0.0.1\" resolves to a loopback"],
      ["localhost", "http://localhost:PORT/refused", "\"localhost\" resolves to a loopback"],
      ["[::1]", "http://[::1]:PORT/refused", "\"::1\" resolves to a loopback"],
      ["::ffff:127.0.0.1", "http://[::ffff:127.0.0.1]:PORT/refused", "\"::ffff:7f00:1\" resolves to a loopback"],
      ["a decimal IP", "http://2130706433:PORT/refused", "\"127.0.0.1\" resolves to a loopback"],
      ["a hex IP", "http://0x7f.1:PORT/refused", "\"127.0.0.1\" resolves to a loopback"],
      ["an IPv4-compatible IPv6", "http://[::127.0.0.1]:PORT/refused", "resolves to an IPv4-compatible"],
      ["10.0.0.1", "http://10.0.0.1/", "\"10.0.0.1\" resolves to a private"],
      ["192.168.1.1", "http://192.168.1.1/", "resolves to a private"],
      ["172.16.0.1", "https://172.16.0.1/", "resolves to a private"],
      ["169.254.169.254", "http://169.254.169.254/latest/meta-data/", "resolves to the cloud metadata address"],
      ["fd00:ec2::254", "http://[fd00:ec2::254]/latest/meta-data/", "resolves to the cloud metadata address"],
      ["::ffff:169.254.169.254", "http://[::ffff:169.254.169.254]/", "resolves to the cloud metadata address"],
      ["169.254.1.1", "http://169.254.1.1/", "resolves to a link-local"],
      ["fe80::1", "http://[fe80::1]/", "resolves to a link-local"],
      ["fc00::1", "http://[fc00::1]/", "resolves to a unique-local"],
      ["100.64.0.1", "http://100.64.0.1/", "resolves to a carrier-grade NAT"],
      ["224.0.0.1", "http://224.0.0.1/", "resolves to a multicast"],
      ["0.0.0.0", "http://0.0.0.0:PORT/refused", "resolves to an unspecified"],
      ["240.0.0.1", "http://240.0.0.1/", "resolves to a reserved"]
    ]
    for (const [label, template, detail] of refused) {
      it.live(`refuses ${label} with 422 before connecting`, () =>
        Effect.gen(function*() {
          const before = seen.filter((p) => p === "/refused").length
          const error = yield* failureOf(template.replace("PORT", String(port)), { urlAllowHosts: [] })
          expect(error._tag).toBe("Unprocessable")
          expect(error.detail).toContain(detail)
          expect(error.detail).toMatch(/^url host ".*" resolves to (an?|the) .* address, which is not allowed$/)
          expect(seen.filter((p) => p === "/refused").length).toBe(before)
        }))
    }

    it.live("refuses ftp:// and file:// with 422 naming the scheme", () =>
      Effect.gen(function*() {
        const ftp = yield* failureOf("ftp://example.com/file.pdf")
        expect(ftp._tag).toBe("Unprocessable")
        expect(ftp.detail).toBe("url scheme \"ftp\" is not allowed (only http and https)")
        const file = yield* failureOf("file:///etc/passwd")
        expect(file._tag).toBe("Unprocessable")
        expect(file.detail).toBe("url scheme \"file\" is not allowed (only http and https)")
      }))

    it.live("refuses a string that is not a URL with 422", () =>
      Effect.gen(function*() {
        for (const input of ["not a url", "http://", "//example.com/relative"]) {
          const error = yield* failureOf(input)
          expect(error._tag).toBe("Unprocessable")
          expect(error.detail).toBe("url is not a valid URL")
        }
      }))
  })
})
