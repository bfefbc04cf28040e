import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { pageText } from "../../src/Domain/PageModel.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"
import { EML_MEDIA_TYPE } from "../../src/Reading/Email.js"
import { readFile } from "../../src/Reading/Reader.js"
import { sniff } from "../../src/Reading/Sniff.js"
import { inUnit } from "../support/boxes.js"
import { heading, makeDocx, paragraph } from "../support/docx.js"
import { makeTextPdf } from "../support/pdfs.js"

const read = (bytes: Uint8Array, maxPages = 500) => readFile(bytes, { maxPages }).pipe(Effect.provide(InProcessReader))

interface Part {
  readonly type: string
  readonly content: Uint8Array | string
  /** Attachment file name (a body part when absent). */
  readonly name?: string
  /** Inline, referenced from the HTML body by this Content-ID. */
  readonly cid?: string
}

/** An RFC 822 message: headers, then a multipart/mixed body (base64 parts; attached messages as they are). */
const eml = (headers: Record<string, string>, parts: ReadonlyArray<Part>): Uint8Array => {
  const boundary = `b${Math.random().toString(36).slice(2)}`
  const lines = [
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    ""
  ]
  for (const part of parts) {
    lines.push(`--${boundary}`, `Content-Type: ${part.type}${part.name ? `; name="${part.name}"` : ""}`)
    if (part.name) lines.push(`Content-Disposition: ${part.cid ? "inline" : "attachment"}; filename="${part.name}"`)
    if (part.cid) lines.push(`Content-ID: <${part.cid}>`)
    if (part.type === "message/rfc822") {
      lines.push("", Buffer.from(part.content).toString("utf8"))
    } else {
      const base64 = Buffer.from(part.content).toString("base64").replace(/.{76}/g, "$&\r\n")
      lines.push("Content-Transfer-Encoding: base64", "", base64)
    }
  }
  lines.push(`--${boundary}--`, "")
  return new TextEncoder().encode(lines.join("\r\n"))
}

const headers = {
  From: "Accounts <billing@acme.example>",
  To: "Bob Buyer <bob@example.com>",
  Cc: "carol@example.com",
  Date: "Tue, 02 Jan 2024 10:15:00 +0100",
  Subject: "Your invoice and receipt"
}

const pdf = (pages: ReadonlyArray<ReadonlyArray<string>>) => Effect.promise(() => makeTextPdf(pages))

describe("readEmail", () => {
  it.effect("headers and body first, then each attachment's pages numbered on; unreadable ones skipped", () =>
    Effect.gen(function*() {
      const invoice = yield* pdf([["Invoice 1001", "Total 99.00"], ["Invoice 1001 page 2"]])
      const message = eml(headers, [
        { type: "text/plain; charset=utf-8", content: "Hello Bob,\n\nplease find attached your invoice.\n\nRegards" },
        { type: "application/pdf", name: "invoice-1001.pdf", content: invoice },
        { type: "text/plain", name: "receipt.txt", content: "Receipt 77\nPaid: 12.00 EUR\n" },
        { type: "application/octet-stream", name: "data.bin", content: Uint8Array.from([0, 1, 2, 3, 254, 255, 0, 7]) }
      ])
      const model = yield* read(message)
      expect(model.mediaType).toBe(EML_MEDIA_TYPE)
      expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3, 4])
      expect(pageText(model.pages[0]!)).toBe([
        "From: Accounts <billing@acme.example>",
        "To: Bob Buyer <bob@example.com>",
        "Cc: carol@example.com",
        "Date: Tue, 02 Jan 2024 10:15:00 +0100",
        "Subject: Your invoice and receipt",
        "Hello Bob,",
        "please find attached your invoice.",
        "Regards",
        "Attachment: invoice-1001.pdf (application/pdf), 2 pages",
        "Attachment: receipt.txt (text/plain), 1 page",
        // A long line wraps.
        "Attachment skipped: data.bin (application/octet-stream): unsupported file type",
        "application/octet-stream"
      ].join("\n"))
      expect(model.pages[0]!.geometry).toBe("synthetic")
      expect(pageText(model.pages[1]!)).toBe("Invoice 1001\nTotal 99.00")
      expect(pageText(model.pages[2]!)).toBe("Invoice 1001 page 2")
      expect(model.pages[1]!.width).toBe(595) // the PDF's own page, measured boxes
      expect(model.pages[1]!.geometry).toBeUndefined()
      expect(pageText(model.pages[3]!)).toBe("Receipt 77\nPaid: 12.00 EUR")
      for (const page of model.pages) {
        expect(page.source).toBe("text")
        for (const line of page.lines) expect(inUnit(line.box)).toBe(true)
      }
    }))

  it.effect("converts an HTML-only body to text and leaves inline images of the body out", () =>
    Effect.gen(function*() {
      const message = eml({ From: "shop@example.com", To: "me@example.com", Subject: "Order" }, [
        {
          type: "text/html; charset=utf-8",
          content:
            `<p>Your order <b>#55</b> has shipped.</p><table><tr><td>Total</td><td>42.00</td></tr></table><img src="cid:logo">`
        },
        { type: "image/png", name: "logo.png", cid: "logo", content: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) }
      ])
      const model = yield* read(message)
      expect(model.pages).toHaveLength(1)
      expect(pageText(model.pages[0]!)).toBe(
        "From: shop@example.com\nTo: me@example.com\nSubject: Order\nYour order #55 has shipped.\nTotal   42.00"
      )
    }))

  it.effect("reads DOCX and attached e-mails (with their own attachments) too", () =>
    Effect.gen(function*() {
      const inner = eml({ From: "supplier@example.com", To: "billing@acme.example", Subject: "Fwd: receipt" }, [
        { type: "text/plain", content: "Receipt attached." },
        { type: "application/pdf", name: "receipt.pdf", content: yield* pdf([["Receipt 9", "Paid 5.00"]]) }
      ])
      const docx = yield* Effect.promise(() => makeDocx(heading("Delivery note 3") + paragraph("3 boxes")))
      const outer = eml(headers, [
        { type: "text/plain", content: "Two documents." },
        {
          type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
          name: "note.docx",
          content: docx
        },
        { type: "message/rfc822", name: "forwarded.eml", content: inner }
      ])
      const model = yield* read(outer)
      expect(model.pages.map((p) => p.page)).toEqual([1, 2, 3, 4])
      const first = pageText(model.pages[0]!).replace(/\n/g, " ")
      expect(first).toContain(
        "Attachment: note.docx (application/vnd.openxmlformats-officedocument.wordprocessingml.document), 1 page"
      )
      expect(first).toContain("Attachment: forwarded.eml (message/rfc822), 2 pages")
      expect(pageText(model.pages[1]!)).toBe("Delivery note 3\n3 boxes")
      expect(pageText(model.pages[2]!)).toMatch(
        /^From: supplier@example.com\n.*\nSubject: Fwd: receipt\nReceipt attached\./s
      )
      expect(pageText(model.pages[3]!)).toBe("Receipt 9\nPaid 5.00")
    }))

  it.effect("skips e-mails nested deeper than the limit", () =>
    Effect.gen(function*() {
      let message = eml({ From: "a@example.com", To: "b@example.com", Subject: "level 5" }, [{
        type: "text/plain",
        content: "deepest"
      }])
      for (let level = 4; level >= 0; level--) {
        message = eml({ From: "a@example.com", To: "b@example.com", Subject: `level ${level}` }, [
          { type: "text/plain", content: `body ${level}` },
          { type: "message/rfc822", name: `level${level + 1}.eml`, content: message }
        ])
      }
      const model = yield* read(message)
      // Levels 0–3 are read; level 4 is attached too deep.
      expect(model.pages).toHaveLength(4)
      expect(pageText(model.pages[3]!)).toContain("Subject: level 3")
      expect(pageText(model.pages[3]!).replace(/\n/g, " ")).toContain(
        "Attachment skipped: level4.eml (message/rfc822): e-mail nested more than 3 deep"
      )
    }))

  it.effect("counts attachment pages against the page limit (413)", () =>
    Effect.gen(function*() {
      const message = eml(headers, [
        { type: "text/plain", content: "Three pages attached." },
        { type: "application/pdf", name: "a.pdf", content: yield* pdf([["1"], ["2"]]) },
        { type: "application/pdf", name: "b.pdf", content: yield* pdf([["3"]]) }
      ])
      expect((yield* read(message, 4)).pages).toHaveLength(4)
      expect(yield* Effect.flip(read(message, 3))).toMatchObject({
        _tag: "PayloadTooLarge",
        detail: "the e-mail with its attachments has more than 3 pages; the limit is 3"
      })
    }))

  it.effect("skips corrupt, empty and non-document attachments, saying why", () =>
    Effect.gen(function*() {
      const message = eml(headers, [
        { type: "text/plain", content: "See attached." },
        { type: "application/pdf", name: "broken.pdf", content: "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n" },
        { type: "application/pdf", name: "empty.pdf", content: new Uint8Array(0) },
        { type: "text/calendar", name: "invite.ics", content: "BEGIN:VCALENDAR\nEND:VCALENDAR\n" }
      ])
      const model = yield* read(message)
      expect(model.pages).toHaveLength(1)
      const text = pageText(model.pages[0]!).replace(/\n/g, " ")
      expect(text).toMatch(/Attachment skipped: broken\.pdf \(application\/pdf\): corrupt or unreadable PDF/)
      expect(text).toContain("Attachment skipped: empty.pdf (application/pdf): empty file")
      expect(text).toContain("Attachment skipped: invite.ics (text/calendar): not a document")
    }))
})

describe("sniff: e-mail", () => {
  it.effect("recognises an RFC 822 header block, not a memo that starts with a subject line", () =>
    Effect.gen(function*() {
      const message = eml(headers, [{ type: "text/plain", content: "hi" }])
      expect(yield* sniff(message)).toEqual({ mediaType: "message/rfc822", ext: "eml" })
      const received = new TextEncoder().encode(
        "Received: from mx.example.com by mail.example.org;\n\tTue, 2 Jan 2024 10:00:00 +0000\nSubject: hi\n\nbody\n"
      )
      expect(yield* sniff(received)).toEqual({ mediaType: "message/rfc822", ext: "eml" })
      const mbox = new TextEncoder().encode(
        "From a@example.com Mon Jan  1 00:00:00 2024\nFrom: a@example.com\nTo: b@example.com\n\nhi\n"
      )
      expect(yield* sniff(mbox)).toEqual({ mediaType: "message/rfc822", ext: "eml" })
      const memo = new TextEncoder().encode("Subject: Meeting notes\nDate: 2024-01-02\n\nWe agreed on the plan.\n")
      expect(yield* sniff(memo)).toEqual({ mediaType: "text/plain", ext: "txt" })
      const invoice = new TextEncoder().encode("From: ACME\nInvoice number: 42\n\nTotal: 10.00\n")
      expect(yield* sniff(invoice)).toEqual({ mediaType: "text/plain", ext: "txt" })
    }))
})
