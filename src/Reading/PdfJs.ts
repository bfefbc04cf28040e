/**
 * pdf.js (legacy build). Its bundled core-js polyfills replace the process-wide JSON.stringify and
 * JSON.parse with much slower versions; the native ones are put back, since Node 20 needs no polyfill.
 */
const nativeStringify = JSON.stringify
const nativeParse = JSON.parse

export const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")

JSON.stringify = nativeStringify
JSON.parse = nativeParse
