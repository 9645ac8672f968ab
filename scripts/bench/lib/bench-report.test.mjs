// Pure helpers of `npm run bench` and its straight-SQLite baseline (run by `npm run test:schema`,
// whose config includes scripts/**/lib/*.test.{mjs,ts}). No timings are asserted: benchmarks are scripts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markdownTable, num, percentile, replaceSection, summarize, verdict } from "./bench-report.mjs";
import { baselineRows, insertLogs, migrationFiles, openBaseline } from "./sqlite-baseline.mjs";

describe("percentile", () => {
  it("takes the nearest rank, whatever the order", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile(values, 0.1)).toBe(1);
    expect(percentile([42], 0.99)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
  });
  it("summarizes p50/p95/p99 of 100 latencies", () => {
    const s = summarize(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(s).toEqual({ p50: 50, p95: 95, p99: 99, n: 100 });
  });
});

describe("formatting", () => {
  it("groups thousands and keeps three figures below 100", () => {
    expect(num(1234.6)).toBe("1,235");
    expect(num(56.78)).toBe("56.8");
    expect(num(3.214)).toBe("3.21");
    expect(num(Number.NaN)).toBe("–");
    expect(verdict(true)).toBe("met");
    expect(verdict(false)).toBe("**not met**");
  });
  it("writes a Markdown table with pipes escaped", () => {
    expect(markdownTable(["a", "b"], [[1, "x|y"]])).toBe("| a | b |\n| --- | --- |\n| 1 | x\\|y |");
  });
});

describe("replaceSection", () => {
  const doc = "# Title\n\nintro\n\n## Mine\n\nold\n\n### sub\n\nold too\n\n## Theirs\n\nkeep\n";
  it("replaces its section up to the next heading of its level and leaves the rest", () => {
    expect(replaceSection(doc, "## Mine", "new")).toBe("# Title\n\nintro\n\n## Mine\n\nnew\n\n## Theirs\n\nkeep\n");
  });
  it("appends the section when the heading is not there", () => {
    expect(replaceSection("# Title\n\nintro\n", "## Mine", "new")).toBe("# Title\n\nintro\n\n## Mine\n\nnew\n");
  });
  it("replaces a last section to the end of the file", () => {
    expect(replaceSection("# T\n\n## Mine\n\nold\n", "## Mine", "new")).toBe("# T\n\n## Mine\n\nnew\n");
  });
});

describe("straight-SQLite baseline", () => {
  it("applies every migration in journal order, with the FTS index and triggers, and inserts the product's columns", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-baseline-"));
    try {
      expect(migrationFiles().length).toBeGreaterThan(0);
      const db = openBaseline(path.join(dir, "b.sqlite"));
      const log = { prompt: "the quokka ticket", response: "answered", model: "gpt-4", userId: "u1", tokenCount: 10 };
      const r = insertLogs(
        db,
        Array.from({ length: 150 }, () => log),
      );
      expect(r.rows).toBe(150);
      expect(baselineRows(db)).toBe(150);
      // The FTS trigger indexed them; the product's other insert triggers are there too.
      expect(
        db.prepare("SELECT count(*) AS n FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH 'quo AND uok AND okk AND kka'").get().n,
      ).toBe(150);
      const triggers = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'prompt_logs'").get().n;
      expect(triggers).toBeGreaterThan(1);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
