import { defineConfig } from "vitest/config";

// Screenshots of every screen (light and dark) into docs/screenshots/, on the same fresh stack as
// the browser tests: `npx vitest run --config web/e2e/screenshots.config.ts`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["screenshots.shot.ts"],
    environment: "node",
    globalSetup: ["./stack.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
