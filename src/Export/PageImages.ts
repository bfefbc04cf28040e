/**
 * A file's page images for readers that look at the page itself (the model, with MODEL_VISION), each
 * rendered by the reader (PageImage.ts, in the reading workers) on first use and kept for the next.
 */
import { Effect, Option } from "effect"
import type { PageImage, PageImages } from "../Domain/PageModel.js"
import type { PageRenderer } from "../Reading/Reader.js"

/**
 * The file's page images. A page that cannot be rendered (or a file that cannot be read again) has no
 * image: its text is still there.
 */
export const pageImagesOf = (
  bytes: Effect.Effect<Uint8Array>,
  mediaType: string,
  render: PageRenderer
): Effect.Effect<PageImages> =>
  Effect.gen(function*() {
    const file = yield* Effect.cached(bytes)
    return yield* Effect.cachedFunction((page: number) =>
      Effect.flatMap(file, (b) => render(b, mediaType, page)).pipe(
        Effect.catchAllCause((cause) =>
          Effect.as(
            Effect.logWarning(`page ${page} could not be rendered for the model`, cause),
            Option.none<PageImage>()
          )
        )
      )
    )
  })
