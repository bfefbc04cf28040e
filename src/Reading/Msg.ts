/**
 * Outlook `.msg` e-mails → page model, laid out like an `.eml` (Email.ts `messagePages`): headers and
 * body first, then each attachment that is a document, attached `.msg` items read one level deeper.
 * msgreader reads the MAPI properties. A `.msg` is an OLE compound file, and msgreader follows its sector
 * chains and directory tree without checking them (a cycle would loop forever, a size would allocate
 * whatever it says), so the container is checked first (CompoundFile.ts).
 */
import msgreader, { type FieldsData } from "@kenjiuno/msgreader"
import { Effect, Either } from "effect"
import type { ReadError } from "../Domain/Errors.js"
import { UnsupportedMediaType } from "../Domain/Errors.js"
import type { PageModel } from "../Domain/PageModel.js"
import { compoundFile } from "./CompoundFile.js"
import {
  bodyLines,
  checkNesting,
  type MessageAttachment,
  messagePages,
  type ReadDocument,
  type ReadEmailOptions
} from "./Email.js"

export const OUTLOOK_MEDIA_TYPE = "application/vnd.ms-outlook"

// A CommonJS module: Node's import gives its exports (the class is `default`), some loaders the class itself.
const MsgReader: typeof msgreader.default = typeof (msgreader as unknown) === "function"
  ? msgreader as unknown as typeof msgreader.default
  : msgreader.default

export const readMsg = <R>(
  bytes: Uint8Array,
  options: ReadEmailOptions,
  readDocument: ReadDocument<R>
): Effect.Effect<PageModel, ReadError, R> =>
  Effect.gen(function*() {
    yield* checkNesting(options)
    const corrupt = (why: string) =>
      new UnsupportedMediaType({ detail: `corrupt or truncated Outlook message: ${why}` })
    const container = compoundFile(bytes)
    if (Either.isLeft(container)) return yield* corrupt(container.left)
    if (!container.right.outlook) return yield* refuseCompoundFile(bytes)
    const { reader, fields } = yield* Effect.try({
      try: () => {
        const reader = new MsgReader(bytes.slice().buffer)
        reader.parserConfig = { includeRawProps: true }
        return { reader, fields: reader.getFileData() }
      },
      catch: (e) => corrupt(e instanceof Error ? e.message : String(e))
    })
    if (fields.error !== undefined) return yield* corrupt(fields.error)

    const html = htmlBody(fields)
    const attachments = (fields.attachments ?? [])
      // Hidden attachments and images the HTML body shows by Content-ID belong to the body.
      .filter((a) =>
        !(a.attachmentHidden === true ||
          (a.pidContentId !== undefined && html !== undefined && html.includes(`cid:${a.pidContentId}`)))
      )
      .map((a): MessageAttachment => {
        const embedded = a.innerMsgContent === true
        return {
          name: embedded
            ? `${a.name ?? a.innerMsgContentFields?.subject ?? "message"}.msg`
            : a.fileName ?? a.fileNameShort ?? a.name ?? "unnamed",
          type: embedded ? OUTLOOK_MEDIA_TYPE : a.attachMimeTag ?? "application/octet-stream",
          // An embedded message is rewritten as a file of its own; its streams are part of this one.
          size: embedded ? 0 : a.contentLength ?? 0,
          content: Effect.try({
            try: () => reader.getAttachment(a).content,
            catch: (e) => corrupt(`attachment: ${e instanceof Error ? e.message : String(e)}`)
          })
        }
      })
    return yield* messagePages(
      {
        mediaType: OUTLOOK_MEDIA_TYPE,
        headers: [
          ["From", address(fields.senderName, fields.senderSmtpAddress ?? fields.senderEmail)],
          ["To", recipients(fields, "to") ?? rawString(fields, "0e04")],
          ["Cc", recipients(fields, "cc") ?? rawString(fields, "0e03")],
          ["Date", transportHeader(fields.headers, "date") ?? fields.clientSubmitTime ?? fields.messageDeliveryTime],
          ["Subject", fields.subject]
        ],
        body: bodyLines(fields.body, html),
        attachments
      },
      options,
      readDocument
    )
  }).pipe(Effect.withSpan("Msg.read", { attributes: { bytes: bytes.byteLength, nesting: options.nesting ?? 0 } }))

/** A compound file that is not an Outlook message: a legacy Office file (.doc, .xls, .ppt), not read. */
export const refuseCompoundFile = (bytes: Uint8Array): Effect.Effect<never, UnsupportedMediaType> => {
  const container = compoundFile(bytes)
  return Effect.fail(
    new UnsupportedMediaType({
      detail: Either.isLeft(container)
        ? `corrupt or truncated compound file (Outlook message or legacy Office file): ${container.left}`
        : "legacy Office file (OLE compound file: .doc, .xls or .ppt) is not supported; save it as .docx or PDF"
    })
  )
}

/**
 * Whether a compound file holds an Outlook message (MAPI property streams at its root). A damaged
 * file counts as one when its directory still names MAPI streams, so it is refused as a damaged message.
 */
export const isOutlookMessage = (bytes: Uint8Array): boolean => {
  const container = compoundFile(bytes)
  return Either.isRight(container)
    ? container.right.outlook
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(SUBSTG_UTF16)
}

const SUBSTG_UTF16 = Buffer.from("__substg1.0_", "utf16le")

/** "Name <address>"; an Exchange address (not an SMTP one) is left out. */
const address = (name: string | undefined, email: string | undefined): string | undefined => {
  const smtp = email !== undefined && email.includes("@") ? email.trim() : undefined
  const display = name?.trim()
  return display && smtp && display !== smtp ? `${display} <${smtp}>` : smtp || display || undefined
}

const recipients = (fields: FieldsData, type: "to" | "cc"): string | undefined => {
  const list = (fields.recipients ?? []).filter((r) => r.recipType === type)
    .map((r) => address(r.name, r.smtpAddress ?? r.email))
    .filter((s) => s !== undefined)
  return list.length > 0 ? list.join(", ") : undefined
}

/** A string property msgreader has no name for (display To 0E04, display Cc 0E03), by property id. */
const rawString = (fields: FieldsData, id: string): string | undefined => {
  const value = fields.rawProps?.find((p) => p.propertyTag === `${id}001f` || p.propertyTag === `${id}001e`)?.value
  return typeof value === "string" ? value : undefined
}

/** A header of the Internet headers the message arrived with, unfolded, as the sender's client wrote it. */
const transportHeader = (headers: string | undefined, name: string): string | undefined => {
  const match = headers === undefined ? null : new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(headers)
  return match === null ? undefined : match[1]!.replace(/\r?\n[ \t]+/g, " ").trim()
}

/** The HTML body: Unicode text (PidTagBodyHtml), or bytes in the message's Internet code page (PidTagHtml). */
const htmlBody = (fields: FieldsData): string | undefined => {
  if (fields.bodyHtml !== undefined) return fields.bodyHtml
  if (fields.html === undefined) return undefined
  const label = CODE_PAGES[fields.internetCodepage ?? 65001] ?? "utf-8"
  try {
    return new TextDecoder(label).decode(fields.html)
  } catch {
    return new TextDecoder("windows-1252").decode(fields.html)
  }
}

const CODE_PAGES: Record<number, string> = {
  65001: "utf-8",
  1200: "utf-16le",
  20127: "windows-1252",
  28591: "iso-8859-1",
  28592: "iso-8859-2",
  28595: "iso-8859-5",
  28597: "iso-8859-7",
  28605: "iso-8859-15",
  874: "windows-874",
  1250: "windows-1250",
  1251: "windows-1251",
  1252: "windows-1252",
  1253: "windows-1253",
  1254: "windows-1254",
  1255: "windows-1255",
  1256: "windows-1256",
  1257: "windows-1257",
  1258: "windows-1258",
  932: "shift_jis",
  936: "gbk",
  54936: "gb18030",
  949: "euc-kr",
  950: "big5",
  51932: "euc-jp",
  50220: "iso-2022-jp",
  20866: "koi8-r"
}
