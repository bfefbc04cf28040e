/**
 * The media type of a file, from its bytes only (never its name): magic numbers via `file-type`,
 * then e-mail (an RFC 822 header block), text (UTF-8, UTF-16 with its byte-order mark, Windows-1252) and
 * HTML, which have no magic number.
 * An OLE compound file is an Outlook message when its root holds MAPI properties, else legacy Office.
 */
import { Effect } from "effect"
import { fileTypeFromBuffer } from "file-type"
import { isOutlookMessage, OUTLOOK_MEDIA_TYPE } from "./Msg.js"
import { decodeText, utf16Order } from "./Utf8.js"

/** What `file-type` calls any OLE compound file (.msg, .doc, .xls, .ppt, .msi, …). */
export const COMPOUND_FILE_MEDIA_TYPE = "application/x-cfb"

export interface SniffedType {
  readonly mediaType: string
  readonly ext: string
}

/** Undefined for an empty file or one nothing recognizes. */
export const sniff = (bytes: Uint8Array): Effect.Effect<SniffedType | undefined> => {
  if (bytes.byteLength === 0) return Effect.succeed(undefined)
  // UTF-16 text starts with bytes that also start an MP3 frame: its byte-order mark decides first.
  const utf16 = utf16Order(bytes) === undefined ? undefined : sniffText(bytes)
  if (utf16 !== undefined) return Effect.succeed(utf16)
  return Effect.promise(() => fileTypeFromBuffer(bytes).catch(() => undefined)).pipe(
    Effect.map((found) =>
      found === undefined
        ? sniffPdf(bytes) ?? sniffEmail(bytes) ?? sniffText(bytes)
        : found.mime === COMPOUND_FILE_MEDIA_TYPE && isOutlookMessage(bytes)
        ? { mediaType: OUTLOOK_MEDIA_TYPE, ext: "msg" }
        : { mediaType: found.mime, ext: found.ext }
    ),
    Effect.withSpan("Sniff.sniff")
  )
}

/** PDF readers look for the header this far into the file (Acrobat's 1024 bytes). */
const PDF_HEADER_WINDOW = 1024
/** The end of a PDF (its `startxref` and `%%EOF`) is looked for in this many last bytes. */
const PDF_TRAILER_WINDOW = 4096

/**
 * A PDF that does not start with its header, as PDF readers accept it: the `%PDF-` header after some
 * junk (within the first 1024 bytes), or no header at all but an object first and a cross-reference
 * pointer at the end.
 */
const sniffPdf = (bytes: Uint8Array): SniffedType | undefined => {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_HEADER_WINDOW)).toString(
    "latin1"
  )
  if (head.includes("%PDF-")) return { mediaType: "application/pdf", ext: "pdf" }
  const tailStart = Math.max(0, bytes.byteLength - PDF_TRAILER_WINDOW)
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.byteLength - tailStart).toString("latin1")
  return /^\s*(?:%[^\r\n]*[\r\n]+\s*)*\d+\s+\d+\s+obj\b/.test(head) && /startxref\s+\d+\s+%%EOF/.test(tail)
    ? { mediaType: "application/pdf", ext: "pdf" }
    : undefined
}

/** Share of characters that must be printable (or ordinary whitespace) for bytes to count as text. */
const PRINTABLE_SHARE = 0.95
/** Enough of the text to judge it. */
const SAMPLE_CHARS = 64 * 1024
/** The bytes decoded to judge it: room for its sample in any of the encodings read (a cut character is one). */
const SAMPLE_BYTES = 4 * SAMPLE_CHARS

const sniffText = (bytes: Uint8Array): SniffedType | undefined => {
  // NUL bytes mean binary, except in UTF-16, where every ASCII character has one.
  if (utf16Order(bytes) === undefined && bytes.includes(0)) return undefined
  const text = decodeText(bytes.subarray(0, SAMPLE_BYTES))
  const sample = text.slice(0, SAMPLE_CHARS)
  // Control characters other than tab, newline, carriage return and form feed mean binary.
  const controls = sample.match(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFFFD]/g)?.length ?? 0
  if (sample.length === 0 || controls > (1 - PRINTABLE_SHARE) * sample.length) return undefined
  return looksLikeHtml(sample) ? { mediaType: "text/html", ext: "html" } : { mediaType: "text/plain", ext: "txt" }
}

const HTML_TAGS = new Set([
  "html",
  "head",
  "body",
  "title",
  "meta",
  "link",
  "style",
  "script",
  "base",
  "div",
  "span",
  "p",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "br",
  "a",
  "img",
  "form",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "nav"
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

/** Header fields that e-mails carry; an e-mail's header block names several of them. */
const EMAIL_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "date",
  "mime-version",
  "received",
  "message-id",
  "return-path",
  "reply-to",
  "sender",
  "delivered-to",
  "content-type",
  "content-transfer-encoding",
  "in-reply-to",
  "references",
  "dkim-signature",
  "authentication-results",
  "x-mailer",
  "user-agent",
  "thread-topic"
])
/** At least one of these: a memo that starts with "Subject:" and "Date:" lines is still text. */
const EMAIL_ONLY_HEADERS = ["from", "received", "mime-version", "message-id", "return-path", "delivered-to"]
/** The header block must end (blank line) within this many bytes. */
const HEADER_BLOCK_MAX = 256 * 1024

/** An RFC 822 message: the file starts with a block of `Name: value` lines (continued by indented lines) ending at a blank line. */
const sniffEmail = (bytes: Uint8Array): SniffedType | undefined => {
  // Headers are ASCII (RFC 2047 encodes the rest), so latin1 reads them whatever the body's charset.
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HEADER_BLOCK_MAX)).toString(
    "latin1"
  )
  const end = head.search(/\r?\n\r?\n/)
  if (end <= 0) return undefined
  const names = new Set<string>()
  for (const [i, line] of head.slice(0, end).split(/\r?\n/).entries()) {
    // An mbox "From " separator line may come first (some clients save messages with it).
    if (i === 0 && /^From \S/.test(line)) continue
    if (i > 0 && /^[ \t]/.test(line)) continue
    const field = /^([!-9;-~]+):/.exec(line)
    if (field === null) return undefined
    names.add(field[1]!.toLowerCase())
  }
  const known = [...names].filter((n) => EMAIL_HEADERS.has(n)).length
  return known >= 2 && EMAIL_ONLY_HEADERS.some((n) => names.has(n))
    ? { mediaType: "message/rfc822", ext: "eml" }
    : undefined
}
