import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite and pdf.js are heavy: keep parallelism to the two cores.
    maxWorkers: 2,
    minWorkers: 1
  }
})
