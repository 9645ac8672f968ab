// A stored log waits in search_queue until its committer indexes it (ingestion/search-indexer.ts):
// every read that searches finds it meanwhile, with the index's match rules, newest first among the
// indexed logs, page by page, and never another organization's.
import { describe, expect, it } from "vitest";
import { call, dataD1, insertLogs, placeOnShard, registerOrg, type TestOrg } from "../../test/helpers";

const ids = async (org: TestOrg, query: string) => {
  const res = await call("GET", `/logs?${query}`, { key: org.apiKey });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: string }[]).map((l) => l.id);
};
const searched = (org: TestOrg, q: string) => ids(org, `search=${encodeURIComponent(q)}`).then((l) => l.sort());
const queued = async (orgId: string) => (await dataD1(orgId)).prepare("SELECT count(*) AS n FROM search_queue").first<number>("n");
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));

describe("search over logs still in the queue", () => {
  it("finds a queued log with the index's rules: substring, case, accents, Greek, CJK, short and long terms", async () => {
    const org = await registerOrg();
    const [latin, greek, cjk, apart] = await insertLogs(
      org.orgId,
      [
        { prompt: "Ask the CUSTOMER about the Café order ORD-2024-55", response: "ok" },
        { prompt: "Η ΣΟΦΙΑ του Σωκράτη", response: "Привет, МИР" },
        { prompt: "明日の天気予報を教えて", response: "東京駅へのアクセス" },
        { prompt: "the cust omer", response: "a merger" },
      ],
      { queued: true },
    );
    expect(await queued(org.orgId)).toBe(4);
    expect(await searched(org, "customer")).toEqual([latin.id]);
    expect(await searched(org, "cafe ord-2024")).toEqual([latin.id]);
    expect(await searched(org, "tomer")).toEqual([latin.id]); // a part of a word
    expect(await searched(org, "σοφια")).toEqual([greek.id]);
    expect(await searched(org, "мир привет")).toEqual([greek.id]); // terms may be in different texts
    expect(await searched(org, "天気予報")).toEqual([cjk.id]);
    expect(await searched(org, "東京駅")).toEqual([cjk.id]);
    expect(await searched(org, "merger")).toEqual([apart.id]);
    expect(await searched(org, "omer merg")).toEqual([apart.id]);
    expect(await searched(org, "customer merger")).toEqual([]);
    expect(await searched(org, "the ab")).toEqual([latin.id]); // a short term by substring scan
    expect(await queued(org.orgId)).toBe(4);
  });

  it("merges queued and indexed logs newest first, in counts, cursor pages, sorted lists and exports", async () => {
    const org = await registerOrg();
    const indexed = await insertLogs(
      org.orgId,
      [0, 2, 4].map((m) => ({ prompt: `osprey sighting ${m}`, createdAt: at(m), estimatedCost: m })),
    );
    const fresh = await insertLogs(
      org.orgId,
      [1, 3, 5].map((m) => ({ prompt: `Osprey sighting ${m}`, createdAt: at(m), estimatedCost: m, flagStatus: "critical" as const })),
      { queued: true },
    );
    const newestFirst = [fresh[2], indexed[2], fresh[1], indexed[1], fresh[0], indexed[0]].map((l) => l.id);
    expect(await ids(org, "search=osprey")).toEqual(newestFirst);

    const paged: string[] = [];
    let before = "";
    for (let page = 0; page < 4; page++) {
      const rows = await ids(org, `search=osprey&limit=2${before}`);
      if (!rows.length) break;
      paged.push(...rows);
      before = `&before=${rows.at(-1)}`;
    }
    expect(paged).toEqual(newestFirst);
    expect(await ids(org, `search=osprey&from=${at(2).toISOString()}&to=${at(4).toISOString()}`)).toEqual(newestFirst.slice(1, 4));

    const counts = await call("GET", "/logs/counts?search=osprey", { key: org.apiKey });
    expect(counts.body).toMatchObject({ total: 6, critical: 3, safe: 3 });
    const flagged = await call("GET", "/logs/counts?search=sighting&flagStatus=critical", { key: org.apiKey });
    expect(flagged.body).toMatchObject({ total: 3 });

    expect(await ids(org, "search=osprey&sort=cost&order=desc")).toEqual(newestFirst);
    const exported = await call("GET", "/logs/export?search=osprey&format=jsonl", { key: org.apiKey });
    expect(exported.status).toBe(200);
    const lines = exported.text
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(lines).toEqual(newestFirst);
    expect(await queued(org.orgId)).toBe(3);
  });

  it("never shows another organization's queued log, in the same shard, by any search path", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(a.orgId, 0);
    await placeOnShard(b.orgId, 0);
    const [mine] = await insertLogs(a.orgId, [{ prompt: "quokka report" }], { queued: true });
    await insertLogs(b.orgId, [{ prompt: "quokka secret" }], { queued: true });
    expect(await queued(a.orgId)).toBeGreaterThanOrEqual(2); // both queued, in one shard
    expect(await searched(a, "quokka")).toEqual([mine.id]);
    expect(await ids(a, "search=quokka&sort=cost")).toEqual([mine.id]);
    expect((await call("GET", "/logs/counts?search=quokka", { key: a.apiKey })).body).toMatchObject({ total: 1 });
    expect(await searched(a, "secret")).toEqual([]);
    expect((await call("GET", "/logs/counts?search=secret", { key: a.apiKey })).body).toMatchObject({ total: 0 });
  });
});
