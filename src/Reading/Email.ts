/**
 * E-mail (RFC 822 / EML) → page model, with mailparser. The first page(s) hold the headers (From, To,
 * Cc, Date, Subject) and the body (the text part, or the HTML part as text); then every attachment that
 * is itself a readable document (PDF, image, DOCX, another e-mail, …) is read by the general reader and
 * its pages follow, numbered on. The classic input for splitting: one e-mail carrying an invoice and a
 * receipt. Inline images of the HTML body are part of the body, not attachments.
 *
 * `messagePages` lays out any e-mail once it is parsed: Outlook `.msg` files (Msg.ts) use it too.
 */
import { Effect, Either } from "effect"
import { type AddressObject, simpleParser } from "mailparser"
import type { ReadError } from "../Domain/Errors.js"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"
import type { Page, PageModel } from "../Domain/PageModel.js"
import { DOCUMENT_PAGE, htmlToSections } from "./Html.js"
import { type FlowLine, layOutSections } from "./TextLayout.js"

export const EML_MEDIA_TYPE = "message/rfc822"

/** E-mails attached to e-mails are read this deep (the outer e-mail is 0); deeper ones are skipped. */
export const MAX_NESTING = 3
/** Attachments read per e-mail; the rest are skipped (and said so). */
export const MAX_ATTACHMENTS = 100
/** Attachment bytes read per e-mail; attachments past this budget are skipped (and said so). */
export const MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024

/** Attachments that are text but not documents (they would read as text pages): invites, cards, signatures. */
const NOT_DOCUMENTS = new Set([
  "text/calendar",
  "application/ics",
  "text/vcard",
  "text/x-vcard",
  "text/directory",
  "application/pgp-signature",
  "application/pgp-keys",
  "application/pkcs7-signature",
  "application/x-pkcs7-signature"
])

export interface ReadEmailOptions {
  readonly maxPages: number
  /** How many e-mails this one is attached inside. */
  readonly nesting?: number
}

/** The general reader, for attachments (any format, e-mails included). */
export type ReadDocument<R> = (
  bytes: Uint8Array,
  options: ReadEmailOptions
) => Effect.Effect<PageModel, ReadError, R>

/** An e-mail as its format's parser gives it, before layout. */
export interface Message {
  readonly mediaType: string
  /** From, To, Cc, Date, Subject, … in order; absent or blank values are left out. */
  readonly headers: ReadonlyArray<readonly [name: string, value: string | undefined]>
  readonly body: ReadonlyArray<FlowLine>
  /** The attachments that may be documents (inline images of the body already left out). */
  readonly attachments: ReadonlyArray<MessageAttachment>
}

export interface MessageAttachment {
  readonly name: string
  readonly type: string
  /** Size in bytes, known before `content` is read; counted against MAX_ATTACHMENT_BYTES. */
  readonly size: number
  readonly content: Effect.Effect<Uint8Array, UnsupportedMediaType>
}

/** Fails for an e-mail attached deeper than MAX_NESTING; checked before the e-mail is parsed. */
export const checkNesting = (options: ReadEmailOptions): Effect.Effect<void, UnsupportedMediaType> =>
  (options.nesting ?? 0) > MAX_NESTING
    ? Effect.fail(new UnsupportedMediaType({ detail: `e-mail nested more than ${MAX_NESTING} deep` }))
    : Effect.void

/** The body as lines: the plain text, or the HTML as text when there is no plain text. */
export const bodyLines = (text: string | undefined, html: string | undefined): Array<FlowLine> =>
  text !== undefined && text.trim() !== ""
    ? text.split(/\r?\n/).map((line) => ({ text: line, scale: 1 }))
    : html !== undefined
    ? htmlToSections(html).flat()
    : []

export const readEmail = <R>(
  bytes: Uint8Array,
  options: ReadEmailOptions,
  readDocument: ReadDocument<R>
): Effect.Effect<PageModel, ReadError, R> =>
  Effect.gen(function*() {
    yield* checkNesting(options)
    const mail = yield* Effect.tryPromise({
      try: () =>
        simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          skipTextToHtml: true,
          skipImageLinks: true,
          skipTextLinks: true
        }),
      catch: (e) =>
        new UnsupportedMediaType({ detail: `unreadable e-mail: ${e instanceof Error ? e.message : String(e)}` })
    })
    const html = typeof mail.html === "string" ? mail.html : undefined
    const attachments = mail.attachments
      // Images shown inside the HTML body (multipart/related, or referenced by Content-ID) belong to the body.
      .filter((a) => !(a.related || (a.cid !== undefined && html !== undefined && html.includes(`cid:${a.cid}`))))
      .map((a): MessageAttachment => ({
        name: a.filename ?? "unnamed",
        type: a.contentType,
        size: a.content.byteLength,
        content: Effect.sync(() => new Uint8Array(a.content))
      }))
    return yield* messagePages(
      {
        mediaType: EML_MEDIA_TYPE,
        headers: [
          ["From", addresses(mail.from)],
          ["To", addresses(mail.to)],
          ["Cc", addresses(mail.cc)],
          ["Date", rawHeader(mail.headerLines, "date") ?? mail.date?.toUTCString()],
          ["Subject", mail.subject]
        ],
        body: bodyLines(mail.text, html),
        attachments
      },
      options,
      readDocument
    )
  }).pipe(Effect.withSpan("Email.read", { attributes: { bytes: bytes.byteLength, nesting: options.nesting ?? 0 } }))

/**
 * The pages of a parsed e-mail: headers and body first (with a note per attachment), then the pages of
 * each attachment that is a readable document, read by the general reader one level deeper, numbered on.
 */
export const messagePages = <R>(
  message: Message,
  options: ReadEmailOptions,
  readDocument: ReadDocument<R>
): Effect.Effect<PageModel, ReadError, R> =>
  Effect.gen(function*() {
    const nesting = options.nesting ?? 0
    const head = message.headers.flatMap(([name, value]) =>
      value === undefined || value.trim() === "" ? [] : [{ text: `${name}: ${value.trim()}`, scale: 1 }]
    )
    const text = [...head, { text: "", scale: 1 }, ...message.body]

    // Attachments may use the pages the message itself leaves (its attachment notes may add a page:
    // the total is checked at the end).
    const limit = options.maxPages
    let used = layOutSections([text], DOCUMENT_PAGE).length
    const tooLarge = () =>
      new PayloadTooLarge({
        detail: `the e-mail with its attachments has more than ${limit} pages; the limit is ${limit}`
      })
    const attached: Array<Page> = []
    const notes: Array<FlowLine> = []
    const note = (line: string) => notes.push({ text: line, scale: 1 })
    let bytesRead = 0
    for (const [i, attachment] of message.attachments.entries()) {
      const { name, type } = attachment
      if (i >= MAX_ATTACHMENTS) {
        note(`Attachments skipped: ${message.attachments.length - i} more (the limit is ${MAX_ATTACHMENTS} per e-mail)`)
        break
      }
      if (NOT_DOCUMENTS.has(type.toLowerCase())) {
        note(`Attachment skipped: ${name} (${type}): not a document`)
        continue
      }
      if (bytesRead + attachment.size > MAX_ATTACHMENT_BYTES) {
        note(
          `Attachment skipped: ${name} (${type}): attachments over ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB in all`
        )
        continue
      }
      bytesRead += attachment.size
      const read = yield* attachment.content.pipe(
        Effect.flatMap((content) =>
          readDocument(content, { maxPages: Math.max(0, limit - used), nesting: nesting + 1 })
        ),
        Effect.map(Either.right),
        // Unreadable attachments are skipped (and said so); too many pages fails the whole e-mail.
        Effect.catchTags({
          UnsupportedMediaType: (e) => Effect.succeed(Either.left(e)),
          Unprocessable: (e) => Effect.succeed(Either.left(e)),
          PayloadTooLarge: () => Effect.fail(tooLarge())
        })
      )
      if (read._tag === "Left") {
        note(`Attachment skipped: ${name} (${type}): ${read.left.detail}`)
        continue
      }
      const pages = read.right.pages
      note(`Attachment: ${name} (${type}), ${pages.length} page${pages.length === 1 ? "" : "s"}`)
      attached.push(...pages)
      used += pages.length
    }

    const ownPages = layOutSections(
      [notes.length > 0 ? [...text, { text: "", scale: 1 }, ...notes] : text],
      DOCUMENT_PAGE
    )
    if (ownPages.length + attached.length > limit) return yield* tooLarge()
    const pages = [...ownPages, ...attached].map((page, i): Page => ({ ...page, page: i + 1 }))
    return { mediaType: message.mediaType, pages } satisfies PageModel
  })

/** Addresses as "Name <address>", groups flattened. */
const addresses = (field: AddressObject | Array<AddressObject> | undefined): string | undefined => {
  if (field === undefined) return undefined
  const flat = (Array.isArray(field) ? field : [field]).flatMap((o) => o.value)
    .flatMap((a) => (a.group ? a.group : [a]))
    .map((a) => (a.name && a.address ? `${a.name} <${a.address}>` : a.address || a.name))
    .filter((s) => s !== undefined && s !== "")
  return flat.length > 0 ? flat.join(", ") : undefined
}

/** A header's value as written (unfolded), e.g. the Date line as the sender's client wrote it. */
const rawHeader = (lines: ReadonlyArray<{ key: string; line: string }>, key: string): string | undefined => {
  const line = lines.find((l) => l.key === key)?.line
  return line === undefined ? undefined : line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim()
}
