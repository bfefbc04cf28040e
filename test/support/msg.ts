/**
 * Outlook `.msg` files for tests, written with cfb as Outlook lays them out (MS-OXMSG): MAPI properties
 * as `__substg1.0_<id><type>` streams (strings UTF-16LE, binary as is), fixed-size ones (dates, numbers)
 * in `__properties_version1.0`, attachments in `__attach_version1.0_#<n>` storages, an attached message
 * as a `__substg1.0_3701000D` storage inside its attachment. Plus other compound files (legacy Office).
 */
import * as CFB from "cfb"

export interface MsgAttachment {
  readonly name: string
  /** A file attachment's bytes. */
  readonly content?: Uint8Array
  readonly mimeType?: string
  /** An attached Outlook item (embedded message) instead of a file. */
  readonly message?: MsgSpec
  /** Shown inside the HTML body by this Content-ID. */
  readonly contentId?: string
}

export interface MsgSpec {
  readonly subject?: string
  readonly senderName?: string
  readonly senderEmail?: string
  /** PidTagDisplayTo / PidTagDisplayCc: the recipients' names as Outlook shows them. */
  readonly displayTo?: string
  readonly displayCc?: string
  /** PidTagClientSubmitTime. */
  readonly date?: Date
  /** PidTagBody. */
  readonly body?: string
  /** PidTagBodyHtml (Unicode text) … */
  readonly html?: string
  /** … or PidTagHtml (bytes in the Internet code page, UTF-8 here). */
  readonly htmlBytes?: Uint8Array
  readonly attachments?: ReadonlyArray<MsgAttachment>
}

const PT_UNICODE = "001F"
const PT_BINARY = "0102"
const PT_LONG = 0x0003
const PT_SYSTIME = 0x0040

const utf16 = (text: string) => Buffer.from(`${text}\0`, "utf16le")

/** One fixed-size property: tag, flags (readable, writable), 8 value bytes. */
const fixedProperty = (id: number, type: number, value: bigint): Buffer => {
  const entry = Buffer.alloc(16)
  entry.writeUInt32LE(((id << 16) | type) >>> 0, 0)
  entry.writeUInt32LE(6, 4)
  entry.writeBigUInt64LE(value, 8)
  return entry
}

const fileTime = (date: Date) => BigInt(date.getTime()) * 10_000n + 116_444_736_000_000_000n

type Kind = "top" | "embedded" | "attachment"

/** The property stream's header: 32 bytes for the file's message, 24 for an embedded one, 8 otherwise. */
const propertyStream = (kind: Kind, counts: { attachments: number }, entries: ReadonlyArray<Buffer>): Buffer => {
  const header = Buffer.alloc(kind === "top" ? 32 : kind === "embedded" ? 24 : 8)
  if (kind !== "attachment") {
    header.writeUInt32LE(counts.attachments, 12)
    header.writeUInt32LE(counts.attachments, 20)
  }
  return Buffer.concat([header, ...entries])
}

const addMessage = (cfb: CFB.CFB$Container, at: string, spec: MsgSpec, kind: Kind) => {
  const add = (name: string, content: Uint8Array) => CFB.utils.cfb_add(cfb, `${at}/${name}`, content)
  const text = (id: string, value: string | undefined) => {
    if (value !== undefined) add(`__substg1.0_${id}${PT_UNICODE}`, utf16(value))
  }
  text("001A", "IPM.Note")
  text("0037", spec.subject)
  text("0C1A", spec.senderName)
  if (spec.senderEmail !== undefined) {
    text("0C1E", "SMTP")
    text("0C1F", spec.senderEmail)
    text("5D01", spec.senderEmail)
  }
  text("0E04", spec.displayTo)
  text("0E03", spec.displayCc)
  text("1000", spec.body)
  text("1013", spec.html)
  if (spec.htmlBytes !== undefined) add(`__substg1.0_1013${PT_BINARY}`, spec.htmlBytes)
  const fixed = [fixedProperty(0x3fde, PT_LONG, 65001n)]
  if (spec.date !== undefined) fixed.push(fixedProperty(0x0039, PT_SYSTIME, fileTime(spec.date)))
  const attachments = spec.attachments ?? []
  add("__properties_version1.0", propertyStream(kind, { attachments: attachments.length }, fixed))

  attachments.forEach((attachment, i) => {
    const storage = `${at}/__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, "0")}`
    const attach = (name: string, content: Uint8Array) => CFB.utils.cfb_add(cfb, `${storage}/${name}`, content)
    attach(`__substg1.0_3001${PT_UNICODE}`, utf16(attachment.name))
    if (attachment.message !== undefined) {
      // Attach method 5: an embedded message.
      attach(
        "__properties_version1.0",
        propertyStream("attachment", { attachments: 0 }, [fixedProperty(0x3705, PT_LONG, 5n)])
      )
      addMessage(cfb, `${storage}/__substg1.0_3701000D`, attachment.message, "embedded")
      return
    }
    attach(
      "__properties_version1.0",
      propertyStream("attachment", { attachments: 0 }, [fixedProperty(0x3705, PT_LONG, 1n)])
    )
    attach(`__substg1.0_3707${PT_UNICODE}`, utf16(attachment.name))
    if (attachment.mimeType !== undefined) attach(`__substg1.0_370E${PT_UNICODE}`, utf16(attachment.mimeType))
    if (attachment.contentId !== undefined) attach(`__substg1.0_3712${PT_UNICODE}`, utf16(attachment.contentId))
    attach(`__substg1.0_3701${PT_BINARY}`, attachment.content ?? new Uint8Array(0))
  })
}

const write = (cfb: CFB.CFB$Container): Uint8Array => new Uint8Array(CFB.write(cfb, { type: "buffer" }) as Buffer)

export const makeMsg = (spec: MsgSpec): Uint8Array => {
  const cfb = CFB.utils.cfb_new()
  addMessage(cfb, "", spec, "top")
  return write(cfb)
}

/** A compound file holding the given streams (paths like "WordDocument" or "ObjectPool/x"). */
export const makeCompoundFile = (streams: Record<string, Uint8Array>): Uint8Array => {
  const cfb = CFB.utils.cfb_new()
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(cfb, `/${name}`, content)
  return write(cfb)
}
