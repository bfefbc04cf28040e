/**
 * Page models of stored documents kept in memory, most recently used first, up to PARSE_CACHE_MB:
 * a split or an extraction of a document read before takes its model from here, without the
 * database round trip and the decoding of a large JSON value, and the engines' per-page work done on
 * that same model (kept beside its pages) is not done again. The database's parse cache stays the
 * shared, durable one; this one belongs to the process.
 */
import { Effect } from "effect"
import { LRUCache } from "lru-cache"
import { AppConfig } from "../Config.js"
import type { PageModel } from "../Domain/PageModel.js"

/** About what a model's text takes: its text and a few numbers per word and line. */
export const modelBytes = (model: PageModel): number => {
  let bytes = 256
  for (const page of model.pages) {
    bytes += 256
    for (const line of page.lines) {
      bytes += 96 + 2 * line.text.length
      for (const word of line.words) bytes += 96 + 2 * word.text.length
    }
  }
  return bytes
}

/**
 * What a cached model holds in memory for each byte `modelBytes` counts: the model's own objects on
 * the heap (about 2.2 times its text) and the engines' work kept beside its pages (layouts, tokens,
 * split facts; about 6.4 times), measured on a 268-page invoice file (text 7.9 MB, held 68 MB).
 */
export const HELD_PER_TEXT_BYTE = 8.6

/** About what a cached model holds in memory, the engines' work on its pages included. */
export const heldBytes = (model: PageModel): number => Math.ceil(modelBytes(model) * HELD_PER_TEXT_BYTE)

export class ParseCache extends Effect.Service<ParseCache>()("ParseCache", {
  effect: Effect.gen(function*() {
    const { parseCacheMb } = yield* AppConfig
    const cache = parseCacheMb <= 0 ? undefined : new LRUCache<string, PageModel>({
      maxSize: parseCacheMb * 1024 * 1024,
      sizeCalculation: (model) => Math.max(1, heldBytes(model))
    })
    const keyOf = (documentId: string, parseKey: string) => `${documentId}\u0000${parseKey}`

    return {
      get: (documentId: string, parseKey: string): PageModel | undefined => cache?.get(keyOf(documentId, parseKey)),
      set: (documentId: string, parseKey: string, model: PageModel): void => {
        cache?.set(keyOf(documentId, parseKey), model)
      },
      /** A deleted document's models leave memory with it. */
      forget: (documentId: string): void => {
        if (cache === undefined) return
        const prefix = keyOf(documentId, "")
        for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key)
      }
    } as const
  })
}) {}
