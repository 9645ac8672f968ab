import { defineConfig } from "vitest/config";

// Unit tests of the shared schema package: pure functions, plain Node.
export default defineConfig({
  test: { root: import.meta.dirname, include: ["**/*.test.ts"], environment: "node" },
});
