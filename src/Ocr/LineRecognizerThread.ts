/**
 * A line recognizer's thread (LineRecognizer.ts starts them): loads the network once, says whether it
 * could (with the characters it reads), then reads the line images it is sent, one at a time, answering
 * each by its id.
 */
import { parentPort, workerData } from "node:worker_threads"
import { type GrayImage, loadModel, recognizeLine } from "./LineModel.js"
import type { FromThread, ToThread } from "./LineRecognizerProtocol.js"

const port = parentPort!
const send = (message: FromThread) => port.postMessage(message)
const model = loadModel((workerData as { modelPath?: string } | undefined)?.modelPath)

model.then(
  (loaded) => send({ type: "ready", alphabet: [...loaded.alphabet] }),
  (cause: unknown) => send({ type: "unavailable", reason: cause instanceof Error ? cause.message : String(cause) })
)

port.on("message", (message: ToThread) => {
  const image: GrayImage = message.image
  model.then((loaded) => recognizeLine(loaded, image)).then(
    (chars) => send({ type: "read", id: message.id, chars }),
    (cause: unknown) =>
      send({ type: "failed", id: message.id, reason: cause instanceof Error ? cause.message : String(cause) })
  )
})
