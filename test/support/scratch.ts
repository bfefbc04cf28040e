/** What is left in DATA_DIR: files in the scratch folders, blobs on disk. */
import * as fs from "node:fs"
import * as path from "node:path"

const filesUnder = (dir: string): Array<string> => {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/**
 * Files in the scratch folders under DATA_DIR/tmp: what requests left there. Aside: the instances' lock
 * files, the OCR model a running server keeps unpacked there, and the compile cache tsx (which runs the
 * sources in tests) writes into its workers' temporary folder.
 */
export const scratchFiles = (dataDir: string): Array<string> =>
  filesUnder(path.join(dataDir, "tmp")).filter((file) =>
    !file.endsWith(".lock") && !/[/\\](docsplit-ocr-|tsx-)[^/\\]*[/\\]/.test(file)
  )

/** The blobs stored under DATA_DIR/blobs, by SHA-256. */
export const blobsOnDisk = (dataDir: string): Array<string> =>
  filesUnder(path.join(dataDir, "blobs")).map((file) => path.basename(file)).sort()
