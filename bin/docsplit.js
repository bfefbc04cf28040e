#!/usr/bin/env node
// The `docsplit` command: the built CLI (dist/, made by `npm run build`), or its sources through tsx
// when the project has not been built.
import { existsSync } from "node:fs"

const built = new URL("../dist/cli/main.js", import.meta.url)
if (existsSync(built)) {
  await import(built.href)
} else {
  const { register } = await import("tsx/esm/api")
  register()
  await import(new URL("../src/cli/main.ts", import.meta.url).href)
}
