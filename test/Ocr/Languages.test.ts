import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { AppConfig } from "../../src/Config.js"
import { DEFAULT_OCR_LANGUAGES, type OcrLanguage, pageLanguage } from "../../src/Ocr/Languages.js"
import { makeOcr } from "../../src/Ocr/Ocr.js"
import { textImage } from "../support/textImage.js"

/** A German receipt's words with letters the English model has not got. */
const GERMAN = [
  "Gasthof Zum Löwen",
  "Mühlenstraße 4",
  "Rechnung Nr. 2031",
  "Käsespätzle 12,50",
  "Summe 12,50",
  "Vielen Dank und bis bald"
]

const readWith = (languages: ReadonlyArray<OcrLanguage>, detectLanguage: boolean) =>
  Effect.scoped(
    Effect.gen(function*() {
      const ocr = yield* makeOcr({ workers: 1, languages, detectLanguage })
      const result = yield* ocr.recognize(textImage(GERMAN, { width: 720 }).image)
      return result.lines.map((l) => l.text).join("\n")
    })
  )

const configWith = (env: Record<string, string>) =>
  Effect.gen(function*() {
    return yield* AppConfig
  }).pipe(
    Effect.provide(AppConfig.Default),
    Effect.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))
  )

const words = (text: string) => text.split(/\s+/)

describe("OCR languages", () => {
  it("tells a page's language from the words the English model read, and no language on English or Malay pages", () => {
    expect(pageLanguage(words("Backerei Sonne Hauptstrasse 3 Summe 8,40 Bar 10,00 Ruckgeld Vielen Dank"))).toBe("deu")
    expect(pageLanguage(words("BOULANGERIE DU PONT Ticket TOTAL TTC 5,05 TVA 5,5% Merci de votre visite"))).toBe("fra")
    // A till receipt says little: its store's legal form, its receipt's and its card's words.
    expect(pageLanguage(words("Drogerie Sommer GmbH Filiale 12 Beleg 0042 Zu zahlen 5,80 EC-Karte Danke"))).toBe("deu")
    expect(pageLanguage(words("Sklep Pod Lipa ul. Dluga 17 PARAGON FISKALNY SUMA PLN 17,68 Gotowka Reszta"))).toBe(
      "pol"
    )
    expect(pageLanguage(words("The Copper Kettle 27 High Street Subtotal 26.55 Service TOTAL Visa Thank you")))
      .toBeUndefined()
    expect(pageLanguage(words("KEDAI MAJU SDN BHD NO 12 JALAN MAWAR TAMAN MAWAR KAJANG TOTAL CASH CHANGE GST")))
      .toBeUndefined()
    // Two marker words are not enough to tell.
    expect(pageLanguage(words("Invoice 2031 Bar 10.00 und Co TOTAL 8.40"))).toBeUndefined()
  })

  it.effect(
    "reads a German page again with the German model first, which keeps the letters English alone loses",
    () =>
      Effect.gen(function*() {
        const fixed = yield* readWith(["eng"], false)
        const detected = yield* readWith(["eng"], true)
        expect(fixed).not.toMatch(/[äöüß]/)
        expect(detected).toMatch(/Löwen/)
        expect(detected).toMatch(/Mühlenstraße/)
        expect(detected).toMatch(/Käsespätzle/)
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
