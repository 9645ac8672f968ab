// An organization whose logs span three segments beside a twin holding the same logs in one database,
// and a third organization sharing every one of those databases: the segment-aware reads of sessions,
// users, spenders, feedback and the audit log must answer the victim what one database answers the
// twin, and never show the other organization's rows (worker/src/queries/segment-*.test.ts).
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { flagFeedback, promptLogs } from "@promptsentry/schema/tables/logs";
import { SEGMENT_DBS } from "@promptsentry/schema/shards";
import { idAt } from "../src/lib/ids";
import { recordInsert } from "../src/queries/audit";
import { createDb } from "../src/tenancy/db";
import { registerTenant } from "../src/tenancy/shards";
import { call, placeOnShard, registerOrg, type TestOrg } from "./helpers";
import { rollNow } from "./segment-helpers";

export type LogInput = {
  prompt: string;
  sessionId?: string;
  userId?: string;
  estimatedCost?: number;
  tokenCount?: number;
  latencyMs?: number;
  model?: string;
};

async function ingestLogs(org: TestOrg, logs: LogInput[]): Promise<string[]> {
  const res = await call("POST", "/logs/batch", {
    key: org.apiKey,
    body: { logs: logs.map((l) => ({ response: "ok", model: "gpt-4o", ...l })) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.ids;
}

/**
 * The victim writes each phase to a new segment (home shard, SEG_0, SEG_1); the twin writes the same
 * logs, in the same order, to its home shard; the other organization shares that home shard.
 */
export async function victimAndTwin(phases: LogInput[][]) {
  const [victim, twin, other] = [await registerOrg(), await registerOrg(), await registerOrg()];
  for (const org of [victim, twin, other]) await placeOnShard(org.orgId, 0);
  const ids: { victim: string[]; twin: string[] } = { victim: [], twin: [] };
  for (const [i, phase] of phases.entries()) {
    if (i > 0) await rollNow(victim.orgId);
    ids.victim.push(...(await ingestLogs(victim, phase)));
    ids.twin.push(...(await ingestLogs(twin, phase)));
  }
  return { victim, twin, other, ids };
}

/**
 * Rows of `org` written straight into every pool database (as when a database a segment left is
 * reused, or any tenant's rows beside another's): a flagged log like `log`, its verdict and the
 * verdict's audit record. Only an org_id condition keeps them out of another organization's reads.
 */
export async function plantInPool(org: TestOrg, log: LogInput) {
  const planted: { logId: string; auditId: string }[] = [];
  for (const name of SEGMENT_DBS) {
    const db = createDb(env[name]);
    await registerTenant(db, org.orgId, -1);
    const logId = idAt(Date.now());
    await db.insert(promptLogs).values({
      id: logId,
      orgId: org.orgId,
      createdAt: new Date(),
      model: log.model ?? "gpt-4o",
      response: "ok",
      flagStatus: "critical",
      flagReasons: ["prompt_injection"],
      findings: [],
      ...log,
    });
    const verdict = { verdict: "false_positive" as const, note: "planted", reviewedBy: org.memberId };
    await db.insert(flagFeedback).values({
      logId,
      orgId: org.orgId,
      ...verdict,
      flagStatus: "critical",
      flagReasons: ["prompt_injection"],
      updatedAt: new Date(),
    });
    const actor = { type: "member" as const, id: org.memberId, name: "Planted", keyId: org.memberId };
    await db.batch([
      recordInsert(db, org.orgId, actor, { action: "feedback.set", entityType: "feedback", entityId: logId, before: null, after: verdict }),
    ]);
    const [record] = await env[name].prepare("SELECT id FROM audit_log WHERE entity_id = ?").bind(logId).raw<[string]>();
    planted.push({ logId, auditId: record[0] });
  }
  return planted;
}
