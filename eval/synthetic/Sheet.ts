/**
 * What a synthetic page is before rendering: texts placed in PDF points from the top-left corner,
 * and ruled lines. The PDF renderer draws it; the image renderer rasterizes that PDF.
 */
export type Font = "sans" | "sansBold" | "mono" | "monoBold" | "serif" | "serifBold"

export interface Text {
  readonly text: string
  /** Anchor: left edge, right edge or centre, by `align`. */
  readonly x: number
  /** Top of the text. */
  readonly y: number
  readonly size: number
  readonly font: Font
  readonly align: "left" | "right" | "center"
}

export interface Rule {
  readonly x1: number
  readonly y1: number
  readonly x2: number
  readonly y2: number
}

export interface Sheet {
  readonly width: number
  readonly height: number
  readonly texts: Array<Text>
  readonly rules: Array<Rule>
}

export const A4 = { width: 595, height: 842 } as const
export const LETTER = { width: 612, height: 792 } as const

export const sheet = (width: number, height: number): Sheet => ({ width, height, texts: [], rules: [] })

export interface TextOptions {
  readonly size?: number
  readonly font?: Font
  readonly align?: Text["align"]
}

export const put = (s: Sheet, x: number, y: number, text: string, o: TextOptions = {}): void => {
  if (text.trim() === "") return
  s.texts.push({ text, x, y, size: o.size ?? 10, font: o.font ?? "sans", align: o.align ?? "left" })
}

export const rule = (s: Sheet, x1: number, y1: number, x2: number, y2: number = y1): void => {
  s.rules.push({ x1, y1, x2, y2 })
}

/** Rough text width for layout decisions (the renderer measures exactly). */
export const approxWidth = (text: string, size: number, font: Font = "sans"): number =>
  text.length * size * (font.startsWith("mono") ? 0.6 : 0.52)
