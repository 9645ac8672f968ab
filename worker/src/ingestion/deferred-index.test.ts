// A flush answers once its logs are stored, queued for search; its committer indexes the queue
// afterwards (search-indexer.ts): by its alarm for a trickle, at once for a flood. Until then every
// search already finds the logs (queries/search.ts).
import { describe, expect, it } from "vitest";
import { INDEX_QUEUE_MAX_LOGS } from "@promptsentry/schema/constants/ingestion";
import { call, dataD1, registerOrg, type TestOrg } from "../../test/helpers";
import { committer, indexQueued } from "../../test/committer-helpers";

async function state(orgId: string) {
  const d1 = await dataD1(orgId);
  const count = (table: string) => d1.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n");
  return { logs: await count("prompt_logs"), queued: await count("search_queue"), indexed: await count("prompt_logs_trigrams") };
}
const searched = async (org: TestOrg, word: string) =>
  ((await call("GET", `/logs?search=${word}`, { key: org.apiKey })).body as unknown[]).length;

describe("deferred search indexing", () => {
  it("answers with the logs stored and queued, searchable at once; the committer's alarm indexes them", async () => {
    const org = await registerOrg();
    for (const n of [1, 2, 3]) {
      const res = await call("POST", "/logs", { key: org.apiKey, body: { model: "gpt-4", prompt: `pelican ${n}`, response: "ok" } });
      expect(res.status).toBe(201);
      expect(await searched(org, "pelican")).toBe(n);
    }
    expect(await state(org.orgId)).toEqual({ logs: 3, queued: 3, indexed: 0 });
    expect(await indexQueued(org.orgId)).toBe(true);
    expect(await state(org.orgId)).toEqual({ logs: 3, queued: 0, indexed: 3 });
    expect(await searched(org, "pelican")).toBe(3);
    await (await dataD1(org.orgId))
      .prepare("INSERT INTO prompt_logs_trigrams (prompt_logs_trigrams, rank) VALUES ('integrity-check', 0)")
      .run();
  });

  it("indexes at once, without the alarm, once a committer's writes reach the threshold", async () => {
    const org = await registerOrg();
    const logs = Array.from({ length: 500 }, (_, i) => ({ model: "gpt-4", prompt: `heron ${i}`, response: "ok" }));
    for (let sent = 0; sent < INDEX_QUEUE_MAX_LOGS; sent += logs.length)
      expect((await call("POST", "/logs/batch", { key: org.apiKey, body: { logs } })).status).toBe(201);
    await committer(org.orgId).indexed();
    expect(await state(org.orgId)).toEqual({ logs: INDEX_QUEUE_MAX_LOGS, queued: 0, indexed: INDEX_QUEUE_MAX_LOGS });
    expect(await searched(org, "heron")).toBe(50); // a page
  });
});
