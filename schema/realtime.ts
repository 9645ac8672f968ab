// Realtime tokens (docs/log-flow.md, docs/api.md): short-lived, HMAC-signed, naming one organization's room. The worker
// signs them; the party server verifies them. WebCrypto only, so both runtimes share this file.

export const REALTIME_PARTY = "main";
export const REALTIME_TOKEN_TTL_SECONDS = 300;
export const NEW_PROMPT_LOG = "newPromptLog";
/** Browser → room: a fresh token for the open socket, so it outlives the first token's expiry. */
export const RENEW_TOKEN = "renewToken";
/** Room → browser: the renewal was accepted; the socket now lasts until `exp` (seconds). */
export const TOKEN_RENEWED = "tokenRenewed";
/** Worker → room (with the shared secret): access ended for these keys and sessions at `at` (ms). */
export const REVOKE_ACCESS = "revokeAccess";
/** Close code of a socket whose token expired or whose access was revoked (4000–4999: application). */
export const CLOSE_ACCESS_ENDED = 4001;

/**
 * What a token says. `kid` (the API key) and `sid` (the dashboard session, when minted through one)
 * let the room match it against revocations; `iat` is the issue time in epoch milliseconds, so a
 * token minted in the same second as a revocation but after it still connects. `exp` is in seconds.
 */
export type RealtimeClaims = { room: string; kid: string; sid?: string; iat: number; exp: number };
export type RealtimeGrant = { room: string; kid: string; sid?: string | null; notAfterMs?: number | null };
export type RevokeAccessMessage = { type: typeof REVOKE_ACCESS; keyIds: string[]; sessionIds: string[]; at: number };

const encoder = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(s.length));
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** Signs a token for `grant.room`, valid for the TTL or until `notAfterMs` (key expiry), whichever is first. */
export async function signRealtimeToken(grant: RealtimeGrant, secret: string, nowMs = Date.now()): Promise<{ token: string; exp: number }> {
  const notAfter = Math.min(nowMs + REALTIME_TOKEN_TTL_SECONDS * 1000, grant.notAfterMs ?? Infinity);
  const exp = Math.floor(notAfter / 1000);
  const claims: RealtimeClaims = { room: grant.room, kid: grant.kid, ...(grant.sid ? { sid: grant.sid } : {}), iat: nowMs, exp };
  const payload = b64url(encoder.encode(JSON.stringify(claims)));
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload)));
  return { token: `${payload}.${b64url(sig)}`, exp };
}

/** The claims of a valid, unexpired token for `room`, or null. Signature checked in constant time. */
export async function verifyRealtimeToken(
  token: string | null | undefined,
  room: string,
  secret: string,
  nowMs = Date.now(),
): Promise<RealtimeClaims | null> {
  if (!token || !secret) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  try {
    const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromB64url(sig), encoder.encode(payload));
    if (!ok) return null;
    const claims = JSON.parse(new TextDecoder().decode(fromB64url(payload))) as RealtimeClaims;
    if (claims.room !== room || !(claims.exp * 1000 > nowMs)) return null;
    // Tokens from before revocation existed name no key: the room could not match them, so refuse.
    if (typeof claims.kid !== "string" || !claims.kid || typeof claims.iat !== "number") return null;
    if (claims.sid !== undefined && typeof claims.sid !== "string") return null;
    return claims;
  } catch {
    return null;
  }
}

/** Constant-time comparison of the broadcast secret (HMAC both sides, compare digests). */
export async function secretMatches(presented: string, secret: string): Promise<boolean> {
  if (!presented || !secret) return false;
  const key = await hmacKey("broadcast-compare");
  const [a, b] = await Promise.all([
    crypto.subtle.sign("HMAC", key, encoder.encode(presented)),
    crypto.subtle.sign("HMAC", key, encoder.encode(secret)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}
