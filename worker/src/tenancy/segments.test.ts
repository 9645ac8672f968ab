// An organization whose logs span three segments (its home shard and two pool databases): ingestion,
// a log by id, rollover at the budget, the whole-segment drop and the purge of retention, Delete All
// Data, the quota and Idempotency-Keys. Another organization shares the home shard (and later the
// first pool database), and no path of either reaches the other's logs.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SEGMENT_DBS } from "@promptsentry/schema/shards";
import { call, registerOrg, testDb, type TestOrg } from "../../test/helpers";
import { countIn, freshPoolEachTest, ingest, rollNow, threeSegments } from "../../test/segment-helpers";
import { ingestContext } from "../queries/ingestion";
import { purgeExpired } from "../schedules/retention";
import { dropExpiredSegments, emptyDroppedSegments, retireExpiredSegments, rollSegments, segmentBudget } from "../schedules/segments";
import { forgetSegments, segmentForId, segmentsOf } from "./segments";

const DAY = 86_400_000;

freshPoolEachTest();

describe("log segments", () => {
  it("writes each flush to the segment its ids are stamped in, and finds a log by id in that one segment", async () => {
    const { victim, attacker, ids, own } = await threeSegments();
    expect(await countIn(env.DATA_0, victim.orgId)).toBe(2);
    expect(await countIn(env.SEG_0, victim.orgId)).toBe(2);
    expect(await countIn(env.SEG_1, victim.orgId)).toBe(1);
    expect(await countIn(env.DATA_0, attacker.orgId)).toBe(2);
    const segments = await segmentsOf(env, testDb(), victim.orgId, 0);
    expect(ids.map((id) => segmentForId(segments, id)?.seq)).toEqual([0, 0, 1, 1, 2]);
    // A single log (not a batch) goes the same way.
    const single = await call("POST", "/logs", { key: victim.apiKey, body: { prompt: "gamma two", response: "ok", model: "gpt-4o" } });
    expect(single.status).toBe(201);
    expect(await countIn(env.SEG_1, victim.orgId)).toBe(2);

    for (const id of ids) expect((await call("GET", `/logs/${id}`, { key: victim.apiKey })).body.id).toBe(id);
    // Isolation: the attacker's key never reaches the victim's logs, in any segment, nor the reverse.
    for (const id of ids) expect((await call("GET", `/logs/${id}`, { key: attacker.apiKey })).status).toBe(404);
    for (const id of own) expect((await call("GET", `/logs/${id}`, { key: victim.apiKey })).status).toBe(404);
    expect((await call("GET", "/logs/not-a-ulid", { key: victim.apiKey })).status).toBe(404);
  });

  it("rolls over only past the budget, and never without one", async () => {
    const org = await registerOrg();
    // The biggest tenant of its shard by far, so the first to roll when the pool is short.
    await ingest(
      org,
      Array.from({ length: 40 }, (_, i) => `log ${i}`),
    );
    expect(segmentBudget({})).toBeNull();
    expect(segmentBudget({ LOG_SEGMENT_BUDGET_BYTES: "0" })).toBeNull();
    expect(segmentBudget({ LOG_SEGMENT_BUDGET_BYTES: "4000000000" })).toBe(4_000_000_000);
    const now = Date.now();
    expect(await rollSegments(env, testDb(), now, 1e15)).toEqual({ opened: 0, poolFull: 0 });
    // A byte budget every database passes: the home shard's tenant rolls into the pool, ahead of time.
    const tenants = (await env.DB.prepare("SELECT count(*) AS n FROM organizations").first<{ n: number }>())!.n;
    const rolled = await rollSegments(env, testDb(), now, 1);
    expect(rolled.opened).toBe(Math.min(tenants, SEGMENT_DBS.length));
    expect(rolled.poolFull).toBe(Math.max(0, tenants - SEGMENT_DBS.length));
    const [, next] = await segmentsOf(env, testDb(), org.orgId, 0, now + 1);
    expect(next.startsAt).toBe(now + 60_000);
    // Opened ahead and not yet started: not rolled again.
    const again = await rollSegments(env, testDb(), now, 1);
    forgetSegments();
    expect((await segmentsOf(env, testDb(), org.orgId, 0, now + 2)).length).toBe(2);
    expect(again.opened).toBe(0);
  });

  it("retention empties an expired segment whole; its ids are gone, the others and the other tenant stay", async () => {
    const { victim, attacker, ids } = await threeSegments();
    // A year and a bit later, segment 1 (SEG_0) ended before the horizon; segment 2 is the newest: kept.
    const later = Date.now() + 400 * DAY;
    expect(await dropExpiredSegments(env, testDb(), later)).toBe(1);
    expect(await countIn(env.SEG_0, victim.orgId)).toBe(0);
    const left = await call("GET", "/logs?limit=50", { key: victim.apiKey });
    expect(left.body.map((l: { id: string }) => l.id)).toEqual([ids[4], ids[1], ids[0]]);
    for (const id of ids.slice(2, 4)) expect((await call("GET", `/logs/${id}`, { key: victim.apiKey })).status).toBe(404);
    expect((await call("GET", `/logs/${ids[2]}`, { key: attacker.apiKey })).status).toBe(404);
    // The emptied database works as before (tables, triggers, search index) and takes the attacker's next segment.
    expect((await rollNow(attacker.orgId))?.db).toBe("SEG_0");
    const [fresh] = await ingest(attacker, ["delta searchable"]);
    expect(await countIn(env.SEG_0, attacker.orgId)).toBe(1);
    expect((await call("GET", `/logs/${fresh}`, { key: attacker.apiKey })).body.prompt).toBe("delta searchable");
    expect((await call("GET", `/logs/${fresh}`, { key: victim.apiKey })).status).toBe(404);
    const found = await call("GET", "/logs?search=searchable", { key: attacker.apiKey });
    expect(found.body.map((l: { id: string }) => l.id)).toEqual([fresh]);
    expect(await dropExpiredSegments(env, testDb(), later)).toBe(0);
  });

  it("drops an expired segment out of every read at once and frees its database only once emptied", async () => {
    const { victim, attacker, ids } = await threeSegments();
    const later = Date.now() + 400 * DAY;
    // Phase one alone (a run that stopped before emptying): the logs are gone from reads, the rows not yet.
    expect(await retireExpiredSegments(env, testDb(), later)).toBe(1);
    for (const id of ids.slice(2, 4)) expect((await call("GET", `/logs/${id}`, { key: victim.apiKey })).status).toBe(404);
    const left = await call("GET", "/logs?limit=50", { key: victim.apiKey });
    expect(left.body.map((l: { id: string }) => l.id)).toEqual([ids[4], ids[1], ids[0]]);
    expect(await countIn(env.SEG_0, victim.orgId)).toBe(2);
    // Held until emptied: another organization's next segment goes elsewhere.
    expect((await rollNow(attacker.orgId))?.db).toBe("SEG_2");
    // A verdict given on one of its logs before the drop: its audit record lives beside the log.
    await env.SEG_0.prepare(
      `INSERT INTO audit_log (id, org_id, created_at, actor_type, actor_id, actor_name, key_id, action, entity_type, entity_id, before, after)
       VALUES ('01KAUDITSEG1000000000000000', ?, ?, 'member', 'm1', 'Ada', 'k1', 'feedback.set', 'feedback', ?, NULL, '{"verdict":"false_negative"}')`,
    )
      .bind(victim.orgId, Date.now(), ids[2])
      .run();
    // The next run empties it (nothing newly expired), and then it is free.
    expect(await dropExpiredSegments(env, testDb(), later)).toBe(0);
    // The audit record outlives the segment: kept in the control database, read by the audit log.
    const audit = await call("GET", "/audit?limit=50", { key: victim.apiKey });
    const kept = audit.body.find((r: { id: string }) => r.id === "01KAUDITSEG1000000000000000");
    expect(kept).toMatchObject({ entityId: ids[2], after: { verdict: "false_negative" } });
    const feedbackOnly = await call("GET", "/audit?limit=50&entityType=feedback", { key: victim.apiKey });
    expect(feedbackOnly.body.map((r: { id: string }) => r.id)).toContain("01KAUDITSEG1000000000000000");
    // Delete All Data takes the kept judgements too.
    expect((await call("DELETE", "/data", { key: victim.apiKey, body: { confirm: victim.name } })).status).toBeLessThan(300);
    const after = await call("GET", "/audit?limit=50&entityType=feedback", { key: victim.apiKey });
    expect(after.body).toEqual([]);
    expect((await call("GET", "/audit?limit=50", { key: attacker.apiKey })).body.map((r: { id: string }) => r.id)).not.toContain(
      "01KAUDITSEG1000000000000000",
    );
    expect(await countIn(env.SEG_0, victim.orgId)).toBe(0);
    expect(await emptyDroppedSegments(env, testDb(), later)).toBe(0);
    expect((await rollNow(attacker.orgId))?.db).toBe("SEG_0");
  });

  it("retention purges bodies past retentionDays in every segment, each organization by its own horizon", async () => {
    const { victim, attacker } = await threeSegments();
    await env.DB.prepare("UPDATE org_settings SET retention_days = 1 WHERE org_id = ?").bind(victim.orgId).run();
    const report = await purgeExpired(env, testDb(), Date.now() + 2 * DAY);
    expect(report.contents).toBe(5);
    const purged = (d1: D1Database, orgId: string) =>
      d1
        .prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ? AND content_purged_at IS NOT NULL AND prompt = ''")
        .bind(orgId)
        .first<{ n: number }>();
    expect((await purged(env.DATA_0, victim.orgId))!.n).toBe(2);
    expect((await purged(env.SEG_0, victim.orgId))!.n).toBe(2);
    expect((await purged(env.SEG_1, victim.orgId))!.n).toBe(1);
    expect((await purged(env.DATA_0, attacker.orgId))!.n).toBe(0);
  });

  it("Delete All Data deletes the organization's logs and counters in every segment, nobody else's", async () => {
    const { victim, attacker, own } = await threeSegments();
    const res = await call("DELETE", "/data", { key: victim.apiKey, body: { confirm: victim.name } });
    expect(res.status).toBe(200);
    for (const d1 of [env.DATA_0, env.SEG_0, env.SEG_1]) {
      expect(await countIn(d1, victim.orgId)).toBe(0);
      expect(
        (await d1.prepare("SELECT count(*) AS n FROM daily_usage WHERE org_id = ?").bind(victim.orgId).first<{ n: number }>())!.n,
      ).toBe(0);
    }
    expect((await call("GET", "/logs/counts", { key: victim.apiKey })).body).toMatchObject({ total: 0 });
    expect((await call("GET", "/logs?limit=50", { key: attacker.apiKey })).body.map((l: { id: string }) => l.id)).toEqual(
      [...own].reverse(),
    );
    // The newest segment still takes the victim's writes.
    const [next] = await ingest(victim, ["after"]);
    expect(await countIn(env.SEG_1, victim.orgId)).toBe(1);
    expect((await call("GET", `/logs/${next}`, { key: victim.apiKey })).status).toBe(200);
  });

  it("counts the quota's usage over every live segment, each organization its own", async () => {
    const { victim, attacker } = await threeSegments();
    const [home, first, newest] = await segmentsOf(env, testDb(), victim.orgId, 0);
    const ctx = await ingestContext({ db: testDb(), data: newest.db }, victim.orgId, new Date(), { priorSegments: [first.db, home.db] });
    expect(ctx.usage).toEqual({ allTime: 5, thisMonth: 5 });
    const alone = await ingestContext({ db: testDb(), data: newest.db }, victim.orgId, new Date());
    expect(alone.usage.thisMonth).toBe(1);
    const other = await ingestContext({ db: testDb(), data: home.db }, attacker.orgId, new Date(), { priorSegments: [first.db] });
    expect(other.usage.thisMonth).toBe(2);
  });

  it("replays an Idempotency-Key stored in the segment before a rollover, within the organization", async () => {
    const org = await registerOrg();
    const other = await registerOrg();
    const send = (o: TestOrg, path: string, body: unknown) =>
      call("POST", path, { key: o.apiKey, body, headers: { "Idempotency-Key": "retry-1" } });
    const log = { prompt: "once", response: "ok", model: "gpt-4o" };
    const first = await send(org, "/logs", log);
    const batch = await send(org, "/logs/batch", { logs: [log, log] });
    await rollNow(org.orgId);
    const again = await send(org, "/logs", log);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const batchAgain = await send(org, "/logs/batch", { logs: [log, log] });
    expect(batchAgain.body.ids).toEqual(batch.body.ids);
    expect(await countIn(env.SEG_0, org.orgId)).toBe(0);
    // The same key from another organization is its own request.
    const theirs = await send(other, "/logs", log);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("keeps a verdict beside its log in the log's segment, within the organization", async () => {
    const { victim, attacker, ids } = await threeSegments();
    const path = `/logs/${ids[3]}/feedback`;
    expect((await call("PUT", path, { key: attacker.apiKey, body: { verdict: "false_negative" } })).status).toBe(404);
    const put = await call("PUT", path, { key: victim.apiKey, body: { verdict: "false_negative", note: "in segment 1" } });
    expect(put.status).toBe(200);
    expect(
      (await env.SEG_0.prepare("SELECT count(*) AS n FROM flag_feedback WHERE log_id = ?").bind(ids[3]).first<{ n: number }>())!.n,
    ).toBe(1);
    expect((await call("GET", path, { key: victim.apiKey })).body).toMatchObject({ verdict: "false_negative", note: "in segment 1" });
    expect((await call("GET", path, { key: attacker.apiKey })).status).toBe(404);
    expect((await call("GET", "/logs?reviewed=true&limit=50", { key: victim.apiKey })).body.map((l: { id: string }) => l.id)).toEqual([
      ids[3],
    ]);
    expect((await call("DELETE", path, { key: attacker.apiKey })).status).toBe(404);
    expect((await call("DELETE", path, { key: victim.apiKey })).status).toBe(204);
    expect((await call("GET", path, { key: victim.apiKey })).body).toBeNull();
  });
});
