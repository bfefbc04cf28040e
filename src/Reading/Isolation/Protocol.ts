/**
 * The messages between the server and a reading worker. The server sends one document at a time to a
 * worker and serves its calls to the OCR engines, which stay in the server, shared by every request.
 */
import type { Page, PageImage, PageModel } from "../../Domain/PageModel.js"
import type { OcrLanguage } from "../../Ocr/Languages.js"
import type { ReadCharacter } from "../../Ocr/LineRecognizer.js"
import type { TesseractBlocks } from "../../Ocr/Types.js"
import type { LibreOfficeSetup } from "../../Office/Converter.js"

/** The environment variable that gives a worker its setup (JSON). */
export const SETUP_VARIABLE = "DOCSPLIT_READER_SETUP"

/** Given to each worker when it starts. */
export interface WorkerSetup {
  /** How many images the server's tesseract pool reads at once (the readers send as many pages). */
  readonly ocrWorkers: number
  /** The languages the server's tesseract pool reads every page with (OCR_LANGUAGES). */
  readonly ocrLanguages: ReadonlyArray<OcrLanguage>
  readonly secondReading: boolean
  /** Whether a page whose reading shows another language is read again with that language's model first. */
  readonly detectLanguage: boolean
  /** The office converter the server chose (undefined: none). */
  readonly office: LibreOfficeSetup | undefined
}

/** The largest piece of a document in one message. */
export const CHUNK_BYTES = 1 << 20

/** The error tags a read can end with, each with its status at the API edge. */
export type ReadErrorTag = "UnsupportedMediaType" | "PayloadTooLarge" | "Unprocessable"

export type ToWorker =
  /** A piece of the next document (sent in pieces: each message is serialized on the server's thread). */
  | { readonly type: "chunk"; readonly id: number; readonly bytes: Uint8Array }
  /** Read the document whose pieces came before. */
  | { readonly type: "read"; readonly id: number; readonly maxPages: number }
  /** Render one page (1-based) of the document whose pieces came before, as an image for the model. */
  | { readonly type: "image"; readonly id: number; readonly mediaType: string; readonly page: number }
  | {
    readonly type: "tesseract-done"
    readonly call: number
    readonly blocks?: TesseractBlocks
    readonly failure?: string
  }
  | {
    readonly type: "lines-done"
    readonly call: number
    readonly chars: ReadonlyArray<ReadCharacter> | undefined
    readonly alphabet?: ReadonlyArray<string>
  }

/**
 * A page model as a read's "done" sends it: a page already sent in a "pages-read" message of the same
 * read is its index among those pages rather than the page again.
 */
export interface SentModel extends Omit<PageModel, "pages"> {
  readonly pages: ReadonlyArray<Page | number>
}

export type FromWorker =
  | { readonly type: "ready"; readonly heapUsed: number }
  | { readonly type: "pages"; readonly id: number; readonly pages: number }
  | { readonly type: "progress"; readonly id: number; readonly pagesRead: number }
  /** Pages read so far, sent before the rest of the document is read (numbered in order of sending). */
  | { readonly type: "pages-read"; readonly id: number; readonly pages: ReadonlyArray<Page> }
  | {
    readonly type: "tesseract"
    readonly call: number
    readonly image: Uint8Array
    readonly params: Record<string, string>
    /** The models to read with, when not the pool's own. */
    readonly languages?: ReadonlyArray<string>
  }
  | {
    readonly type: "lines"
    readonly call: number
    readonly image: { readonly width: number; readonly height: number; readonly pixels: Uint8Array }
    readonly wantAlphabet: boolean
  }
  | {
    readonly type: "done"
    readonly id: number
    readonly model?: SentModel
    /** The page image asked for ("image"); null: the format has none. */
    readonly image?: PageImage | null
    readonly error?: { readonly tag: ReadErrorTag; readonly detail: string }
    /** The worker's heap after the read, in bytes: a worker left holding much is replaced. */
    readonly heapUsed: number
  }
