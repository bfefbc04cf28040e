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

/** A scan named after the document it was made from ("017_facture_scan.pdf" of "017_facture.pdf"). */
const SCAN_OF = /_scan(\.[^.]+)$/

/**
 * A scan falls on its source document's side (by the source's name, the extension kept), so that no
 * document is tuned on in one form and held back in another.
 */
export const partOf = (file: string): Part => {
  const h = createHash("sha256").update(path.basename(file).replace(SCAN_OF, "$1")).digest()
  return h.readUInt32BE(0) % 5 < HELD_BACK_OF_FIVE ? "held-back" : "tune"
}
