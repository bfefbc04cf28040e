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

/** About what a model holds in memory: its text and a few numbers per word and line. */
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

export class ParseCache extends Effect.Service<ParseCache>()("ParseCache", {
  effect: Effect.gen(function*() {
    const { parseCacheMb } = yield* AppConfig
    const cache = parseCacheMb <= 0 ? undefined : new LRUCache<string, PageModel>({
      maxSize: parseCacheMb * 1024 * 1024,
      sizeCalculation: (model) => Math.max(1, modelBytes(model))
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
