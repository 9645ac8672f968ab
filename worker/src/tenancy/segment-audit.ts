// A verdict's audit record is written in its log's segment (in the verdict's own batch), but it keeps
// the audit log's retention, not the log's: a verdict given last week on a log of last year must
// outlive that log's segment. Before a dropped segment is emptied, its organization's audit records
// are copied to the control database, where GET /api/audit reads them with the rest (same ids, so
// the one cursor still pages them) and retention deletes them at the audit log's own horizon.
import { getTableColumns } from "drizzle-orm";
import { auditLog } from "@promptsentry/schema/tables/audit";

const COLUMNS = Object.values(getTableColumns(auditLog)).map((c) => c.name);
/** Records per statement: one bound JSON array, far under D1's 100 KB statement and 2 MB value limits. */
const CHUNK = 200;

/** Copies the organization's audit records from a segment's database to the control database; answers how many. */
export async function keepSegmentAuditRecords(segment: D1Database, control: D1Database, orgId: string): Promise<number> {
  const { results } = await segment
    .prepare(`SELECT ${COLUMNS.join(", ")} FROM audit_log WHERE org_id = ? ORDER BY id`)
    .bind(orgId)
    .all<Record<string, unknown>>();
  // A record copied by a run that stopped before emptying is already there: kept once.
  const insert = `INSERT OR IGNORE INTO audit_log (${COLUMNS.join(", ")})
    SELECT ${COLUMNS.map((c) => `json_extract(value, '$.${c}')`).join(", ")} FROM json_each(?)`;
  const chunks = [];
  for (let i = 0; i < results.length; i += CHUNK) chunks.push(control.prepare(insert).bind(JSON.stringify(results.slice(i, i + CHUNK))));
  if (chunks.length) await control.batch(chunks);
  return results.length;
}
