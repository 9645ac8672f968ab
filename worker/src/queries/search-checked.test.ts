// Searches of the index without positions (prompt_logs_trigrams, migration 0021): the index answers
// a term's trigrams, and every candidate is checked on the stored log (search-terms.ts). Through the
// API, in every query that searches: the newest-first page, a list sorted by a value, a searched
// count; each would return the candidates below without the check.
import { describe, expect, it } from "vitest";
import { call, insertLogs, orgShard, placeOnShard, registerOrg, type TestOrg } from "../../test/helpers";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const ids = (body: { id: string }[]) => body.map((l) => l.id).sort();

/** The ids a search finds in each query that searches, and its count. */
async function searched(org: TestOrg, q: string) {
  const search = `search=${encodeURIComponent(q)}`;
  const get = async (path: string) => {
    const res = await call("GET", path, { key: org.apiKey });
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const page = ids(await get(`/logs?${search}`));
  expect(ids(await get(`/logs?${search}&sort=latency`)), `${q}, sorted by latency`).toEqual(page);
  expect(ids(await get(`/logs?${search}&limit=1`)).length, `${q}, a page of one`).toBe(Math.min(1, page.length));
  const counts = await get(`/logs/counts?${search}`);
  expect(counts.total, `${q}, counted`).toBe(page.length);
  expect(counts.capped).toBe(false);
  return page;
}

describe("search checked on the stored log", () => {
  it("never returns a log that holds a term's trigrams apart or split across prompt and response", async () => {
    const org = await registerOrg();
    const [apart, split, both] = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(3), prompt: "stop the tomb, home merger", response: "here" },
      { createdAt: minutesAgo(2), prompt: "please cust", response: "omer service" },
      { createdAt: minutesAgo(1), prompt: "the customer said hello", response: "home merger approved" },
    ]);
    expect(await searched(org, "omerge")).toEqual([]);
    expect(await searched(org, "customer")).toEqual([both.id]);
    expect(await searched(org, "merger")).toEqual([apart.id, both.id].sort());
    expect(await searched(org, "omer service")).toEqual([split.id]); // two terms, each whole in one text
    expect(await searched(org, "customer merger")).toEqual([both.id]); // terms may be in different texts
  });

  it("folds case and accents as the index does, finds CJK and quoted terms", async () => {
    const org = await registerOrg();
    const [cafe, czech, cjk, quoted, viet, upper] = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(6), prompt: "Un café crème, s'il vous plaît", response: "Voilà" },
      { createdAt: minutesAgo(5), prompt: "ČESKÝ Krumlov", response: "Zürich and Łódź" },
      { createdAt: minutesAgo(4), prompt: "请帮我查询北京的天气预报", response: "東京駅への行き方" },
      { createdAt: minutesAgo(3), prompt: 'He said "quote" and 50% off_now', response: "it's fine" },
      { createdAt: minutesAgo(2), prompt: "Tiếng Việt có dấu", response: "ok" },
      { createdAt: minutesAgo(1), prompt: "CUSTOMER SERVICE", response: "CAFE" },
    ]);
    expect(await searched(org, "cafe")).toEqual([cafe.id, upper.id].sort());
    expect(await searched(org, "CAFÉ crème")).toEqual([cafe.id]);
    expect(await searched(org, "cesky zurich")).toEqual([czech.id]);
    expect(await searched(org, "lodz")).toEqual([]); // Ł is a letter of its own to the tokenizer
    expect(await searched(org, "天气预报")).toEqual([cjk.id]);
    expect(await searched(org, "東京駅への")).toEqual([cjk.id]);
    expect(await searched(org, '"quote"')).toEqual([quoted.id]);
    expect(await searched(org, "50%_off")).toEqual([]);
    expect(await searched(org, "it's fine")).toEqual([quoted.id]);
    expect(await searched(org, "tieng viet")).toEqual([viet.id]);
    expect(await searched(org, "customer service")).toEqual([upper.id]);
    // The most terms a search uses, each with letters of many accented forms: one statement still.
    const long = Array.from({ length: 16 }, (_, i) => `aeiouyncsrtzlgd${"aeiou"[i % 5]}`).join(" ");
    expect(await searched(org, long)).toEqual([]);
  });

  it("never finds another organization's log, though it would pass the check, in the same shard", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(b.orgId, await orgShard(a.orgId));
    const [mine] = await insertLogs(a.orgId, [{ prompt: "the quokka report" }]);
    await insertLogs(b.orgId, [{ prompt: "the quokka report" }, { prompt: "quokka again, café" }]);
    expect(await searched(a, "quokka")).toEqual([mine.id]);
    expect(await searched(a, "cafe")).toEqual([]);
    expect(await searched(b, "quokka report")).toHaveLength(1);
  });
});
