import { defineConfig } from "vitest/config"

/**
 * Two groups. Most files run two at a time (PGlite and pdf.js are heavy: parallelism kept to the two
 * cores). The files that measure the server as an operator would (answers within a second, memory,
 * kill -9) run after them, one at a time, so other tests' CPU does not show up as the server's latency.
 */
const alone = ["test/Http/HostileFiles.test.ts", "test/Http/Crashes.test.ts", "test/Jobs/MultiProcess.test.ts"]

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "suite", include: ["test/**/*.test.ts"], exclude: alone, sequence: { groupOrder: 0 } }
      },
      {
        extends: true,
        test: { name: "alone", include: alone, fileParallelism: false, sequence: { groupOrder: 1 } }
      }
    ]
  }
})
