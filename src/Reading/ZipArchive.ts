/**
 * Zip archives (DOCX and other office files) opened without trusting them: the entry count is checked
 * from the end-of-central-directory record before anything is parsed, the sizes the central directory
 * declares must stay under a total and a compression-ratio bound (a "zip bomb" inflates a few hundred KB
 * into gigabytes), and every entry read is inflated as a stream that stops at its declared size, so an
 * archive that lies about its sizes cannot blow up memory either.
 */
import { Effect } from "effect"
import JSZip from "jszip"
import { UnsupportedMediaType } from "../Domain/Errors.js"

export interface ZipLimits {
  readonly maxEntries: number
  /** Total uncompressed size of all entries. */
  readonly maxTotalBytes: number
  /** Total uncompressed size over the archive's size; checked only above `ratioFloorBytes`. */
  readonly maxRatio: number
  readonly ratioFloorBytes: number
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 200 * 1024 * 1024,
  // XML compresses 5–20×, images not at all: 100× over a whole archive is not a document.
  maxRatio: 100,
  ratioFloorBytes: 20 * 1024 * 1024
}

export interface SafeZip {
  /** Names of the file entries (no directories). */
  readonly names: ReadonlyArray<string>
  readonly has: (name: string) => boolean
  /** The entry's bytes, inflated at most to its declared size. */
  readonly read: (name: string) => Effect.Effect<Uint8Array, UnsupportedMediaType>
}

/** `what` names the format in error details ("DOCX"). */
export const openZip = (
  bytes: Uint8Array,
  what: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS
): Effect.Effect<SafeZip, UnsupportedMediaType> =>
  Effect.gen(function*() {
    const corrupt = (why: string) => new UnsupportedMediaType({ detail: `corrupt or truncated ${what} (zip): ${why}` })
    const bomb = (why: string) => new UnsupportedMediaType({ detail: `${what} looks like a zip bomb: ${why}` })

    const declaredEntries = entryCount(bytes)
    if (declaredEntries === undefined) return yield* corrupt("no end of central directory record")
    // 0xFFFF means the count is in the Zip64 record: jszip reads it, and it is checked below.
    if (declaredEntries !== 0xffff && declaredEntries > limits.maxEntries) {
      return yield* bomb(`${declaredEntries} entries (the limit is ${limits.maxEntries})`)
    }
    const zip = yield* Effect.tryPromise({
      try: () => JSZip.loadAsync(bytes),
      catch: (e) => corrupt(e instanceof Error ? e.message : String(e))
    })
    const files = Object.values(zip.files).filter((f) => !f.dir)
    if (files.length > limits.maxEntries) {
      return yield* bomb(`${files.length} entries (the limit is ${limits.maxEntries})`)
    }
    const declared = new Map(files.map((f) => [f.name, declaredSize(f)]))
    const total = [...declared.values()].reduce((n, s) => n + s, 0)
    if (total > limits.maxTotalBytes) {
      return yield* bomb(`it inflates to ${mb(total)} (the limit is ${mb(limits.maxTotalBytes)})`)
    }
    if (total > limits.ratioFloorBytes && total > limits.maxRatio * bytes.byteLength) {
      return yield* bomb(`${mb(bytes.byteLength)} inflate to ${mb(total)}, more than ${limits.maxRatio}×`)
    }

    const read = (name: string): Effect.Effect<Uint8Array, UnsupportedMediaType> => {
      const file = zip.file(name)
      if (file === null) return Effect.fail(corrupt(`no entry ${name}`))
      const limit = declared.get(name) ?? 0
      return Effect.tryPromise({
        try: () => inflateBounded(file, limit),
        catch: (e) =>
          e instanceof SizeLie
            ? bomb(`${name} inflates past its declared ${limit} bytes`)
            : corrupt(`${name}: ${e instanceof Error ? e.message : String(e)}`)
      })
    }
    const names = files.map((f) => f.name)
    return { names, has: (name) => declared.has(name), read } satisfies SafeZip
  })

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`

/** The uncompressed size the central directory declares (jszip keeps it on the private `_data`). */
const declaredSize = (file: JSZip.JSZipObject): number => {
  const size = (file as unknown as { _data?: { uncompressedSize?: unknown } })._data?.uncompressedSize
  return typeof size === "number" && Number.isFinite(size) && size >= 0 ? size : 0
}

class SizeLie extends Error {}

const inflateBounded = (file: JSZip.JSZipObject, limit: number): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    let done = false
    const stream = file.nodeStream("nodebuffer")
    stream.on("data", (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        // A paused stream stops pulling from jszip's inflater once its small buffer is full.
        done = true
        stream.pause()
        reject(new SizeLie())
        return
      }
      chunks.push(chunk)
    })
    stream.on("error", (e) => {
      if (done) return
      done = true
      reject(e)
    })
    stream.on("end", () => {
      if (done) return
      done = true
      resolve(new Uint8Array(Buffer.concat(chunks, size)))
    })
  })

const EOCD_SIGNATURE = 0x06054b50
const EOCD_SIZE = 22
const MAX_COMMENT = 0xffff

/** Entry count from the end-of-central-directory record; undefined when there is none. */
const entryCount = (bytes: Uint8Array): number | undefined => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const last = bytes.byteLength - EOCD_SIZE
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return view.getUint16(at + 10, true)
  }
  return undefined
}
