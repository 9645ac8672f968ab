import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { stackTimeoutSeconds } from "./stack";

/** secrets-at-rest.e2e.ts scans what the whole run left on disk, so it runs after every other file. */
class SecretsScanLast extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith("secrets-at-rest.e2e.ts") ? 1 : 0);
    return sorted.sort((a, b) => last(a) - last(b));
  }
}

// Browser tests: Playwright (playwright-core) driving Debian's Chromium against a real local stack
// (worker + party server + local D1 with the demo organization), started once in globalSetup.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./stack.ts"],
    testTimeout: 60_000,
    hookTimeout: (stackTimeoutSeconds() + 10) * 1000,
    fileParallelism: false,
    sequence: { sequencer: SecretsScanLast },
    // On CI a failed browser test runs once more before it fails the build: a shared, noisy machine
    // can stall Chromium past a wait. A broken feature fails both runs; a flake still shows in the
    // report ("retry x1") and leaves its screenshot and request log in .results/failures.
    retry: process.env.CI ? 1 : 0,
  },
});
