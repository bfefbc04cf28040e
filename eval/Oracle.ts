/**
 * An oracle in place of the Messages API (node:http on 127.0.0.1): it answers every extraction call
 * with the truth of the document being read, the way a model that reads it perfectly would: each value
 * as it is written on the page (found among the ways a date, an amount or a name can be written) with
 * the ids of the lines that hold it. What comes out of the Claude engine then measures its own losses:
 * a right answer the grounding could not find or read is a value the engine throws away.
 *
 * The oracle knows nothing of the engine's readers: its written forms are generated from the truth.
 */
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import { monthNames } from "./synthetic/Months.js"

/** A numbered line of the prompt: `[p2 L14] text`. */
interface NumberedLine {
  readonly id: string
  readonly text: string
}

const LINE = /^\[(p\d+ L\d+)\] ?(.*)$/

const linesOf = (body: any): Array<NumberedLine> => {
  const text = (body.messages?.[0]?.content ?? []).map((b: any) => (typeof b?.text === "string" ? b.text : "")).join(
    "\n"
  )
  return text.split("\n").flatMap((l: string) => {
    const m = LINE.exec(l)
    return m === null ? [] : [{ id: m[1]!, text: m[2]! }]
  })
}

/** The languages whose month names a written date may use. */
const MONTHS = ["en", "de", "fr"].map(monthNames)

const pad = (n: number) => String(n).padStart(2, "0")

/** The ways a date is written on invoices and receipts in the corpora's languages. */
export const dateForms = (iso: string): Array<string> => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (m === null) return [iso]
  const y = m[1]!, mo = Number(m[2]), d = Number(m[3]), yy = y.slice(2)
  const numeric = [
    `${pad(d)}.${pad(mo)}.${y}`,
    `${d}.${mo}.${y}`,
    `${pad(d)}/${pad(mo)}/${y}`,
    `${pad(mo)}/${pad(d)}/${y}`,
    `${d}/${mo}/${y}`,
    `${mo}/${d}/${y}`,
    `${pad(d)}-${pad(mo)}-${y}`,
    `${pad(mo)}-${pad(d)}-${y}`,
    `${y}-${pad(mo)}-${pad(d)}`,
    `${y}/${pad(mo)}/${pad(d)}`,
    `${pad(d)}.${pad(mo)}.${yy}`,
    `${pad(d)}/${pad(mo)}/${yy}`,
    `${pad(mo)}/${pad(d)}/${yy}`,
    `${pad(d)}-${pad(mo)}-${yy}`
  ]
  const written = MONTHS.flatMap((names) => {
    const name = names[mo - 1]!, short = name.slice(0, 3)
    return [
      `${d} ${name} ${y}`,
      `${d}. ${name} ${y}`,
      `${pad(d)} ${name} ${y}`,
      `${name} ${d}, ${y}`,
      `${name} ${pad(d)}, ${y}`,
      `${d} ${short} ${y}`,
      `${pad(d)} ${short} ${y}`,
      `${short} ${d}, ${y}`,
      `${pad(d)}-${short}-${y}`,
      `${pad(d)}-${short}-${yy}`,
      `${d}-${short}-${yy}`,
      `${pad(d)} ${short} ${yy}`,
      `${short}. ${d}, ${y}`,
      `${d} ${short}. ${y}`
    ]
  })
  return [...numeric, ...written]
}

const group = (digits: string, sep: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep)

/** The ways an amount is written: thousands with or without separators, decimal point or comma. */
export const amountForms = (n: number): Array<string> => {
  const sign = n < 0 ? "-" : ""
  const [whole, cents] = Math.abs(n).toFixed(2).split(".") as [string, string]
  const forms = [
    `${whole}.${cents}`,
    `${group(whole, ",")}.${cents}`,
    `${group(whole, ".")},${cents}`,
    `${whole},${cents}`,
    `${group(whole, " ")},${cents}`,
    `${group(whole, "\u00a0")},${cents}`,
    `${group(whole, "'")}.${cents}`,
    `${group(whole, " ")}.${cents}`
  ]
  if (cents === "00") forms.push(group(whole, ","), group(whole, "."), whole)
  if (/0$/.test(cents)) forms.push(`${whole}.${cents[0]}`, `${whole},${cents[0]}`)
  return [...new Set(forms)].map((f) => sign + f)
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const fold = (s: string) => s.normalize("NFKC").replace(/\s+/g, " ").trim()

/** Where a form is written: the first line holding it as a whole token (no digit or letter glued on). */
const findForm = (lines: ReadonlyArray<NumberedLine>, forms: ReadonlyArray<string>, numeric: boolean) => {
  for (const form of forms) {
    const re = new RegExp(
      `(?<![\\p{N}${numeric ? "" : "\\p{L}"}])${escape(form).replace(/ /g, "\\s+")}(?![\\p{N}${
        numeric ? "" : "\\p{L}"
      }]|[.,]\\d)`,
      "iu"
    )
    for (const line of lines) {
      const m = re.exec(line.text)
      if (m !== null) return { value: m[0], lines: [line.id] }
    }
  }
  return undefined
}

/** Where `target` stands in `text` as whole words (case ignored): the words as written there. */
const wordsIn = (text: string, target: string): string | undefined => {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${escape(target).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`, "iu")
  return re.exec(text)?.[0]
}

/** A name or text: on one line, or run over two consecutive lines. */
const findText = (lines: ReadonlyArray<NumberedLine>, text: string) => {
  const target = fold(text)
  if (target === "") return undefined
  for (const line of lines) {
    const value = wordsIn(fold(line.text), target)
    if (value !== undefined) return { value, lines: [line.id] }
  }
  for (let i = 0; i + 1 < lines.length; i++) {
    const value = wordsIn(`${fold(lines[i]!.text)} ${fold(lines[i + 1]!.text)}`, target)
    if (value !== undefined) return { value, lines: [lines[i]!.id, lines[i + 1]!.id] }
  }
  return undefined
}

/** The answer to one leaf: the true value as written, or as the truth states it when the page does not show it so. */
const answerLeaf = (truth: unknown, lines: ReadonlyArray<NumberedLine>) => {
  if (truth === null || truth === undefined) return { value: null, lines: [] }
  if (typeof truth === "number") return findForm(lines, amountForms(truth), true) ?? { value: String(truth), lines: [] }
  const text = String(truth)
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return findForm(lines, dateForms(text), true) ?? { value: text, lines: [] }
  return findText(lines, text) ?? { value: text, lines: [] }
}

const answerObject = (
  schema: any,
  truth: Readonly<Record<string, unknown>>,
  lines: ReadonlyArray<NumberedLine>
): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, field]: [string, any]) => {
      const value = truth[name]
      if (field?.type === "array") {
        const items = Array.isArray(value) ? value : []
        return [name, items.map((item) => answerObject(field.items, (item ?? {}) as Record<string, unknown>, lines))]
      }
      if (field?.type === "object" && field.properties?.value === undefined) {
        return [name, answerObject(field, (value ?? {}) as Record<string, unknown>, lines)]
      }
      return [name, answerLeaf(value, lines)]
    })
  )

export interface Oracle {
  readonly url: string
  /** The truth of the document read next: field → value (ISO dates, numbers, strings, lists of objects). */
  readonly setTruth: (truth: Readonly<Record<string, unknown>>) => void
  readonly calls: () => number
  readonly close: () => Promise<void>
}

/** Starts the oracle on a free port of 127.0.0.1. */
export const startOracle = (): Promise<Oracle> =>
  new Promise((resolve) => {
    let truth: Readonly<Record<string, unknown>> = {}
    let calls = 0
    const server = http.createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (c) => chunks.push(c))
      req.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}")
        const tool = body.tool_choice?.name ?? body.tools?.[0]?.name ?? ""
        const schema = body.tools?.[0]?.input_schema ?? {}
        const n = calls++
        // Only extraction is the oracle's: a split it is asked for is one document of the first type.
        const labels: Array<string> = (schema.properties?.pages?.items?.properties?.type?.enum ?? []).filter((
          x: unknown
        ) => x !== null)
        const input = tool === "record_fields"
          ? answerObject(schema, truth, linesOf(body))
          : {
            pages: [...new Set(linesOf(body).map((l) => Number(/^p(\d+)/.exec(l.id)![1])))].map((page, i) => ({
              page,
              type: labels[0] ?? null,
              starts_document: i === 0
            }))
          }
        res.writeHead(200, { "content-type": "application/json", "request-id": `req_oracle_${n}` })
        res.end(JSON.stringify({
          id: `msg_oracle_${n}`,
          type: "message",
          role: "assistant",
          model: body.model,
          content: [{ type: "tool_use", id: `toolu_oracle_${n}`, name: tool, input }],
          stop_reason: "tool_use",
          stop_sequence: null,
          usage: {
            input_tokens: Math.ceil(JSON.stringify(body).length / 4),
            output_tokens: Math.ceil(JSON.stringify(input).length / 4)
          }
        }))
      })
    })
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        setTruth: (t) => {
          truth = t
        },
        calls: () => calls,
        close: () => new Promise<void>((done) => server.close(() => done()))
      })
    })
  })
