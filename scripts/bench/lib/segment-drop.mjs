// Dropping an expired segment, in the two steps retention runs it (schedules/segments.ts), each timed
// on the stopped stack's files with the product's own functions (the dataset is left as it was):
//   1. retireExpiredSegments: the directory write that takes the segment out of every read, what a
//      user sees as "dropped"; run on a copy of the control database at a time when the oldest pool
//      segment (seq 1) has just expired, the pool files opened read-only (it only reads them);
//   2. emptySegmentDatabase: freeing its database afterwards, on no request's path; run on a copy of
//      that segment's file.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { tsImport } from "tsx/esm/api";
import { d1Over, openSqlite } from "./d1-sqlite.mjs";
import { BINDINGS } from "./sqlite-env.mjs";

const DAY_MS = 86_400_000;
const load = (p) => tsImport(`../../../${p}`, import.meta.url);

function copyDatabase(file, into) {
  const copy = path.join(into, path.basename(file));
  copyFileSync(file, copy);
  for (const suffix of ["-wal", "-shm"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, copy + suffix);
  return copy;
}

/**
 * @param {{ files: Record<string, string>, orgId: string, segmentFile: string }} o files: the stack's
 *   files by binding (lib/sqlite-env.mjs stackFiles); segmentFile: the file of the segment with seq 1
 * @returns {Promise<{ retireMs: number, emptyMs: number }>}
 */
export async function measureDrop({ files, orgId, segmentFile }) {
  const { retireExpiredSegments } = await load("worker/src/schedules/segments.ts");
  const { emptySegmentDatabase } = await load("worker/src/tenancy/segment-empty.ts");
  const { getSettings } = await load("worker/src/queries/settings.ts");
  const { createDb } = await load("worker/src/tenancy/db.ts");
  const scratch = mkdtempSync(path.join(tmpdir(), "segment-drop-"));
  try {
    const control = openSqlite(copyDatabase(files.DB, scratch));
    const pool = BINDINGS.filter((b) => b.startsWith("SEG_")).map((b) => [b, new DatabaseSync(files[b], { readOnly: true })]);
    const env = { DB: d1Over(control), ...Object.fromEntries(pool.map(([b, db]) => [b, d1Over(db)])) };
    const db = createDb(env.DB);
    const settings = await getSettings(db, orgId);
    const next = control.prepare("SELECT starts_at FROM log_segments WHERE org_id = ? AND seq = 2").get(orgId);
    if (!next) throw new Error("no segment 2: dropping needs one after the dropped one");
    // Retention's horizon is the longer of the organization's two; seq 1 expires once seq 2 started before it.
    const now = next.starts_at + Math.max(settings.metadataRetentionDays, settings.retentionDays) * DAY_MS;
    const t0 = performance.now();
    const dropped = await retireExpiredSegments(env, db, now);
    const retireMs = performance.now() - t0;
    const gone = control.prepare("SELECT seq FROM log_segments WHERE org_id = ? AND dropped_at IS NOT NULL").all(orgId);
    if (dropped !== 1 || gone.length !== 1 || gone[0].seq !== 1) throw new Error(`expected segment 1 dropped, got ${JSON.stringify(gone)}`);
    control.close();
    for (const [, d] of pool) d.close();

    const segment = openSqlite(copyDatabase(segmentFile, scratch));
    const t1 = performance.now();
    await emptySegmentDatabase(d1Over(segment));
    const emptyMs = performance.now() - t1;
    const left = segment.prepare("SELECT count(*) AS n FROM prompt_logs").get().n;
    segment.close();
    if (left !== 0) throw new Error(`the emptied segment still holds ${left} logs`);
    return { retireMs, emptyMs };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
