/**
 * `npx tsx eval/scans.ts [--seed N] [--dpi N] [--out DIR] [corpus-dir]`: builds a corpus of scanned
 * invoices from a corpus of text PDFs, to measure the OCR path on more documents than the shared
 * scanned corpus holds: every page rendered at `--dpi` (150 by default, as the shared scans), skewed,
 * blurred, noised and JPEG-compressed, reassembled as an image-only PDF. Each file keeps its source's
 * expected values and its part (tune or held back, eval/Split.ts), so that the scans of held-back files
 * are only scored. Default source: the shared invoices-zugferd-dev; default output
 * eval/out/scans/<corpus>-built-scans. Run `npm run eval -- eval/out/scans --no-synthetic` afterwards.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { PDFDocument } from "pdf-lib"
import { loadCorpus } from "./Manifest.js"
import { partOf } from "./Split.js"
import { random } from "./synthetic/Random.js"
import { imagePdfPages, scanPdf } from "./synthetic/Render.js"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

const main = async () => {
  const { positionals, values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      dpi: { type: "string", default: "150" },
      out: { type: "string", default: path.join(root, "eval", "out", "scans") }
    },
    allowPositionals: true
  })
  const seed = Number(values.seed)
  const dpi = Number(values.dpi)
  const source = path.resolve(positionals[0] ?? path.join(root, "..", "shared", "corpora", "invoices-zugferd-dev"))
  const corpus = loadCorpus(source)
  const name = `${path.basename(source)}-built-scans`
  const out = path.resolve(values.out, name)
  fs.mkdirSync(path.join(out, "files"), { recursive: true })
  const items = []
  for (const item of corpus.manifest.items) {
    if (!/\.pdf$/i.test(item.file) || item.expected === undefined) continue
    const r = random(`${name}:${seed}:${item.file}`)
    const images = await scanPdf(r, new Uint8Array(fs.readFileSync(path.join(source, item.file))), {
      dpi,
      maxSkew: 1,
      noise: r.int(4, 12),
      quality: r.int(60, 85)
    })
    const doc = await PDFDocument.create({ updateMetadata: false })
    await imagePdfPages(doc, images, dpi)
    const file = `files/${path.basename(item.file, ".pdf")}_scan.pdf`
    fs.writeFileSync(path.join(out, file), await doc.save())
    items.push({ ...item, file, part: item.part ?? partOf(item.file) })
  }
  const manifest = {
    ...corpus.manifest,
    name,
    source: `built by eval/scans.ts (seed ${seed}, ${dpi} dpi) from ${path.basename(source)}`,
    items
  }
  fs.writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2))
  console.log(`${name}: ${items.length} scanned documents → ${out}`)
}

main().then(() => process.exit(0), (e) => {
  console.error(e instanceof Error ? e.stack : e)
  process.exit(1)
})
