import { HttpClientRequest } from "@effect/platform"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { pageText } from "../../src/Domain/PageModel.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { MAX_ATTACHMENTS } from "../../src/Reading/Email.js"
import { OUTLOOK_MEDIA_TYPE } from "../../src/Reading/Msg.js"
import { readFile } from "../../src/Reading/Reader.js"
import { sniff } from "../../src/Reading/Sniff.js"
import { fileForm, keyFor, send, testApp, withKey } from "../support/app.js"
import { inUnit } from "../support/boxes.js"
import { makeCompoundFile, makeMsg, type MsgSpec } from "../support/msg.js"
import { makeTextPdf } from "../support/pdfs.js"

const read = (bytes: Uint8Array, maxPages = 500) => readFile(bytes, { maxPages }).pipe(Effect.provide(InProcessReader))

const pdf = (pages: ReadonlyArray<ReadonlyArray<string>>) => Effect.promise(() => makeTextPdf(pages))

const invoiceMail: MsgSpec = {
  subject: "Your invoice",
  senderName: "Accounts",
  senderEmail: "billing@acme.example",
  displayTo: "Bob Buyer",
  displayCc: "Carol Clerk",
  date: new Date(Date.UTC(2024, 0, 2, 9, 15)),
  body: "Hello Bob,\r\n\r\nplease find attached your invoice.\r\n\r\nRegards"
}

/** The file's sector holding the FAT entry of `sector` set to `next` (version 3: 512-byte sectors). */
const setFatEntry = (bytes: Uint8Array, sector: number, next: number): Uint8Array => {
  const out = bytes.slice()
  const view = new DataView(out.buffer)
  const fatSector = view.getUint32(76 + 4 * Math.floor(sector / 128), true)
  view.setUint32((fatSector + 1) * 512 + 4 * (sector % 128), next, true)
  return out
}

describe("readMsg", () => {
  it.effect("puts the headers and the body on page 1, like an .eml", () =>
    Effect.gen(function*() {
      const message = makeMsg(invoiceMail)
      expect(yield* sniff(message)).toEqual({ mediaType: OUTLOOK_MEDIA_TYPE, ext: "msg" })
      const model = yield* read(message)
      expect(model.mediaType).toBe(OUTLOOK_MEDIA_TYPE)
      expect(model.pages).toHaveLength(1)
      expect(pageText(model.pages[0]!)).toBe([
        "From: Accounts <billing@acme.example>",
        "To: Bob Buyer",
        "Cc: Carol Clerk",
        "Date: Tue, 02 Jan 2024 09:15:00 GMT",
        "Subject: Your invoice",
        "Hello Bob,",
        "please find attached your invoice.",
        "Regards"
      ].join("\n"))
      expect(model.pages[0]!.geometry).toBe("synthetic")
      for (const line of model.pages[0]!.lines) expect(inUnit(line.box)).toBe(true)
    }))

  it.effect("follows with the pages of an attached PDF, numbered on", () =>
    Effect.gen(function*() {
      const invoice = yield* pdf([["Invoice 1001", "Total 99.00"], ["Invoice 1001 page 2"]])
      const model = yield* read(makeMsg({
        ...invoiceMail,
        attachments: [
          { name: "invoice-1001.pdf", mimeType: "application/pdf", content: invoice },
          { name: "data.bin", content: Uint8Array.from([0, 1, 2, 3, 254, 255, 0, 7]) }
        ]
      }))
      expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3])
      const first = pageText(model.pages[0]!).replace(/\n/g, " ")
      expect(first).toContain("Regards Attachment: invoice-1001.pdf (application/pdf), 2 pages")
      expect(first).toContain("Attachment skipped: data.bin (application/octet-stream): unsupported file type")
      expect(pageText(model.pages[1]!)).toBe("Invoice 1001\nTotal 99.00")
      expect(pageText(model.pages[2]!)).toBe("Invoice 1001 page 2")
      expect(model.pages[1]!.width).toBe(595)
      expect(model.pages[1]!.geometry).toBeUndefined()
    }))

  it.effect("reads attached Outlook items with their own attachments, nested as attached e-mails are", () =>
    Effect.gen(function*() {
      const forwarded: MsgSpec = {
        subject: "Fwd: receipt",
        senderName: "Supplier",
        senderEmail: "supplier@example.com",
        body: "Receipt attached.",
        attachments: [{
          name: "receipt.pdf",
          mimeType: "application/pdf",
          content: yield* pdf([["Receipt 9", "Paid 5.00"]])
        }]
      }
      const model = yield* read(
        makeMsg({ ...invoiceMail, attachments: [{ name: "Fwd: receipt", message: forwarded }] })
      )
      expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3])
      expect(pageText(model.pages[0]!)).toContain("Attachment: Fwd: receipt.msg (application/vnd.ms-outlook), 2 pages")
      expect(pageText(model.pages[1]!)).toBe(
        "From: Supplier <supplier@example.com>\nSubject: Fwd: receipt\nReceipt attached.\n" +
          "Attachment: receipt.pdf (application/pdf), 1 page"
      )
      expect(pageText(model.pages[2]!)).toBe("Receipt 9\nPaid 5.00")

      let deep: MsgSpec = { subject: "level 5", body: "deepest" }
      for (let level = 4; level >= 0; level--) {
        deep = {
          subject: `level ${level}`,
          body: `body ${level}`,
          attachments: [{ name: `level ${level + 1}`, message: deep }]
        }
      }
      const nested = yield* read(makeMsg(deep))
      // Levels 0–3 are read; level 4 is attached too deep.
      expect(nested.pages).toHaveLength(4)
      expect(pageText(nested.pages[3]!).replace(/\n/g, " ")).toBe(
        "Subject: level 3 body 3 Attachment skipped: level 4.msg (application/vnd.ms-outlook): e-mail nested more than 3 deep"
      )
    }))

  it.effect("converts an HTML-only body to text and leaves images shown in the body out", () =>
    Effect.gen(function*() {
      const html =
        `<p>Your order <b>#55</b> has shipped.</p><table><tr><td>Total</td><td>42.00</td></tr></table><img src="cid:logo">`
      const logo = {
        name: "logo.png",
        mimeType: "image/png",
        contentId: "logo",
        content: Uint8Array.from([0x89, 0x50, 0x4e, 0x47])
      }
      for (const body of [{ html }, { htmlBytes: new TextEncoder().encode(html) }]) {
        const model = yield* read(
          makeMsg({ subject: "Order", senderEmail: "shop@example.com", ...body, attachments: [logo] })
        )
        expect(model.pages).toHaveLength(1)
        expect(pageText(model.pages[0]!)).toBe(
          "From: shop@example.com\nSubject: Order\nYour order #55 has shipped.\nTotal   42.00"
        )
      }
    }))

  it.effect("counts attachment pages against the page limit (413)", () =>
    Effect.gen(function*() {
      const message = makeMsg({
        ...invoiceMail,
        attachments: [
          { name: "a.pdf", content: yield* pdf([["1"], ["2"]]) },
          { name: "b.pdf", content: yield* pdf([["3"]]) }
        ]
      })
      expect((yield* read(message, 4)).pages).toHaveLength(4)
      expect(yield* Effect.flip(read(message, 3))).toMatchObject({
        _tag: "PayloadTooLarge",
        detail: "the e-mail with its attachments has more than 3 pages; the limit is 3"
      })
    }))

  it.effect(`reads at most ${MAX_ATTACHMENTS} attachments and says how many it skipped`, () =>
    Effect.gen(function*() {
      const attachments = Array.from({ length: MAX_ATTACHMENTS + 2 }, (_, i) => ({
        name: `note${i}.txt`,
        content: new TextEncoder().encode(`Note ${i}\n`)
      }))
      const model = yield* read(makeMsg({ subject: "Many", attachments }))
      const attached = model.pages.filter((p) => /^Note \d+$/.test(pageText(p)))
      expect(attached).toHaveLength(MAX_ATTACHMENTS)
      expect(model.pages.map(pageText).join("\n").replace(/\n/g, " ")).toContain(
        `Attachments skipped: 2 more (the limit is ${MAX_ATTACHMENTS} per e-mail)`
      )
    }))

  it.effect("answers 415 quickly for a truncated or corrupt .msg", () =>
    Effect.gen(function*() {
      const message = makeMsg({ ...invoiceMail, attachments: [{ name: "a.pdf", content: yield* pdf([["1"]]) }] })
      const started = Date.now()
      const truncated = yield* Effect.flip(read(message.slice(0, Math.floor(message.byteLength / 2))))
      expect(truncated).toMatchObject({ _tag: "UnsupportedMediaType" })
      expect(truncated.detail).toMatch(/^corrupt or truncated Outlook message: /)

      // A directory chain that loops back on itself: read naively it never ends.
      const directory = new DataView(message.buffer).getUint32(48, true)
      const looped = yield* Effect.flip(read(setFatEntry(message, directory, directory)))
      expect(looped).toMatchObject({
        _tag: "UnsupportedMediaType",
        detail: "corrupt or truncated Outlook message: the directory reuses sector " + directory
      })

      const garbage = message.slice()
      garbage.fill(0xab, 512)
      expect(yield* Effect.flip(read(garbage))).toMatchObject({ _tag: "UnsupportedMediaType" })
      expect(Date.now() - started).toBeLessThan(2_000)
    }))

  it.effect("refuses other compound files (legacy Office) with 415 saying so", () =>
    Effect.gen(function*() {
      const doc = makeCompoundFile({ WordDocument: new Uint8Array(5000).fill(1), "\u0001CompObj": new Uint8Array(100) })
      expect(yield* sniff(doc)).toEqual({ mediaType: "application/x-cfb", ext: "cfb" })
      expect(yield* Effect.flip(read(doc))).toMatchObject({
        _tag: "UnsupportedMediaType",
        detail: "legacy Office file (OLE compound file: .doc, .xls or .ppt) is not supported; save it as .docx or PDF"
      })
    }))
})

layer(testApp(), { timeout: 120_000 })("POST /v1/documents/extract with a .msg", (it) => {
  it.effect("accepts an Outlook message and returns its pages in ocr", () =>
    Effect.gen(function*() {
      const key = yield* keyFor("outlook")
      const template = yield* send(
        HttpClientRequest.post("/v1/templates").pipe(
          withKey(key),
          HttpClientRequest.bodyUnsafeJson({
            document_type: "invoice",
            template_data: { invoice_number: "The invoice number" }
          })
        )
      )
      const invoice = yield* pdf([["INVOICE", "Invoice Number: INV-9"]])
      const message = makeMsg({
        ...invoiceMail,
        attachments: [{ name: "invoice.pdf", mimeType: "application/pdf", content: invoice }]
      })
      const r = yield* send(
        HttpClientRequest.post("/v1/documents/extract").pipe(
          withKey(key),
          HttpClientRequest.bodyFormData(
            fileForm(message, "mail.msg", { template_ids: JSON.stringify([template.json.template_id]) })
          )
        )
      )
      expect(r.status).toBe(200)
      expect(r.json.ocr.map((p: { page: number }) => p.page)).toEqual([1, 2])
      expect(r.json.ocr[0].text).toContain("Subject: Your invoice")
      expect(r.json.ocr[1].text).toContain("Invoice Number: INV-9")
    }))
})
