// Dashboard sessions, revocable server-side (docs/auth-and-tenancy.md, docs/sessions.md). The cookie carries a signed random
// token; the `sessions` table keeps only its SHA-256, the key it was made from and its times. A session
// is valid while not revoked, used within the idle timeout and younger than the absolute cap; it ends
// with its key (deletion cascades, expiry and member removal fail the principal lookup), on rotation
// of that key and on sign-out.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import {
  SESSION_COOKIE,
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  SESSION_RENEW_INTERVAL_SECONDS,
} from "@promptsentry/schema/constants/access";
import { sessions } from "@promptsentry/schema/tables/access";
import type { AppEnv, Db, SessionRef } from "../env";
import { newId } from "../lib/ids";
import { randomBase62, sha256Hex } from "./keys";

const SESSION_TOKEN_LENGTH = 43; // ≈ 256 bits of base62

function isLocal(c: Context<AppEnv>): boolean {
  const host = new URL(c.req.url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

async function writeCookie(c: Context<AppEnv>, token: string, maxAgeSeconds: number): Promise<void> {
  await setSignedCookie(c, SESSION_COOKIE, token, c.env.SESSION_SECRET, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocal(c),
    path: "/",
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  });
}

/** A new session row, not yet written (so callers can batch it), and the token its cookie carries. */
export async function prepareSession(db: Db, orgId: string, keyId: string, nowMs = Date.now()) {
  const token = randomBase62(SESSION_TOKEN_LENGTH);
  const id = newId();
  const insert = db.insert(sessions).values({
    id,
    orgId,
    keyId,
    tokenHash: await sha256Hex(token),
    createdAt: new Date(nowMs),
    lastSeenAt: new Date(nowMs),
    expiresAt: new Date(nowMs + SESSION_MAX_AGE_SECONDS * 1000),
  });
  return { id, token, insert };
}

/** Sets the cookie of a session prepared (and written) by the caller; this request no longer renews the old one. */
export async function sendSessionCookie(c: Context<AppEnv>, token: string): Promise<void> {
  c.set("session", null);
  await writeCookie(c, token, SESSION_IDLE_TIMEOUT_SECONDS);
}

/** Signs in: writes a session for the key and sets its cookie. */
export async function startSession(c: Context<AppEnv>, orgId: string, keyId: string): Promise<void> {
  const session = await prepareSession(c.var.db, orgId, keyId);
  await session.insert;
  await sendSessionCookie(c, session.token);
}

/** Revokes every live session of these keys (a statement, for the caller's batch). */
export function revokeKeySessions(db: Db, keyIds: string[], at = new Date()) {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(inArray(sessions.keyId, keyIds), isNull(sessions.revokedAt)));
}

/** Signs out: revokes the request's session, if any, and clears the cookie. Answers the revoked session id. */
export async function endSession(c: Context<AppEnv>): Promise<string | null> {
  const session = c.var.session;
  c.set("session", null);
  if (session) await c.var.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.id));
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLocal(c) });
  return session?.id ?? null;
}

/** The live session named by the request's cookie, or null (missing, forged, revoked, idle or too old). */
export async function readSession(c: Context<AppEnv>, nowMs = Date.now()): Promise<SessionRef | null> {
  const token = await getSignedCookie(c, c.env.SESSION_SECRET, SESSION_COOKIE);
  if (!token) return null;
  const [row] = await c.var.db
    .select({ id: sessions.id, keyId: sessions.keyId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, await sha256Hex(token)), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) return null;
  const lastSeenAt = row.lastSeenAt.getTime();
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= nowMs || lastSeenAt + SESSION_IDLE_TIMEOUT_SECONDS * 1000 <= nowMs) return null;
  return { id: row.id, keyId: row.keyId, token, lastSeenAt, expiresAt };
}

/**
 * Slides the idle timeout: at most once per SESSION_RENEW_INTERVAL_SECONDS, last-seen is written
 * after the answer and the cookie's lifetime restarted (never past the absolute cap).
 */
export async function renewSession(c: Context<AppEnv>, session: SessionRef, nowMs = Date.now()): Promise<void> {
  if (nowMs - session.lastSeenAt < SESSION_RENEW_INTERVAL_SECONDS * 1000) return;
  const touch = c.var.db
    .update(sessions)
    .set({ lastSeenAt: new Date(nowMs) })
    .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
  c.executionCtx.waitUntil(
    touch.then(
      () => undefined,
      (e) => console.error("session renewal failed", e),
    ),
  );
  await writeCookie(c, session.token, Math.min(SESSION_IDLE_TIMEOUT_SECONDS, (session.expiresAt - nowMs) / 1000));
}
