// The isolate's cache of key resolutions (docs/sessions.md#cached-credentials): a row settled from a
// committer may be older than this isolate's last write of lastUsed, which must not go backwards (each
// request would write lastUsed again).
import { describe, expect, it } from "vitest";
import { type CachedCredential, cachedCredential, forgetCredentialHash, rememberCredential, rememberLastUse } from "./credential-cache";

const resolution = (lastUsedAt: Date): CachedCredential => ({
  principal: { orgId: "o", keyId: "k", memberId: null, plan: "trial", shard: 0, permissions: new Set(["logs:write"]) },
  expiresAt: null,
  lastUsedAt,
});

describe("rememberCredential", () => {
  it("keeps the later lastUsed of the entry it replaces", () => {
    const hash = `hash-${crypto.randomUUID()}`;
    const old = new Date(Date.now() - 120_000);
    rememberCredential(hash, resolution(old));
    const written = new Date();
    rememberLastUse(hash, written);
    rememberCredential(hash, resolution(old));
    expect(cachedCredential(hash)?.lastUsedAt).toEqual(written);
    const later = new Date(Date.now() + 1_000);
    rememberCredential(hash, resolution(later));
    expect(cachedCredential(hash)?.lastUsedAt).toEqual(later);
    forgetCredentialHash(hash);
  });
});
