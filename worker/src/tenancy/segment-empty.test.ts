// Rollover measures a pool database by the size D1 reports (meta.size_after). A database is reused for
// another segment once emptied, so its reported size must fall with the emptying: were the freed
// pages counted (they stay in the file: D1 has no VACUUM), the next segment placed in it would look
// past the budget from its first log.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { registerTenant } from "./shards";
import { createDb } from "./db";
import { emptySegmentDatabase } from "./segment-empty";

const size = async (d1: D1Database) => Number((await d1.prepare("SELECT 1").run()).meta.size_after);

describe("emptySegmentDatabase", () => {
  it("empties the logs, and the size D1 reports falls to an empty database's", async () => {
    const d1 = env.SEG_1;
    const empty = await size(d1);
    await registerTenant(createDb(d1), "org_filled", -1);
    // 2,000 logs of 8 KB, written as the triggers index them.
    await d1
      .prepare(
        `INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
         SELECT printf('log%05d', i), 'org_filled', i, 'gpt-4o', printf('%d ', i) || hex(randomblob(4000)), 'ok', 'safe', '[]', '[]' FROM n`,
      )
      .run();
    const filled = await size(d1);
    expect(filled).toBeGreaterThan(empty + 16_000_000);
    await emptySegmentDatabase(d1);
    expect((await d1.prepare("SELECT count(*) AS n FROM prompt_logs").first<{ n: number }>())!.n).toBe(0);
    expect(await size(d1)).toBeLessThan(empty + 1_000_000);
  });
});
