/**
 * pdf.js (legacy build: the modern one needs DOMMatrix on Node 20): loading, opening a document,
 * what its failures mean, its matrices.
 *
 * On Node, pdf.js runs its "worker" on this thread; it is loaded here up front rather than on the
 * first document. Both modules bundle core-js polyfills that replace process-wide built-ins with
 * much slower versions (Array.prototype.push, JSON.stringify, JSON.parse); Node 20 needs none of
 * them, so the native ones are put back once both are loaded.
 */
import { Effect } from "effect"
import { createRequire } from "node:module"
import * as path from "node:path"
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"

const restored: ReadonlyArray<readonly [object, PropertyKey]> = [
  [Array.prototype, "push"],
  [JSON, "stringify"],
  [JSON, "parse"],
  [Function.prototype, "toString"]
]
const natives = restored.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)!] as const)

export const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
// Sets globalThis.pdfjsWorker, which pdf.js then uses instead of importing the worker itself.
// (Imported through a variable: pdf.js ships no types for its worker.)
const worker: string = "pdfjs-dist/legacy/build/pdf.worker.mjs"
await import(worker)

for (const [target, key, descriptor] of natives) Object.defineProperty(target, key, descriptor)

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))
// pdf.js reads these with fs on Node: plain paths, trailing slash required.
export const resourceDir = (name: string) => path.join(pdfjsRoot, name) + path.sep

const documentOptions = {
  standardFontDataUrl: resourceDir("standard_fonts"),
  cMapUrl: resourceDir("cmaps"),
  cMapPacked: true,
  wasmUrl: resourceDir("wasm"),
  iccUrl: resourceDir("iccs"),
  isEvalSupported: false,
  verbosity: pdfjs.VerbosityLevel.ERRORS
} as const

/** A pdf.js failure: encrypted or unreadable input. */
export const unreadable = (cause: unknown): UnsupportedMediaType | PayloadTooLarge => {
  const name = (cause as { name?: unknown } | null)?.name
  if (name === "PasswordException") {
    return new UnsupportedMediaType({ detail: "PDF is encrypted (password-protected)" })
  }
  const message = cause instanceof Error ? cause.message : String(cause)
  // Our patch of pdf.js stops any stream decoding past its limit (a compression bomb) with this message.
  const overLimit = /a compressed stream decodes to more than (\d+ MB \(the limit\))/.exec(message)
  if (overLimit) {
    return new PayloadTooLarge({ detail: `PDF holds a compressed stream that decodes to more than ${overLimit[1]}` })
  }
  return new UnsupportedMediaType({ detail: `corrupt or unreadable PDF: ${message}` })
}

/** The document, destroyed when the scope closes. */
export const openDocument = (bytes: Uint8Array) =>
  Effect.acquireRelease(
    Effect.suspend(() => {
      // pdf.js detaches the array it is given: hand it a copy (also turns a Buffer into a plain Uint8Array).
      const task = pdfjs.getDocument({ ...documentOptions, data: new Uint8Array(bytes) })
      return Effect.tryPromise({ try: () => task.promise, catch: unreadable }).pipe(
        Effect.tapError(() => Effect.promise(() => task.destroy().catch(() => undefined)))
      )
    }),
    (doc: PDFDocumentProxy) => Effect.promise(() => doc.destroy().catch(() => undefined))
  )

/** A PDF transformation matrix [a, b, c, d, e, f]. */
export type Matrix = readonly [number, number, number, number, number, number]

export const apply = (m: Matrix, x: number, y: number): readonly [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5]
]
