// The organization context a committer keeps between flushes (docs/scaling.md#group-commit-of-ingestion): organization, settings,
// subscribers and the fingerprinter, so a flush under load reads only what must be fresh — each
// job's key (re-read every flush, so revocation still ends access at once), quota usage and
// Idempotency-Keys. One entry, for the organization that names the committer; a job of another
// organization (which the committer never gets, but must never be served from it) misses it.
// Invalidated by whatever changes what it holds (`forgetIngestContext`: the settings, webhooks and
// integrations routes, a delivery switching off its webhook or integration), and by age.
import { INGEST_CONTEXT_TTL_MS } from "@promptsentry/schema/constants/ingestion";
import type { Bindings } from "../env";
import type { Fingerprinter } from "../redaction";
import type { OrgContext } from "../queries/ingestion";

type Entry = { orgId: string; context: OrgContext; at: number; fp?: Promise<Fingerprinter | null> };

export class OrgContextCache {
  private entry: Entry | null = null;
  /** Bumped by forget(): a context read before it (a flush in flight) is not kept after it. */
  private generation = 0;

  constructor(private readonly ttlMs = INGEST_CONTEXT_TTL_MS) {}

  /** The cached context of `orgId` read less than the TTL ago, or null. */
  get(orgId: string, now: number): OrgContext | null {
    return this.fresh(orgId, now)?.context ?? null;
  }

  /** Taken before reading a context, handed to set(): the read is kept only if nothing was forgotten meanwhile. */
  stamp(): number {
    return this.generation;
  }

  /** Remembers `context` of `orgId`, read at `now` after `stamp()` answered `stamp`. */
  set(orgId: string, context: OrgContext, now: number, stamp: number): void {
    if (stamp === this.generation) this.entry = { orgId, context, at: now };
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

  /** Forgets everything: the next flush reads the context again. */
  forget(): void {
    this.entry = null;
    this.generation++;
  }

  private fresh(orgId: string, now: number): Entry | null {
    const entry = this.entry;
    return entry && entry.orgId === orgId && now - entry.at < this.ttlMs ? entry : null;
  }
}

/**
 * Tells the organization's committer (named by the organization id, as `committerOf` names it) to
 * read its context again, so the next log ingested is judged and delivered with the change. Awaited
 * by the writer; a failure is logged, not thrown (the change is stored, and the copy ages out).
 */
export async function forgetIngestContext(env: Bindings, orgId: string): Promise<void> {
  try {
    const stub = env.INGEST_COMMITTER.get(env.INGEST_COMMITTER.idFromName(orgId)) as unknown as { forget(): Promise<void> };
    await stub.forget();
  } catch (error) {
    console.error("could not tell the committer to forget its context", error);
  }
}
