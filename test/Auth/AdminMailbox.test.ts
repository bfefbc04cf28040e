import { describe, expect, layer } from "@effect/vitest"
import { Clock, Effect, Layer, Option, Redacted } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { mailboxDir, sendToServer, serveMailbox } from "../../src/Auth/AdminMailbox.js"
import { KeyStore } from "../../src/Auth/Keys.js"
import { TestSql } from "../support/sql.js"

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "docsplit-mailbox-"))

describe("the keys CLI through a running server", () => {
  layer(
    Layer.scopedDiscard(serveMailbox(dataDir)).pipe(Layer.provideMerge(KeyStore.Default), Layer.provideMerge(TestSql)),
    { timeout: 60_000 }
  )("mailbox", (it) => {
    it.effect("create, list and revoke are answered well within a second; the revoked key stops working", () =>
      Effect.gen(function*() {
        const keys = yield* KeyStore
        const started = performance.now()
        const created = yield* sendToServer(dataDir, ["create", "mail", "via the mailbox"])
        expect(created.code).toBe(0)
        const key = /key:\s+(\S+)/.exec(created.stdout)![1]!
        const id = /key id: (\S+)/.exec(created.stdout)![1]!
        expect(Option.getOrNull(yield* keys.authenticate(Redacted.make(key)))).toBe("mail")
        const revokedAt = performance.now()
        const revoked = yield* sendToServer(dataDir, ["revoke", id])
        expect(revoked).toEqual({ code: 0, stdout: `revoked ${id}`, stderr: "" })
        expect(performance.now() - revokedAt).toBeLessThan(1_000)
        expect(Option.isNone(yield* keys.authenticate(Redacted.make(key)))).toBe(true)
        const listed = yield* sendToServer(dataDir, ["list"])
        expect(listed.stdout).toMatch(new RegExp(`^${id}\\tmail\\tvia the mailbox\\tcli\\t\\S+\\trevoked `, "m"))
        expect(performance.now() - started).toBeLessThan(3_000)
        // Nothing is left in the folder.
        expect(fs.readdirSync(mailboxDir(dataDir))).toEqual([])
      }).pipe(Effect.withClock(Clock.make())))

    it.effect("a broken request is answered with an error, not ignored", () =>
      Effect.gen(function*() {
        const file = path.join(mailboxDir(dataDir), "cmd_broken.request")
        fs.writeFileSync(file, "{not json")
        let answer: string | undefined
        for (let i = 0; i < 40 && answer === undefined; i++) {
          yield* Effect.sleep("50 millis")
          const response = path.join(mailboxDir(dataDir), "cmd_broken.response")
          if (fs.existsSync(response)) answer = fs.readFileSync(response, "utf8")
        }
        expect(JSON.parse(answer!)).toMatchObject({ code: 1 })
      }).pipe(Effect.withClock(Clock.make())))
  })
})
