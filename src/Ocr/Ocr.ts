/**
 * OCR: `recognize` prepares the image (Preprocess.ts), has the tesseract pool read it (TesseractPool.ts)
 * and maps tesseract's blocks back to the caller's image (Blocks.ts): page-model lines and words, boxes
 * in 0..1 of the image, confidences in 0..1. The engines (the tesseract pool and the line recognizer)
 * are a service of their own, `OcrEngines`, so that the recognition can run in a reading worker while
 * the engines, shared by all requests, stay in the server (Reading/Isolation).
 *
 * Rows of text the page's reading left out (tesseract's block segmentation skips a line now and then,
 * most often a large letterhead over small print) are found by comparing the prepared image's glyphs
 * with the recognized words' boxes, and read alone as single lines (`unreadRows` in Preprocess.ts).
 * Measured on receipts-dev: CER 0.219 → 0.215, word recall 0.710 → 0.715, totals found 86% → 88%,
 * +3% CPU; four more store names in the text.
 *
 * Lines with a word read under 80% confidence (SECOND_READING_BELOW) are read again by PaddleOCR's line
 * recognizer (SecondReading.ts, LineRecognizer.ts), where tesseract's sure words keep their reading.
 * Measured on receipts-dev (npm run bench ocr): CER 0.215 → 0.173 (0.155 → 0.095 in any line order),
 * totals found 88% → 98%, dates 88% → 98%, a little over twice the CPU; the thresholds' measures are in
 * SecondReading.ts. The second reading replaced rereading doubtful number lines with tesseract itself
 * (PSM 7, the surer reading kept): +13% CPU for CER 0.215 → 0.214 and no more dates found. Measured and
 * dropped before that: lines with any word under 60% read again by tesseract (+55% CPU, one more date and
 * total); the lines at 1.5× or binarized; doubtful words alone, which lose the line's context and come
 * back confidently wrong ("21:25" → "21:28").
 * Also dropped: reading every page twice (the prepared image and a blurred or larger variant) and taking
 * each line from the surer reading: twice the CPU for CER 0.211–0.217, totals found 79–86%, dates 86–96%
 * (the surer line is often the confidently wrong one); loading no English dictionaries (load_system_dawg,
 * load_freq_dawg off): the same text to the character.
 */
import { Effect, Layer, Option, type Scope } from "effect"
import { AppConfig } from "../Config.js"
import type { Line } from "../Domain/PageModel.js"
import { timeOcr } from "../Observability/Metrics.js"
import { Scratch } from "../Storage/Scratch.js"
import { meanConfidence, readingOrder, resultOf, toOcrResult, wordBoxes } from "./Blocks.js"
import { repairLine } from "./Confusions.js"
import { pageLanguage } from "./Languages.js"
import { type LineRecognizer, type LoadedLineRecognizer, makeLineRecognizer } from "./LineRecognizer.js"
import { withMarks } from "./Marks.js"
import type { PreparedImage, Settings } from "./Preprocess.js"
import { cropPrepared, prepare, toPgm, unreadRows } from "./Preprocess.js"
import { withoutPrintedRules } from "./PrintedRules.js"
import { needsSecondReading, readAgain } from "./SecondReading.js"
import { makeTesseractPool, type TesseractPool, type TesseractPoolOptions } from "./TesseractPool.js"
import type { OcrFailed, OcrImage, OcrResult, PageSegmentation } from "./Types.js"

export interface RecognizeOptions {
  /** Default: the mode measured best on the receipts corpus (see Preprocess.ts). */
  readonly segmentation?: PageSegmentation
  /**
   * Default true: the preparation measured best (Preprocess.ts); false: grayscale only;
   * an object overrides some of the settings (the bench compares them).
   */
  readonly preprocess?: boolean | Partial<Settings>
  /**
   * Default true (with preprocessing): rows of text the page's reading left out are read alone, and lines
   * with a word read in doubt are read again by the line recognizer (unless `secondReading` is false).
   */
  readonly reread?: boolean
  /** Default: the pool's setting (OCR_SECOND_READING); see `reread`. */
  readonly secondReading?: boolean
}

const PSM: Record<PageSegmentation, string> = {
  auto: "3",
  column: "4",
  block: "6",
  sparse: "11"
}

/** Tesseract's single text line mode, for a row read alone. */
const PSM_SINGLE_LINE = "7"
/** Rows read again per page at most (a page of unreadable noise must not cost a recognition per speck). */
const MAX_REREAD_ROWS = 8
/** A row read alone is kept when its words are this sure on average and it holds letters or digits. */
const MIN_REREAD_CONFIDENCE = 0.6

const isLegible = (line: Line) =>
  /[\p{L}\p{N}]{2}/u.test(line.text) && meanConfidence(line.words) >= MIN_REREAD_CONFIDENCE

/** The engines a recognition uses: tesseract for lines, words and boxes; the line recognizer for doubtful lines. */
export interface Engines {
  readonly tesseract: TesseractPool
  readonly lines: LineRecognizer
}

export interface RecognitionOptions {
  /** Default true: lines read in doubt are read again by the line recognizer (a recognition may turn it off). */
  readonly secondReading?: boolean
  /**
   * Default true: a page whose words show another language than the pool's first (Languages.ts) is read again
   * with that language's model first, so its letters keep their marks ("Löwen", not "Lowen").
   */
  readonly detectLanguage?: boolean
}

/** The OCR service over the given engines: `recognize`, and how many images the engines read at once. */
export const makeRecognition = (engines: Engines, options: RecognitionOptions = {}) => {
  const { tesseract, lines: lineRecognizer } = engines
  const recognize = (image: OcrImage, recognizeOptions: RecognizeOptions = {}): Effect.Effect<OcrResult, OcrFailed> =>
    Effect.gen(function*() {
      const preprocess = recognizeOptions.preprocess ?? true
      const prepared = yield* prepare(
        image,
        typeof preprocess === "boolean" ? { enhance: preprocess } : { ...preprocess, enhance: true }
      )
      const segmentation = recognizeOptions.segmentation ?? prepared.segmentation
      const params = { tessedit_pageseg_mode: PSM[segmentation], ...prepared.tesseractParams }
      const pgm = toPgm(prepared)
      const read = yield* tesseract.submit(pgm, params)
      const english = toOcrResult(read, prepared)
      // A page in another language is read again with its model first, for its letters' marks (Marks.ts).
      const language = options.detectLanguage === false
        ? undefined
        : pageLanguage(english.lines.flatMap((l) => l.words.map((w) => w.text)))
      const languages = language === undefined || language === tesseract.languages[0]
        ? undefined
        : [language, ...tesseract.languages.filter((l) => l !== language)]
      const first = languages === undefined
        ? english
        : resultOf(
          withMarks(english.lines, toOcrResult(yield* tesseract.submit(pgm, params, languages), prepared).lines)
        )
      /** A crop of the prepared image read as a single text line. */
      const readAlone = (crop: PreparedImage) =>
        Effect.map(
          tesseract.submit(toPgm(crop), { ...params, tessedit_pageseg_mode: PSM_SINGLE_LINE }),
          (cropData) => toOcrResult(cropData, crop).lines
        )
      if (recognizeOptions.reread === false || !(typeof preprocess === "object" || preprocess)) return first
      // Lines with a word read in doubt are read again by the line recognizer (SecondReading.ts), while
      // rows the page's reading left out (a large letterhead, a line the block segmentation skipped) are
      // read alone by tesseract: two engines, so both at once.
      const secondReading = recognizeOptions.secondReading ?? options.secondReading ?? true
      const rows = unreadRows(prepared, wordBoxes(read)).slice(0, MAX_REREAD_ROWS)
      const [lines, extra] = yield* Effect.all([
        Effect.forEach(
          first.lines,
          (
            line
          ) => (secondReading && needsSecondReading(line)
            ? readAgain(lineRecognizer, prepared, line)
            : Effect.succeed(line)),
          { concurrency: "unbounded" }
        ),
        Effect.forEach(
          rows,
          (row) => Effect.map(readAlone(cropPrepared(prepared, row)), (read) => read.filter(isLegible)),
          { concurrency: "unbounded" }
        ).pipe(Effect.map((read) => read.flat()))
      ], { concurrency: 2 })
      return resultOf((extra.length === 0 ? lines : readingOrder([...lines, ...extra])).flatMap((line) => {
        const text = withoutPrintedRules(line)
        return text === undefined ? [] : [repairLine(text)]
      }))
    }).pipe(Effect.withSpan("Ocr.recognize", { attributes: { width: image.width, height: image.height } }))

  return { recognize, workers: tesseract.workers } as const
}

/** Engines running in this process (their line recognizer can tell its alphabet). */
export interface LocalEngines extends Engines {
  readonly lines: LoadedLineRecognizer
}

/** The engines in this process: a tesseract pool of `workers` threads, and the line recognizer beside it. */
export const makeEngines = (options: TesseractPoolOptions): Effect.Effect<LocalEngines, never, Scope.Scope> =>
  Effect.gen(function*() {
    const pool = yield* makeTesseractPool(options)
    const recognizer = yield* makeLineRecognizer({
      concurrency: pool.workers,
      ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs })
    })
    const tesseract: TesseractPool = {
      ...pool,
      submit: (image, params, languages) => timeOcr("tesseract")(pool.submit(image, params, languages))
    }
    const lines = {
      ...recognizer,
      read: (image: Parameters<LineRecognizer["read"]>[0]) => timeOcr("line_recognizer")(recognizer.read(image))
    }
    return { tesseract, lines } satisfies LocalEngines
  })

/** Engines and recognition in this process (tests, the bench, and readers used on their own). */
export const makeOcr = (options: TesseractPoolOptions & RecognitionOptions) =>
  Effect.map(makeEngines(options), (engines) => makeRecognition(engines, options))

/** The server's engines, shared by every request and every reading worker. */
export class OcrEngines extends Effect.Service<OcrEngines>()("OcrEngines", {
  scoped: Effect.gen(function*() {
    const config = yield* AppConfig
    // In the server, the model is unpacked in the scratch folder (swept after a crash).
    const scratch = yield* Effect.serviceOption(Scratch)
    return yield* makeEngines({
      workers: config.ocrWorkers,
      languages: config.ocrLanguages,
      idleMs: config.ocrIdleSeconds * 1000,
      tempDir: Option.getOrUndefined(Option.map(scratch, (s) => s.dir))
    })
  }),
  dependencies: [Layer.orDie(AppConfig.Default)]
}) {}

/** `Default` reads OCR_WORKERS itself; the app uses `DefaultWithoutDependencies` with its own AppConfig. */
export class Ocr extends Effect.Service<Ocr>()("Ocr", {
  scoped: Effect.flatMap(
    AppConfig,
    (config) =>
      makeOcr({
        workers: config.ocrWorkers,
        languages: config.ocrLanguages,
        secondReading: config.ocrSecondReading,
        detectLanguage: config.ocrDetectLanguage
      })
  ),
  // A broken configuration already stops the server at start; readers used alone should not carry ConfigError.
  dependencies: [Layer.orDie(AppConfig.Default)]
}) {}

export { toOcrResult } from "./Blocks.js"
export { tesseractPaths, unpackModel } from "./TesseractPool.js"
export { type OcrImage, type OcrResult, type PageSegmentation } from "./Types.js"
export { OcrFailed } from "./Types.js"
