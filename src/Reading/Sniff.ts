/**
 * The media type of a file, from its bytes only (never its name): magic numbers via `file-type`,
 * then text (UTF-8) and HTML, which have no magic number.
 */
import { Effect } from "effect"
import { fileTypeFromBuffer } from "file-type"

export interface SniffedType {
  readonly mediaType: string
  readonly ext: string
}

/** Undefined for an empty file or one nothing recognizes. */
export const sniff = (bytes: Uint8Array): Effect.Effect<SniffedType | undefined> =>
  bytes.byteLength === 0
    ? Effect.succeed(undefined)
    : Effect.promise(() => fileTypeFromBuffer(bytes).catch(() => undefined)).pipe(
      Effect.map((found) => (found ? { mediaType: found.mime, ext: found.ext } : sniffText(bytes))),
      Effect.withSpan("Sniff.sniff")
    )

/** Share of characters that must be printable (or ordinary whitespace) for bytes to count as text. */
const PRINTABLE_SHARE = 0.95
/** Enough of the text to judge it. */
const SAMPLE_CHARS = 64 * 1024

/** The text of UTF-8 bytes, without a BOM; undefined when they are not valid UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

const sniffText = (bytes: Uint8Array): SniffedType | undefined => {
  if (bytes.includes(0)) return undefined
  const text = decodeUtf8(bytes)
  if (text === undefined) return undefined
  const sample = text.slice(0, SAMPLE_CHARS)
  // Control characters other than tab, newline, carriage return and form feed mean binary.
  const controls = sample.match(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFFFD]/g)?.length ?? 0
  if (sample.length === 0 || controls > (1 - PRINTABLE_SHARE) * sample.length) return undefined
  return looksLikeHtml(sample) ? { mediaType: "text/html", ext: "html" } : { mediaType: "text/plain", ext: "txt" }
}

const HTML_TAGS = new Set([
  "html", "head", "body", "title", "meta", "link", "style", "script", "base", "div", "span", "p", "table",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "br", "a", "img", "form", "section", "article", "header",
  "footer", "main", "nav"
])

/** Starts, after whitespace, a BOM, comments and a doctype, with an HTML tag. */
const looksLikeHtml = (text: string): boolean => {
  let rest = text.replace(/^\uFEFF/, "")
  for (;;) {
    const trimmed = rest.trimStart()
    if (trimmed.startsWith("<!--")) {
      const end = trimmed.indexOf("-->")
      if (end < 0) return false
      rest = trimmed.slice(end + 3)
    } else if (/^<!doctype\s/i.test(trimmed)) {
      if (/^<!doctype\s+html\b/i.test(trimmed)) return true
      const end = trimmed.indexOf(">")
      if (end < 0) return false
      rest = trimmed.slice(end + 1)
    } else {
      const tag = /^<([a-z][a-z0-9]*)[\s/>]/i.exec(trimmed)
      return tag !== null && HTML_TAGS.has(tag[1]!.toLowerCase())
    }
  }
}
