/**
 * The OLE compound file container (MS-CFB) checked before any reader follows it: every sector chain
 * ends inside the file, no sector serves two chains (so all streams together fit in the file), the
 * directory is a tree no deeper than MAX_DEPTH, every stream fits its chain. Readers that trust the
 * container (msgreader) would otherwise loop forever on a cycle or allocate whatever a size says.
 * Also tells whether the file is an Outlook message (MAPI property streams at the top level).
 */
import { Either } from "effect"

// The compound file container (MS-CFB): a header, then sectors; the FAT chains sectors into streams,
// the directory names the streams and storages, small streams live in 64-byte sectors of the mini stream.

export interface Container {
  readonly outlook: boolean
}

const HEADER_BYTES = 512
const ENTRY_BYTES = 128
const END_OF_CHAIN = 0xfffffffe
const NO_ENTRY = 0xffffffff
const MINI_SECTOR = 64
const MINI_STREAM_CUTOFF = 4096
const HEADER_FAT_SECTORS = 109
/** Storages nest this deep at most (an embedded message is two levels: attachment, then message). */
const MAX_DEPTH = 32
const STORAGE = 1
const STREAM = 2
const ROOT = 5

/** The container checked; Left says what is wrong. */
export const compoundFile = (bytes: Uint8Array): Either.Either<Container, string> => {
  try {
    return Either.right(checkContainer(bytes))
  } catch (e) {
    return Either.left(e instanceof Corrupt ? e.message : String(e))
  }
}

class Corrupt extends Error {}

const checkContainer = (bytes: Uint8Array): Container => {
  const fail = (why: string): never => {
    throw new Corrupt(why)
  }
  if (bytes.byteLength < HEADER_BYTES) fail("shorter than a compound file header")
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u16 = (at: number) => view.getUint16(at, true)
  const u32 = (at: number) => view.getUint32(at, true)
  const version = u16(26)
  const shift = u16(30)
  if (!((version === 3 && shift === 9) || (version === 4 && shift === 12)) || u16(32) !== 6) {
    fail(`unknown version ${version} or sector size`)
  }
  const sectorSize = 1 << shift
  // Only whole sectors count: a chain into a cut-off sector is a truncated file.
  const sectorCount = Math.floor(bytes.byteLength / sectorSize) - 1
  const offset = (sector: number) => (sector + 1) * sectorSize
  const perSector = sectorSize / 4
  const fatCount = u32(44)
  if (fatCount > sectorCount || u32(64) > sectorCount || u32(72) > sectorCount) {
    fail("the header counts more sectors than the file has")
  }
  if (u32(56) !== MINI_STREAM_CUTOFF) fail("unexpected mini stream cutoff")

  const claimed = new Uint8Array(Math.max(0, sectorCount))
  const claim = (sector: number, what: string) => {
    if (sector >= sectorCount) fail(`${what} points past the end of the file`)
    if (claimed[sector] === 1) fail(`${what} reuses sector ${sector}`)
    claimed[sector] = 1
  }

  // The FAT's own sectors: 109 in the header, the rest listed in a chain of DIFAT sectors.
  const fatSectors: Array<number> = []
  for (let i = 0; i < Math.min(fatCount, HEADER_FAT_SECTORS); i++) fatSectors.push(u32(76 + 4 * i))
  for (let difat = u32(68); fatSectors.length < fatCount;) {
    claim(difat, "the DIFAT")
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++) fatSectors.push(u32(offset(difat) + 4 * i))
    difat = u32(offset(difat) + 4 * (perSector - 1))
  }
  for (const sector of fatSectors) claim(sector, "the FAT")
  const fat = new Uint32Array(fatSectors.length * perSector)
  fatSectors.forEach((sector, i) => {
    for (let j = 0; j < perSector; j++) fat[i * perSector + j] = u32(offset(sector) + 4 * j)
  })

  const chain = (start: number, what: string): Array<number> => {
    const sectors: Array<number> = []
    for (let sector = start; sector !== END_OF_CHAIN; sector = fat[sector]!) {
      if (sector >= fat.length) fail(`${what} leaves the FAT`)
      claim(sector, what)
      sectors.push(sector)
    }
    return sectors
  }

  const directory = chain(u32(48), "the directory")
  const entryCount = directory.length * (sectorSize / ENTRY_BYTES)
  const entryAt = (index: number) =>
    offset(directory[Math.floor(index * ENTRY_BYTES / sectorSize)]!) + (index * ENTRY_BYTES) % sectorSize
  const entry = (index: number) => {
    const at = entryAt(index)
    const nameBytes = u16(at + 64)
    if (nameBytes > 64 || nameBytes % 2 !== 0) fail(`directory entry ${index} has a bad name length`)
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.max(0, nameBytes - 2)).toString("utf16le")
    // Version 3 files may leave garbage in the high half of the size.
    if (version === 4 && u32(at + 124) !== 0) fail(`directory entry ${index} is larger than 4 GB`)
    return {
      name,
      type: view.getUint8(at + 66),
      left: u32(at + 68),
      right: u32(at + 72),
      child: u32(at + 76),
      start: u32(at + 116),
      size: u32(at + 120)
    }
  }
  if (entryCount === 0) fail("no directory")
  const root = entry(0)
  if (root.type !== ROOT) fail("no root entry")

  const miniStream = chain(root.start, "the mini stream")
  if (root.size > miniStream.length * sectorSize) fail("the mini stream is shorter than its size")
  const miniFatSectors = chain(u32(60), "the mini FAT")
  const miniFat = new Uint32Array(miniFatSectors.length * perSector)
  miniFatSectors.forEach((sector, i) => {
    for (let j = 0; j < perSector; j++) miniFat[i * perSector + j] = u32(offset(sector) + 4 * j)
  })
  const miniSectors = Math.min(miniFat.length, (miniStream.length * sectorSize) / MINI_SECTOR)
  const miniClaimed = new Uint8Array(miniSectors)
  const miniChainLength = (start: number, what: string): number => {
    let length = 0
    for (let sector = start; sector !== END_OF_CHAIN; sector = miniFat[sector]!) {
      if (sector >= miniSectors) fail(`${what} leaves the mini stream`)
      if (miniClaimed[sector] === 1) fail(`${what} reuses mini sector ${sector}`)
      miniClaimed[sector] = 1
      length++
    }
    return length
  }

  // The directory tree: every entry reached once, streams' chains as long as their sizes.
  const seen = new Uint8Array(entryCount)
  seen[0] = 1
  let outlook = false
  const stack: Array<{ index: number; depth: number }> = [{ index: root.child, depth: 1 }]
  while (stack.length > 0) {
    const { index, depth } = stack.pop()!
    if (index === NO_ENTRY) continue
    if (index >= entryCount) fail(`directory entry ${index} does not exist`)
    if (seen[index] === 1) fail(`directory entry ${index} is reached twice`)
    seen[index] = 1
    const e = entry(index)
    if (e.type !== STORAGE && e.type !== STREAM) fail(`directory entry ${index} is neither a stream nor a storage`)
    if (depth === 1 && (e.name.startsWith("__substg1.0_") || e.name === "__properties_version1.0")) outlook = true
    stack.push({ index: e.left, depth }, { index: e.right, depth })
    if (e.type === STORAGE) {
      if (depth >= MAX_DEPTH) fail(`storages nested more than ${MAX_DEPTH} deep`)
      stack.push({ index: e.child, depth: depth + 1 })
    } else if (e.size > 0) {
      const what = `stream ${e.name}`
      const room = e.size < MINI_STREAM_CUTOFF
        ? miniChainLength(e.start, what) * MINI_SECTOR
        : chain(e.start, what).length * sectorSize
      if (room < e.size) fail(`${what} is shorter than its size`)
    }
  }
  return { outlook }
}
