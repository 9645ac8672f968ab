// What a committer keeps of its organization between flushes (docs/scaling.md#group-commit-of-ingestion),
// so a flush under load reads nothing but its Idempotency-Keys and writes in one D1 call:
//   - the context: organization, settings, subscribers and the fingerprinter;
//   - quota usage: the committer is the organization's only writer of logs (every way in goes through
//     it; retention never decrements daily_usage), so it reads usage once and adds what it writes.
//     Kept for one month and one set of segments (`scope`); the flush decides when to read it again
//     anyway (near the quota: ingestion/group-commit.ts);
//   - the key rows it checked (a key let in from an isolate's credential cache), each judged against
//     the flush's time, so an expired key is refused at its expiry.
// One entry, for the organization that names the committer; a job of another organization (which
// the committer never gets, but must never be served from it) misses it. Forgotten whole by whatever
// changes what it holds (`forgetIngestContext`): the settings, webhooks, integrations, API keys, team
// and data routes before they answer, a delivery switching off its webhook or integration, a shard
// move; and by age (INGEST_CONTEXT_TTL_MS), which bounds what changes without telling it (a row edited
// by hand in the database).
import { INGEST_CONTEXT_TTL_MS } from "@promptsentry/schema/constants/ingestion";
import type { PrincipalRow } from "../auth/principal";
import type { Bindings } from "../env";
import type { Fingerprinter } from "../redaction";
import type { OrgContext, Usage } from "../queries/ingestion";

/** Kept key rows at most (an organization's keys in use; a rotation or deletion forgets them all anyway). */
const MAX_KEPT_KEYS = 1_000;

type Entry = {
  orgId: string;
  context: OrgContext;
  at: number;
  fp?: Promise<Fingerprinter | null>;
  usage: { usage: Usage; scope: string } | null;
  /** By key id and hash: the row as read (empty when the key is gone or its hash changed). */
  keys: Map<string, PrincipalRow[]>;
};

const keyOf = (keyId: string, keyHash: string) => `${keyId}\n${keyHash}`;

export class OrgContextCache {
  private entry: Entry | null = null;
  /** Bumped by forget(): whatever was read before it (a flush in flight) is not kept after it. */
  private generation = 0;

  constructor(private readonly ttlMs = INGEST_CONTEXT_TTL_MS) {}

  /** The cached context of `orgId` read less than the TTL ago, or null. */
  get(orgId: string, now: number): OrgContext | null {
    return this.fresh(orgId, now)?.context ?? null;
  }

  /** Taken before reading, handed to set() and keep…(): a read is kept only if nothing was forgotten meanwhile. */
  stamp(): number {
    return this.generation;
  }

  /** Remembers `context` of `orgId`, read at `now` after `stamp()` answered `stamp` (without usage or keys yet). */
  set(orgId: string, context: OrgContext, now: number, stamp: number): void {
    if (stamp === this.generation) this.entry = { orgId, context, at: now, usage: null, keys: new Map() };
  }

  /** The kept quota usage of `orgId` for `scope` (the month and the segments it was summed over), or null. */
  usage(orgId: string, now: number, scope: string): Usage | null {
    const kept = this.fresh(orgId, now)?.usage;
    return kept && kept.scope === scope ? { ...kept.usage } : null;
  }

  /** Keeps `usage` (null: drops it, the next flush reads it) of the cached context of `orgId`. */
  keepUsage(orgId: string, usage: Usage | null, scope: string, stamp: number): void {
    const entry = this.kept(orgId, stamp);
    if (entry) entry.usage = usage && { usage: { ...usage }, scope };
  }

  /** The kept row of key `keyId` with hash `keyHash`, or undefined (not read since the context was). */
  keyRows(orgId: string, now: number, keyId: string, keyHash: string): PrincipalRow[] | undefined {
    return this.fresh(orgId, now)?.keys.get(keyOf(keyId, keyHash));
  }

  /** Keeps the row read for a key of `orgId` (with the cached context: never beyond its age or a forget). */
  keepKeyRows(orgId: string, keyId: string, keyHash: string, rows: PrincipalRow[], stamp: number): void {
    const entry = this.kept(orgId, stamp);
    if (!entry || (entry.keys.size >= MAX_KEPT_KEYS && !entry.keys.has(keyOf(keyId, keyHash)))) return;
    entry.keys.set(keyOf(keyId, keyHash), rows);
  }

  /** The organization's fingerprinter, made once per cached context (importing its key costs CPU). */
  fingerprinter(orgId: string, now: number, make: () => Promise<Fingerprinter | null>): Promise<Fingerprinter | null> {
    const entry = this.fresh(orgId, now);
    if (!entry) return make();
    entry.fp ??= make().catch((error) => {
      entry.fp = undefined;
      throw error;
    });
    return entry.fp;
  }

  /** Forgets everything: the next flush reads the context, usage and keys again. */
  forget(): void {
    this.entry = null;
    this.generation++;
  }

  private fresh(orgId: string, now: number): Entry | null {
    const entry = this.entry;
    return entry && entry.orgId === orgId && now - entry.at < this.ttlMs ? entry : null;
  }

  /** The entry of `orgId` if nothing was forgotten since `stamp` was taken. */
  private kept(orgId: string, stamp: number): Entry | null {
    const entry = this.entry;
    return entry && entry.orgId === orgId && stamp === this.generation ? entry : null;
  }
}

/**
 * Tells the organization's committer (named by the organization id, as `committerOf` names it) to
 * read its context again, so the next log ingested is judged and delivered with the change. Awaited
 * by the writer. A failure is logged, not thrown, where the copy aging out is good enough (settings,
 * subscribers); `strict` rethrows it, for a change that must hold from its answer on (access ended,
 * usage reset): the route then answers 500 rather than a success the committer has not heard of.
 */
export async function forgetIngestContext(env: Bindings, orgId: string, { strict = false } = {}): Promise<void> {
  try {
    const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId)) as unknown as { forget(): Promise<void> };
    await stub.forget();
  } catch (error) {
    console.error("could not tell the committer to forget its context", error);
    if (strict) throw error;
  }
}
