import { defineConfig } from "vitest/config";

// Unit tests of the shared schema package: pure functions, plain Node. Also the benchmark scripts'
// pure helpers (scripts/**/lib/*.test.{mjs,ts}), which need nothing else.
export default defineConfig({
  test: { root: import.meta.dirname, include: ["**/*.test.ts", "../scripts/**/lib/*.test.{mjs,ts}"], environment: "node" },
});
