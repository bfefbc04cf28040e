/**
 * E-mail (RFC 822 / EML) → page model, with mailparser. The first page(s) hold the headers (From, To,
 * Cc, Date, Subject) and the body (the text part, or the HTML part as text); then every attachment that
 * is itself a readable document (PDF, image, DOCX, another e-mail, …) is read by the general reader and
 * its pages follow, numbered on. The classic input for splitting: one e-mail carrying an invoice and a
 * receipt. Inline images of the HTML body are part of the body, not attachments.
 *
 * Outlook `.msg` files are not read: no maintained reader is installed.
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

/** Attachments that are text but not documents (they would read as text pages): invites, cards, signatures. */
const NOT_DOCUMENTS = new Set([
  "text/calendar", "application/ics", "text/vcard", "text/x-vcard", "text/directory",
  "application/pgp-signature", "application/pgp-keys", "application/pkcs7-signature", "application/x-pkcs7-signature"
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

export const readEmail = <R>(
  bytes: Uint8Array,
  options: ReadEmailOptions,
  readDocument: ReadDocument<R>
): Effect.Effect<PageModel, ReadError, R> =>
  Effect.gen(function*() {
    const nesting = options.nesting ?? 0
    if (nesting > MAX_NESTING) {
      return yield* new UnsupportedMediaType({ detail: `e-mail nested more than ${MAX_NESTING} deep` })
    }
    const mail = yield* Effect.tryPromise({
      try: () =>
        simpleParser(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          skipTextToHtml: true,
          skipImageLinks: true,
          skipTextLinks: true
        }),
      catch: (e) => new UnsupportedMediaType({ detail: `unreadable e-mail: ${e instanceof Error ? e.message : String(e)}` })
    })

    const head: Array<FlowLine> = [
      header("From", addresses(mail.from)),
      header("To", addresses(mail.to)),
      header("Cc", addresses(mail.cc)),
      header("Date", rawHeader(mail.headerLines, "date") ?? mail.date?.toUTCString()),
      header("Subject", mail.subject)
    ].flatMap((line) => (line ? [line] : []))
    const body: Array<FlowLine> = mail.text !== undefined && mail.text.trim() !== ""
      ? mail.text.split(/\r?\n/).map((text) => ({ text, scale: 1 }))
      : typeof mail.html === "string"
      ? htmlToSections(mail.html).flat()
      : []
    const message = [...head, { text: "", scale: 1 }, ...body]

    // Attachments may use the pages the message itself leaves (its attachment notes may add a page:
    // the total is checked at the end).
    const limit = options.maxPages
    let used = layOutSections([message], DOCUMENT_PAGE).length
    const tooLarge = () =>
      new PayloadTooLarge({ detail: `the e-mail with its attachments has more than ${limit} pages; the limit is ${limit}` })
    const attached: Array<Page> = []
    const notes: Array<FlowLine> = []
    const html = typeof mail.html === "string" ? mail.html : ""
    for (const attachment of mail.attachments) {
      // Images shown inside the HTML body (multipart/related, or referenced by Content-ID) belong to the body.
      if (attachment.related || (attachment.cid !== undefined && html.includes(`cid:${attachment.cid}`))) continue
      const name = attachment.filename ?? "unnamed"
      const type = attachment.contentType
      if (NOT_DOCUMENTS.has(type.toLowerCase())) {
        notes.push({ text: `Attachment skipped: ${name} (${type}): not a document`, scale: 1 })
        continue
      }
      const content = new Uint8Array(attachment.content)
      const read = yield* readDocument(content, { maxPages: Math.max(0, limit - used), nesting: nesting + 1 }).pipe(
        Effect.map(Either.right),
        // Unreadable attachments are skipped (and said so); too many pages fails the whole e-mail.
        Effect.catchTags({
          UnsupportedMediaType: (e) => Effect.succeed(Either.left(e)),
          PayloadTooLarge: () => Effect.fail(tooLarge())
        })
      )
      if (read._tag === "Left") {
        notes.push({ text: `Attachment skipped: ${name} (${type}): ${read.left.detail}`, scale: 1 })
        continue
      }
      const pages = read.right.pages
      notes.push({ text: `Attachment: ${name} (${type}), ${pages.length} page${pages.length === 1 ? "" : "s"}`, scale: 1 })
      attached.push(...pages)
      used += pages.length
    }

    const messagePages = layOutSections(
      [notes.length > 0 ? [...message, { text: "", scale: 1 }, ...notes] : message],
      DOCUMENT_PAGE
    )
    if (messagePages.length + attached.length > limit) return yield* tooLarge()
    const pages = [...messagePages, ...attached].map((page, i): Page => ({ ...page, page: i + 1 }))
    return { mediaType: EML_MEDIA_TYPE, pages } satisfies PageModel
  }).pipe(Effect.withSpan("Email.read", { attributes: { bytes: bytes.byteLength, nesting: options.nesting ?? 0 } }))

const header = (name: string, value: string | undefined): FlowLine | undefined =>
  value === undefined || value.trim() === "" ? undefined : { text: `${name}: ${value.trim()}`, scale: 1 }

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
