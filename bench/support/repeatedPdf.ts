/**
 * A long PDF for a bench: a corpus's files one after the other, again and again, until it has the
 * pages asked for (the pages copied as they are).
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { PDFDocument } from "pdf-lib"

export const repeatedPdf = async (dir: string, files: ReadonlyArray<string>, pages: number): Promise<Uint8Array> => {
  const sources = await Promise.all(
    files.map(async (file) =>
      PDFDocument.load(fs.readFileSync(path.join(dir, file)), { ignoreEncryption: true, updateMetadata: false })
    )
  )
  const out = await PDFDocument.create({ updateMetadata: false })
  while (out.getPageCount() < pages) {
    for (const source of sources) {
      if (out.getPageCount() >= pages) break
      const copied = await out.copyPages(source, source.getPageIndices())
      for (const page of copied.slice(0, pages - out.getPageCount())) out.addPage(page)
    }
  }
  return out.save()
}
