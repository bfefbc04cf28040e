import { FiberRef } from "effect"
import { randomUUID } from "node:crypto"

/** The id of the request being served: sent back as x-request-id and attached to every log line. */
export const CurrentRequestId = FiberRef.unsafeMake<string>("-")

const clientIdPattern = /^[A-Za-z0-9._:-]{1,128}$/

/** Keeps a well-formed id the client sent, else makes one. */
export const requestIdFrom = (header: string | undefined): string =>
  header !== undefined && clientIdPattern.test(header) ? header : randomUUID()
