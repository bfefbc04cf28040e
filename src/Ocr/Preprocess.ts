/**
 * Image preparation before OCR, chosen by measurement on receipts-dev (50 scans and photos;
 * `npm run bench ocr` prints raw vs prepared in the same run):
 * - grayscale, handed to tesseract as raw PGM (no PNG encoding), light colored marks such as stamps
 *   lightened and deep colored print darkened first (inkOfColors), shaded paper brought to the page's
 *   paper level (Shading.ts), light print on dark bands made dark on light (DarkBands.ts);
 * - border removal: crop to the text (text-sized connected components that have neighbours, so
 *   scanner speckles and halftone noise around a small receipt on an A4 scan are cut away);
 * - scaling text whose median glyph height is outside 13..40 px to 18 px (small scans upscaled,
 *   huge ones downscaled: accuracy depends on glyph size);
 * - page segmentation "block" (tesseract's single uniform block, PSM 6) and no inverted-text pass.
 * Measured against raw grayscale (PSM 6): total found 74% → 84%, date found 78% → 88%, word recall
 * 0.673 → 0.708, CER 0.229 → 0.219, CPU about the same. Tried and dropped: tesseract's Sauvola and
 * local-normalization thresholds (CER 0.30 / 0.80), our own Sauvola binarization (CER 0.24), stroke
 * thickening (a 3×3 minimum: worse), dividing every pixel by its local paper brightness (CER 0.218, one total
 * fewer, +0.06 CPU-s), a gamma darkening faint strokes (CER 0.21, fewer totals and dates found),
 * PSM auto, single column or sparse (fewer totals found), larger text targets (22–35 px: more CPU,
 * no gain), crop without scaling (fewer dates found), a Gaussian blur after scaling to join dot-matrix
 * dots (σ 0.65–1.2: CER 0.207–0.217 and dates found up to 92%, but totals found 74–79%: decimal points
 * merge into digits), the brightest RGB channel as gray so coloured stamps fade (CER 0.230, fewer totals
 * and dates found: coloured print fades too), fading only saturated pixels when the ink is neutral
 * (stamps and highlighter go, black print under them stays: CER 0.215, one total fewer; a stamped
 * letterhead then reads alone but not within its page; with the rereading of unread rows in Ocr.ts:
 * CER 0.211, two more store names, one total fewer, but pen strokes leave ghost edges read as noise
 * and a coloured letterhead over black print would fade with them). Tesseract's time hardly depends on the pixel
 * count (its LSTM reads every line scaled to 36 px): it follows the number and length of text lines.
 */
import { Effect } from "effect"
import sharp from "sharp"
import { invertDarkBands } from "./DarkBands.js"
import { otsuThreshold } from "./Otsu.js"
import { evenShading } from "./Shading.js"
import { OcrFailed, type OcrImage, type PageSegmentation } from "./Types.js"

export interface PreparedImage {
  /** 8-bit grayscale, row-major. */
  readonly pixels: Uint8Array
  readonly width: number
  readonly height: number
  /** Prepared pixels per source pixel. */
  readonly scale: number
  /** The crop's top-left corner in source pixels. */
  readonly left: number
  readonly top: number
  readonly sourceWidth: number
  readonly sourceHeight: number
  readonly segmentation: PageSegmentation
  readonly tesseractParams: Readonly<Record<string, string>>
}

export interface PrepareSettings {
  /** false: grayscale only (the raw baseline of the bench). */
  readonly enhance: boolean
  /** Median height, in pixels, that text is scaled to. */
  readonly targetTextHeight?: number
  /** Text at least this tall and at most `maxTextHeight` is left at its size. */
  readonly minTextHeight?: number
  readonly maxTextHeight?: number
  readonly crop?: boolean
  readonly segmentation?: PageSegmentation
}

export type Settings = Required<Omit<PrepareSettings, "enhance">>

/** Measured on receipts-dev (50 scans): see the module comment. */
export const defaultSettings: Settings = {
  targetTextHeight: 18,
  minTextHeight: 13,
  maxTextHeight: 40,
  crop: true,
  segmentation: "block"
}

/** Never scale beyond this many prepared pixels (memory and time of one recognition). */
const MAX_PREPARED_PIXELS = 24_000_000
const MAX_UPSCALE = 3
/** Scale changes smaller than this are not worth the resampling. */
const SCALE_EPSILON = 0.1

/** Tesseract parameters for every prepared image. */
const TESSERACT_PARAMS = {
  // Looking for white-on-black text costs a second recognition of doubtful lines; receipts have almost none.
  tessedit_do_invert: "0"
}

// ---------------------------------------------------------------------------------------------
// Analysis: text-sized connected components

interface Component {
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
  readonly area: number
}

/** Dark (≤ threshold) 8-connected components, found run by run with union-find. */
export const darkComponents = (
  pixels: Uint8Array,
  width: number,
  height: number,
  threshold: number
): Array<Component> => {
  const parent: Array<number> = []
  const x0: Array<number> = [],
    y0: Array<number> = [],
    x1: Array<number> = [],
    y1: Array<number> = [],
    area: Array<number> = []
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  const union = (a: number, b: number): number => {
    const ra = find(a), rb = find(b)
    if (ra === rb) return ra
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra]
    parent[child] = root
    x0[root] = Math.min(x0[root]!, x0[child]!)
    y0[root] = Math.min(y0[root]!, y0[child]!)
    x1[root] = Math.max(x1[root]!, x1[child]!)
    y1[root] = Math.max(y1[root]!, y1[child]!)
    area[root]! += area[child]!
    return root
  }
  // Runs of the previous row: start, end (exclusive), label.
  let previous: Array<number> = []
  for (let y = 0; y < height; y++) {
    const current: Array<number> = []
    const row = y * width
    let x = 0, j = 0
    while (x < width) {
      while (x < width && pixels[row + x]! > threshold) x++
      if (x >= width) break
      const start = x
      while (x < width && pixels[row + x]! <= threshold) x++
      let label = -1
      // 8-connectivity: a run touches previous runs overlapping [start - 1, x + 1).
      while (j < previous.length && previous[j + 1]! < start) j += 3
      for (let k = j; k < previous.length && previous[k]! <= x; k += 3) {
        label = label < 0 ? find(previous[k + 2]!) : union(label, previous[k + 2]!)
      }
      if (label < 0) {
        label = parent.length
        parent.push(label)
        x0.push(start)
        y0.push(y)
        x1.push(x - 1)
        y1.push(y)
        area.push(0)
      }
      x0[label] = Math.min(x0[label]!, start)
      x1[label] = Math.max(x1[label]!, x - 1)
      y1[label] = y
      area[label]! += x - start
      current.push(start, x, label)
    }
    previous = current
  }
  const components: Array<Component> = []
  for (let i = 0; i < parent.length; i++) {
    if (find(i) === i) components.push({ x0: x0[i]!, y0: y0[i]!, x1: x1[i]!, y1: y1[i]!, area: area[i]! })
  }
  return components
}

export interface TextAnalysis {
  /** Median height of text-sized components, pixels; undefined when too few were found. */
  readonly textHeight: number | undefined
  /** Smallest box [x0, y0, x1, y1) holding the text, pixels. */
  readonly textBox: readonly [number, number, number, number] | undefined
}

/** Dark components shaped like glyphs: not specks, not rules or frames, not mostly empty boxes. */
const glyphsOf = (pixels: Uint8Array, width: number, height: number, threshold: number): Array<Component> =>
  darkComponents(pixels, width, height, threshold).filter((c) => {
    const h = c.y1 - c.y0 + 1, w = c.x1 - c.x0 + 1
    return h >= 4 && h <= Math.max(height / 8, 80) && w <= 2 * h && c.area >= 0.1 * w * h
  })

/** The median height of components, pixels (the upper median of an even count). */
const medianHeight = (components: ReadonlyArray<Component>): number =>
  components.map((c) => c.y1 - c.y0 + 1).sort((a, b) => a - b)[components.length >> 1]!

/** A box in pixels: [x0, y0, x1, y1), x1 and y1 exclusive. */
export type PixelBox = readonly [number, number, number, number]

/** Glyphs in a row of unread text before it is worth reading again. */
const MIN_UNREAD_GLYPHS = 4
/** Glyphs further apart than this many text heights are not one row. */
const ROW_GAP = 3

/**
 * Rows of text that a recognition left out: glyph-like components of the prepared image whose centre lies
 * in none of the recognized words' boxes, grouped into rows (vertical overlap) and runs (small gaps),
 * kept when a run has a few glyphs and is wider than tall. Boxes in prepared pixels, with a margin.
 */
export const unreadRows = (
  image: Pick<PreparedImage, "pixels" | "width" | "height">,
  read: ReadonlyArray<PixelBox>
): Array<PixelBox> => {
  const glyphs = glyphsOf(image.pixels, image.width, image.height, otsuThreshold(image.pixels))
  if (glyphs.length < MIN_GLYPHS) return []
  const pad = medianHeight(glyphs) / 4
  const unread = glyphs.filter((c) => {
    const cx = (c.x0 + c.x1) / 2, cy = (c.y0 + c.y1) / 2
    return !read.some((b) => cx >= b[0] - pad && cx <= b[2] + pad && cy >= b[1] - pad && cy <= b[3] + pad)
  }).sort((a, b) => a.y0 + a.y1 - b.y0 - b.y1)
  // Rows: glyphs overlapping a row's band by half the smaller height join it (glyphs come top to bottom).
  const rows: Array<{ top: number; bottom: number; glyphs: Array<Component> }> = []
  for (const c of unread) {
    const row = rows.find((r) =>
      Math.min(r.bottom, c.y1) - Math.max(r.top, c.y0) >= 0.5 * Math.min(r.bottom - r.top, c.y1 - c.y0)
    )
    if (row === undefined) {
      rows.push({ top: c.y0, bottom: c.y1, glyphs: [c] })
      continue
    }
    row.glyphs.push(c)
    row.top = Math.min(row.top, c.y0)
    row.bottom = Math.max(row.bottom, c.y1)
  }
  // Runs: a row's glyphs left to right, cut where the gap is wider than a few of the row's heights.
  const boxes: Array<PixelBox> = []
  for (const row of rows) {
    const gap = ROW_GAP * (row.bottom - row.top + 1)
    let run: { count: number; x0: number; y0: number; x1: number; y1: number } | undefined
    const flush = () => {
      if (run === undefined) return
      const { count, x0, y0 } = run, x1 = run.x1 + 1, y1 = run.y1 + 1
      if (count >= MIN_UNREAD_GLYPHS && x1 - x0 >= 2 * (y1 - y0)) {
        const m = Math.ceil((y1 - y0) / 2)
        boxes.push([
          Math.max(0, x0 - m),
          Math.max(0, y0 - m),
          Math.min(image.width, x1 + m),
          Math.min(image.height, y1 + m)
        ])
      }
      run = undefined
    }
    for (const g of row.glyphs.sort((a, b) => a.x0 - b.x0)) {
      if (run !== undefined && g.x0 - run.x1 > gap) flush()
      if (run === undefined) run = { count: 1, x0: g.x0, y0: g.y0, x1: g.x1, y1: g.y1 }
      else {
        run.count++
        run.x1 = Math.max(run.x1, g.x1)
        run.y0 = Math.min(run.y0, g.y0)
        run.y1 = Math.max(run.y1, g.y1)
      }
    }
    flush()
  }
  return boxes
}

/** The pixels inside `box`, as an image of its own. */
export const cropPrepared = (image: PreparedImage, box: PixelBox): PreparedImage => {
  const [x0, y0, x1, y1] = box
  const width = x1 - x0, height = y1 - y0
  const pixels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    pixels.set(image.pixels.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), y * width)
  }
  return { ...image, pixels, width, height, left: image.left + x0 / image.scale, top: image.top + y0 / image.scale }
}

/** At least this many glyph-like components before sizes are trusted. */
const MIN_GLYPHS = 10

export const analyseText = (pixels: Uint8Array, width: number, height: number): TextAnalysis => {
  const threshold = otsuThreshold(pixels)
  const glyphs = glyphsOf(pixels, width, height, threshold)
  if (glyphs.length < MIN_GLYPHS) return { textHeight: undefined, textBox: undefined }
  const textHeight = medianHeight(glyphs)
  // Glyphs with another glyph nearby (a grid of cells a few text heights wide); isolated ones are noise.
  const cell = 3 * textHeight
  const cols = Math.ceil(width / cell) + 1
  const counts = new Map<number, number>()
  const key = (c: Component) => Math.floor((c.y0 + c.y1) / 2 / cell) * cols + Math.floor((c.x0 + c.x1) / 2 / cell)
  for (const c of glyphs) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1)
  let bx0 = width, by0 = height, bx1 = 0, by1 = 0
  for (const c of glyphs) {
    const k = key(c)
    let neighbours = (counts.get(k) ?? 0) - 1
    for (const d of [-cols - 1, -cols, -cols + 1, -1, 1, cols - 1, cols, cols + 1]) neighbours += counts.get(k + d) ?? 0
    if (neighbours < 2) continue
    bx0 = Math.min(bx0, c.x0)
    by0 = Math.min(by0, c.y0)
    bx1 = Math.max(bx1, c.x1 + 1)
    by1 = Math.max(by1, c.y1 + 1)
  }
  if (bx1 <= bx0 || by1 <= by0) return { textHeight, textBox: undefined }
  const margin = 2 * textHeight
  return {
    textHeight,
    textBox: [
      Math.max(0, bx0 - margin),
      Math.max(0, by0 - margin),
      Math.min(width, bx1 + margin),
      Math.min(height, by1 + margin)
    ]
  }
}

// ---------------------------------------------------------------------------------------------
// Preparation

/** A pixel whose channels differ by more than this is colored. */
const COLORED = 60
/** A colored pixel whose brightest channel is above this is a light mark, not dark colored print. */
const LIGHT = 180
/** A colored pixel darker than this in gray is print (red print is about 80), not a stamp's ink (120–180). */
const INK_LUMA = 110
/** A colored pixel with a channel under this is a deep color: print (orange, red, green), not a pastel mark. */
const DEEP = 60
/** Colored pixels of a kind are changed only where they cover at least this share of the image. */
const MARKED_SHARE = 0.004

const MARK = 1
const PRINT = 2

/** What a colored pixel is: a light mark on the red-to-blue side (a stamp's ink, MARK), deep colored print (PRINT), or neither (0). */
const colorKind = (r: number, g: number, b: number): number => {
  const max = Math.max(r, g, b), min = Math.min(r, g, b)
  if (max - min <= COLORED) return 0
  if (max > LIGHT && b >= g && 0.299 * r + 0.587 * g + 0.114 * b >= INK_LUMA) return MARK
  return min < DEEP ? PRINT : 0
}

/**
 * Color turned toward what OCR needs before the page goes gray. Light marks on the red-to-blue side (a
 * pink "PAID" stamp, a red chop, blue ink) take their brightest channel, nearly white, where gray would
 * make them as dark as the print beneath. Deep colored print (an orange or green heading, gray 140–160
 * and lost against white in tesseract's thresholding) takes its darkest channel. Yellow and green
 * highlighters, pastel on the other side, stay as gray makes them. Each kind is changed only where it
 * covers a noticeable share of the image: the color fringes JPEG leaves around black print, changed,
 * change the text. A copy when something changed, else the same pixels.
 * Measured on receipts-dev (fields right of 192): 150 → 151 (a store name under a stamp read whole);
 * every colored pixel lightened, whatever its share: 148; colored at a difference of 100: 147.
 */
export const inkOfColors = (pixels: Uint8Array, channels: number): Uint8Array => {
  if (channels < 3) return pixels
  // Each pixel's kind, found once and counted.
  const kinds = new Uint8Array(pixels.length / channels)
  const counts = [0, 0, 0]
  for (let i = 0, j = 0; i < kinds.length; i++, j += channels) {
    counts[kinds[i] = colorKind(pixels[j]!, pixels[j + 1]!, pixels[j + 2]!)]!++
  }
  const least = MARKED_SHARE * kinds.length
  const lighten = counts[MARK]! >= least, darken = counts[PRINT]! >= least
  if (!lighten && !darken) return pixels
  const out = Uint8Array.from(pixels)
  for (let i = 0, j = 0; i < kinds.length; i++, j += channels) {
    const kind = kinds[i]
    if (kind === MARK && lighten) out[j] = out[j + 1] = out[j + 2] = Math.max(out[j]!, out[j + 1]!, out[j + 2]!)
    else if (kind === PRINT && darken) out[j] = out[j + 1] = out[j + 2] = Math.min(out[j]!, out[j + 1]!, out[j + 2]!)
  }
  return out
}

const toGray = async (pixels: Uint8Array, width: number, height: number, channels: number) => {
  if (channels === 1) return { pixels, width, height }
  const { data, info } = await sharp(inkOfColors(pixels, channels), {
    raw: { width, height, channels: channels as 2 | 3 | 4 }
  })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return {
    pixels: data.length === info.width * info.height ? data : firstChannel(data, info.channels),
    width: info.width,
    height: info.height
  }
}

const grayOf = (image: OcrImage): Effect.Effect<{ pixels: Uint8Array; width: number; height: number }, OcrFailed> =>
  Effect.tryPromise({
    try: async () => {
      if ("png" in image) {
        const { data, info } = await sharp(image.png).removeAlpha().raw({ depth: "uchar" }).toBuffer({
          resolveWithObject: true
        })
        return toGray(data, info.width, info.height, info.channels)
      }
      return toGray(image.pixels, image.width, image.height, image.channels ?? 1)
    },
    catch: (cause) => new OcrFailed({ reason: `the image could not be prepared for OCR: ${String(cause)}` })
  })

/** The first channel of interleaved pixels (gray out of gray + alpha). */
export const firstChannel = (data: Uint8Array, channels: number): Uint8Array => {
  const out = new Uint8Array(data.length / channels)
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!
  return out
}

/** The scale that brings text of height `h` into range, within the pixel budget. */
export const scaleFor = (h: number | undefined, pixels: number, settings: Settings): number => {
  let scale = 1
  if (h !== undefined && (h < settings.minTextHeight || h > settings.maxTextHeight)) {
    scale = Math.min(MAX_UPSCALE, settings.targetTextHeight / h)
  }
  if (pixels * scale * scale > MAX_PREPARED_PIXELS) scale = Math.sqrt(MAX_PREPARED_PIXELS / pixels)
  return Math.abs(scale - 1) < SCALE_EPSILON ? 1 : scale
}

export const prepare = (image: OcrImage, options: PrepareSettings): Effect.Effect<PreparedImage, OcrFailed> =>
  Effect.gen(function*() {
    const read = yield* grayOf(image)
    const gray = options.enhance ? invertDarkBands(evenShading(read)) : read
    const base = {
      sourceWidth: gray.width,
      sourceHeight: gray.height,
      tesseractParams: options.enhance ? TESSERACT_PARAMS : {},
      // Unprepared: tesseract.js's own default (its API's single block, not the CLI's automatic layout).
      segmentation: options.segmentation ?? (options.enhance ? defaultSettings.segmentation : "block")
    }
    if (!options.enhance) return { ...base, ...gray, scale: 1, left: 0, top: 0 }
    const settings = { ...defaultSettings, ...options }
    const { textHeight, textBox } = analyseText(gray.pixels, gray.width, gray.height)
    const [left, top, right, bottom] = settings.crop && textBox ? textBox : [0, 0, gray.width, gray.height]
    const width = right - left, height = bottom - top
    const scale = scaleFor(textHeight, width * height, settings)
    if (scale === 1 && width === gray.width && height === gray.height) return { ...base, ...gray, scale, left, top }
    let pipeline = sharp(gray.pixels, { raw: { width: gray.width, height: gray.height, channels: 1 } })
    if (width !== gray.width || height !== gray.height) pipeline = pipeline.extract({ left, top, width, height })
    if (scale !== 1) {
      pipeline = pipeline.resize({
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        kernel: scale > 1 ? "cubic" : "lanczos3"
      })
    }
    const { data, info } = yield* Effect.tryPromise({
      try: () => pipeline.grayscale().raw().toBuffer({ resolveWithObject: true }),
      catch: (cause) => new OcrFailed({ reason: `the image could not be scaled for OCR: ${String(cause)}` })
    })
    return {
      ...base,
      pixels: data.length === info.width * info.height ? data : firstChannel(data, info.channels),
      width: info.width,
      height: info.height,
      // The exact factor after rounding, per axis would differ by < 1 px; width decides.
      scale: info.width / width,
      left,
      top
    }
  }).pipe(Effect.withSpan("Preprocess.prepare"))

/** A binary PGM (P5): the cheapest lossless format tesseract reads (no compression to undo). */
export const toPgm = (image: Pick<PreparedImage, "pixels" | "width" | "height">): Uint8Array => {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`)
  const out = new Uint8Array(header.length + image.pixels.length)
  out.set(header, 0)
  out.set(image.pixels, header.length)
  return out
}
