import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INGEST_RATE_LIMITS } from "./constants";

// wrangler.toml must carry numbers of its own; this keeps them equal to the constants the API quotes.
describe("wrangler.toml", () => {
  const toml = readFileSync(path.join(import.meta.dirname, "../wrangler.toml"), "utf8");

  it("declares each plan's ingestion rate limit as in schema/constants", () => {
    for (const { binding, perMinute } of Object.values(INGEST_RATE_LIMITS)) {
      const block = new RegExp(`name = "${binding}"\\s+namespace_id = "\\d+"\\s+simple = \\{ limit = (\\d+), period = (\\d+) \\}`).exec(
        toml,
      );
      expect(block, binding).not.toBeNull();
      expect(Number(block![1])).toBe(perMinute);
      expect(Number(block![2])).toBe(60);
    }
  });
});
