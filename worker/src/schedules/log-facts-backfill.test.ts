// Logs stored before log_facts (migration 0014 on a database with logs) are copied by the minute
// schedule in chunks on every shard; meanwhile metrics read prompt_logs, afterwards log_facts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { prepareMetricQuery } from "../metrics/sandbox";
import { runMetricSql } from "../metrics/run";
import { createDb } from "../tenancy/db";
import { dataD1, dataDb, insertLogs, placeOnShard, registerOrg, testDb } from "../../test/helpers";
import { asIfUpgraded, runCron } from "../../test/schedule-helpers";
import { CRONS } from "./index";
import { backfillLogFacts, copyNextFactsChunk } from "./log-facts-backfill";

const gpt4Share = prepareMetricQuery("SELECT count(*), sum(model = 'gpt-4') FROM logs");

describe("log_facts backfill", () => {
  it("copies stored logs in chunks; metrics are complete before, during and after", async () => {
    const org = await registerOrg();
    await insertLogs(org.orgId, [{ model: "gpt-4" }, { model: "gpt-4" }, { model: "claude-3" }, { model: "gemini" }, { model: "gpt-4" }]);
    const d1 = await dataD1(org.orgId);
    await asIfUpgraded(d1);
    const metric = async () => (await runMetricSql(await dataDb(org.orgId), org.orgId, gpt4Share, Date.now())).rows[0];
    expect(await metric()).toEqual([5, 3]); // read from prompt_logs while the copy is incomplete
    let left = await copyNextFactsChunk(createDb(d1), 2);
    expect(left).toBeGreaterThan(0);
    expect(await metric()).toEqual([5, 3]);
    while (left > 0) left = await copyNextFactsChunk(createDb(d1), 2);
    expect(await d1.prepare("SELECT count(*) AS n FROM log_facts WHERE org_id = ?").bind(org.orgId).first("n")).toBe(5);
    expect(await metric()).toEqual([5, 3]); // from log_facts now
  });

  it("runs each minute on every shard, and has nothing to do once done", async () => {
    const a = await registerOrg();
    const b = await registerOrg();
    await placeOnShard(a.orgId, 0);
    await placeOnShard(b.orgId, 1);
    await insertLogs(a.orgId, [{ model: "gpt-4" }]);
    await insertLogs(b.orgId, [{ model: "claude-3" }, { model: "gpt-4" }]);
    await asIfUpgraded(await dataD1(a.orgId));
    await asIfUpgraded(await dataD1(b.orgId));
    await runCron(CRONS.metrics, Date.now());
    for (const [org, n] of [
      [a, 1],
      [b, 2],
    ] as const)
      expect(
        await (await dataD1(org.orgId)).prepare("SELECT count(*) AS n FROM log_facts WHERE org_id = ?").bind(org.orgId).first("n"),
      ).toBe(n);
    expect(await backfillLogFacts(env, testDb())).toEqual({ chunks: 0, remaining: 0, complete: true });
  });
});
