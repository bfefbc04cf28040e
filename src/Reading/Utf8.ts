/**
 * The text of a file's bytes. Text files have no magic number and rarely say their encoding: UTF-8
 * (with or without its byte-order mark), UTF-16 with its byte-order mark (what Windows' "Unicode" text
 * is), else Windows-1252, the 8-bit encoding of most text written in Western Europe and the Americas
 * (Latin-1's printable characters and "€", "‚", "…").
 */
import iconv from "iconv-lite"

/** The text of UTF-8 bytes, without a BOM; undefined when they are not valid UTF-8. */
export const decodeUtf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

/** The UTF-16 byte order its byte-order mark says, if the bytes start with one. */
export const utf16Order = (bytes: Uint8Array): "utf-16le" | "utf-16be" | undefined =>
  bytes[0] === 0xff && bytes[1] === 0xfe
    ? "utf-16le"
    : bytes[0] === 0xfe && bytes[1] === 0xff
    ? "utf-16be"
    : undefined

/** The text of the bytes, without a byte-order mark: UTF-16 by its mark, else UTF-8, else Windows-1252. */
export const decodeText = (bytes: Uint8Array): string => {
  const utf16 = utf16Order(bytes)
  if (utf16 !== undefined) return new TextDecoder(utf16).decode(bytes.subarray(2))
  // iconv-lite: Node's own "windows-1252" decoder reads 0x80–0x9F as control characters (Latin-1), not "€", "…".
  return decodeUtf8(bytes) ??
    iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "windows-1252")
}
