// What the trigram search index costs (docs/data.md#search), measured on a month of demo traffic (the
// `npm start` seed: ~3.4k logs) against the unicode61 index it replaced, built over the same rows.
// Figures are printed, not asserted (performance targets live in benchmarks); what is asserted is
// what each index can find.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { demoLog, rng } from "../../../scripts/lib/seed-data";
import { indexQueued, registerOrg } from "../../test/helpers";
import { trigramSearch } from "./search-terms";

const DEMO_LOGS = 3_372;
const QUERIES = ["refund", "customer", "deploy", "quarter", "password", "revenue", "summar", "ship"];

async function indexBytes(table: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT (SELECT coalesce(sum(length(block)), 0) FROM ${table}_data)
          + (SELECT coalesce(sum(length(term)) + count(*) * 16, 0) FROM ${table}_idx)
          + (SELECT coalesce(sum(length(sz)) + count(*) * 8, 0) FROM ${table}_docsize) AS bytes`,
  ).first<{ bytes: number }>();
  return row!.bytes;
}

/** What an index is asked for a word: its trigrams ANDed in prompt_logs_trigrams (no positions), a phrase in unicode61. */
const matchOf = (table: string, q: string) => (table === "prompt_logs_trigrams" ? trigramSearch([q], []).match : `"${q}"`);

async function timeQueries(table: string, rounds = 5): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    for (const q of QUERIES)
      await env.DB.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT 50`).bind(matchOf(table, q)).all();
  }
  return (performance.now() - started) / (rounds * QUERIES.length);
}

describe("search index storage", () => {
  it("measures bytes per log of the trigram index against unicode61 on the demo month", async () => {
    const org = await registerOrg();
    const r = rng(20261121);
    const users = Array.from({ length: 42 }, (_, i) => `user_${i}`);
    const insert = env.DB.prepare(
      "INSERT INTO prompt_logs (id, org_id, created_at, model, prompt, response, flag_status, flag_reasons, findings) VALUES (?, ?, ?, ?, ?, ?, 'safe', '[]', '[]')",
    );
    const now = Date.now();
    let textBytes = 0;
    const statements = [];
    for (let i = 0; i < DEMO_LOGS; i++) {
      const log = demoLog(r, users);
      textBytes += new TextEncoder().encode(log.prompt + log.response).length;
      statements.push(insert.bind(`demo-${i}`, org.orgId, now - i * 1000, log.model, log.prompt, log.response));
    }
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
    const tail = `Where is order ORD-2024-553118?`;
    await insert.bind("demo-order", org.orgId, now, "gpt-4", tail, "shipped").run();
    await indexQueued(env.DB);

    await env.DB.exec(
      "CREATE VIRTUAL TABLE unicode_fts USING fts5(prompt, response, content='prompt_logs', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')",
    );
    await env.DB.exec("INSERT INTO unicode_fts(unicode_fts) VALUES ('rebuild')");

    const logs = DEMO_LOGS + 1;
    const trigram = await indexBytes("prompt_logs_trigrams");
    const unicode = await indexBytes("unicode_fts");
    const trigramMs = await timeQueries("prompt_logs_trigrams");
    const unicodeMs = await timeQueries("unicode_fts");
    console.log(
      [
        `search index on ${logs} demo logs (${(textBytes / logs).toFixed(0)} bytes of prompt+response a log):`,
        `  unicode61: ${(unicode / logs).toFixed(0)} bytes/log (${(unicode / 1e6).toFixed(2)} MB), ${unicodeMs.toFixed(2)} ms/query`,
        `  trigram:   ${(trigram / logs).toFixed(0)} bytes/log (${(trigram / 1e6).toFixed(2)} MB), ${trigramMs.toFixed(2)} ms/query`,
        `  trigram / unicode61 = ${(trigram / unicode).toFixed(2)}×`,
      ].join("\n"),
    );
    expect(trigram).toBeGreaterThan(0);
    expect(unicode).toBeGreaterThan(0);

    // What each can find: part of an order number only with trigrams (a candidate the query checks on the log).
    const hits = async (table: string, q: string) =>
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?`).bind(matchOf(table, q)).first<{ n: number }>())!.n;
    expect(await hits("prompt_logs_trigrams", "2024-5531")).toBeGreaterThanOrEqual(1);
    expect(await hits("unicode_fts", "5531")).toBe(0);
    await env.DB.exec("DROP TABLE unicode_fts");
  });
});
