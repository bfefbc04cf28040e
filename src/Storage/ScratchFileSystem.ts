/**
 * The platform's file system with temporary files and folders made in this process's scratch folder
 * instead of the system's: uploads persisted by the multipart parser live there, are removed with their
 * request (success, error, disconnect, interruption), and what a crash leaves is swept at the next start.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as FileSystem from "@effect/platform/FileSystem"
import { Effect, Layer } from "effect"
import { Scratch } from "./Scratch.js"

export const ScratchFileSystem = Layer.effect(
  FileSystem.FileSystem,
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const { dir } = yield* Scratch
    return {
      ...fs,
      makeTempDirectory: (options) => fs.makeTempDirectory({ directory: dir, ...options }),
      makeTempDirectoryScoped: (options) => fs.makeTempDirectoryScoped({ directory: dir, ...options }),
      makeTempFile: (options) => fs.makeTempFile({ directory: dir, ...options }),
      makeTempFileScoped: (options) => fs.makeTempFileScoped({ directory: dir, ...options })
    } satisfies FileSystem.FileSystem
  })
).pipe(Layer.provide(NodeFileSystem.layer))
