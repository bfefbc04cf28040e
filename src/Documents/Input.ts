/** The file of a request: an uploaded part or a URL the server fetches. Exactly one of the two. */
import type * as Multipart from "@effect/platform/Multipart"
import { Effect } from "effect"
import * as fs from "node:fs/promises"
import * as path from "node:path"
import { BadRequest, Unprocessable } from "../Domain/Errors.js"
import { UrlFetcher } from "../Ingest/UrlFetcher.js"

export type Input =
  | { readonly _tag: "File"; readonly path: string; readonly name: string }
  | { readonly _tag: "Bytes"; readonly bytes: Uint8Array; readonly name: string }

export interface InputForm {
  readonly file?: ReadonlyArray<Multipart.PersistedFile> | undefined
  readonly url?: string | ReadonlyArray<string> | undefined
}

export const resolveInput = (form: InputForm) =>
  Effect.gen(function*() {
    const files = form.file ?? []
    const given = form.url === undefined ? [] : typeof form.url === "string" ? [form.url] : form.url
    // An empty url part beside a file is a form's unfilled field (interactive API docs send one): absent.
    const urls = files.length > 0 ? given.filter((u) => u.trim() !== "") : given
    if (files.length > 0 && urls.length > 0) {
      return yield* new BadRequest({ detail: "send either a file or a url, not both" })
    }
    if (files.length === 0 && urls.length === 0) {
      return yield* new BadRequest({ detail: "send a file (multipart field 'file') or a url (field 'url')" })
    }
    if (files.length > 1) return yield* new BadRequest({ detail: "send one file per request" })
    if (urls.length > 1) return yield* new BadRequest({ detail: "send one url per request" })
    const file = files[0]
    if (file !== undefined) {
      return { _tag: "File", path: file.path, name: path.basename(file.name) || "upload" } satisfies Input
    }
    const url = urls[0]!.trim()
    if (url.length === 0) return yield* new Unprocessable({ detail: "url must not be empty" })
    const fetched = yield* (yield* UrlFetcher).fetch(url)
    return { _tag: "Bytes", bytes: fetched.bytes, name: fetched.name } satisfies Input
  })

export const inputBytes = (input: Input): Effect.Effect<Uint8Array> =>
  input._tag === "Bytes"
    ? Effect.succeed(input.bytes)
    : Effect.promise(() => fs.readFile(input.path)).pipe(
      Effect.map((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
    )
