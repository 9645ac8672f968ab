// Redaction of logs stored before redaction existed (docs/log-flow.md#afterwards-backfill-and-retention): rows with redaction_mode NULL are
// redacted with their organization's current mode, in bounded chunks each minute, as ingestion
// would have done: placeholders in prompt, response, metadata and ids, findings moved and fingerprinted,
// fingerprint rows added. The FTS update trigger re-indexes the redacted text. An organization
// that chose "off" has its old logs marked and left as they are.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RedactionMode } from "@promptsentry/schema/constants/privacy";
import { logFingerprints, promptLogs, type PromptLogRow } from "@promptsentry/schema/tables/logs";
import type { Bindings, Db } from "../env";
import { logDatabases } from "../tenancy/log-databases";
import { getSettings } from "../queries/settings";
import { fingerprinter, redactLog, type Fingerprinter } from "../redaction";
import { ensureFingerprintKey } from "../redaction/key-store";

export type BackfillReport = { logs: number; redacted: number; complete: boolean };

async function orgRedaction(db: Db, orgId: string): Promise<{ mode: RedactionMode; fp: Fingerprinter | null }> {
  const settings = await getSettings(db, orgId);
  if (settings.redaction === "off") return { mode: "off", fp: null };
  return { mode: settings.redaction, fp: await fingerprinter(await ensureFingerprintKey(db, orgId, settings.fingerprintKey)) };
}

/** Redacts up to `chunkSize` not-yet-redacted logs in every database of logs (shards, live pool segments); `complete` when none are left anywhere. */
export async function redactStoredLogs(env: Bindings, control: Db, options: { chunkSize?: number } = {}): Promise<BackfillReport> {
  const total: BackfillReport = { logs: 0, redacted: 0, complete: true };
  for (const data of await logDatabases(env, control)) {
    const report = await redactShard(control, data, options.chunkSize ?? 200);
    total.logs += report.logs;
    total.redacted += report.redacted;
    total.complete &&= report.complete;
  }
  return total;
}

/** One database's chunk: its logs, redacted with their organizations' settings and keys (control database). */
async function redactShard(control: Db, db: Db, chunkSize: number): Promise<BackfillReport> {
  const rows = await db.select().from(promptLogs).where(isNull(promptLogs.redactionMode)).limit(chunkSize);
  const report: BackfillReport = { logs: rows.length, redacted: 0, complete: rows.length < chunkSize };
  if (!rows.length) return report;

  const orgs = new Map<string, Awaited<ReturnType<typeof orgRedaction>>>();
  for (const orgId of new Set(rows.map((r) => r.orgId))) orgs.set(orgId, await orgRedaction(control, orgId));

  const statements: BatchItem<"sqlite">[] = [];
  const untouched: PromptLogRow[] = [];
  for (const row of rows) {
    const { mode, fp } = orgs.get(row.orgId)!;
    // The stored findings are the detector's on the original text; spans come from a fresh scan.
    const kept = await redactLog(row, { findings: row.findings }, mode, fp, false);
    if (!kept.fingerprints.length && kept.userId === row.userId) {
      untouched.push(row);
      continue;
    }
    report.redacted++;
    statements.push(
      db
        .update(promptLogs)
        .set({
          prompt: kept.prompt,
          response: kept.response,
          metadata: kept.metadata,
          userId: kept.userId,
          sessionId: kept.sessionId,
          findings: kept.findings,
          redactionMode: mode,
        })
        .where(and(eq(promptLogs.id, row.id), isNull(promptLogs.redactionMode))),
      db
        .insert(logFingerprints)
        .values(kept.fingerprints.map((fingerprint) => ({ orgId: row.orgId, fingerprint, logId: row.id, createdAt: row.createdAt })))
        .onConflictDoNothing(),
    );
  }
  // Nothing to redact: only the mode is recorded (an update of other columns leaves the FTS trigger
  // alone), in groups small enough for D1's 100 bound parameters.
  for (const [orgId, { mode }] of orgs) {
    const ids = untouched.filter((r) => r.orgId === orgId).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 90)
      statements.push(
        db
          .update(promptLogs)
          .set({ redactionMode: mode })
          .where(inArray(promptLogs.id, ids.slice(i, i + 90))),
      );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return report;
}
