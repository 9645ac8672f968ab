// The audit log (docs/api.md#audit-log): an append-only record of who changed an organization's policy
// or access, what, from what to what, and when. A record is one INSERT handed to the batch that makes
// the change, so D1 commits both or neither: a change without its record, or a record of a change that
// did not happen, cannot be stored. It therefore lives in the database of what it records: flag
// feedback's beside the verdict (its log's segment), every other one in the control database; the list
// reads them all.
import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { decodeTime } from "ulidx";
import { AUDIT_SECRET, AUDIT_SHARD_ENTITY_TYPES, type AuditAction, type AuditEntityType } from "@promptsentry/schema/constants/audit";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { auditLog, type AuditRow, type AuditValues } from "@promptsentry/schema/tables/audit";
import { teamMembers } from "@promptsentry/schema/tables/organizations";
import type { AuditQuery } from "@promptsentry/schema/requests/audit";
import type { Db, Principal } from "../env";
import { newId } from "../lib/ids";

/** Who acts: the member behind the key (whichever of their keys or sessions), else the key itself. */
export type Actor = { type: "member" | "key"; id: string; name: string; keyId: string };

/** The principal's actor with its current name: one read of the control database. */
export async function actorOf(db: Db, principal: Principal): Promise<Actor> {
  const [row] = await db
    .select({ keyName: apiKeys.name, memberName: teamMembers.name })
    .from(apiKeys)
    .leftJoin(teamMembers, and(eq(teamMembers.id, apiKeys.memberId), eq(teamMembers.orgId, principal.orgId)))
    .where(and(eq(apiKeys.id, principal.keyId), eq(apiKeys.orgId, principal.orgId)))
    .limit(1);
  if (principal.memberId && row?.memberName != null)
    return { type: "member", id: principal.memberId, name: row.memberName, keyId: principal.keyId };
  return { type: "key", id: principal.keyId, name: row?.keyName ?? "", keyId: principal.keyId };
}

export type AuditChange = {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The changed fields as they were; null when the entity did not exist before. */
  before: AuditValues | null;
  /** The changed fields as they are; null when the entity is gone. */
  after: AuditValues | null;
};

export type RecordOptions = {
  /**
   * Insert only if the statement just before this one in the batch changed a row (SQLite's changes()):
   * an update or delete that matched nothing (a row removed meanwhile, a guard that refused) leaves no
   * record. changes() counts the statement's own rows, never its triggers' or cascades'.
   */
  afterChange?: boolean;
};

/** Writes records of one organization's changes by one actor into one database, as batch items. */
export type Recorder = (change: AuditChange, options?: RecordOptions) => BatchItem<"sqlite">;

const jsonOrNull = (values: AuditValues | null) => (values ? JSON.stringify(values) : null);

/** The record's INSERT, to run in the batch of the change (see RecordOptions). */
export function recordInsert(db: Db, orgId: string, actor: Actor, change: AuditChange, options: RecordOptions = {}): BatchItem<"sqlite"> {
  const id = newId();
  const row = sql`SELECT ${id}, ${orgId}, ${decodeTime(id)}, ${actor.type}, ${actor.id}, ${actor.name}, ${actor.keyId}, ${change.action},
    ${change.entityType}, ${change.entityId}, ${jsonOrNull(change.before)}, ${jsonOrNull(change.after)}`;
  return db.insert(auditLog).select(options.afterChange ? sql`${row} WHERE changes() > 0` : row);
}

export const recorder =
  (db: Db, orgId: string, actor: Actor): Recorder =>
  (change, options) =>
    recordInsert(db, orgId, actor, change, options);

const isPlainObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `values` with every secret field (dotted paths one level deep: "secret", "config.api_key") that
 * holds something replaced by AUDIT_SECRET, and undefined fields dropped. An emptied secret stays
 * empty: that it was cleared is worth recording, and reveals nothing.
 */
export function maskSecrets(values: AuditValues, secrets: readonly string[] = []): AuditValues {
  const out: AuditValues = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (isPlainObject(value)) {
      const inner = maskSecrets(
        value,
        secrets.filter((s) => s.startsWith(`${field}.`)).map((s) => s.slice(field.length + 1)),
      );
      out[field] = inner;
    } else out[field] = secrets.includes(field) && value !== "" && value !== null ? AUDIT_SECRET : value;
  }
  return out;
}

/**
 * The fields that differ between two versions of an entity, each side holding only those (objects
 * such as flag rules or an integration's config: only their changed keys), secrets masked; null when
 * nothing changed. A changed secret shows as AUDIT_SECRET on both sides: that it changed, not to what.
 */
export function changedFields(
  before: AuditValues,
  after: AuditValues,
  secrets: readonly string[] = [],
): { before: AuditValues; after: AuditValues } | null {
  const old: AuditValues = {};
  const now: AuditValues = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [before[field], after[field]];
    if (b === undefined || same(a, b)) continue;
    if (isPlainObject(a) && isPlainObject(b)) {
      const inner = changedFields(
        a,
        b,
        secrets.filter((s) => s.startsWith(`${field}.`)).map((s) => s.slice(field.length + 1)),
      );
      if (inner) [old[field], now[field]] = [inner.before, inner.after];
      continue;
    }
    [old[field], now[field]] = [a ?? null, b];
  }
  if (!Object.keys(now).length) return null;
  return { before: maskSecrets(old, secrets), after: maskSecrets(now, secrets) };
}

/**
 * Where the organization's records are: the control database, and the databases of its live log
 * segments (flag feedback's records are written beside the verdict, in its log's segment; the home
 * shard is segment 0). Pool databases hold other organizations' records too: every read is by org_id.
 */
export type AuditDbs = { db: Db; segments: readonly Db[] };

/**
 * The databases holding the records a query can match. Flag feedback's records are written in the
 * segments, and copied to the control database when their segment is emptied (tenancy/segment-audit.ts);
 * every other type is in the control database only.
 */
function sources({ db, segments }: AuditDbs, entityType: AuditEntityType | undefined): readonly Db[] {
  if (!entityType || AUDIT_SHARD_ENTITY_TYPES.includes(entityType)) return [db, ...segments];
  return [db];
}

/**
 * A page of the organization's records, newest first. Keyset on the id alone: ids are ULIDs, ordered
 * by time, and unique across every database, so "older than the cursor" is one comparison in each
 * (a cursor row looked up in one database would not be found in the others). Each database gives its
 * first `limit` matches; the page is the first `limit` of those merged. Every segment is read: a
 * record is stamped when the verdict is given, not when its log was, so segments are no time range
 * of records. A cursor never reads a row: another organization's id only marks a point in time.
 */
export async function listAudit(dbs: AuditDbs, orgId: string, q: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [eq(auditLog.orgId, orgId)];
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.from) where.push(gte(auditLog.createdAt, q.from));
  if (q.to) where.push(lte(auditLog.createdAt, q.to));
  if (q.before) where.push(lt(auditLog.id, q.before.toUpperCase()));
  const pages = await Promise.all(
    sources(dbs, q.entityType).map((d) =>
      d
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(q.limit),
    ),
  );
  return pages
    .flat()
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, q.limit);
}

/** Deletes every record of the organization in `db` (Delete All Data, in the data shard). */
export const deleteRecords = (db: Db, orgId: string) => db.delete(auditLog).where(eq(auditLog.orgId, orgId));

/** Deletes the organization's flag feedback records that emptied segments left in the control database (Delete All Data). */
export const deleteKeptFeedbackRecords = (control: Db, orgId: string) =>
  control.delete(auditLog).where(and(eq(auditLog.orgId, orgId), inArray(auditLog.entityType, [...AUDIT_SHARD_ENTITY_TYPES])));
