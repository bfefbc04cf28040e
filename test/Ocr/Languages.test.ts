import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { AppConfig } from "../../src/Config.js"
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage } from "../../src/Ocr/Languages.js"
import { makeOcr } from "../../src/Ocr/Ocr.js"
import { textImage } from "../support/textImage.js"

/** German and French words with letters the English model has not got. */
const LINES = ["Bäckerei Grün", "Königsallee 12", "Mühlenstraße 4", "Crêperie du Marché"]

const readWith = (languages: ReadonlyArray<OcrLanguage>) =>
  Effect.scoped(
    Effect.gen(function*() {
      const ocr = yield* makeOcr({ workers: 1, languages })
      const result = yield* ocr.recognize(textImage(LINES, { width: 720 }).image)
      return result.lines.map((l) => l.text)
    })
  )

const configWith = (env: Record<string, string>) =>
  Effect.gen(function*() {
    return yield* AppConfig
  }).pipe(
    Effect.provide(AppConfig.Default),
    Effect.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))
  )

describe("OCR languages", () => {
  it.effect(
    "reads German and French letters with their languages added, which the English model alone loses",
    () =>
      Effect.gen(function*() {
        const english = yield* readWith(["eng"])
        const added = yield* readWith(["eng", "deu", "fra"])
        // The English model reads "a" for "ä": the words come back, their letters not.
        expect(english.join(" ")).not.toMatch(/[äöüß]/)
        expect(added).toEqual(expect.arrayContaining(["Bäckerei Grün", "Königsallee 12"]))
        expect(added.join(" ")).toMatch(/Mühlenstraße/)
      }),
    { timeout: 120_000 }
  )

  it.effect("takes OCR_LANGUAGES as codes joined with '+', and refuses a language no model is shipped for", () =>
    Effect.gen(function*() {
      expect((yield* configWith({ OCR_LANGUAGES: "deu+eng" })).ocrLanguages).toEqual(["deu", "eng"])
      expect((yield* configWith({})).ocrLanguages).toEqual(DEFAULT_OCR_LANGUAGES)
      const refused = yield* Effect.flip(configWith({ OCR_LANGUAGES: "eng+tlh" }))
      expect(String(refused)).toMatch(/OCR_LANGUAGES must list one or more of eng, deu, fra/)
    }))
})
