// Organizations with logs in several segments, for the tests of segment-aware paths
// (worker/src/tenancy/segments.test.ts, worker/src/queries/segment-logs.test.ts). The test files
// share their databases: each test starts with the whole segment pool free.
import { env } from "cloudflare:test";
import { beforeEach, expect } from "vitest";
import { SEGMENT_DBS } from "@promptsentry/schema/shards";
import { emptySegmentDatabase } from "../src/tenancy/segment-empty";
import { forgetSegments, openNextSegment } from "../src/tenancy/segments";
import { call, placeOnShard, registerOrg, testDb, type TestOrg } from "./helpers";

export function freshPoolEachTest() {
  beforeEach(async () => {
    for (const name of SEGMENT_DBS) {
      await emptySegmentDatabase(env[name]);
      await env[name].prepare("DELETE FROM organizations").run();
    }
    await env.DB.prepare("DELETE FROM log_segments").run();
    forgetSegments();
  });
}

export async function ingest(org: TestOrg, prompts: string[]): Promise<string[]> {
  const res = await call("POST", "/logs/batch", {
    key: org.apiKey,
    body: { logs: prompts.map((prompt) => ({ prompt, response: "ok", model: "gpt-4o" })) },
  });
  expect(res.status).toBe(201);
  return res.body.ids;
}

export const countIn = async (d1: D1Database, orgId: string) =>
  (await d1.prepare("SELECT count(*) AS n FROM prompt_logs WHERE org_id = ?").bind(orgId).first<{ n: number }>())!.n;

/** Opens the next segment starting now (no lead: the test writes right after) and makes this isolate see it. */
export async function rollNow(orgId: string) {
  const row = await openNextSegment(env, testDb(), orgId, Date.now(), 0);
  forgetSegments();
  // Ids are stamped to the millisecond: the next write must be stamped after the new segment starts.
  await new Promise((r) => setTimeout(r, 5));
  return row;
}

/** A victim with logs in segments 0, 1 (SEG_0) and 2 (SEG_1), and an attacker on the same home shard. */
export async function threeSegments() {
  const victim = await registerOrg();
  const attacker = await registerOrg();
  await placeOnShard(victim.orgId, 0);
  await placeOnShard(attacker.orgId, 0);
  const ids = [...(await ingest(victim, ["alpha one", "alpha two"]))];
  expect((await rollNow(victim.orgId))?.db).toBe("SEG_0");
  ids.push(...(await ingest(victim, ["beta one", "beta two"])));
  expect((await rollNow(victim.orgId))?.db).toBe("SEG_1");
  ids.push(...(await ingest(victim, ["gamma one"])));
  const own = await ingest(attacker, ["attacker one", "attacker two"]);
  return { victim, attacker, ids, own };
}
