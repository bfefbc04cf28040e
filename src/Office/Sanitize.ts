/**
 * A DOCX made safe to hand to an office suite: everything that would make it reach outside the file
 * is removed before conversion. External relationships (linked images, remote templates, linked
 * sub-documents, hyperlink targets), `r:link`/`o:href` references to them, field instructions that
 * pull in other files or addresses (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, …; their last shown
 * result stays), imported chunks (altChunk) and linked OLE objects. What stays is the document's own
 * text, tables and embedded images, which is all the reader needs. The converter also runs without
 * network and without access to other files (Cage.ts): this is the second wall, not the only one.
 */
import { DOMParser, XMLSerializer } from "@xmldom/xmldom"
import type { Document as XmlDocument, Element as XmlElement, Node as XmlNode } from "@xmldom/xmldom"
import { Effect } from "effect"
import JSZip from "jszip"
import { UnsupportedMediaType } from "../Domain/Errors.js"
import type { SafeZip } from "../Reading/ZipArchive.js"

const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
const ELEMENT_NODE = 1

/** What was taken out, for the log and the tests. */
export interface Removed {
  readonly externalRelationships: number
  readonly linkReferences: number
  readonly fieldInstructions: number
  readonly importedChunks: number
}

const none = (): { -readonly [K in keyof Removed]: number } => ({
  externalRelationships: 0,
  linkReferences: 0,
  fieldInstructions: 0,
  importedChunks: 0
})

const elements = (doc: XmlDocument): Array<XmlElement> => {
  const out: Array<XmlElement> = []
  const walk = (node: XmlNode) => {
    for (let child = node.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType !== ELEMENT_NODE) continue
      out.push(child as XmlElement)
      walk(child)
    }
  }
  walk(doc)
  return out
}

/** Relationship parts: every relationship whose target is outside the package goes. */
const cleanRelationships = (doc: XmlDocument, removed: ReturnType<typeof none>) => {
  for (const el of elements(doc)) {
    if (el.localName !== "Relationship") continue
    const mode = el.getAttribute("TargetMode") ?? ""
    const target = el.getAttribute("Target") ?? ""
    // A target with a scheme (file:, http:, \\host) is outside the package whatever the mode says.
    if (mode.toLowerCase() === "external" || /^[a-z][a-z0-9+.-]*:|^[\\/]{2}/i.test(target)) {
      el.parentNode?.removeChild(el)
      removed.externalRelationships++
    }
  }
}

/** Field kinds that read another file or address when the document is opened or updated. */
const FETCHING_FIELDS =
  /^\s*(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|IMPORT|LINK|DDE|DDEAUTO|RD|DATABASE|AUTOTEXTLIST|HYPERLINK)\b/i

/** Attributes (any namespace prefix) that point at a linked, not embedded, resource. */
const LINK_ATTRIBUTES = new Set(["link", "href", "src"])

/** Content parts (document, headers, footers, notes, …). */
const cleanContent = (doc: XmlDocument, removed: ReturnType<typeof none>) => {
  const all = elements(doc)
  // Complex fields spread their instruction over several instrText runs: join them per field.
  let instruction: Array<XmlElement> | undefined
  const flush = () => {
    if (instruction === undefined) return
    const text = instruction.map((el) => el.textContent ?? "").join("")
    if (FETCHING_FIELDS.test(text)) {
      for (const el of instruction) el.textContent = ""
      removed.fieldInstructions++
    }
    instruction = undefined
  }
  for (const el of all) {
    const name = el.localName
    if (name === "fldChar") {
      const type = el.getAttributeNS(el.namespaceURI, "fldCharType") ?? el.getAttribute("w:fldCharType")
      if (type === "begin") {
        flush()
        instruction = []
      } else flush()
    } else if (name === "instrText") {
      if (instruction === undefined) instruction = []
      instruction.push(el)
    } else if (name === "fldSimple") {
      const attr = [...Array.from({ length: el.attributes.length }, (_, i) => el.attributes.item(i)!)]
        .find((a) => a.localName === "instr")
      if (attr !== undefined && FETCHING_FIELDS.test(attr.value)) {
        el.removeAttributeNode(attr)
        removed.fieldInstructions++
      }
    } else if (name === "altChunk" || name === "subDoc") {
      el.parentNode?.removeChild(el)
      removed.importedChunks++
      continue
    } else if (name === "OLEObject" && /^link$/i.test(el.getAttribute("Type") ?? "")) {
      el.parentNode?.removeChild(el)
      removed.linkReferences++
      continue
    }
    for (const attr of Array.from({ length: el.attributes.length }, (_, i) => el.attributes.item(i)!)) {
      const isRelationshipLink = attr.namespaceURI === R && attr.localName === "link"
      const isVmlHref = attr.namespaceURI !== R && LINK_ATTRIBUTES.has(attr.localName ?? "") &&
        /^[a-z][a-z0-9+.-]*:|^[\\/]{2}/i.test(attr.value)
      if (isRelationshipLink || isVmlHref) {
        el.removeAttributeNode(attr)
        removed.linkReferences++
      }
    }
  }
  flush()
}

const parseXml = (name: string, bytes: Uint8Array): Effect.Effect<XmlDocument, UnsupportedMediaType> =>
  Effect.try({
    try: () => {
      const text = Buffer.from(bytes).toString("utf8")
      // Office parts never declare a DTD; one here could only serve entity tricks.
      if (/<!DOCTYPE/i.test(text)) throw new Error("it declares a DOCTYPE")
      let fatal: string | undefined
      const doc = new DOMParser({
        onError: (level, message) => {
          if (level !== "warning") fatal ??= message
        }
      }).parseFromString(text, "application/xml")
      if (fatal !== undefined) throw new Error(fatal)
      return doc
    },
    catch: (e) =>
      new UnsupportedMediaType({
        detail: `unreadable DOCX: ${name} is not XML (${e instanceof Error ? e.message : String(e)})`
      })
  })

/** The package rewritten without its outward references; the count of what was removed. */
export const sanitizeDocx = (
  zip: SafeZip
): Effect.Effect<{ readonly bytes: Uint8Array; readonly removed: Removed }, UnsupportedMediaType> =>
  Effect.gen(function*() {
    const removed = none()
    const out = new JSZip()
    const serializer = new XMLSerializer()
    for (const name of zip.names) {
      const bytes = yield* zip.read(name)
      if (/\.rels$/i.test(name)) {
        const doc = yield* parseXml(name, bytes)
        cleanRelationships(doc, removed)
        out.file(name, serializer.serializeToString(doc))
      } else if (/\.xml$/i.test(name) && !/^\[Content_Types\]\.xml$/i.test(name)) {
        const doc = yield* parseXml(name, bytes)
        cleanContent(doc, removed)
        out.file(name, serializer.serializeToString(doc))
      } else {
        out.file(name, bytes)
      }
    }
    const rebuilt = yield* Effect.promise(() => out.generateAsync({ type: "uint8array", compression: "STORE" }))
    return { bytes: rebuilt, removed }
  }).pipe(Effect.withSpan("Office.sanitizeDocx"))
