// Where the per-organization fingerprint key lives: org_settings.fingerprint_key, server-side only
// (the settings view never includes it). Kept apart from the pure redaction code, which the seed
// script also runs outside the worker.
import { and, eq, isNull } from "drizzle-orm";
import { orgSettings } from "@promptsentry/schema/tables/organizations";
import type { Db } from "../env";
import { fingerprinter, newFingerprintKey, type Fingerprinter } from "./fingerprint";

/** The organization's key, generated on first use; concurrent first uses agree on the one stored first. */
export async function ensureFingerprintKey(db: Db, orgId: string, current: string | null): Promise<string> {
  if (current) return current;
  await db
    .update(orgSettings)
    .set({ fingerprintKey: newFingerprintKey() })
    .where(and(eq(orgSettings.orgId, orgId), isNull(orgSettings.fingerprintKey)));
  const [row] = await db.select({ key: orgSettings.fingerprintKey }).from(orgSettings).where(eq(orgSettings.orgId, orgId));
  return row.key!;
}

/** The organization's fingerprinter when it has a key (it redacted at some point), else null; creates no key. */
export async function existingFingerprinter(db: Db, orgId: string): Promise<Fingerprinter | null> {
  const [row] = await db.select({ key: orgSettings.fingerprintKey }).from(orgSettings).where(eq(orgSettings.orgId, orgId)).limit(1);
  return row?.key ? fingerprinter(row.key) : null;
}
