/** The messages between the line recognizer (LineRecognizer.ts) and its threads (LineRecognizerThread.ts). */
import type { GrayImage, ReadCharacter } from "./LineModel.js"

export interface ToThread {
  readonly id: number
  readonly image: GrayImage
}

export type FromThread =
  /** The network is loaded; these are the characters it can read. */
  | { readonly type: "ready"; readonly alphabet: ReadonlyArray<string> }
  /** The network could not be loaded (the runtime has no binary for this platform, a broken file). */
  | { readonly type: "unavailable"; readonly reason: string }
  | { readonly type: "read"; readonly id: number; readonly chars: ReadonlyArray<ReadCharacter> }
  | { readonly type: "failed"; readonly id: number; readonly reason: string }
