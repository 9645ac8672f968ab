// Search in any language (docs/data.md#search): the trigram FTS index finds CJK words, parts of identifiers
// and accented words; terms shorter than a trigram are matched as substrings.
import { describe, expect, it } from "vitest";
import { call, insertLogs, registerOrg } from "../../test/helpers";
import { searchTerms } from "./search-terms";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const ids = (body: { id: string }[]) => body.map((l) => l.id);

describe("search terms", () => {
  it("trims punctuation at the ends and keeps it inside", () => {
    expect(searchTerms(' "hello" (goodbye)* ORD-2024-5531 a:b  東京 ')).toEqual(["hello", "goodbye", "ORD-2024-5531", "a:b", "東京"]);
    // NUL ends an FTS5 query string: it separates terms instead of reaching the index.
    expect(searchTerms("fuzz a\0b")).toEqual(["fuzz", "a", "b"]);
  });
});

describe("GET /api/logs?search= in any language", () => {
  it("finds Chinese, Japanese and Korean words, parts of order numbers, accents folded, short terms by substring", async () => {
    const org = await registerOrg();
    const rows = await insertLogs(org.orgId, [
      { createdAt: minutesAgo(1), prompt: "请帮我查询北京的天气预报", response: "北京今天晴" },
      { createdAt: minutesAgo(2), prompt: "東京駅への行き方を教えてください", response: "はい" },
      { createdAt: minutesAgo(3), prompt: "서울 날씨가 어때요", response: "맑아요" },
      { createdAt: minutesAgo(4), prompt: "Where is order ORD-2024-553118?", response: "It shipped." },
      { createdAt: minutesAgo(5), prompt: "Un café crème, s'il vous plaît", response: "Voilà" },
    ]);
    const search = async (q: string) => {
      const res = await call("GET", `/logs?search=${encodeURIComponent(q)}`, { key: org.apiKey });
      expect(res.status, res.text).toBe(200);
      return ids(res.body);
    };
    expect(await search("天气预报")).toEqual([rows[0].id]);
    expect(await search("北京")).toEqual([rows[0].id]); // two characters: substring path
    expect(await search("東京駅")).toEqual([rows[1].id]);
    expect(await search("날씨가")).toEqual([rows[2].id]);
    expect(await search("2024-5531")).toEqual([rows[3].id]);
    expect(await search("553118")).toEqual([rows[3].id]);
    expect(await search("ord-2024")).toEqual([rows[3].id]);
    expect(await search("cafe creme")).toEqual([rows[4].id]);
    expect(await search("ORD 天气")).toEqual([]);
    expect(await search("it")).toEqual([rows[3].id]); // "It shipped"; "s'il" has no "it"
  });
});
