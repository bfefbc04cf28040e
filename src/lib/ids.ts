import { randomBytes } from "node:crypto"

/** Prefixed random ids: opaque, URL-safe, never reused (128 bits of randomness). */
export const newId = (prefix: string): string => `${prefix}_${randomBytes(16).toString("base64url")}`

export const nowSeconds = (): number => Math.floor(Date.now() / 1000)
