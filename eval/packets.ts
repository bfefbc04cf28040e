/**
 * `npx tsx eval/packets.ts [--seed N] [--count N] [--out DIR] [corpus-dir…]`: builds packet corpora from
 * field corpora, to measure splitting on documents like the ones users send together: invoices of
 * several sellers and languages one after the other, scanned invoices and receipts mixed, multi-page
 * invoices kept whole. Each packet concatenates two to five documents (PDF pages copied as they are,
 * images as image-only pages); its manifest lists the sections and each section's expected values.
 *
 * Two corpora are written, `packets-built-tune` from the tune part of the source corpora and
 * `packets-built-held-back` from their held-back part (eval/Split.ts), so that a packet never mixes
 * files of the two parts. Default sources: the shared invoice and receipt corpora; default output
 * eval/out/packets. Run `npm run eval -- eval/out/packets` afterwards.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { PDFDocument } from "pdf-lib"
import { type Corpus, loadCorpus } from "./Manifest.js"
import { type Part, partOf } from "./Split.js"
import { random } from "./synthetic/Random.js"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

interface Source {
  readonly corpus: Corpus
  readonly file: string
  readonly expected: Readonly<Record<string, unknown>>
  readonly documentType: string
}

const sourcesOf = (corpus: Corpus, part: Part): Array<Source> =>
  corpus.manifest.items
    .filter((i) => i.expected !== undefined && partOf(i.file) === part)
    .map((i) => ({ corpus, file: i.file, expected: i.expected!, documentType: corpus.templates[0]!.document_type }))

/** Appends a source document's pages to the packet; the number of pages added. */
const append = async (doc: PDFDocument, s: Source): Promise<number> => {
  const bytes = fs.readFileSync(path.join(s.corpus.dir, s.file))
  if (/\.pdf$/i.test(s.file)) {
    const src = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
    const pages = await doc.copyPages(src, src.getPageIndices())
    for (const p of pages) doc.addPage(p)
    return pages.length
  }
  const img = /\.png$/i.test(s.file) ? await doc.embedPng(bytes) : await doc.embedJpg(bytes)
  // Receipts are photographed or scanned at about 200 dpi.
  const w = (img.width * 72) / 200, h = (img.height * 72) / 200
  doc.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: w, height: h })
  return 1
}

const build = async (
  part: Part,
  sources: ReadonlyArray<Source>,
  templates: ReadonlyArray<Corpus["templates"][number]>,
  dir: string,
  name: string,
  seed: number,
  count: number
) => {
  fs.mkdirSync(path.join(dir, "files"), { recursive: true })
  const r = random(`${name}:${seed}`)
  const invoices = sources.filter((s) => s.documentType === "invoice")
  const receipts = sources.filter((s) => s.documentType === "receipt")
  const items = []
  for (let n = 0; n < count; n++) {
    // Half the packets hold invoices only (several sellers and languages), half mix in receipts.
    const pool = n % 2 === 0 || receipts.length === 0 ? invoices : [...invoices, ...receipts, ...receipts]
    const docs = r.shuffle(pool).slice(0, r.int(2, 5))
    const doc = await PDFDocument.create({ updateMetadata: false })
    const sections = []
    let page = 1
    for (const s of docs) {
      const added = await append(doc, s)
      sections.push({
        document_type: s.documentType,
        pages: Array.from({ length: added }, (_, i) => page + i),
        expected: s.expected
      })
      page += added
    }
    const file = `files/packet_${String(n).padStart(3, "0")}.pdf`
    fs.writeFileSync(path.join(dir, file), await doc.save())
    items.push({
      file,
      part,
      expected_sections: sections,
      sources: docs.map((s) => `${path.basename(s.corpus.dir)}/${s.file}`)
    })
  }
  const manifest = {
    name,
    source: `built by eval/packets.ts (seed ${seed}) from ${
      [...new Set(sources.map((s) => path.basename(s.corpus.dir)))].join(", ")
    }`,
    compare:
      "strings: case, spacing and punctuation ignored; issuer/customer/company: most words shared; numbers: within 0.01; dates: ISO YYYY-MM-DD",
    templates,
    items
  }
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest, null, 2))
  console.log(
    `${name}: ${items.length} packets, ${items.reduce((n, i) => n + i.expected_sections.length, 0)} documents → ${dir}`
  )
}

const main = async () => {
  const { positionals, values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      count: { type: "string", default: "20" },
      out: { type: "string", default: path.join(root, "eval", "out", "packets") }
    },
    allowPositionals: true
  })
  const seed = Number(values.seed)
  const count = Number(values.count)
  const out = path.resolve(values.out)
  const shared = path.resolve(root, "..", "shared", "corpora")
  const dirs = positionals.length > 0
    ? positionals.map((a) => path.resolve(a))
    : ["invoices-zugferd-dev", "invoices-zugferd-dev-scanned", "invoices-dev", "receipts-dev", "receipts-more"].map((
      c
    ) => path.join(shared, c)).filter((d) => fs.existsSync(d))
  const corpora = dirs.map(loadCorpus).filter((c) => c.kind === "fields")
  // One template per document type: the first source's (the default order puts the richest first).
  const byType = new Map<string, Corpus["templates"][number]>()
  for (const c of corpora) {
    if (!byType.has(c.templates[0]!.document_type)) byType.set(c.templates[0]!.document_type, c.templates[0]!)
  }
  const templates = [...byType.values()]
  for (const part of ["tune", "held-back"] as const) {
    const sources = corpora.flatMap((c) => sourcesOf(c, part))
    await build(part, sources, templates, path.join(out, `packets-built-${part}`), `packets-built-${part}`, seed, count)
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e instanceof Error ? e.stack : e)
  process.exit(1)
})
