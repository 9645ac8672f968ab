// The same logs twice: once split over an organization's three segments at chosen times (home shard,
// SEG_0, SEG_1), once in a twin organization's single database; and an intruder with logs of its own
// in all three databases. A segment-aware read gives the split organization exactly the twin's
// answer, and neither ever sees the intruder's rows (tests of stats, charts and custom metrics).
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import * as tables from "@promptsentry/schema/tables";
import { forgetSegments, openNextSegment } from "../src/tenancy/segments";
import { registerTenant } from "../src/tenancy/shards";
import { indexQueued, insertLogs, placeOnShard, registerOrg, shardD1, testDb } from "./helpers";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const todayUtc = (now = Date.now()) => now - (now % DAY);

export type LogSpec = Partial<typeof tables.promptLogs.$inferInsert> & { createdAt: Date };

/** The intruder's marks: a model, a user and a session no split or twin log has. */
export const INTRUDER = { model: "intruder-model", userId: "mallory", sessionId: "intruder-session" };

let seq = 0;
async function insertInto(d1: D1Database, orgId: string, logs: readonly LogSpec[]) {
  const db = drizzle(d1, { schema: tables });
  const rows = logs.map((l) => ({
    id: `split${(++seq).toString().padStart(6, "0")}${crypto.randomUUID().slice(0, 8)}`,
    orgId,
    model: "gpt-4",
    prompt: "Hello there",
    response: "General Kenobi",
    flagStatus: "safe" as const,
    flagReasons: [],
    findings: [],
    ...l,
  }));
  for (let i = 0; i < rows.length; i += 5) await db.insert(tables.promptLogs).values(rows.slice(i, i + 5));
  await indexQueued(d1);
}

/**
 * `split` gets a segment starting at each of `starts` (ascending, ms) and each log in the segment
 * holding its time; `twin` gets every log in its home shard; `intruder` shares the three databases.
 */
export async function splitAndTwin(logs: readonly LogSpec[], starts: readonly [number, number]) {
  const [split, twin, intruder] = [await registerOrg(), await registerOrg(), await registerOrg()];
  for (const org of [split, twin, intruder]) await placeOnShard(org.orgId, 0);
  const bindings: string[] = [];
  for (const at of starts) bindings.push((await openNextSegment(env, testDb(), split.orgId, at, 0))!.db);
  forgetSegments();
  const d1s = [shardD1(0), ...bindings.map((b) => env[b as "SEG_0" | "SEG_1"])];
  const segmentOf = (ms: number) => [0, ...starts].filter((s) => s <= ms).length - 1;
  for (let i = 0; i < d1s.length; i++)
    await insertInto(
      d1s[i],
      split.orgId,
      logs.filter((l) => segmentOf(l.createdAt.getTime()) === i),
    );
  await insertLogs(twin.orgId, [...logs]);
  for (const d1 of d1s.slice(1)) await registerTenant(drizzle(d1, { schema: tables }), intruder.orgId, -1);
  const intruderLogs = (d1: D1Database) =>
    insertInto(
      d1,
      intruder.orgId,
      [0, 3, 12].map((daysAgo) => ({ ...INTRUDER, createdAt: new Date(Date.now() - daysAgo * DAY), estimatedCost: 99 })),
    );
  for (const d1 of d1s) await intruderLogs(d1);
  return { split, twin, intruder, bindings };
}

/** Varied logs over the last `days` days (costs are exact binary fractions, so sums match in any order). */
export function variedLogs(days: number, now = Date.now()): LogSpec[] {
  const models = ["gpt-4", "gpt-4o", "gpt-3.5-turbo", "claude-3-opus"];
  const statuses = ["safe", "safe", "warning", "critical", "safe"] as const;
  const users = ["alice", "bob", "carol", null, "dave", ""];
  const logs: LogSpec[] = [];
  for (let i = 0; i < 80; i++) {
    const daysAgo = (i * 7) % days;
    const at = todayUtc(now) - daysAgo * DAY + ((i * 37) % 23) * HOUR + (i % 60) * 60_000;
    logs.push({
      createdAt: new Date(Math.min(at, now - 1_000 - i)),
      model: models[i % models.length],
      flagStatus: statuses[i % statuses.length],
      userId: users[i % users.length],
      sessionId: `session-${i % 7}`,
      prompt: i % 5 === 0 ? `alpha ${i}` : `beta ${i}`,
      tokenCount: i % 4 === 0 ? null : 100 + i,
      estimatedCost: i % 6 === 0 ? null : (i % 8) * 0.25,
      latencyMs: i % 3 === 0 ? null : 50 + i,
    });
  }
  return logs;
}
