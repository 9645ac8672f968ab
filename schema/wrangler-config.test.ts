import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INGEST_RATE_LIMITS } from "./constants/plans";
import { DATA_SHARDS, SEGMENT_DBS } from "./shards";

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

  it("declares one D1 binding per data shard and per segment pool database, in order, each with the migrations", () => {
    const bindings = [...toml.matchAll(/\[\[d1_databases\]\]\s+binding = "(\w+)"[^[]*?migrations_dir = "schema\/migrations"/g)].map(
      (m) => m[1],
    );
    expect(bindings).toEqual(["DB", ...DATA_SHARDS, ...SEGMENT_DBS]);
  });
});
