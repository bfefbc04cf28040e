import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as fs from "node:fs"
import { createRequire } from "node:module"
import * as os from "node:os"
import * as path from "node:path"
import sharp from "sharp"
import type { Box, Line } from "../../src/Domain/PageModel.js"
import { lineRecognizerPaths } from "../../src/Ocr/LineModel.js"
import { makeLineRecognizer } from "../../src/Ocr/LineRecognizer.js"
import { makeOcr, Ocr } from "../../src/Ocr/Ocr.js"
import type { PlacedCharacter } from "../../src/Ocr/SecondReading.js"
import { lineBox, needsSecondReading, readAgain, realign } from "../../src/Ocr/SecondReading.js"
import { inUnit } from "../support/boxes.js"
import { textImage } from "../support/textImage.js"

const word = (text: string, box: Box, confidence = 0.9) => ({ text, box, confidence })
const lineOf = (...words: ReadonlyArray<ReturnType<typeof word>>): Line => ({
  text: words.map((w) => w.text).join(" "),
  box: [words[0]!.box[0], 0.5, words[words.length - 1]!.box[2], 0.52],
  words
})
/** Characters evenly spread from `from` to `to` (x in 0..1 of the page). */
const spread = (text: string, from: number, to: number, confidence = 0.95): Array<PlacedCharacter> =>
  text.split("").map((char, i) => ({ char, x: from + ((i + 0.5) * (to - from)) / text.length, confidence }))

/** A line image cut to its text, as the recognizer is given it. */
const lineImage = async (text: string, blur?: number) => {
  const { canvas } = textImage([text], { top: 40, height: 52, width: 24 * text.length + 80 })
  let image = sharp(await canvas.encode("png")).grayscale()
  if (blur !== undefined) image = image.blur(blur)
  const { data, info } = await image.trim().raw().toBuffer({ resolveWithObject: true })
  return { pixels: new Uint8Array(data), width: info.width, height: info.height }
}

describe("SecondReading", () => {
  describe("which lines", () => {
    it("reads again a line with a word read in doubt, and no other", () => {
      expect(
        needsSecondReading(lineOf(word("TOTAL", [0.1, 0.5, 0.2, 0.52]), word("14_1q", [0.3, 0.5, 0.4, 0.52], 0.3)))
      ).toBe(true)
      expect(needsSecondReading(lineOf(word("TOTAL", [0.1, 0.5, 0.2, 0.52]), word("16.45", [0.3, 0.5, 0.4, 0.52]))))
        .toBe(false)
    })

    it("cuts a line from the prepared image with a margin of a share of its height, inside the image", () => {
      const prepared = {
        pixels: new Uint8Array(400 * 300),
        width: 400,
        height: 300,
        scale: 2,
        left: 10,
        top: 20,
        sourceWidth: 300,
        sourceHeight: 200,
        segmentation: "block" as const,
        tesseractParams: {}
      }
      const line = lineOf(word("12.50", [40 / 300, 60 / 200, 100 / 300, 70 / 200]))
      // Source pixels x 40..100, y 60..70 → prepared (x − 10) × 2, (y − 20) × 2: 60..180, 80..100; margin 10.
      expect(lineBox(prepared, { ...line, box: line.words[0]!.box }, 0.5)).toEqual([50, 70, 190, 110])
      expect(lineBox(prepared, { ...line, box: line.words[0]!.box }, 0.05)).toEqual([59, 79, 181, 101])
      // Near the edges the box is clipped to the prepared image.
      expect(lineBox(prepared, lineOf(word("wide", [0, 0.1, 1, 0.15])), 0.5)).toEqual([0, 0, 400, 30])
    })

    it("takes the line's height from its words, leaving out a word much taller than the others", () => {
      const prepared = {
        pixels: new Uint8Array(1000 * 1000),
        width: 1000,
        height: 1000,
        scale: 1,
        left: 0,
        top: 0,
        sourceWidth: 1000,
        sourceHeight: 1000,
        segmentation: "block" as const,
        tesseractParams: {}
      }
      const text = lineOf(
        word("Software", [0.1, 0.5, 0.2, 0.52]),
        word("|", [0.25, 0.46, 0.26, 0.56], 0.2),
        word("126,99", [0.3, 0.5, 0.4, 0.52])
      )
      expect(lineBox(prepared, text, 0)).toEqual([100, 500, 400, 520])
    })
  })

  describe("characters put into tesseract's words", () => {
    const total = word("TOTAL", [0.1, 0.5, 0.2, 0.52], 0.9)
    const amount = word("14_1q", [0.3, 0.5, 0.4, 0.52], 0.2)

    it("keeps the words and their boxes, with the second reading's text and confidence", () => {
      const line = realign(lineOf(total, amount), [...spread("TOTAL", 0.1, 0.2), ...spread("16.45", 0.3, 0.4, 0.8)])!
      expect(line.text).toBe("TOTAL 16.45")
      expect(line.words.map((w) => w.box)).toEqual([total.box, amount.box])
      expect(line.words[1]!.confidence).toBeCloseTo(0.8)
    })

    it("keeps the least sure letter's or digit's confidence beside the word's mean", () => {
      // The "6" doubted; the dot doubted more, which does not count.
      const chars = spread("16.45", 0.3, 0.4, 0.9).map((c, i) =>
        i === 1 ? { ...c, confidence: 0.4 } : i === 2 ? { ...c, confidence: 0.2 } : c
      )
      const sure = word("TOTAL", total.box, 0.97)
      const line = realign(lineOf(sure, amount), [...spread("TOTAL", 0.1, 0.2), ...chars])!
      expect(line.words[1]!.confidence).toBeCloseTo(0.66)
      expect(line.words[1]!.leastCharacter).toBeCloseTo(0.4)
      // A word tesseract was sure of keeps its reading, and has no characters' confidences.
      expect(line.words[0]!.leastCharacter).toBeUndefined()
      // Nor has a word of punctuation alone.
      const colon = word(":", [0.22, 0.5, 0.24, 0.52], 0.3)
      const marked = realign(lineOf(sure, colon, amount), [
        ...spread("TOTAL", 0.1, 0.2),
        ...spread(":", 0.22, 0.24, 0.5),
        ...chars
      ])!
      expect(marked.words.map((w) => w.text)).toEqual(["TOTAL", ":", "16.45"])
      expect(marked.words[1]!.leastCharacter).toBeUndefined()
      expect(marked.words[2]!.leastCharacter).toBeCloseTo(0.4)
    })

    it("separates words tesseract separated even when the recognizer reads no space", () => {
      expect(realign(lineOf(total, amount), spread("TOTAL16.45", 0.1, 0.4))!.text).toBe("TOTAL 16.45")
    })

    it("splits a word where the recognizer reads a space, cutting its box between the characters", () => {
      const merged = word("TOTALRM", [0.1, 0.5, 0.3, 0.52])
      const line = realign(lineOf(merged), [
        ...spread("TOTAL", 0.1, 0.22),
        { char: " ", x: 0.23, confidence: 0.9 },
        ...spread("RM", 0.24, 0.3)
      ])!
      expect(line.words.map((w) => w.text)).toEqual(["TOTAL", "RM"])
      const [a, b] = line.words
      expect(a!.box[0]).toBe(0.1)
      expect(b!.box[2]).toBe(0.3)
      expect(a!.box[2]).toBeCloseTo(b!.box[0])
      expect(a!.box[2]).toBeGreaterThan(0.21)
      expect(a!.box[2]).toBeLessThan(0.25)
    })

    it("cuts a word's box that covers the whole line where the next word starts", () => {
      const wide = word("TOTAL", [0.06, 0.5, 0.43, 0.52], 0.8)
      const rm = word("A", [0.22, 0.5, 0.26, 0.52], 0.4)
      const value = word("14.30", [0.3, 0.5, 0.43, 0.52], 0.6)
      const line = realign(lineOf(wide, rm, value), [
        ...spread("TOTAL", 0.06, 0.2),
        ...spread("RM", 0.22, 0.26),
        ...spread("16.45", 0.3, 0.43)
      ])!
      expect(line.text).toBe("TOTAL RM 16.45")
      expect(line.words[0]!.box[2]).toBe(0.22)
    })

    it("keeps tesseract's doubled character the recognizer merged", () => {
      const postcode = word("10115", [0.3, 0.5, 0.4, 0.52], 0.4)
      expect(realign(lineOf(total, postcode), [...spread("TOTAL", 0.1, 0.2), ...spread("1015", 0.3, 0.4)])!.text).toBe(
        "TOTAL 10115"
      )
      expect(realign(lineOf(total, postcode), [...spread("TOTAL", 0.1, 0.2), ...spread("1016", 0.3, 0.4)])!.text).toBe(
        "TOTAL 1016"
      )
    })

    it("keeps a word tesseract is sure of, and a word without digits it trusts more than the recognizer", () => {
      const doubt = word("Ca5h", [0.3, 0.5, 0.4, 0.52], 0.3)
      const reread = (name: ReturnType<typeof word>, nameRead: string, confidence: number) =>
        realign(lineOf(name, doubt), [...spread(nameRead, 0.1, 0.2, confidence), ...spread("Cash", 0.3, 0.4)])!.text
      // Sure (0.96): tesseract's reading stays, however sure the recognizer is.
      expect(reread(word("MALURI", [0.1, 0.5, 0.2, 0.52], 0.96), "MALURT", 0.99)).toBe("MALURI Cash")
      // Trusted (0.85), no digits: stays unless every character the recognizer read is surer.
      const trusted = word("AEON", [0.1, 0.5, 0.2, 0.52], 0.85)
      expect(reread(trusted, "AEDN", 0.7)).toBe("AEON Cash")
      expect(reread(trusted, "AEDN", 0.9)).toBe("AEDN Cash")
      // A word with digits is the recognizer's below sure ("23/12/2017" read at 0.92 was "22/12/2017").
      expect(reread(word("23/12/2017", [0.1, 0.5, 0.2, 0.52], 0.92), "22/12/2017", 0.8)).toBe("22/12/2017 Cash")
      // The doubtful word is always read again.
      expect(reread(trusted, "AEON", 0.9)).toBe("AEON Cash")
    })

    it("doubts a kept word the recognizer read otherwise, not one it read alike or with look-alikes", () => {
      const doubt = word("Ca5h", [0.3, 0.5, 0.4, 0.52], 0.3)
      const kept = (name: string, nameRead: string) => {
        const line = realign(
          lineOf(word(name, [0.1, 0.5, 0.2, 0.52], 0.96), doubt),
          [...spread(nameRead, 0.1, 0.2, 0.9), ...spread("Cash", 0.3, 0.4)]
        )!
        return line.words[0]!
      }
      // Another letter: tesseract's reading stays, its least sure character no surer than the recognizer's doubt.
      const harbour = kept("HARBOUR", "HARBOVR")
      expect(harbour.text).toBe("HARBOUR")
      expect(harbour.leastCharacter).toBeCloseTo(0.1, 5)
      expect(kept("HARBOUR", "HARBOUR").leastCharacter).toBeUndefined()
      expect(kept("NORTH", "N0RTH").leastCharacter).toBeUndefined()
      expect(kept("Harbour,", "HARBOUR").leastCharacter).toBeUndefined()
      expect(kept("Hale", "Ha1e").leastCharacter).toBeUndefined()
      expect(kept("Blvd", "BIvd").leastCharacter).toBeUndefined()
      // A neighbour's characters read into the word's extent are no dispute either.
      expect(kept("HARBOUR", "K HARBOUR").leastCharacter).toBeUndefined()
      // A letter lost at the word's start, or a decimal mark moved, is a dispute.
      expect(kept("ARBOUR", "HARBOUR").leastCharacter).toBeCloseTo(0.1, 5)
      expect(kept("25.00", "2.500").leastCharacter).toBeCloseTo(0.1, 5)
    })

    it("drops a word that receives no character, and reads nothing as nothing", () => {
      const noise = word("|", [0.02, 0.5, 0.03, 0.52], 0.1)
      expect(realign(lineOf(noise, total), spread("TOTAL", 0.1, 0.2))!.text).toBe("TOTAL")
      expect(realign(lineOf(total), [])).toBeUndefined()
      expect(realign(lineOf(total), [{ char: " ", x: 0.15, confidence: 1 }])).toBeUndefined()
    })
  })

  describe("a line read again part by part", () => {
    const prepared = {
      pixels: new Uint8Array(1000 * 500),
      width: 1000,
      height: 500,
      scale: 1,
      left: 0,
      top: 0,
      sourceWidth: 1000,
      sourceHeight: 500,
      segmentation: "block" as const,
      tesseractParams: {}
    }
    /** A recognizer that reads `text` over every crop it is given, and records the crops' widths. */
    const fake = (text: string) => {
      const widths: Array<number> = []
      return {
        widths,
        recognizer: {
          read: (image: { readonly width: number }) =>
            Effect.sync(() => {
              widths.push(image.width)
              return spread(text, 0, 1)
            }),
          canRead: (c: string) => c !== "€"
        }
      }
    }

    it.effect("reads only the parts with a word in doubt; words far apart are separate parts", () =>
      Effect.gen(function*() {
        // Text 10 px high; "126,99" stands 200 px (20 heights) right of the label.
        const line = lineOf(
          word("Software", [0.1, 0.5, 0.18, 0.52]),
          word("licence", [0.19, 0.5, 0.26, 0.52]),
          word("12699", [0.46, 0.5, 0.52, 0.52], 0.3)
        )
        const { recognizer, widths } = fake("126,99")
        const read = yield* readAgain(recognizer, prepared, line)
        expect(read.text).toBe("Software licence 126,99")
        expect(read.words.slice(0, 2)).toEqual(line.words.slice(0, 2))
        // One crop: the doubtful word (60 px) and its margin, not the whole 420 px line.
        expect(widths).toHaveLength(1)
        expect(widths[0]).toBeLessThan(70)
      }))

    it.effect("keeps a word with a character the recognizer cannot read, and the line when nothing is read", () =>
      Effect.gen(function*() {
        const line = lineOf(word("87.36l,46", [0.3, 0.5, 0.38, 0.52], 0.3), word("€", [0.385, 0.5, 0.395, 0.52], 0.4))
        expect((yield* readAgain(fake("87.361,46 C").recognizer, prepared, line)).text).toBe("87.361,46 €")
        expect(yield* readAgain(fake("").recognizer, prepared, line)).toEqual(line)
      }))
  })

  describe("the line recognizer (PP-OCRv4 on onnxruntime, from node_modules)", () => {
    it("loads its model and alphabet from files in node_modules, never a URL", () => {
      for (const p of Object.values(lineRecognizerPaths())) {
        expect(p).not.toMatch(/^[a-z]+:\/\//i)
        expect(p).toContain("node_modules")
        expect(fs.statSync(p).size).toBeGreaterThan(10_000)
      }
    })

    it.scoped("reads a line image into characters with positions and confidences", () =>
      Effect.gen(function*() {
        const recognizer = yield* makeLineRecognizer({ concurrency: 1 })
        const chars = (yield* recognizer.read(yield* Effect.promise(() => lineImage("TOTAL RM 16.45"))))!
        expect(chars.map((c) => c.char).join("").replace(/ /g, "")).toBe("TOTALRM16.45")
        const xs = chars.map((c) => c.x)
        expect(xs).toEqual([...xs].sort((a, b) => a - b))
        expect(xs[0]).toBeLessThan(0.1)
        expect(xs[xs.length - 1]).toBeGreaterThan(0.9)
        for (const c of chars) {
          expect(c.confidence).toBeGreaterThan(0.5)
          expect(c.confidence).toBeLessThanOrEqual(1)
        }
      }), 60_000)

    it.scoped(
      "reads on threads of its own, as many at once as its concurrency, never on the caller's thread",
      () =>
        Effect.gen(function*() {
          const recognizer = yield* makeLineRecognizer({ concurrency: 2 })
          const images = yield* Effect.promise(() =>
            Promise.all(["TOTAL 16.45", "CASH 50.00", "CHANGE 33.55"].map((t) => lineImage(t)))
          )
          const read = yield* Effect.all(images.map((image) => recognizer.read(image)), { concurrency: "unbounded" })
          expect(read.map((chars) => chars!.map((c) => c.char).join("").replace(/ /g, ""))).toEqual([
            "TOTAL16.45",
            "CASH50.00",
            "CHANGE33.55"
          ])
          // The runtime runs a network on the thread that calls it: it must never be loaded on this one.
          const loadedHere = Object.keys(createRequire(import.meta.url).cache).filter((m) => m.includes("onnxruntime"))
          expect(loadedHere).toEqual([])
          expect(recognizer.canRead("A")).toBe(true)
        }),
      60_000
    )

    it.scoped("answers nothing, without failing, when its model cannot be loaded", () =>
      Effect.gen(function*() {
        const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "line-recognizer-")), "model.onnx")
        fs.writeFileSync(broken, "not a model")
        const recognizer = yield* makeLineRecognizer({ concurrency: 1, modelPath: broken })
        const image = yield* Effect.promise(() => lineImage("TOTAL RM 16.45"))
        expect(yield* recognizer.read(image)).toBeUndefined()
        // And for every later line: the failure is remembered, never raised.
        expect(yield* recognizer.read(image)).toBeUndefined()
        expect(recognizer.canRead("A")).toBe(false)
      }), 60_000)

    it.scoped(
      "answers nothing for lines read at once, on every thread, when its model cannot be loaded",
      () =>
        Effect.gen(function*() {
          const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "line-recognizer-")), "model.onnx")
          fs.writeFileSync(broken, "not a model")
          const recognizer = yield* makeLineRecognizer({ concurrency: 3, modelPath: broken })
          const image = yield* Effect.promise(() => lineImage("TOTAL RM 16.45"))
          const read = yield* Effect.all(Array.from({ length: 6 }, () => recognizer.read(image)), {
            concurrency: "unbounded"
          }).pipe(Effect.timeout("30 seconds"))
          expect(read).toEqual([undefined, undefined, undefined, undefined, undefined, undefined])
        }),
      60_000
    )

    it.scoped("reads Latin text only: letters, digits, punctuation", () =>
      Effect.gen(function*() {
        const recognizer = yield* makeLineRecognizer({ concurrency: 2 })
        const images = yield* Effect.promise(() =>
          Promise.all(["Café 12,50 €", "Rechnung Nr. 2024-117", "a smudge ~ # @"].map((t) => lineImage(t, 1.2)))
        )
        const readings = yield* Effect.forEach(images, (image) => recognizer.read(image), { concurrency: "unbounded" })
        for (const chars of readings) {
          expect(chars!.length).toBeGreaterThan(5)
          for (const c of chars!) expect(c.char).toMatch(/^[\u0020-\u024F\u2010-\u2027\u20A0-\u20CF]$/)
        }
        expect(readings[1]!.map((c) => c.char).join("")).toContain("2024-117")
      }), 60_000)
  })

  describe("within the OCR", () => {
    const OcrOneWorker = Layer.scoped(Ocr, Effect.map(makeOcr({ workers: 1 }), Ocr.make))

    it.effect(
      "rereads the lines tesseract doubts and gets them right: blurred small print",
      () =>
        Effect.gen(function*() {
          const ocr = yield* Ocr
          const { canvas } = textImage(["TOTAL RM 26.85", "CASH RM 50.00", "CHANGE RM 23.15"])
          const { data, info } = yield* Effect.promise(async () =>
            sharp(await canvas.encode("png")).grayscale().blur(1.5).resize({ width: 256 }).raw().toBuffer({
              resolveWithObject: true
            })
          )
          const image = { width: info.width, height: info.height, pixels: new Uint8Array(data) }
          const alone = yield* ocr.recognize(image, { secondReading: false })
          const read = yield* ocr.recognize(image)
          const amounts = (lines: ReadonlyArray<Line>) =>
            lines.flatMap((l) => l.words.map((w) => w.text).filter((t) => /\d/.test(t)))
          // Tesseract alone misreads amounts here; the second reading gets all three.
          expect(amounts(alone.lines)).not.toEqual(["26.85", "50.00", "23.15"])
          expect(amounts(read.lines)).toEqual(["26.85", "50.00", "23.15"])
          for (const line of read.lines) {
            expect(inUnit(line.box)).toBe(true)
            for (const w of line.words) expect(inUnit(w.box)).toBe(true)
          }
        }).pipe(Effect.provide(OcrOneWorker)),
      60_000
    )
  })
})
