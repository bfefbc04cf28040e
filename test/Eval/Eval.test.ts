import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { compareValue, fuzzyMatch, normalizeString, rulesOf } from "../../eval/Compare.js"
import { evalConfig } from "../../eval/Config.js"
import { runCorpus, scoreLines, scorePacket } from "../../eval/Harness.js"
import { loadCorpus } from "../../eval/Manifest.js"
import { summarize } from "../../eval/Report.js"
import { partOf } from "../../eval/Split.js"
import { generateSynthetic } from "../../eval/synthetic/Generate.js"
import { invoice } from "../../eval/synthetic/Invoice.js"
import { LOCALES } from "../../eval/synthetic/Locales.js"
import { random } from "../../eval/synthetic/Random.js"
import { charErrorRate, inText } from "../../eval/TextCheck.js"
import { AppConfig } from "../../src/Config.js"
import type { ExtractedObject } from "../../src/Domain/Extraction.js"
import { pageText } from "../../src/Domain/PageModel.js"
import { Extractor, Splitter } from "../../src/Engine/Engine.js"
import { Pipeline } from "../../src/Pipeline/Pipeline.js"
import { InProcessReader } from "../../src/Reading/DocumentReader.js"

const INVOICES =
  "strings: case, spacing and edge punctuation ignored; issuer: fuzzy (most words shared); numbers: within 0.01; dates: ISO YYYY-MM-DD"
const RECEIPTS =
  "strings: case, spacing and punctuation ignored; address/company: exact after that normalisation; total: within 0.01; date: ISO YYYY-MM-DD (source dates are day-first)"

describe("comparison rules", () => {
  it("reads the manifests' compare lines", () => {
    const inv = rulesOf(INVOICES)
    expect(inv.punctuation).toBe("edge")
    expect([...inv.fuzzy]).toEqual(["issuer"])
    expect(inv.tolerance).toBe(0.01)
    const rec = rulesOf(RECEIPTS)
    expect(rec.punctuation).toBe("all")
    expect(rec.fuzzy.size).toBe(0)
  })

  it("ignores case, spacing and edge or all punctuation", () => {
    expect(normalizeString(" #INV/2023/03 ", { punctuation: "edge" })).toBe("inv/2023/03")
    expect(normalizeString("NO.53 55,57 & 59", { punctuation: "all" })).toBe("no53555759")
    const rec = rulesOf(RECEIPTS)
    expect(compareValue("address", "NO.53, JALAN SAGU 18,", "No 53 Jalan Sagu 18", rec).ok).toBe(true)
    expect(compareValue("invoice_number", "#BLR_1", "BLR_1", rulesOf(INVOICES)).ok).toBe(true)
    expect(compareValue("invoice_number", "INV/1", "INV-1", rulesOf(INVOICES)).ok).toBe(false)
  })

  it("matches issuers by most words shared", () => {
    expect(fuzzyMatch("Coolblue B.V.", "Coolblue")).toBe(true)
    expect(fuzzyMatch("QualityHosting AG", "Uferweg 40-42 Gelnhausen")).toBe(false)
    expect(fuzzyMatch("Sammy Maystone - For Lines testing", "Sammy Maystone")).toBe(false)
    expect(compareValue("issuer", "Azure Interior", "azure interior", rulesOf(INVOICES))).toEqual({
      ok: true,
      rule: "fuzzy"
    })
  })

  it("compares numbers within the tolerance and dates as ISO strings", () => {
    const r = rulesOf(INVOICES)
    expect(compareValue("amount", 279.84, 279.845, r).ok).toBe(true)
    expect(compareValue("amount", 279.84, 279.9, r).ok).toBe(false)
    expect(compareValue("amount", 9, "9.00", r).ok).toBe(true)
    expect(compareValue("date", "2023-03-20", "2023-03-20", r).ok).toBe(true)
    expect(compareValue("date", "2023-03-20", "20/03/2023", r).ok).toBe(false)
    expect(compareValue("amount", 1, null, r).ok).toBe(false)
    expect(compareValue("note", null, null, r)).toEqual({ ok: true, rule: "absent" })
  })

  it("tells whether a value is in the page text at all", () => {
    const text = "TOTAL RM 1,234.50\nDATE: 25/12/2018\nTotal EUR 12,50 €"
    expect(inText(1234.5, text)).toBe(true)
    expect(inText(99, text)).toBe(false)
    expect(inText("2018-12-25", text)).toBe(true)
    expect(inText("EUR", "Total 12,50 €")).toBe(true)
    expect(charErrorRate("abc def", "abc  dxf")).toBeCloseTo(1 / 7, 3)
  })
})

describe("the corpus split", () => {
  it("holds back two files in five, a scan on its source document's side", () => {
    const names = Array.from({ length: 200 }, (_, i) => `files/${String(i).padStart(3, "0")}_invoice.pdf`)
    const held = names.filter((f) => partOf(f) === "held-back").length
    expect(held).toBeGreaterThan(60)
    expect(held).toBeLessThan(100)
    for (const f of names) expect(partOf(f.replace(/\.pdf$/, "_scan.pdf"))).toBe(partOf(f))
    // Both parts are met among the scans, so the rule above is not met by one side alone.
    expect(new Set(names.map((f) => partOf(f.replace(/\.pdf$/, "_scan.pdf")))).size).toBe(2)
  })
})

describe("packet scoring", () => {
  const R = (pages: Array<number>) => ({ document_type: "receipt", pages })
  const I = (pages: Array<number>) => ({ document_type: "invoice", pages })

  it("counts pages typed right, exact sections and packets with no error", () => {
    const right = scorePacket([R([1]), I([2, 3])], [R([1]), I([2, 3])], 3)
    expect(right).toMatchObject({ pagesRight: 3, sectionsRight: 2, exact: true })
    const merged = scorePacket([R([1]), R([2]), I([3])], [R([1, 2]), I([3])], 3)
    expect(merged).toMatchObject({ pagesRight: 3, sectionsRight: 1, exact: false })
    const left = scorePacket([R([1]), I([2])], [I([2])], 2)
    expect(left).toMatchObject({ pagesRight: 1, sectionsRight: 1, exact: false })
  })
})

describe("line item scoring", () => {
  const rules = rulesOf("numbers: within 0.01")
  const grounded = (value: string | number | null) =>
    value === null ? null : { value, page: 1, box: [0, 0, 1, 1] as const, confidence: 1 }
  const returned = (lines: ReadonlyArray<[string | null, number | null, number]>): ExtractedObject => ({
    lines: lines.map(([description, quantity, amount]) => ({
      description: grounded(description),
      quantity: grounded(quantity),
      amount: grounded(amount)
    }))
  })

  it("finds lines by amount, then scores the description (most words shared) and the quantity of those found", () => {
    const expected = [
      { description: "Oak shelving, fitted", quantity: 2, amount: 980 },
      { description: "Delivery and installation", quantity: 1, amount: 120 },
      { description: "Brass hinges", quantity: 8, amount: 48 }
    ]
    const scored = scoreLines(
      expected,
      returned([["Oak shelving, fitted", 2, 980], ["Delivery", 3, 120], ["Something else", 1, 10]]),
      rules,
      0
    )
    expect(scored).toMatchObject({
      expected: 3,
      got: 3,
      found: 2,
      described: { total: 2, right: 1 },
      counted: { total: 2, right: 1 }
    })
    expect(scored.mismatches?.map((m) => m.expected.amount)).toEqual([120])
  })

  it("takes a truth's '\uFFFD' (a letter its XML lost) for any one letter or space", () => {
    const scored = scoreLines(
      [{ description: "D\uFFFDclaration\uFFFDd'\uFFFDchanges", amount: 19 }],
      returned([["Déclaration d'échanges", null, 19]]),
      rules,
      0
    )
    expect(scored.described).toEqual({ total: 1, right: 1 })
    const other = scoreLines(
      [{ description: "D\uFFFDclaration\uFFFDd'\uFFFDchanges", amount: 19 }],
      returned([["Déclaration de services", null, 19]]),
      rules,
      0
    )
    expect(other.described).toEqual({ total: 1, right: 0 })
  })
})

// An oracle engine over plain-text documents: each page says its type and values as "key: value"
// lines, so the pipeline returns exactly what the files state and the harness's scoring is what is tested.
const valuesOf = (text: string): Record<string, string | number> =>
  Object.fromEntries(
    text.split("\n").flatMap((l) => {
      const m = /^(\w+): (.*)$/.exec(l.trim())
      return m === null ? [] : [[m[1]!, /^\d+(\.\d+)?$/.test(m[2]!) ? Number(m[2]) : m[2]!]]
    })
  )

const OracleExtractor = Layer.succeed(Extractor, {
  extract: (model, pages) =>
    Effect.sync(() => {
      const values = valuesOf(model.pages.filter((p) => pages.includes(p.page)).map(pageText).join("\n"))
      return Object.fromEntries(
        Object.entries(values).map((
          [k, v]
        ) => [k, { value: v, page: pages[0]!, box: [0, 0, 1, 1] as const, confidence: 1 }])
      ) as ExtractedObject
    })
})

const OracleSplitter = Layer.succeed(Splitter, {
  split: (model, specs) =>
    Effect.sync(() => {
      const sections: Array<{ templateId: string; documentType: string; pages: Array<number>; doc: string }> = []
      for (const page of model.pages) {
        const v = valuesOf(pageText(page))
        const spec = specs.find((s) => s.documentType === v.type)!
        const last = sections[sections.length - 1]
        if (last !== undefined && last.doc === String(v.doc)) last.pages.push(page.page)
        else {sections.push({
            templateId: spec.templateId,
            documentType: spec.documentType,
            pages: [page.page],
            doc: String(v.doc)
          })}
      }
      return sections.map(({ doc: _, ...s }) => ({ ...s, confidence: 1 }))
    })
})

const writeCorpus = (files: Record<string, string>, manifest: unknown): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-eval-"))
  fs.mkdirSync(path.join(dir, "files"))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, "files", name), text)
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest))
  return dir
}

const template = {
  document_type: "invoice",
  template_data: { invoice_number: "The invoice number", amount: { type: "number" }, issuer: "Issuer" }
}

const oraclePipeline = Layer.unwrapEffect(
  Effect.promise(() => evalConfig(os.tmpdir())).pipe(
    Effect.map((config) =>
      Pipeline.Default.pipe(
        Layer.provide([InProcessReader, OracleSplitter, OracleExtractor]),
        Layer.provide(Layer.succeed(AppConfig, config))
      )
    )
  )
)

describe("the harness", () => {
  it.effect("scores a corpus whose answers are known: right values right, wrong ones listed with what came back", () =>
    Effect.gen(function*() {
      const dir = writeCorpus(
        {
          "a.txt": "type: invoice\ndoc: 1\ninvoice_number: INV-1\namount: 10.5\nissuer: Azure Interior",
          "b.txt": "type: invoice\ndoc: 1\ninvoice_number: 77\namount: 3\nissuer: Coolblue"
        },
        {
          name: "tiny",
          compare: INVOICES,
          template,
          items: [
            { file: "files/a.txt", expected: { invoice_number: "INV-1", amount: 10.5, issuer: "Azure Interior Ltd" } },
            { file: "files/b.txt", expected: { invoice_number: "78", amount: 3, issuer: "Coolblue B.V." } }
          ]
        }
      )
      const result = yield* runCorpus(loadCorpus(dir))
      const summary = summarize(result)
      expect(summary.fields).toEqual({ right: 5, total: 6 })
      expect(summary.perField.find((f) => f.field === "invoice_number")).toMatchObject({ right: 1, total: 2 })
      const wrong = result.items.flatMap((i) => i.fields).filter((f) => !f.ok)
      expect(wrong).toEqual([
        expect.objectContaining({ field: "invoice_number", expected: "78", got: 77, inText: false })
      ])
    }).pipe(Effect.provide(oraclePipeline)))

  it.effect("scores packets page by page and section by section, and the values of sections split right", () =>
    Effect.gen(function*() {
      const dir = writeCorpus(
        { "p.txt": "type: invoice\ndoc: 1\namount: 5\fdoc: 1\ntype: invoice\fdoc: 2\ntype: invoice\namount: 7" },
        {
          name: "tiny-packets",
          compare: "sections in order: document_type and the exact page list",
          templates: [template],
          items: [{
            file: "files/p.txt",
            expected_sections: [{ document_type: "invoice", pages: [1, 2], expected: { amount: 5 } }, {
              document_type: "invoice",
              pages: [3],
              expected: { amount: 8 }
            }]
          }]
        }
      )
      const summary = summarize(yield* runCorpus(loadCorpus(dir)))
      expect(summary).toMatchObject({
        pages: { right: 3, total: 3 },
        sections: { right: 2, total: 2 },
        packets: { right: 1, total: 1 },
        fields: { right: 1, total: 2 }
      })
    }).pipe(Effect.provide(oraclePipeline)))
  it.effect("reuses page models from the read cache when given one, keyed by the file's bytes", () =>
    Effect.gen(function*() {
      const dir = writeCorpus(
        { "a.txt": "type: invoice\ndoc: 1\namount: 10.5" },
        { name: "cached", compare: INVOICES, template, items: [{ file: "files/a.txt", expected: { amount: 10.5 } }] }
      )
      const readCache = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-read-cache-"))
      const first = summarize(yield* runCorpus(loadCorpus(dir), { readCache }))
      const cached = fs.readdirSync(readCache)
      expect(cached).toHaveLength(1)
      // A page model in the cache is what the engines see, whatever the file says now.
      const model = JSON.parse(fs.readFileSync(path.join(readCache, cached[0]!), "utf8"))
      model.pages[0].lines = model.pages[0].lines.map((l: { text: string }) => ({
        ...l,
        text: l.text.replace("10.5", "99"),
        words: []
      }))
      fs.writeFileSync(path.join(readCache, cached[0]!), JSON.stringify(model))
      const second = summarize(yield* runCorpus(loadCorpus(dir), { readCache }))
      const uncached = summarize(yield* runCorpus(loadCorpus(dir)))
      expect([first.fields, second.fields, uncached.fields]).toEqual([{ right: 1, total: 1 }, { right: 0, total: 1 }, {
        right: 1,
        total: 1
      }])
    }).pipe(Effect.provide(oraclePipeline)))
})

describe("the synthetic set", () => {
  it("is the same for the same seed", () => {
    const a = invoice(random(7), LOCALES.de, "x"), b = invoice(random(7), LOCALES.de, "x")
    expect(a).toEqual(b)
    expect(invoice(random(8), LOCALES.de, "x").expected).not.toEqual(a.expected)
  })

  it("writes corpora in the manifest format, with scans, packets and the values printed on them", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-synthetic-"))
    const dirs = await generateSynthetic({ dir, seed: 3, scale: 0.1 })
    const corpora = dirs.map(loadCorpus)
    expect(corpora.map((c) => c.manifest.name)).toEqual([
      "synthetic-invoices",
      "synthetic-receipts",
      "synthetic-statements",
      "synthetic-orders",
      "synthetic-packets"
    ])
    for (const c of corpora) {
      expect(c.manifest.items.length).toBeGreaterThan(0)
      for (const item of c.manifest.items) expect(fs.statSync(path.join(c.dir, item.file)).size).toBeGreaterThan(500)
    }
    const receipts = corpora[1]!.manifest.items
    expect(receipts.some((i) => i.file.endsWith(".jpg"))).toBe(true)
    expect(Object.keys(receipts[0]!.expected!)).toEqual(["company", "date", "address", "total"])
    const packet = corpora[4]!.manifest.items[0]!
    expect(packet.expected_sections!.length).toBeGreaterThanOrEqual(2)
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
