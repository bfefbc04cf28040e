/**
 * Evaluation corpora on disk: a folder with a `manifest.json` and the files it names. Two kinds:
 * field corpora (one `template`, items with `expected` values) and packet corpora (`templates`,
 * items with `expected_sections`, optionally each with its own `expected` values).
 */
import { Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"

const Template = Schema.Struct({
  document_type: Schema.String,
  template_data: Schema.Unknown
})
export type Template = typeof Template.Type

const Expected = Schema.Record({ key: Schema.String, value: Schema.Unknown })

const ExpectedSection = Schema.Struct({
  document_type: Schema.String,
  pages: Schema.Array(Schema.Number),
  expected: Schema.optional(Expected)
})
export type ExpectedSection = typeof ExpectedSection.Type

/** An expected line item: found when a returned line has the same amount. */
const ExpectedLine = Schema.Struct({
  description: Schema.optional(Schema.String),
  quantity: Schema.optional(Schema.Number),
  amount: Schema.Number
})
export type ExpectedLine = typeof ExpectedLine.Type

const Item = Schema.Struct({
  file: Schema.String,
  expected: Schema.optional(Expected),
  lines: Schema.optional(Schema.Array(ExpectedLine)),
  /** The part the item belongs to when the corpus says so (packets built from one part of other corpora). */
  part: Schema.optional(Schema.Literal("tune", "held-back")),
  expected_sections: Schema.optional(Schema.Array(ExpectedSection)),
  ocr_truth: Schema.optional(Schema.String)
})
export type Item = typeof Item.Type

const ManifestSchema = Schema.Struct({
  name: Schema.String,
  source: Schema.optional(Schema.String),
  compare: Schema.optional(Schema.String),
  template: Schema.optional(Template),
  templates: Schema.optional(Schema.Array(Template)),
  items: Schema.Array(Item)
})
export type Manifest = typeof ManifestSchema.Type

export interface Corpus {
  readonly dir: string
  readonly manifest: Manifest
  readonly kind: "fields" | "packets"
  /** The templates every item is run with, in manifest order. */
  readonly templates: ReadonlyArray<Template>
}

/** Reads and checks a corpus folder's manifest; throws with the folder's name when it is not one. */
export const loadCorpus = (dir: string): Corpus => {
  const file = path.join(dir, "manifest.json")
  if (!fs.existsSync(file)) throw new Error(`${dir}: no manifest.json`)
  const manifest = Schema.decodeUnknownSync(ManifestSchema)(JSON.parse(fs.readFileSync(file, "utf8")))
  const templates = manifest.templates ?? (manifest.template !== undefined ? [manifest.template] : [])
  if (templates.length === 0) throw new Error(`${file}: neither "template" nor "templates"`)
  const kind = manifest.items.some((i) => i.expected_sections !== undefined) ? "packets" : "fields"
  return { dir, manifest, kind, templates }
}

/** The corpus folders under a directory (each sub-folder holding a manifest.json), sorted by name. */
export const corporaIn = (root: string): Array<string> =>
  fs.existsSync(root)
    ? fs.readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, d.name, "manifest.json")))
      .map((d) => path.join(root, d.name))
      .sort()
    : []
