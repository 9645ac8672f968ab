// The detail=none search that `npm run bench:search-index` measures must find exactly what the
// detail=full index finds (run by `npm run test:schema`): both indexes over the same texts, every
// query asked of each.
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { ftsQuery, searchTerms } from "../../../worker/src/queries/logs.ts";
import { foldTerm, trigramSearch, trigramsOf } from "./trigram-query.mjs";

const TEXTS = [
  ["请帮我查询北京的天气预报", "北京今天晴"],
  ["東京駅への行き方を教えてください", "はい"],
  ["서울 날씨가 어때요", "맑아요"],
  ["Where is order ORD-2024-553118?", "It shipped."],
  ["Un café crème, s'il vous plaît", "Voilà"],
  ["ČESKÝ Krumlov and Łódź", "Zürich"],
  ["the customer said hello", "we will refund the account"],
  ["stop the tomb, home merger", "here"], // every trigram of "stomerer"'s neighbours, none in a row
  ['He said "quote" and 50% off_now', "a'b"],
  ["МОСКВА зимой", "Ελληνικά"],
  ["CUSTOMER SERVICE", "Customer Service"],
  ["cust", "omer"], // a term split across the two texts is not a match
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
];

function build() {
  const db = new DatabaseSync(":memory:");
  db.exec(`CREATE TABLE logs (prompt TEXT, response TEXT);
    CREATE VIRTUAL TABLE full_ USING fts5(prompt, response, content='', tokenize='trigram remove_diacritics 1');
    CREATE VIRTUAL TABLE none_ USING fts5(prompt, response, content='', detail=none, tokenize='trigram remove_diacritics 1');`);
  const insert = db.prepare("INSERT INTO logs VALUES (?, ?)");
  for (const [p, r] of TEXTS) insert.run(p, r);
  db.exec("INSERT INTO full_ (rowid, prompt, response) SELECT rowid, prompt, response FROM logs");
  db.exec("INSERT INTO none_ (rowid, prompt, response) SELECT rowid, prompt, response FROM logs");
  return db;
}

describe("trigram search without positions", () => {
  it("splits a term into its trigrams and folds it as the tokenizer does", () => {
    expect(trigramsOf("hello")).toEqual(["hel", "ell", "llo"]);
    expect(trigramsOf("aaaa")).toEqual(["aaa"]);
    expect(trigramsOf("東京駅")).toEqual(["東京駅"]);
    expect(foldTerm("ČESKÝ Café")).toBe("cesky cafe");
    expect(trigramSearch(["a'b"]).verify).toBe("1"); // one trigram: the index is exact
    expect(trigramSearch(['x"yz']).match).toBe('"x""y" """yz"');
  });

  it("finds exactly what the detail=full index finds", () => {
    const db = build();
    for (const q of QUERIES) {
      const terms = searchTerms(q).filter((t) => [...t].length >= 3);
      if (!terms.length) continue; // shorter terms never reach the index (logs.ts)
      const full = db.prepare("SELECT rowid FROM full_ WHERE full_ MATCH ? ORDER BY rowid").all(ftsQuery(terms));
      const { match, verify } = trigramSearch(terms);
      const none = db
        .prepare(`SELECT f.rowid FROM none_ f JOIN logs p ON p.rowid = f.rowid WHERE none_ MATCH ? AND ${verify} ORDER BY f.rowid`)
        .all(match);
      expect(
        none.map((r) => r.rowid),
        q,
      ).toEqual(full.map((r) => r.rowid));
    }
  });
});
