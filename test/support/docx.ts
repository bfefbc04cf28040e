/**
 * DOCX files for tests, assembled by hand (no DOCX writer is installed): the minimal OOXML parts in a
 * zip written with jszip. Plus raw zip writing for hostile archives (zip bombs that never exist inflated
 * in the test's memory).
 */
import JSZip from "jszip"
import { constants, deflateRawSync } from "node:zlib"

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

export const paragraph = (text: string, style?: string): string =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r><w:t xml:space="preserve">${
    esc(text)
  }</w:t></w:r></w:p>`
export const heading = (text: string, level = 1): string => paragraph(text, `Heading${level}`)
export const pageBreak = `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`
export const table = (rows: ReadonlyArray<ReadonlyArray<string>>): string =>
  `<w:tbl>${rows.map((r) => `<w:tr>${r.map((c) => `<w:tc>${paragraph(c)}</w:tc>`).join("")}</w:tr>`).join("")}</w:tbl>`

const STYLES = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="${W}">${
  [1, 2].map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/></w:style>`)
    .join("")
}</w:styles>`

/** The parts of a DOCX whose body is the given WordprocessingML. */
export const docxParts = (body: string): Record<string, string> => ({
  "[Content_Types].xml":
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
  "_rels/.rels":
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  "word/_rels/document.xml.rels":
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  "word/styles.xml": STYLES,
  "word/document.xml":
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`
})

/** A zip of the given entries (deflated). */
export const makeZip = async (entries: Record<string, string | Uint8Array>): Promise<Uint8Array> => {
  const zip = new JSZip()
  for (const [name, content] of Object.entries(entries)) zip.file(name, content)
  return new Uint8Array(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }))
}

export const makeDocx = (body: string): Promise<Uint8Array> => makeZip(docxParts(body))

// ---------------------------------------------------------------------------------------------
// Raw zips

export interface RawEntry {
  readonly name: string
  /** Raw deflate data. */
  readonly deflated: Uint8Array
  /** What the headers claim the entry inflates to. */
  readonly declaredSize: number
}

/**
 * Raw deflate data inflating to `megabytes` MB of zeros, made from one sync-flushed 1 MB block repeated
 * (about 1 KB each), so a 300 MB entry costs the test ~300 KB and no inflating.
 */
export const deflatedZeros = (megabytes: number): Uint8Array => {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_SYNC_FLUSH })
  const finalEmptyBlock = Buffer.from([0x03, 0x00])
  return new Uint8Array(Buffer.concat([...Array.from({ length: megabytes }, () => block), finalEmptyBlock]))
}

export const deflated = (content: string): Uint8Array => new Uint8Array(deflateRawSync(Buffer.from(content)))

/** A zip written byte by byte (CRCs are zero: readers that trust the headers are what is tested). */
export const rawZip = (entries: ReadonlyArray<RawEntry>): Uint8Array => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8) // deflate
    local.writeUInt32LE(e.deflated.length, 18)
    local.writeUInt32LE(e.declaredSize, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, Buffer.from(e.deflated))
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(e.deflated.length, 20)
    central.writeUInt32LE(e.declaredSize, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + e.deflated.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
const A = "http://schemas.openxmlformats.org/drawingml/2006/main"
const PIC = "http://schemas.openxmlformats.org/drawingml/2006/picture"
const WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"

/** A picture that is linked (r:link), not embedded: the office suite fetches it when it lays out the page. */
const linkedPicture = (rid: string) =>
  `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="P"/><a:graphic><a:graphicData uri="${PIC}"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`

/** A complex field (instruction split over two runs, as Word writes long ones) with a cached result. */
const field = (instruction: string, shown: string) => {
  const half = Math.floor(instruction.length / 2)
  return `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> ${
    esc(instruction.slice(0, half))
  }</w:instrText></w:r><w:r><w:instrText xml:space="preserve">${
    esc(instruction.slice(half))
  } </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${
    esc(shown)
  }</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`
}

/**
 * A DOCX that reaches outside itself every way a stranger's file can: pictures linked to an address and
 * to a local file, INCLUDEPICTURE and INCLUDETEXT fields (complex and simple) naming both, a linked
 * template. `text` is its own visible text.
 */
export const outwardDocx = (options: { readonly url: string; readonly file: string; readonly text: string }) => {
  const fileUrl = `file://${options.file}`
  const parts = docxParts("")
  parts["word/_rels/document.xml.rels"] =
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${
      esc(options.url)
    }/linked.png" TargetMode="External"/><Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${
      esc(fileUrl)
    }" TargetMode="External"/></Relationships>`
  parts["word/settings.xml"] =
    `<?xml version="1.0" encoding="UTF-8"?><w:settings xmlns:w="${W}" xmlns:r="${R}"><w:attachedTemplate r:id="rId1"/></w:settings>`
  parts["word/_rels/settings.xml.rels"] =
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="${
      esc(options.url)
    }/template.dotx" TargetMode="External"/></Relationships>`
  parts["word/document.xml"] =
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${R}" xmlns:a="${A}" xmlns:pic="${PIC}" xmlns:wp="${WP}"><w:body>${
      paragraph(options.text)
    }${linkedPicture("rId7")}${linkedPicture("rId8")}${field(`INCLUDETEXT "${fileUrl}"`, "included text")}${
      field(`INCLUDEPICTURE "${options.url}/field.png" \\d`, "included picture")
    }${
      field(`INCLUDETEXT "${options.url}/text.txt"`, "included remote text")
    }<w:p><w:fldSimple w:instr="INCLUDETEXT &quot;${
      esc(options.file)
    }&quot;"><w:r><w:t>simple field</w:t></w:r></w:fldSimple></w:p></w:body></w:document>`
  return makeZip(parts)
}
