// Realtime tokens (DESIGN §1, §5): short-lived, HMAC-signed, naming one organization's room. The worker
// signs them; the party server verifies them. WebCrypto only, so both runtimes share this file.

export const REALTIME_PARTY = "main";
export const REALTIME_TOKEN_TTL_SECONDS = 300;
export const NEW_PROMPT_LOG = "newPromptLog";

export type RealtimeClaims = { room: string; exp: number };

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

export async function signRealtimeToken(room: string, secret: string, nowMs = Date.now()): Promise<{ token: string; exp: number }> {
  const exp = Math.floor(nowMs / 1000) + REALTIME_TOKEN_TTL_SECONDS;
  const payload = b64url(encoder.encode(JSON.stringify({ room, exp } satisfies RealtimeClaims)));
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload)));
  return { token: `${payload}.${b64url(sig)}`, exp };
}

/** The claims of a valid, unexpired token for `room`, or null. Signature checked in constant time. */
export async function verifyRealtimeToken(token: string | null | undefined, room: string, secret: string, nowMs = Date.now()): Promise<RealtimeClaims | null> {
  if (!token || !secret) return null;
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  try {
    const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), fromB64url(sig), encoder.encode(payload));
    if (!ok) return null;
    const claims = JSON.parse(new TextDecoder().decode(fromB64url(payload))) as RealtimeClaims;
    if (claims.room !== room || !(claims.exp * 1000 > nowMs)) return null;
    return claims;
  } catch {
    return null;
  }
}

/** Constant-time comparison of the broadcast secret (HMAC both sides, compare digests). */
export async function secretMatches(presented: string, secret: string): Promise<boolean> {
  if (!presented || !secret) return false;
  const key = await hmacKey("broadcast-compare");
  const [a, b] = await Promise.all([crypto.subtle.sign("HMAC", key, encoder.encode(presented)), crypto.subtle.sign("HMAC", key, encoder.encode(secret))]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}
