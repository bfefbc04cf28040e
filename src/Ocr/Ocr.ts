/**
 * OCR: one pool of tesseract.js workers shared by every request, started on first use and terminated
 * when the layer closes. Everything loads from node_modules, never the network: the worker script,
 * the wasm core and the English LSTM model (@tesseract.js-data/eng, best_int).
 *
 * `recognize` preprocesses the image (Preprocess.ts), queues it for the next free worker (a bounded
 * queue: callers wait when it is full) and maps tesseract's blocks back to the caller's image:
 * page-model lines and words, boxes in 0..1 of the image, confidences in 0..1. A worker whose thread
 * ends (crash, exit, terminate) or that overruns the job timeout is replaced, so the pool keeps its size.
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
import { Deferred, Effect, Exit, Layer, Queue, Schedule } from "effect"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import { Worker as NodeWorker } from "node:worker_threads"
import * as zlib from "node:zlib"
import Tesseract from "tesseract.js"
import { AppConfig } from "../Config.js"
import type { Box, Line, Word } from "../Domain/PageModel.js"
import { lineOf } from "../Domain/PageModel.js"
import { repairLine } from "./Confusions.js"
import { withoutPrintedRules } from "./PrintedRules.js"
import { makeLineRecognizer } from "./LineRecognizer.js"
import type { PixelBox, PreparedImage, Settings } from "./Preprocess.js"
import { cropPrepared, prepare, toPgm, unreadRows } from "./Preprocess.js"
import { needsSecondReading, readAgain } from "./SecondReading.js"

/** An image to read: 8-bit pixels (grayscale by default), or an encoded image (PNG, JPEG, …). */
export type OcrImage =
  | {
    readonly width: number
    readonly height: number
    /** Row-major, `channels` bytes per pixel, no padding. */
    readonly pixels: Uint8Array
    /** 1 (grayscale, default), 3 (RGB) or 4 (RGBA, as a canvas gives it). */
    readonly channels?: 1 | 3 | 4
  }
  | { readonly width: number; readonly height: number; readonly png: Uint8Array }

/** Tesseract's page segmentation: how the page is cut into blocks and lines before recognition. */
export type PageSegmentation = "auto" | "column" | "block" | "sparse"

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

export interface OcrResult {
  /** Lines top to bottom (left to right within a row), each with its words; boxes in 0..1 of the image. */
  readonly lines: ReadonlyArray<Line>
  /** Mean word confidence, 0..1 (0 when nothing was read). */
  readonly confidence: number
}

export interface OcrPoolOptions {
  /** Number of tesseract workers (threads). */
  readonly workers: number
  /** Jobs that may wait for a worker before `recognize` itself waits (backpressure). Default 2 per worker. */
  readonly queueCapacity?: number
  /** A recognition running longer than this is abandoned and its worker replaced. */
  readonly jobTimeoutMs?: number
  /** Overrides the worker script (tests wrap it to watch for network access). */
  readonly workerPath?: string
  /** Default true: lines read in doubt are read again by the line recognizer (a recognition may turn it off). */
  readonly secondReading?: boolean
}

// ---------------------------------------------------------------------------------------------
// Offline paths

const require = createRequire(import.meta.url)
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

/**
 * The model: LSTM only, integer weights of tessdata "best" (the only LSTM network in @tesseract.js-data/eng;
 * its "4.0.0" adds the legacy engine). Debian's tesseract ships the smaller tessdata_fast network: on the
 * same prepared receipts it needs a quarter less CPU but reads fewer totals (67% against 77%).
 */
const MODEL_VERSION = "4.0.0_best_int"

/** Where tesseract.js finds everything; plain paths (a URL, even file://, would be fetched). */
export const tesseractPaths = () => {
  const tesseract = packageDir("tesseract.js")
  return {
    workerPath: path.join(tesseract, "src", "worker-script", "node", "index.js"),
    corePath: packageDir("tesseract.js-core"),
    langPath: path.join(packageDir("@tesseract.js-data/eng"), MODEL_VERSION),
    cachePath: path.join(os.tmpdir(), "docsplit-ocr", `eng-${MODEL_VERSION}`)
  }
}

/**
 * Unzips the model into our cache once, atomically (temp file + rename), so that workers starting
 * together never read a half-written cache file.
 */
const ensureModelCache = (langPath: string, cachePath: string): void => {
  const target = path.join(cachePath, "eng.traineddata")
  if (fs.existsSync(target)) return
  fs.mkdirSync(cachePath, { recursive: true })
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`
  fs.writeFileSync(temp, zlib.gunzipSync(fs.readFileSync(path.join(langPath, "eng.traineddata.gz"))))
  fs.renameSync(temp, target)
}

/** The model unpacked (eng.traineddata, unpacked on the first call): also a tessdata directory for the tesseract CLI. */
export const unpackedModelDir = (): string => {
  const paths = tesseractPaths()
  ensureModelCache(paths.langPath, paths.cachePath)
  return paths.cachePath
}

/** Tesseract parameters fixed for the life of a worker. */
const INIT_CONFIG: Record<string, string> = {
  // Tesseract's diagnostics ("Estimating resolution as …") would go to stdout.
  debug_file: "/dev/null"
}

const PSM: Record<PageSegmentation, string> = {
  auto: "3",
  column: "4",
  block: "6",
  sparse: "11"
}

// ---------------------------------------------------------------------------------------------
// Tesseract blocks → page-model lines

interface TesseractBox {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
}

interface TesseractWord {
  readonly text: string
  readonly confidence: number
  readonly bbox: TesseractBox
}

interface TesseractBlocks {
  readonly blocks: ReadonlyArray<{
    readonly paragraphs: ReadonlyArray<{ readonly lines: ReadonlyArray<{ readonly words: ReadonlyArray<TesseractWord> }> }>
  }> | null
}

const clamp01 = (n: number) => (n < 0 ? 0 : n > 1 ? 1 : n)

/** Lines whose vertical extents overlap by this share of the smaller one are one row (read left to right). */
const ROW_OVERLAP = 0.5

/** Page-model lines in reading order: top to bottom, left to right within a row. */
const readingOrder = (lines: Array<Line>): Array<Line> => {
  const sorted = [...lines].sort((a, b) => a.box[1] + a.box[3] - b.box[1] - b.box[3])
  const rows: Array<{ top: number; bottom: number; lines: Array<Line> }> = []
  for (const line of sorted) {
    const row = rows[rows.length - 1]
    const overlap = row ? Math.min(row.bottom, line.box[3]) - Math.max(row.top, line.box[1]) : -1
    if (row && overlap >= ROW_OVERLAP * Math.min(row.bottom - row.top, line.box[3] - line.box[1])) {
      row.lines.push(line)
      row.top = Math.min(row.top, line.box[1])
      row.bottom = Math.max(row.bottom, line.box[3])
    } else {
      rows.push({ top: line.box[1], bottom: line.box[3], lines: [line] })
    }
  }
  return rows.flatMap((row) => row.lines.sort((a, b) => a.box[0] - b.box[0]))
}

/**
 * "170." then "00" (or "170" then ".00") with a gap under this share of the taller word's height are one
 * amount that tesseract split after its decimal point. Measured on receipts-dev: such splits leave
 * 0.4–0.95 of a glyph height, a real space between "38." and "39" 1.7; one more total found, CER 0.2189 → 0.2185.
 */
const AMOUNT_GAP = 1

const isWholePart = (text: string) => /^\d[\d,]*[.,]$/.test(text) || /^\d(?:[\d,]*\d)?$/.test(text)

/**
 * Joins, within a line, an amount split after its decimal point: only a whole part ending in the separator
 * followed by exactly two digits ("170." "00"), or a whole part followed by the separator and two digits
 * ("170" ".00"), close together. Nothing else is touched ("0 00", with no separator read, stays as it is).
 */
const joinSplitAmounts = (words: ReadonlyArray<TesseractWord>): Array<TesseractWord> => {
  const out: Array<TesseractWord> = []
  for (const word of words) {
    const previous = out[out.length - 1]
    if (previous) {
      const a = previous.text.trim(), b = word.text.trim()
      const split = (/[.,]$/.test(a) && isWholePart(a) && /^\d{2}$/.test(b)) ||
        (/\d$/.test(a) && isWholePart(a) && /^[.,]\d{2}$/.test(b))
      const h = Math.max(previous.bbox.y1 - previous.bbox.y0, word.bbox.y1 - word.bbox.y0)
      if (split && word.bbox.x0 > previous.bbox.x0 && word.bbox.x0 - previous.bbox.x1 < AMOUNT_GAP * h) {
        out[out.length - 1] = {
          text: a + b,
          confidence: Math.min(previous.confidence, word.confidence),
          bbox: {
            x0: Math.min(previous.bbox.x0, word.bbox.x0),
            y0: Math.min(previous.bbox.y0, word.bbox.y0),
            x1: Math.max(previous.bbox.x1, word.bbox.x1),
            y1: Math.max(previous.bbox.y1, word.bbox.y1)
          }
        }
        continue
      }
    }
    out.push(word)
  }
  return out
}

/**
 * Maps tesseract's words (pixels of the prepared image) to lines with boxes in 0..1 of the original image,
 * amounts split after their decimal point joined (`joinSplitAmounts`).
 */
export const toOcrResult = (data: TesseractBlocks, prepared: PreparedImage): OcrResult => {
  const { scale, left, top, sourceWidth, sourceHeight } = prepared
  const toBox = (b: TesseractBox): Box => [
    clamp01((b.x0 / scale + left) / sourceWidth),
    clamp01((b.y0 / scale + top) / sourceHeight),
    clamp01((b.x1 / scale + left) / sourceWidth),
    clamp01((b.y1 / scale + top) / sourceHeight)
  ]
  const lines: Array<Line> = []
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words: Array<Word> = []
        for (const word of joinSplitAmounts(line.words.filter((w) => w.text.trim().length > 0))) {
          const text = word.text.trim()
          if (text.length === 0) continue
          const box = toBox(word.bbox)
          if (!(box[2] > box[0] && box[3] > box[1])) continue
          words.push({ text, box, confidence: clamp01(word.confidence / 100) })
        }
        if (words.length === 0) continue
        lines.push(lineOf(words))
      }
    }
  }
  return resultOf(readingOrder(lines))
}

const meanConfidence = (words: ReadonlyArray<Word>) => words.reduce((sum, w) => sum + w.confidence, 0) / words.length

/** A reading of these lines, its confidence the mean over all their words (0 when there are none). */
const resultOf = (lines: Array<Line>): OcrResult => {
  const words = lines.flatMap((l) => l.words)
  return { lines, confidence: words.length === 0 ? 0 : meanConfidence(words) }
}

// ---------------------------------------------------------------------------------------------
// Rows left unread

/** Tesseract's single text line mode, for a row read alone. */
const PSM_SINGLE_LINE = "7"
/** Rows read again per page at most (a page of unreadable noise must not cost a recognition per speck). */
const MAX_REREAD_ROWS = 8
/** A row read alone is kept when its words are this sure on average and it holds letters or digits. */
const MIN_REREAD_CONFIDENCE = 0.6

const wordBoxes = (data: TesseractBlocks): Array<PixelBox> =>
  (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) =>
        line.words.filter((w) => w.text.trim().length > 0).map((w): PixelBox => [w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1])
      )
    )
  )

const isLegible = (line: Line) => /[\p{L}\p{N}]{2}/u.test(line.text) && meanConfidence(line.words) >= MIN_REREAD_CONFIDENCE

// ---------------------------------------------------------------------------------------------
// The pool

interface Job {
  readonly image: Uint8Array
  readonly params: Record<string, string>
  readonly done: Deferred.Deferred<TesseractBlocks>
  /** Set when the caller stopped waiting: a worker that has not started the job skips it. */
  abandoned: boolean
}

/** A running worker and the signal that its thread has ended (crashed, exited or terminated). */
interface Running {
  readonly worker: Tesseract.Worker
  readonly stopped: Deferred.Deferred<void>
}

interface Slot {
  current: Running
}

const DEFAULT_JOB_TIMEOUT_MS = 120_000

/** The worker_threads thread under a tesseract.js worker (tesseract.js keeps it as `worker`). */
const threadOf = (worker: Tesseract.Worker): NodeWorker | undefined => {
  const thread = (worker as unknown as { readonly worker?: unknown }).worker
  return thread instanceof NodeWorker ? thread : undefined
}

const startWorker = (workerPath: string | undefined): Effect.Effect<Running> =>
  Effect.gen(function*() {
    const stopped = yield* Deferred.make<void>()
    const worker = yield* Effect.tryPromise({
      try: () => {
        const paths = tesseractPaths()
        ensureModelCache(paths.langPath, paths.cachePath)
        return Tesseract.createWorker("eng", Tesseract.OEM.LSTM_ONLY, {
          workerPath: workerPath ?? paths.workerPath,
          corePath: paths.corePath,
          langPath: paths.langPath,
          cachePath: paths.cachePath,
          cacheMethod: "readOnly",
          gzip: true,
          // Without a handler a failed job is also thrown inside tesseract.js's message listener.
          errorHandler: () => undefined
        }, INIT_CONFIG as Partial<Tesseract.InitOptions>)
      },
      catch: (cause) => new Error(`OCR worker failed to start: ${String(cause)}`)
    })
    // tesseract.js does not watch its thread: a thread that dies would leave its job waiting forever,
    // and an uncaught error in it would be rethrown in this process.
    const thread = threadOf(worker)
    const stop = () => Deferred.unsafeDone(stopped, Exit.void)
    thread?.on("error", stop)
    thread?.on("exit", stop)
    return { worker, stopped }
  }).pipe(Effect.orDie)

const terminate = (running: Running) =>
  Effect.promise(() => running.worker.terminate().catch(() => undefined))

/** The pool's service: `recognize` and the pool size (callers use it to decide how many pages to send at once). */
export const makeOcr = (options: OcrPoolOptions) =>
  Effect.gen(function*() {
    const layerScope = yield* Effect.scope
    const workers = Math.max(1, Math.floor(options.workers))
    const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS
    const lineRecognizer = yield* makeLineRecognizer({ concurrency: workers })
    const jobs = yield* Queue.bounded<Job>(Math.max(1, options.queueCapacity ?? 2 * workers))
    const slots: Array<Slot> = []
    yield* Effect.addFinalizer(() => Effect.forEach(slots, (slot) => terminate(slot.current), { discard: true }))

    /**
     * A stuck or stopped (crashed, terminated) worker is replaced, so the pool never runs short;
     * a job that merely failed leaves its worker usable.
     */
    const replace = (slot: Slot) =>
      Effect.gen(function*() {
        yield* terminate(slot.current)
        slot.current = yield* startWorker(options.workerPath).pipe(Effect.retry(Schedule.spaced("1 second")))
      }).pipe(Effect.withSpan("Ocr.replaceWorker"))

    const isStopped = (running: Running) => Effect.map(Deferred.poll(running.stopped), (poll) => poll._tag === "Some")

    const run = (slot: Slot, job: Job) => {
      const running = slot.current
      const recognition = Effect.tryPromise({
        try: () =>
          running.worker.recognize(
            Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength),
            job.params,
            { text: false, blocks: true }
          ),
        catch: (cause) => new Error(`OCR failed: ${String(cause)}`)
      })
      const stopped = Effect.zipRight(Deferred.await(running.stopped), Effect.fail(new Error("OCR worker stopped during the recognition")))
      return Effect.raceFirst(recognition, stopped).pipe(
        Effect.map((result) => result.data as TesseractBlocks),
        Effect.timeout(jobTimeoutMs),
        Effect.catchTag("TimeoutException", () =>
          Effect.zipRight(replace(slot), Effect.fail(new Error(`OCR took longer than ${jobTimeoutMs} ms`)))),
        Effect.tapError(() =>
          Effect.flatMap(isStopped(running), (gone) => gone && slot.current === running ? replace(slot) : Effect.void)
        )
      )
    }

    const serve = (slot: Slot) =>
      Effect.forever(
        Effect.gen(function*() {
          const job = yield* Queue.take(jobs)
          if (job.abandoned) return
          // A worker that stopped while idle is replaced before it is given the job.
          if (yield* isStopped(slot.current)) yield* replace(slot)
          yield* Deferred.complete(job.done, Effect.orDie(run(slot, job)))
        })
      )

    // Started by the first recognition, then shared. Uninterruptible, so a caller giving up cannot leak
    // threads; a failed start (a broken install) fails that call and is tried again by the next one.
    const startLock = yield* Effect.makeSemaphore(1)
    let started = false
    const ensureStarted = startLock.withPermits(1)(
      Effect.suspend(() => started ? Effect.void : Effect.gen(function*() {
        const ready = yield* Effect.forEach(
          Array.from({ length: workers }),
          () => Effect.exit(Effect.map(startWorker(options.workerPath), (current): Slot => ({ current }))),
          { concurrency: "unbounded" }
        )
        const ok = ready.flatMap((exit) => (Exit.isSuccess(exit) ? [exit.value] : []))
        const failed = ready.find(Exit.isFailure)
        if (failed) {
          yield* Effect.forEach(ok, (slot) => terminate(slot.current), { discard: true })
          return yield* failed
        }
        slots.push(...ok)
        // Forked from an uninterruptible region: the servers must be made interruptible again to stop with the layer.
        for (const slot of ok) yield* Effect.forkIn(Effect.interruptible(serve(slot)), layerScope)
        started = true
      }).pipe(Effect.uninterruptible, Effect.withSpan("Ocr.start", { attributes: { workers } })))
    )

    /** Queues one recognition and waits for it; a caller that stops waiting leaves the job to be skipped. */
    const submit = (request: Pick<Job, "image" | "params">) =>
      Effect.gen(function*() {
        const job: Job = { ...request, done: yield* Deferred.make<TesseractBlocks>(), abandoned: false }
        yield* Queue.offer(jobs, job)
        return yield* Deferred.await(job.done).pipe(
          Effect.onInterrupt(() => Effect.sync(() => { job.abandoned = true }))
        )
      })

    const recognize = (image: OcrImage, recognizeOptions: RecognizeOptions = {}): Effect.Effect<OcrResult> =>
      Effect.gen(function*() {
        yield* ensureStarted
        const preprocess = recognizeOptions.preprocess ?? true
        const prepared = yield* prepare(
          image,
          typeof preprocess === "boolean" ? { enhance: preprocess } : { ...preprocess, enhance: true }
        )
        const segmentation = recognizeOptions.segmentation ?? prepared.segmentation
        const job = {
          image: toPgm(prepared),
          params: { tessedit_pageseg_mode: PSM[segmentation], ...prepared.tesseractParams }
        }
        const data = yield* submit(job)
        const first = toOcrResult(data, prepared)
        /** A crop of the prepared image read as a single text line. */
        const readAlone = (crop: PreparedImage) =>
          Effect.map(
            submit({ image: toPgm(crop), params: { ...job.params, tessedit_pageseg_mode: PSM_SINGLE_LINE } }),
            (cropData) => toOcrResult(cropData, crop).lines
          )
        if (recognizeOptions.reread === false || !(typeof preprocess === "object" || preprocess)) return first
        // Lines with a word read in doubt are read again by the line recognizer (SecondReading.ts), while
        // rows the page's reading left out (a large letterhead, a line the block segmentation skipped) are
        // read alone by tesseract: two engines, so both at once.
        const secondReading = recognizeOptions.secondReading ?? options.secondReading ?? true
        const rows = unreadRows(prepared, wordBoxes(data)).slice(0, MAX_REREAD_ROWS)
        const [lines, extra] = yield* Effect.all([
          Effect.forEach(
            first.lines,
            (line) => (secondReading && needsSecondReading(line) ? readAgain(lineRecognizer, prepared, line) : Effect.succeed(line)),
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

    return { recognize, workers } as const
  })

/** `Default` reads OCR_WORKERS itself; the app uses `DefaultWithoutDependencies` with its own AppConfig. */
export class Ocr extends Effect.Service<Ocr>()("Ocr", {
  scoped: Effect.flatMap(AppConfig, (config) => makeOcr({ workers: config.ocrWorkers, secondReading: config.ocrSecondReading })),
  // A broken configuration already stops the server at start; readers used alone should not carry ConfigError.
  dependencies: [Layer.orDie(AppConfig.Default)]
}) {}
