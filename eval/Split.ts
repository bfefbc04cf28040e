/**
 * Every corpus is split in two by a hash of each file's name: the part the engine is tuned on (its
 * failures are printed) and the held-back part, only scored. The same file always falls on the same
 * side, whatever else the corpus holds, so numbers of the held-back part stay comparable over time.
 */
import { createHash } from "node:crypto"
import * as path from "node:path"

export type Part = "tune" | "held-back"

/** Two files in five are held back. */
const HELD_BACK_OF_FIVE = 2

export const partOf = (file: string): Part => {
  const h = createHash("sha256").update(path.basename(file)).digest()
  return h.readUInt32BE(0) % 5 < HELD_BACK_OF_FIVE ? "held-back" : "tune"
}
