/**
 * Exclusive locks held by the operating system on a file (open-file-description locks, flock
 * semantics, from fs-native-extensions): released when the holder closes the file or its process ends,
 * however it ends, so a lock never outlives its owner and never needs a staleness guess.
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"

interface NativeLocks {
  readonly tryLock: (fd: number) => boolean
  readonly unlock: (fd: number) => void
}

const native = createRequire(import.meta.url)("fs-native-extensions") as NativeLocks

export interface HeldLock {
  readonly file: string
  /** Unlocks and closes the file (the file itself stays). */
  readonly release: () => void
}

/**
 * Takes the lock on `file` (created if missing) without waiting: the held lock, with `note` written in
 * the file for people to read (the owner's pid), or the note another holder left there.
 */
export const tryLockFile = (file: string, note: string): { readonly held: HeldLock } | { readonly heldBy: string } => {
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600)
  let granted: boolean
  try {
    granted = native.tryLock(fd)
  } catch (error) {
    fs.closeSync(fd)
    throw error
  }
  if (!granted) {
    const other = fs.readFileSync(file, "utf8").trim()
    fs.closeSync(fd)
    return { heldBy: other }
  }
  fs.ftruncateSync(fd, 0)
  fs.writeSync(fd, note, 0)
  let released = false
  return {
    held: {
      file,
      release: () => {
        if (released) return
        released = true
        native.unlock(fd)
        fs.closeSync(fd)
      }
    }
  }
}
