// The offline fill writes what ingestion writes: the same logs, at the same times, under the same
// Idempotency-Keys, through offlineWriter (its rows built on its own thread, and on builder threads)
// and through the group commit (commitGroup, what the committer runs for a flush) into copies of the
// same databases, leave the same rows in every table (ids compared by the time they carry), the same
// search index answers and the same aggregates.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeTime } from "ulidx";
import { createOrganization } from "../../../worker/src/queries/accounts";
import { INDEX_QUEUE_CHUNK_LOGS } from "@promptsentry/schema/constants/ingestion";
import { commitGroup } from "../../../worker/src/ingestion/group-commit";
import { indexQueuedChunk } from "../../../worker/src/schedules/search-backfill";
import { createDb } from "../../../worker/src/tenancy/db";
import { logIdStamper } from "../../../worker/src/lib/ids";
import { ensureFingerprintKey } from "../../../worker/src/redaction/key-store";
import { offlineWriter } from "./offline-fill.mjs";
import { logGenerator, SEARCH_WORDS } from "./realistic-logs.mjs";
import { BINDINGS, envOver, migratedEnv } from "./sqlite-env.mjs";

const scratch = mkdtempSync(path.join(tmpdir(), "offline-fill-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** Every row of every table but the search index's own (its FTS segments depend on how writes were grouped). */
function tables(sqlite) {
  const names = sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'prompt_logs_%' AND name NOT LIKE '%fts%' AND name NOT LIKE 'prompt_logs_search%' ORDER BY name",
    )
    .all()
    .map((r) => r.name);
  const same = (v) => (typeof v === "string" && ULID.test(v) ? `id@${decodeTime(v)}` : v);
  // Some tables have no rowid: rows in the order of what they hold once ids are normalized.
  const rows = (n) =>
    sqlite
      .prepare(`SELECT * FROM "${n}"`)
      .all()
      .map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, same(v)])))
      .sort();
  return Object.fromEntries(names.map((n) => [n, rows(n)]));
}
/** The index's answer to one trigram (it keeps no positions: a trigram is the query it answers exactly). */
const matches = (sqlite, trigram) =>
  sqlite
    .prepare("SELECT rowid FROM prompt_logs_trigrams WHERE prompt_logs_trigrams MATCH ? ORDER BY rowid")
    .all(`"${trigram}"`)
    .map((r) => r.rowid);

describe("offlineWriter", () => {
  it("writes the rows, search index and aggregates the group commit writes", { timeout: 180_000 }, async () => {
    const base = path.join(scratch, "base");
    mkdirSync(base);
    const made = migratedEnv(base);
    const { org, key } = await createOrganization(made.env, createDb(made.env.DB), {
      name: "Acme",
      email: "a@example.com",
      plan: "enterprise",
    });
    // Its fingerprint key made before the copies (else each would make its own on first use).
    await ensureFingerprintKey(createDb(made.env.DB), org.id, null);
    made.close();
    const files = (dir) => Object.fromEntries(BINDINGS.map((b) => [b, path.join(dir, `${b}.sqlite`)]));
    for (const name of ["offline", "threads", "api"]) cpSync(base, path.join(scratch, name), { recursive: true });
    const offline = envOver(files(path.join(scratch, "offline")));
    const threads = envOver(files(path.join(scratch, "threads")));
    const api = envOver(files(path.join(scratch, "api")));
    const home = `DATA_${org.shard}`;

    // Four requests: two of the same millisecond (one id stamper must serve both), then an hour and
    // two days later, so hourly and daily aggregates have several buckets.
    const generator = await logGenerator({ seed: 5 });
    const t0 = Date.UTC(2026, 10, 2, 9, 30);
    const requests = [0, 0, 3_600_000, 2 * 86_400_000].map((dt, i) => ({ logs: generator.batch(40), at: t0 + dt, key: `req-${i}` }));

    for (const [env, builders] of [
      [offline.env, 0],
      [threads.env, 2],
    ]) {
      const writer = await offlineWriter({ env, orgId: org.id, homeShard: org.shard, apiKeyId: key.id, builders });
      for (const r of requests)
        await writer.request(
          r.logs,
          r.logs.map(() => r.at),
          r.key,
        );
      await writer.flush();
      await writer.close();
    }

    const stamper = logIdStamper();
    const dbs = { db: createDb(api.env.DB), data: createDb(api.env[home]), priorSegments: [] };
    for (const r of requests) {
      const job = {
        orgId: org.id,
        db: home,
        inputs: JSON.parse(JSON.stringify(r.logs)),
        opts: { apiKeyId: key.id, idempotencyKey: r.key, idempotencyKind: "batch" },
        check: null,
      };
      const [result] = await commitGroup(dbs, org.id, [job], new Date(stamper.time(r.at)), null, stamper.id);
      expect(result.error).toBeUndefined();
    }
    // The committer indexes what its flushes queued after their answers (ingestion/search-indexer.ts).
    while ((await indexQueuedChunk(dbs.data, INDEX_QUEUE_CHUNK_LOGS)) > 0);

    const written = tables(offline.sqlite[home]);
    expect(written.prompt_logs).toHaveLength(160);
    expect(written.daily_usage.length).toBeGreaterThan(1);
    expect(written.hourly_usage.length).toBeGreaterThan(2);
    expect(written.alerts.length).toBeGreaterThan(0);
    expect(written.search_queue).toEqual([]);
    const trigrams = [SEARCH_WORDS.common, "the", "red", SEARCH_WORDS.none].map((w) => w.slice(0, 3));
    expect(matches(offline.sqlite[home], trigrams[0]).length).toBeGreaterThan(0);
    for (const filled of [offline, threads]) {
      expect(tables(filled.sqlite[home])).toEqual(tables(api.sqlite[home]));
      expect(tables(filled.sqlite.DB)).toEqual(tables(api.sqlite.DB));
      for (const t of trigrams) expect(matches(filled.sqlite[home], t)).toEqual(matches(api.sqlite[home], t));
    }
    // Ids stamped in the order the logs were sent on either path: by id is by insertion.
    const keys = (sqlite, by) =>
      sqlite
        .prepare(`SELECT idempotency_key AS k FROM prompt_logs ORDER BY ${by}`)
        .all()
        .map((r) => r.k);
    for (const filled of [offline, threads]) expect(keys(filled.sqlite[home], "id")).toEqual(keys(filled.sqlite[home], "rowid"));
    expect(keys(threads.sqlite[home], "rowid")).toEqual(keys(offline.sqlite[home], "rowid"));
    for (const filled of [offline, threads, api]) filled.close();
  });

  it.each([0, 2])("rolls over by the minute schedule at its logs' time (%i builder threads)", { timeout: 120_000 }, async (builders) => {
    const { env, sqlite, close } = migratedEnv();
    const { org, key } = await createOrganization(env, createDb(env.DB), { name: "Acme", email: "a@example.com", plan: "enterprise" });
    const writer = await offlineWriter({ env, orgId: org.id, homeShard: org.shard, apiKeyId: key.id, budget: 1, builders });
    const generator = await logGenerator({ seed: 6 });
    const t0 = Date.UTC(2026, 10, 2);
    for (let i = 0; i < 12; i++) {
      const logs = generator.batch(100);
      await writer.request(
        logs,
        logs.map((_, k) => t0 + (i * 100 + k) * 1_000),
      );
    }
    await writer.flush();
    const directory = sqlite.DB.prepare("SELECT seq, db, starts_at FROM log_segments WHERE org_id = ?").all(org.id);
    expect(directory.length).toBeGreaterThan(0);
    // The first segment opened after the first flush (1,000 logs, one a second), starting a minute later.
    expect(directory[0]).toMatchObject({ seq: 1, db: "SEG_0", starts_at: t0 + 999_000 + 60_000 });
    const inPool = sqlite.SEG_0.prepare("SELECT min(created_at) AS first, count(*) AS n FROM prompt_logs WHERE org_id = ?").get(org.id);
    expect(inPool.first).toBeGreaterThanOrEqual(directory[0].starts_at);
    const inHome = sqlite[`DATA_${org.shard}`].prepare("SELECT max(created_at) AS last FROM prompt_logs WHERE org_id = ?").get(org.id);
    expect(inHome.last).toBeLessThan(directory[0].starts_at);
    await writer.close();
    close();
  });
});
