import { defineConfig } from "vitest/config";

// The SDK's unit tests: plain Node, against real local HTTP servers (test/fake-api.ts and scripts/lib/fake-openai.mjs).
export default defineConfig({
  test: { root: import.meta.dirname, include: ["test/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
});
