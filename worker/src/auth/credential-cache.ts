// Bearer-key resolutions remembered by this isolate for CREDENTIAL_CACHE_TTL_MS (docs/sessions.md#cached-credentials), so the
// ingestion hot path does not spend a D1 round trip on the key before it can read the organization.
// The cache only says *who* a key was; whether it still is, is re-read from D1 by every request that
// uses a cached entry (auth/request.ts, `credentialCheck`). Revocation in this isolate also forgets
// the entries at once (forgetCredentials), so the next request here does not even start from them.
import { CREDENTIAL_CACHE_MAX_ENTRIES, CREDENTIAL_CACHE_TTL_MS } from "@promptsentry/schema/constants/access";
import type { Principal } from "../env";

export type CachedCredential = { principal: Omit<Principal, "via">; expiresAt: Date | null; lastUsedAt: Date | null };

type Entry = CachedCredential & { cachedAt: number };

/** Keyed by the key's SHA-256 (never the key itself); a Map keeps insertion order for eviction. */
const entries = new Map<string, Entry>();

/** The remembered resolution of a key hash, if younger than the TTL and the key not expired. */
export function cachedCredential(keyHash: string, nowMs = Date.now()): CachedCredential | null {
  const entry = entries.get(keyHash);
  if (!entry) return null;
  if (nowMs - entry.cachedAt >= CREDENTIAL_CACHE_TTL_MS || (entry.expiresAt && entry.expiresAt.getTime() <= nowMs)) {
    entries.delete(keyHash);
    return null;
  }
  return entry;
}

export function rememberCredential(keyHash: string, credential: CachedCredential, nowMs = Date.now()): void {
  // The row may be older than this isolate's last write of lastUsed (a committer keeps the rows it
  // checked): the later time stays, or each request would write lastUsed again.
  const known = entries.get(keyHash)?.lastUsedAt;
  const lastUsedAt = known && (!credential.lastUsedAt || known > credential.lastUsedAt) ? known : credential.lastUsedAt;
  entries.delete(keyHash);
  entries.set(keyHash, { ...credential, lastUsedAt, cachedAt: nowMs });
  while (entries.size > CREDENTIAL_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}

/** The key's last use was just written: no other request of this isolate writes it again for a while. */
export function rememberLastUse(keyHash: string, at = new Date()): void {
  const entry = entries.get(keyHash);
  if (entry) entry.lastUsedAt = at;
}

/** Forgets these keys (revoked, rotated, deleted with their member) in this isolate, at once. */
export function forgetCredentials(keyIds: readonly string[]): void {
  if (!keyIds.length) return;
  const ids = new Set(keyIds);
  for (const [hash, entry] of entries) if (ids.has(entry.principal.keyId)) entries.delete(hash);
}

export function forgetCredentialHash(keyHash: string): void {
  entries.delete(keyHash);
}

/** How many keys this isolate remembers (tests). */
export const credentialCacheSize = () => entries.size;
