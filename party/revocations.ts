// The room's list of ended access (docs/sessions.md): key ids with the time they were revoked (a token of that
// key issued at or before then is refused; later ones, e.g. after a rotation, are fine) and revoked
// session ids (refused whenever issued). Kept in room storage so a restarted room still refuses old
// tokens; an entry is dropped once every token it could match has expired.
import type * as Party from "partykit/server";
import { REALTIME_TOKEN_TTL_SECONDS, type RealtimeClaims, type RevokeAccessMessage } from "@promptsentry/schema/realtime";

const STORAGE_KEY = "revocations";
/** Entries outlive the longest token they could match, with room for clock skew between machines. */
const KEEP_MS = REALTIME_TOKEN_TTL_SECONDS * 1000 + 60_000;

type Entries = { keys: Record<string, number>; sessions: Record<string, number> };

export class Revocations {
  private constructor(
    private readonly storage: Party.Storage,
    private entries: Entries,
  ) {}

  static async load(storage: Party.Storage): Promise<Revocations> {
    const stored = await storage.get<Entries>(STORAGE_KEY);
    return new Revocations(storage, stored ?? { keys: {}, sessions: {} });
  }

  refuses(claims: RealtimeClaims): boolean {
    const keyRevokedAt = this.entries.keys[claims.kid];
    if (keyRevokedAt !== undefined && claims.iat <= keyRevokedAt) return true;
    return claims.sid !== undefined && this.entries.sessions[claims.sid] !== undefined;
  }

  async add(message: RevokeAccessMessage, nowMs = Date.now()): Promise<void> {
    const keep = (entries: Record<string, number>) => Object.fromEntries(Object.entries(entries).filter(([, at]) => at + KEEP_MS > nowMs));
    const keys = keep(this.entries.keys);
    const sessions = keep(this.entries.sessions);
    for (const id of message.keyIds) keys[id] = Math.max(keys[id] ?? 0, message.at);
    for (const id of message.sessionIds) sessions[id] = Math.max(sessions[id] ?? 0, message.at);
    this.entries = { keys, sessions };
    await this.storage.put(STORAGE_KEY, this.entries);
  }
}
