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

/** Files in the scratch folders under DATA_DIR/tmp (folders and the instances' lock files aside). */
export const scratchFiles = (dataDir: string): Array<string> =>
  filesUnder(path.join(dataDir, "tmp")).filter((file) => !file.endsWith(".lock"))

/** The blobs stored under DATA_DIR/blobs, by SHA-256. */
export const blobsOnDisk = (dataDir: string): Array<string> =>
  filesUnder(path.join(dataDir, "blobs")).map((file) => path.basename(file)).sort()
