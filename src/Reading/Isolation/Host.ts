/**
 * A reading worker's process: reads the documents the server sends, one at a time, with every reader of
 * the registry. Rendering, image decoding and the OCR's preparation happen here; recognition itself is
 * asked of the server's engines (tesseract pool and line recognizer, shared by all workers), so the
 * OCR's CPU is shared fairly and its models are loaded once.
 */
import { Deferred, Effect, Layer, ManagedRuntime, Option, Runtime } from "effect"
import * as v8 from "node:v8"
import type { ReadError } from "../../Domain/Errors.js"
import type { Page } from "../../Domain/PageModel.js"
import { renderPageImage } from "../../Export/PageImage.js"
import type { ReadCharacter } from "../../Ocr/LineRecognizer.js"
import { type Engines, makeRecognition, Ocr } from "../../Ocr/Ocr.js"
import { OcrFailed, type TesseractBlocks } from "../../Ocr/Types.js"
import { OfficeConverter } from "../../Office/Converter.js"
import { readDocument } from "../DocumentReader.js"
import { type FromWorker, SETUP_VARIABLE, type ToWorker, type WorkerSetup } from "./Protocol.js"
import { WARM_UP_READS, warmUpPdf } from "./WarmUp.js"

const setup = JSON.parse(process.env[SETUP_VARIABLE] ?? "{}") as WorkerSetup

const send = (message: FromWorker) => {
  process.send?.(message)
}

const pendingTesseract = new Map<number, Deferred.Deferred<TesseractBlocks, OcrFailed>>()
const pendingLines = new Map<number, Deferred.Deferred<ReadonlyArray<ReadCharacter> | undefined>>()
let calls = 0
let alphabet: ReadonlySet<string> | undefined
/** The pieces of the document being received. */
let incoming: { id: number; chunks: Array<Uint8Array> } = { id: 0, chunks: [] }

/** The server's engines, asked over the port. */
const remoteEngines: Engines = {
  tesseract: {
    workers: setup.ocrWorkers,
    languages: setup.ocrLanguages,
    submit: (image, params, languages) =>
      Effect.gen(function*() {
        const call = ++calls
        const done = yield* Deferred.make<TesseractBlocks, OcrFailed>()
        pendingTesseract.set(call, done)
        send({ type: "tesseract", call, image, params, ...(languages === undefined ? {} : { languages }) })
        return yield* Deferred.await(done).pipe(Effect.ensuring(Effect.sync(() => pendingTesseract.delete(call))))
      })
  },
  lines: {
    read: (image) =>
      Effect.gen(function*() {
        const call = ++calls
        const done = yield* Deferred.make<ReadonlyArray<ReadCharacter> | undefined>()
        pendingLines.set(call, done)
        send({
          type: "lines",
          call,
          image: { width: image.width, height: image.height, pixels: image.pixels },
          wantAlphabet: alphabet === undefined
        })
        return yield* Deferred.await(done).pipe(Effect.ensuring(Effect.sync(() => pendingLines.delete(call))))
      }),
    canRead: (char) => alphabet?.has(char.normalize("NFKC")) ?? false
  }
}

const runtime = ManagedRuntime.make(Layer.mergeAll(
  Layer.succeed(
    Ocr,
    Ocr.make(
      makeRecognition(remoteEngines, { secondReading: setup.secondReading, detectLanguage: setup.detectLanguage })
    )
  ),
  OfficeConverter.fromSetup(setup.office)
))

const heapUsed = () => v8.getHeapStatistics().used_heap_size

const read = (id: number, bytes: Uint8Array, maxPages: number) => {
  // Pages sent as they were read, by their index among those sent: the model's end refers to them.
  const sent = new Map<Page, number>()
  let sentCount = 0
  let leaving: Promise<void> | undefined
  return readDocument(bytes, {
    maxPages,
    onPageCount: (pages) => send({ type: "pages", id, pages }),
    onPagesRead: (pagesRead) => send({ type: "progress", id, pagesRead }),
    onPages: (pages) => {
      for (const page of pages) sent.set(page, sentCount++)
      // A worker busy reading writes its messages out only when it waits: it reads on once the pages
      // it sent before these have left (one message on its way at a time, the reading not held up
      // by the server's turn to read each one).
      const before = leaving
      leaving = new Promise<void>((resolve) => {
        if (process.send === undefined) return resolve()
        process.send({ type: "pages-read", id, pages } satisfies FromWorker, () => resolve())
      })
      return before
    }
  }).pipe(
    Effect.match({
      onFailure: (error: ReadError) =>
        send({ type: "done", id, error: { tag: error._tag, detail: error.detail }, heapUsed: heapUsed() }),
      onSuccess: (model) =>
        send({
          type: "done",
          id,
          model: { ...model, pages: model.pages.map((page) => sent.get(page) ?? page) },
          heapUsed: heapUsed()
        })
    }),
    // A reader that throws is a reader's bug, but still this file's failure: said so, not a crash.
    Effect.catchAllDefect((defect) =>
      Effect.sync(() =>
        send({
          type: "done",
          id,
          error: {
            tag: "UnsupportedMediaType",
            detail: `the file could not be read: ${defect instanceof Error ? defect.message : String(defect)}`
          },
          heapUsed: heapUsed()
        })
      )
    )
  )
}

/** The document whose pieces came for job `id` (the pieces are let go). */
const received = (id: number): Uint8Array => {
  const bytes = id === incoming.id ? Buffer.concat(incoming.chunks) : Buffer.alloc(0)
  incoming = { id: 0, chunks: [] }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

const render = (id: number, bytes: Uint8Array, mediaType: string, page: number) =>
  renderPageImage(bytes, mediaType, page).pipe(
    Effect.match({
      onFailure: (cause) =>
        send({
          type: "done",
          id,
          error: {
            tag: "Unprocessable",
            detail: `page ${page} could not be rendered: ${cause instanceof Error ? cause.message : String(cause)}`
          },
          heapUsed: heapUsed()
        }),
      onSuccess: (image) => send({ type: "done", id, image: Option.getOrNull(image), heapUsed: heapUsed() })
    }),
    Effect.catchAllDefect((defect) =>
      Effect.sync(() =>
        send({
          type: "done",
          id,
          error: { tag: "Unprocessable", detail: `page ${page} could not be rendered: ${String(defect)}` },
          heapUsed: heapUsed()
        })
      )
    )
  )

process.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "chunk":
      if (message.id !== incoming.id) incoming = { id: message.id, chunks: [] }
      incoming.chunks.push(message.bytes)
      return
    case "read":
      void runtime.runPromise(read(message.id, received(message.id), message.maxPages))
      return
    case "image":
      void runtime.runPromise(render(message.id, received(message.id), message.mediaType, message.page))
      return
    case "tesseract-done": {
      const done = pendingTesseract.get(message.call)
      if (done === undefined) return
      Runtime.runSync(Runtime.defaultRuntime)(
        message.blocks !== undefined
          ? Deferred.succeed(done, message.blocks)
          : Deferred.fail(done, new OcrFailed({ reason: message.failure ?? "OCR failed" }))
      )
      return
    }
    case "lines-done": {
      if (message.alphabet !== undefined) alphabet = new Set(message.alphabet)
      const done = pendingLines.get(message.call)
      if (done !== undefined) Runtime.runSync(Runtime.defaultRuntime)(Deferred.succeed(done, message.chars))
      return
    }
  }
})

// The server is gone (or let this worker go): nothing left to read for.
process.on("disconnect", () => process.exit(0))

// Compiles the readers before the first document (WarmUp.ts); whatever happens, the worker is then ready.
const ready = () => send({ type: "ready", heapUsed: heapUsed() })
runtime.runPromise(
  Effect.suspend(() => {
    const bytes = warmUpPdf()
    // pdf.js takes the bytes it is given (their buffer is detached after use): a copy per read.
    return Effect.forEach(Array.from({ length: WARM_UP_READS }), () => readDocument(bytes.slice(), { maxPages: 1 }), {
      discard: true
    })
  }).pipe(
    Effect.timeout("10 seconds"),
    Effect.ignore,
    Effect.catchAllDefect(() => Effect.void)
  )
).then(ready, ready)
