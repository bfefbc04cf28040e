/**
 * DOCX → page model. The zip is opened defensively first (ZipArchive: zip bombs, corrupt archives).
 * When an office converter runs here (Office/Converter.ts: LibreOffice in its sandbox), the file,
 * cleaned of every outward reference (Office/Sanitize.ts), is converted to PDF and read by the PDF
 * reader: real pages and boxes. Otherwise mammoth reads the text and structure (headings, paragraphs,
 * tables, explicit page breaks) and the flow is laid out on synthetic pages (`geometry: "synthetic"`).
 */
import { Effect, Option } from "effect"
import JSZip from "jszip"
import mammoth from "mammoth"
import { PayloadTooLarge, UnsupportedMediaType } from "../Domain/Errors.js"
import type { PageModel } from "../Domain/PageModel.js"
import { OfficeConverter } from "../Office/Converter.js"
import { sanitizeDocx } from "../Office/Sanitize.js"
import { DOCUMENT_PAGE, htmlToSections } from "./Html.js"
import { readPdf } from "./Pdf.js"
import { layOutSections } from "./TextLayout.js"
import { openZip, type SafeZip } from "./ZipArchive.js"

export const DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"

export interface ReadDocxOptions {
  readonly maxPages: number
}

export const readDocx = (
  bytes: Uint8Array,
  options: ReadDocxOptions
): Effect.Effect<PageModel, UnsupportedMediaType | PayloadTooLarge, OfficeConverter> =>
  Effect.gen(function*() {
    const zip = yield* openZip(bytes, "DOCX")
    if (!zip.has("word/document.xml")) {
      return yield* new UnsupportedMediaType({ detail: "zip archive without word/document.xml: not a DOCX" })
    }
    const office = yield* OfficeConverter
    if (Option.isSome(office.toPdf)) {
      const toPdf = office.toPdf.value
      const converted = yield* sanitizeDocx(zip).pipe(
        Effect.tap(({ removed }) => Effect.annotateCurrentSpan("removed", removed)),
        Effect.flatMap((clean) => toPdf(clean.bytes, "docx")),
        Effect.flatMap((pdf) => readPdf(pdf, options)),
        // A page count over the limit stands; any other failure falls back to the text layout.
        Effect.catchAll((e) =>
          e instanceof PayloadTooLarge
            ? Effect.fail(e)
            : Effect.logWarning("DOCX: conversion to PDF failed, laying out the text instead").pipe(
              Effect.annotateLogs("cause", e._tag === "ConversionFailed" ? e.reason : e.detail),
              Effect.as(undefined)
            )
        )
      )
      if (converted !== undefined) return { ...converted, mediaType: DOCX_MEDIA_TYPE } satisfies PageModel
    }
    return yield* readFlow(zip)
  }).pipe(Effect.withSpan("Docx.read", { attributes: { bytes: bytes.byteLength } }))

const PAGE_BREAKS = "br[type='page'] => hr.page-break"

/** mammoth's HTML of the document, laid out as flow text. */
const readFlow = (zip: SafeZip): Effect.Effect<PageModel, UnsupportedMediaType> =>
  Effect.gen(function*() {
    const buffer = yield* partsForMammoth(zip)
    const html = yield* Effect.tryPromise({
      try: () =>
        mammoth.convertToHtml({ buffer }, {
          styleMap: [PAGE_BREAKS],
          // Images are not read at all (they are never inflated, see partsForMammoth).
          convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
          externalFileAccess: false
        }),
      catch: (e) =>
        new UnsupportedMediaType({ detail: `unreadable DOCX: ${e instanceof Error ? e.message : String(e)}` })
    })
    const pages = layOutSections(htmlToSections(html.value), DOCUMENT_PAGE)
    return { mediaType: DOCX_MEDIA_TYPE, pages } satisfies PageModel
  })

/**
 * The archive mammoth reads: the XML parts, inflated by the bounded reader and stored uncompressed,
 * and every other part (images, fonts, embedded objects) empty, so mammoth never inflates anything itself.
 */
const partsForMammoth = (zip: SafeZip): Effect.Effect<Buffer, UnsupportedMediaType> =>
  Effect.gen(function*() {
    const out = new JSZip()
    for (const name of zip.names) {
      out.file(name, /\.(xml|rels)$/i.test(name) ? yield* zip.read(name) : new Uint8Array(0))
    }
    return yield* Effect.promise(() => out.generateAsync({ type: "nodebuffer", compression: "STORE" }))
  })
