// Why deleted logs are overwritten by hand (scrub.ts): D1 refuses SQLite's own remedies. If a D1
// release ever allows them, this test says so, and `PRAGMA secure_delete` can replace the overwrite.
// And the overwrite keeps the search index exact: the update and delete triggers see the same text.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DATA_SHARDS } from "@promptsentry/schema/shards";
import { call, dataD1, registerOrg } from "../../test/helpers";
import { SCRUB_LOG } from "./scrub";

const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return null;
  } catch (error) {
    return String(error);
  }
};

describe("D1 and deleted bytes", () => {
  it("refuses PRAGMA secure_delete (read or set, any way it is sent) and VACUUM in every data shard", async () => {
    for (const name of DATA_SHARDS) {
      const d1 = env[name];
      for (const run of [
        () => d1.prepare("PRAGMA secure_delete").all(),
        () => d1.prepare("PRAGMA secure_delete = ON").run(),
        () => d1.exec("PRAGMA secure_delete = FAST"),
        () => d1.batch([d1.prepare("PRAGMA main.secure_delete = 1"), d1.prepare("SELECT 1")]),
        () => d1.prepare("PRAGMA incremental_vacuum").run(),
      ])
        expect(await refusal(run)).toMatch(/not authorized/);
      expect(await refusal(() => d1.prepare("VACUUM").run())).toMatch(/cannot VACUUM/);
    }
  });

  it("the overwrite is what a delete then sees: the search index loses the log, other logs stay found", async () => {
    const org = await registerOrg();
    const res = await call("POST", "/logs/batch", {
      key: org.apiKey,
      body: {
        logs: [
          { prompt: "pelican migration notes", response: "ok", model: "gpt-4", userId: "u1", metadata: { k: "v" } },
          { prompt: "pelican feeding notes", response: "ok", model: "gpt-4", userId: "u2" },
        ],
      },
    });
    expect(res.status).toBe(201);
    const d1 = await dataD1(org.orgId);
    const [gone] = res.body.ids;
    await d1.batch([
      d1.prepare(`UPDATE prompt_logs SET ${SCRUB_LOG} WHERE id = ?`).bind(gone),
      d1.prepare("DELETE FROM prompt_logs WHERE id = ?").bind(gone),
    ]);
    const found = await call("GET", "/logs?search=pelican", { key: org.apiKey });
    expect(found.body.map((l: { id: string }) => l.id)).toEqual([res.body.ids[1]]);
    expect((await call("GET", "/logs?search=migration", { key: org.apiKey })).body).toEqual([]);
    const integrity = await d1.prepare("INSERT INTO prompt_logs_trigrams(prompt_logs_trigrams, rank) VALUES ('integrity-check', 0)").run();
    expect(integrity.success).toBe(true);
  });
});
