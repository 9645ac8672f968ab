import { defineConfig } from "vitest/config";

// Browser tests: Playwright (playwright-core) driving Debian's Chromium against a real local stack
// (worker + party server + local D1 with the demo organization), started once in globalSetup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./stack.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
