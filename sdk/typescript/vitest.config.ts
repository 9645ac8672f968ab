import { defineConfig } from "vitest/config";

// The SDK's unit tests: plain Node, against real local HTTP servers (tests/fake-api.ts, fake-openai.ts).
export default defineConfig({
  test: { root: import.meta.dirname, include: ["test/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
});
