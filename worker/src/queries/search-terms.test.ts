// The search of prompt_logs_trigrams (no positions: trigrams ANDed, each candidate checked on the
// log) must find exactly what an index with positions finds (docs/data.md#index-size). Both kinds of
// index are built here over the same texts in real SQLite (local D1), and every query asked of each;
// the folding of the check is compared with the tokenizer's own, letter by letter.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { foldTerm, indexedTerms, LATIN_FOLDS, searchTerms, trigramSearch, trigramsOf } from "./search-terms";

/** The oracle's query: each term an exact phrase (`"` doubled), all must match, in an index with positions. */
const phrases = (terms: readonly string[]) => terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" ");

const TOKENIZER = "tokenize='trigram remove_diacritics 1'";

const TEXTS = [
  ["请帮我查询北京的天气预报", "北京今天晴"],
  ["東京駅への行き方を教えてください", "はい"],
  ["서울 날씨가 어때요", "맑아요"],
  ["Where is order ORD-2024-553118?", "It shipped."],
  ["Un café crème, s'il vous plaît", "Voilà"],
  ["ČESKÝ Krumlov and Łódź", "Zürich"],
  ["the customer said hello", "we will refund the account"],
  ["stop the tomb, home merger", "here"], // every trigram of "omerge", not in a row
  ['He said "quote" and 50% off_now', "a'b"],
  ["МОСКВА зимой", "Ελληνικά"],
  ["CUSTOMER SERVICE", "Customer Service"],
  ["cust", "omer"], // a term split across the two texts is not a match
  ["Tiếng Việt có dấu", "ſtraße"],
  ["Ǡbcd", "ok"],
];
const QUERIES = [
  "customer",
  "CUSTOMER service",
  "cafe creme",
  "CAFÉ",
  "cesky",
  "zurich",
  "lodz",
  "天气预报",
  "東京駅",
  "날씨가",
  "2024-5531",
  "ord-2024",
  "stomerer",
  "omerge",
  '"quote"',
  "50%off_now",
  "off_now",
  "москва",
  "ελληνικά",
  "the",
  "ORD 天气",
  "customer account",
  "custom",
  "tieng viet",
  "VIỆT",
  "strasse",
  "straße",
  "abcd",
  "ǡbcd",
  "a'b's",
];

describe("search terms for an index without positions", () => {
  it("splits a term into its trigrams, folds it as the tokenizer does, and quotes what it asks", () => {
    expect(trigramsOf("hello")).toEqual(["hel", "ell", "llo"]);
    expect(trigramsOf("aaaa")).toEqual(["aaa"]);
    expect(trigramsOf("東京駅")).toEqual(["東京駅"]);
    expect(foldTerm("ČESKÝ Café Việt")).toBe("cesky cafe viet");
    expect(foldTerm("Ǡ")).toBe("ǡ"); // two diacritics: the tokenizer keeps it
    expect(trigramSearch(["a'b"], ["c"])).toEqual({ match: '"a\'b"', verify: null }); // one trigram: the index is exact
    expect(trigramSearch(['x"yz'], ["c"]).match).toBe('"x""y" """yz"');
    expect(trigramSearch(["ab"], ["c"])).toEqual({ match: null, verify: null });
    expect(trigramSearch(["it's'"], ["c"]).verify).toContain("'it''s'''"); // the needle is a closed SQL string
    expect(trigramSearch(["москва"], ["c"]).verify).toBeNull(); // capitals SQL cannot fold: trigrams alone
    expect(trigramSearch(["customer"], []).verify).toBeNull(); // no columns: the index's answer alone
    expect(indexedTerms(["ab", "abc", "東京"])).toEqual(["abc"]);
  });

  it("folds each accented Latin letter to the letter the tokenizer folds it to", async () => {
    await env.DB.exec(`CREATE VIRTUAL TABLE fold_oracle USING fts5(x, content='', ${TOKENIZER})`);
    const letters = [...LATIN_FOLDS];
    const insert = env.DB.prepare("INSERT INTO fold_oracle (rowid, x) VALUES (?, ?)");
    await env.DB.batch(letters.map(([from], i) => insert.bind(i + 1, `ab${from}`)));
    for (const to of new Set(LATIN_FOLDS.values())) {
      const { results } = await env.DB.prepare("SELECT rowid FROM fold_oracle WHERE fold_oracle MATCH ? ORDER BY rowid")
        .bind(`"ab${to}"`)
        .all<{ rowid: number }>();
      const expected = letters.flatMap(([, t], i) => (t === to ? [i + 1] : []));
      expect(
        results.map((r) => r.rowid),
        to,
      ).toEqual(expected);
    }
    await env.DB.exec("DROP TABLE fold_oracle");
  });

  it("finds exactly what an index with positions finds", async () => {
    await env.DB.batch([
      env.DB.prepare("CREATE TABLE texts (prompt TEXT, response TEXT)"),
      env.DB.prepare(`CREATE VIRTUAL TABLE with_positions USING fts5(prompt, response, content='', ${TOKENIZER})`),
      env.DB.prepare(`CREATE VIRTUAL TABLE without_positions USING fts5(prompt, response, content='', detail=none, ${TOKENIZER})`),
      ...TEXTS.map(([p, r]) => env.DB.prepare("INSERT INTO texts VALUES (?, ?)").bind(p, r)),
      env.DB.prepare("INSERT INTO with_positions (rowid, prompt, response) SELECT rowid, prompt, response FROM texts"),
      env.DB.prepare("INSERT INTO without_positions (rowid, prompt, response) SELECT rowid, prompt, response FROM texts"),
    ]);
    let checked = 0;
    for (const q of QUERIES) {
      const terms = indexedTerms(searchTerms(q));
      if (!terms.length) continue; // shorter terms never reach the index (logs.ts)
      const { results: exact } = await env.DB.prepare("SELECT rowid FROM with_positions WHERE with_positions MATCH ? ORDER BY rowid")
        .bind(phrases(terms))
        .all<{ rowid: number }>();
      const { match, verify } = trigramSearch(terms, ["p.prompt", "p.response"]);
      if (verify) checked++;
      const { results } = await env.DB.prepare(
        `SELECT f.rowid FROM without_positions f JOIN texts p ON p.rowid = f.rowid WHERE without_positions MATCH ? AND ${verify ?? "1"} ORDER BY f.rowid`,
      )
        .bind(match)
        .all<{ rowid: number }>();
      expect(
        results.map((r) => r.rowid),
        q,
      ).toEqual(exact.map((r) => r.rowid));
    }
    expect(checked).toBeGreaterThan(10);
    // Without the check the trigrams alone answer more: what the check is for.
    const { match } = trigramSearch(["omerge"], []);
    const { results } = await env.DB.prepare("SELECT rowid FROM without_positions WHERE without_positions MATCH ?").bind(match).all();
    expect(results.length).toBeGreaterThan(0);
  });
});
