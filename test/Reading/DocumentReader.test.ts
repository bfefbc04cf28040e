import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { pageText } from "../../src/Domain/PageModel.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { readFile } from "../../src/Reading/Reader.js"
import { sniff } from "../../src/Reading/Sniff.js"
import { makeTextPdf } from "../support/pdfs.js"

const utf8 = (s: string) => new TextEncoder().encode(s)
/** A 1×1 PNG. */
/** An MP3 frame after an ID3 header: a real type with no reader. */
const mp3 = (() => {
  const bytes = new Uint8Array(200)
  bytes.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10])
  bytes.set([0xff, 0xfb, 0x90, 0x64], 20)
  return bytes
})()
const png = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64"
  )
)

const read = (bytes: Uint8Array, maxPages = 500) => readFile(bytes, { maxPages }).pipe(Effect.provide(InProcessReader))

describe("DocumentReader", () => {
  it.effect("reads a PDF, recognised by its bytes", () =>
    Effect.gen(function*() {
      const model = yield* read(yield* Effect.promise(() => makeTextPdf([["Invoice 1"], ["Invoice 2"]])))
      expect(model.mediaType).toBe("application/pdf")
      expect(model.pages.map(pageText)).toEqual(["Invoice 1", "Invoice 2"])
    }))

  it.effect("reads UTF-8 plain text", () =>
    Effect.gen(function*() {
      const model = yield* read(utf8("Rechnung Nr. 7\nGesamtbetrag: 12,50 €\n"))
      expect(model.mediaType).toBe("text/plain")
      expect(pageText(model.pages[0]!)).toBe("Rechnung Nr. 7\nGesamtbetrag: 12,50 €")
    }))

  it.effect("rejects an empty file", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(read(new Uint8Array(0)))
      expect(error).toMatchObject({ _tag: "UnsupportedMediaType", detail: "empty file" })
    }))

  it.effect("rejects types it has no reader for, naming the detected type", () =>
    Effect.gen(function*() {
      const cases: Array<[Uint8Array, string]> = [
        [mp3, "unsupported file type audio/mpeg"],
        [
          Uint8Array.from(Buffer.from("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "base64")),
          "unsupported file type application/zip"
        ],
        [Uint8Array.from([0, 1, 2, 3, 0xff, 0xfe, 0, 9, 8, 7]), "unsupported file type application/octet-stream"]
      ]
      for (const [bytes, detail] of cases) {
        expect(yield* Effect.flip(read(bytes))).toMatchObject({ _tag: "UnsupportedMediaType", detail })
      }
    }))

  it.effect("passes on reader errors: a corrupt PDF is UnsupportedMediaType", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(read(utf8("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n")))
      expect(error._tag).toBe("UnsupportedMediaType")
      expect(error.detail).toMatch(/^corrupt or unreadable PDF/)
    }))

  it.effect("enforces the page limit for every format", () =>
    Effect.gen(function*() {
      const pdf = yield* Effect.promise(() => makeTextPdf([["a"], ["b"], ["c"]]))
      expect(yield* Effect.flip(read(pdf, 2))).toMatchObject({
        _tag: "PayloadTooLarge",
        detail: "document has 3 pages; the limit is 2"
      })
      const text = utf8("one\ftwo\fthree")
      expect(yield* Effect.flip(read(text, 2))).toMatchObject({
        _tag: "PayloadTooLarge",
        detail: "document has at least 3 pages; the limit is 2"
      })
    }))
})

describe("DocumentReader on PDFs that PDF readers repair", () => {
  it.effect("reads a PDF with junk before its header, and one with no header at all", () =>
    Effect.gen(function*() {
      const pdf = Buffer.from(yield* Effect.promise(() => makeTextPdf([["Invoice 77 total 12.50"]])))
      const junk = Buffer.concat([Buffer.from("garbage line\r\nmore junk before the header\n"), pdf])
      const headerless = pdf.subarray(pdf.indexOf("\n") + 1)
      expect(headerless.subarray(0, 5).toString()).not.toBe("%PDF-")
      for (const bytes of [junk, headerless]) {
        const model = yield* read(new Uint8Array(bytes))
        expect(model.mediaType).toBe("application/pdf")
        expect(model.pages.map(pageText)).toEqual(["Invoice 77 total 12.50"])
      }
      // Text that merely mentions a PDF header later on is still text.
      expect(yield* sniff(utf8(`${"notes ".repeat(300)}\n%PDF-1.7 appears here`))).toEqual({
        mediaType: "text/plain",
        ext: "txt"
      })
    }))
})

describe("sniff", () => {
  it.effect("finds types from magic numbers", () =>
    Effect.gen(function*() {
      const pdf = yield* Effect.promise(() => makeTextPdf([["x"]]))
      expect(yield* sniff(pdf)).toEqual({ mediaType: "application/pdf", ext: "pdf" })
      expect(yield* sniff(png)).toEqual({ mediaType: "image/png", ext: "png" })
    }))

  it.effect("classifies UTF-8 text without NULs as text/plain", () =>
    Effect.gen(function*() {
      for (
        const text of [
          "hello",
          "\uFEFFBOM first",
          "# Markdown is text\n\n- item",
          "a < b and <notatag>",
          "Größe: 3 × 4 — ok\t\f"
        ]
      ) {
        expect(yield* sniff(utf8(text))).toEqual({ mediaType: "text/plain", ext: "txt" })
      }
    }))

  it.effect("classifies text starting with an HTML tag as text/html", () =>
    Effect.gen(function*() {
      for (
        const text of [
          "<!DOCTYPE html>\n<html></html>",
          "\uFEFF  \n<!-- generated -->\n<HTML lang=\"en\"><body>x</body></HTML>",
          "<!doctype HTML><p>para</p>",
          "<div class=\"a\">fragment</div>",
          "<meta charset=\"utf-8\"><title>t</title>"
        ]
      ) {
        expect(yield* sniff(utf8(text))).toEqual({ mediaType: "text/html", ext: "html" })
      }
    }))

  it.effect("finds nothing in empty, NUL-containing or control-heavy bytes", () =>
    Effect.gen(function*() {
      expect(yield* sniff(new Uint8Array(0))).toBeUndefined()
      expect(yield* sniff(utf8("text\u0000with a NUL"))).toBeUndefined()
      expect(yield* sniff(utf8("\u0001\u0002\u0003\u0004abc"))).toBeUndefined()
      // Bytes that are no text in any encoding read: control characters throughout.
      expect(yield* sniff(Uint8Array.from({ length: 400 }, (_, i) => (i * 37 + 11) % 256 || 1))).toBeUndefined()
    }))

  it.effect("reads UTF-16 text by its byte-order mark, either order, and 8-bit text as Windows-1252", () =>
    Effect.gen(function*() {
      const text = "Rechnung Nr. 7\nGesamtbetrag: 12,50 € für Müller\n"
      const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, "utf16le")])
      const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, "utf16le").swap16()])
      // "€" is 0x80 in Windows-1252, "ü" 0xFC.
      const cp1252 = Uint8Array.from(
        [...text].map((c) => (c === "€" ? 0x80 : c.charCodeAt(0)))
      )
      for (const [name, bytes] of [["UTF-16LE", le], ["UTF-16BE", be], ["Windows-1252", cp1252]] as const) {
        expect(yield* sniff(bytes), name).toEqual({ mediaType: "text/plain", ext: "txt" })
        const model = yield* read(bytes)
        expect(pageText(model.pages[0]!), name).toBe("Rechnung Nr. 7\nGesamtbetrag: 12,50 € für Müller")
      }
      expect(pageText((yield* read(Uint8Array.from([0x48, 0xe9, 0x6c, 0x6c, 0x6f]))).pages[0]!)).toBe("Héllo")
    }))
})
