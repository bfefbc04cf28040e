/**
 * The pipeline the evaluation runs: the service's own layers and configuration (eval/Config.ts), with
 * every value answered (MIN_CONFIDENCE 0) so that the harness can apply any threshold when it scores.
 */
import { Layer, ManagedRuntime } from "effect"
import { PipelineLive } from "../src/App.js"
import { AppConfig } from "../src/Config.js"
import { makeScratch, Scratch } from "../src/Storage/Scratch.js"
import { evalConfig } from "./Config.js"

export interface EvalRuntime {
  readonly runtime: ManagedRuntime.ManagedRuntime<Layer.Layer.Success<typeof PipelineLive>, unknown>
  /** The threshold the service would answer with (its MIN_CONFIDENCE). */
  readonly threshold: number
  /** Stops the runtime; OCR workers can take a while to stop, so this waits five seconds at most. */
  readonly dispose: () => Promise<void>
}

export const evalRuntime = async (outDir: string): Promise<EvalRuntime> => {
  const served = await evalConfig(outDir)
  const config = AppConfig.make({ ...served, minConfidence: 0 })
  // No stored documents here: the scratch folder, never swept for blobs to recover.
  const scratch = Layer.scoped(Scratch, makeScratch(config.dataDir))
  const runtime = ManagedRuntime.make(
    PipelineLive.pipe(Layer.provide(scratch), Layer.provide(Layer.succeed(AppConfig, config)))
  )
  return {
    runtime,
    threshold: served.minConfidence,
    dispose: async () => {
      await Promise.race([runtime.dispose(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
    }
  }
}
