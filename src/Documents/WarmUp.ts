/**
 * A server's first one-shot request would pay for compiling its path after the reading (the engine's
 * split and extraction, the rendering of the answer in both forms, the markdown, the answer's
 * encoding): as it starts, while its database opens, the server answers a few small documents of
 * its own (invoices in three languages, a till receipt) a few times in the background, so that a
 * user's first document does not wait for the compiler (bench/notes/speed.md has the numbers). Each is
 * answered as a text file's page model and as a PDF's, read by the reading workers: the pages a PDF
 * gives (their words' boxes and fonts) take paths through the engine the text file's do not, and the
 * worker's hand-over of pages and the engine's work on them as they come are compiled too. The reads
 * are the service's own: no pages-read metric counts them, they give way to users' documents in the
 * reading workers, and the warm-up stops once a user's document is read. Only with the local engine: the
 * Claude engine's calls are the user's to spend, so there only the local engine's own code (its offline
 * preview) is warmed.
 */
import { Effect } from "effect"
import { AppConfig, engineOf } from "../Config.js"
import type { PageModel } from "../Domain/PageModel.js"
import { warmUpCases, warmUpLocalEngine } from "../Engine/Local/WarmUp.js"
import { WARM_UP_DOCUMENTS } from "../Engine/Local/WarmUpDocuments.js"
import { Pipeline } from "../Pipeline/Pipeline.js"
import { smallTextPdf } from "../Reading/SmallPdf.js"
import { answerOf, encodeAnswer } from "./OneShot.js"

/** Answers of the warm-up: the first compiles, the next ones let the compiler optimize. */
const ROUNDS = 4

/**
 * The one-shot answer computed a few times for each warm-up document (a fresh model each time), each
 * encoded as JSON: the English invoice first, alone with its template, then every document with the
 * templates of the other kinds beside its own.
 */
export const warmUpAnswers = Effect.gen(function*() {
  const pipeline = yield* Pipeline
  const answers: Array<string> = []
  for (let i = 0; i < ROUNDS; i++) {
    const cases = warmUpCases()
    for (const [k, { bytes, model, specs }] of cases.entries()) {
      // A user's document has come: it compiles what is left, without the warm-up taking turns with it.
      if (yield* pipeline.usersArrived) return answers
      const answer = (file: Uint8Array, pages: PageModel) =>
        Effect.flatMap(
          answerOf(pages, file, k === 0 ? specs.slice(0, 1) : specs, {
            // Every combination of the options that change the path: split or not, values with boxes or plain.
            includeCoordinates: i % 2 === 0,
            forceExclusive: i >= ROUNDS / 2,
            layout: false
          }),
          (answer) => Effect.map(encodeAnswer(answer), (encoded) => answers.push(JSON.stringify(encoded)))
        )
      // The text file's first: it needs no reading worker, so it runs while the worker still starts.
      yield* answer(bytes, model)
      const pdf = warmUpPdf(k)
      yield* answer(pdf, yield* pipeline.read(pdf, { layout: false, background: true }))
    }
  }
  return answers
})

/** A warm-up document as a one-page PDF in a standard font (its characters outside Latin-1 as "?"). */
const warmUpPdf = (k: number): Uint8Array =>
  smallTextPdf(
    WARM_UP_DOCUMENTS[k]!.lines.map((line) => ({ text: line.replace(/[^\x20-\x7e\xa0-\xff]/g, "?"), font: "standard" }))
  )

/**
 * What a server warms as it starts: the one-shot answer with the local engine, the local engine's
 * code otherwise. The service's own work, not traced.
 */
export const warmUpServer: Effect.Effect<void, never, AppConfig | Pipeline> = Effect.flatMap(
  AppConfig,
  (config) => engineOf(config) === "local" ? Effect.asVoid(warmUpAnswers) : warmUpLocalEngine
).pipe(
  Effect.catchAllCause((cause) => Effect.logWarning("warm-up failed (the first documents will be slower)", cause)),
  Effect.withTracerEnabled(false)
)
