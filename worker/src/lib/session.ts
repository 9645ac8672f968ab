// The session cookie carries a signed reference to an API key (its id and an expiry), never the key.
// Deleting or expiring the key therefore ends every session made from it.
import type { Context } from "hono";
import { deleteCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../../schema/constants";
import type { AppEnv } from "../env";

function isLocal(c: Context<AppEnv>): boolean {
  const host = new URL(c.req.url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export async function startSession(c: Context<AppEnv>, keyId: string): Promise<void> {
  const expires = Date.now() + SESSION_TTL_SECONDS * 1000;
  await setSignedCookie(c, SESSION_COOKIE, `${keyId}.${expires}`, c.env.SESSION_SECRET, {
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocal(c),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function endSession(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: !isLocal(c) });
}

/** The key id of a valid, unexpired session cookie, or null. */
export async function sessionKeyId(c: Context<AppEnv>): Promise<string | null> {
  const value = await getSignedCookie(c, c.env.SESSION_SECRET, SESSION_COOKIE);
  if (!value) return null;
  const [keyId, expires] = value.split(".");
  if (!keyId || !(Number(expires) > Date.now())) return null;
  return keyId;
}
