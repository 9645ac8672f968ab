// The credentials of a request (docs/auth-and-tenancy.md). Credentials are read in order: Bearer
// header, `apiKey` query parameter (the spec's dashboard calls), session cookie. The principal is
// resolved once, before the handler (middleware/auth.ts calls in here). Gateway routes are the
// exception: there `Authorization` is the caller's provider credential, so our key comes from the
// X-PromptSentry-Key header only (no query key, no cookie).
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { GATEWAY_KEY_HEADER } from "@promptsentry/schema/constants/gateway";
import type { Permission } from "@promptsentry/schema/constants/access";
import { apiKeys } from "@promptsentry/schema/tables/access";
import type { AppEnv, Principal } from "../env";
import { unauthorized } from "../errors";
import { shardDb } from "../tenancy/shards";
import { cachedCredential, forgetCredentialHash, rememberCredential, rememberLastUse } from "./credential-cache";
import { hashApiKey } from "./keys";
import { checkedCredential, loadPrincipal, principalQuery, type PrincipalRow } from "./principal";
import { readSession, renewSession } from "./session";

/** lastUsed is written at most this often per key, so reads don't each cost a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Requests whose handler re-reads a cached key in the D1 round trip it makes anyway (single and batch
 * ingestion, ingestion/ingest-logs.ts). Every other request reads the key from D1 before its handler.
 */
const foldsCredentialCheck = (c: Context<AppEnv>) => c.req.method === "POST" && /\/api\/logs(\/batch)?$/.test(c.req.path);

/** The statement re-reading the cached key this request was let in with, or null when it was read from D1 already. */
export function pendingCredentialCheck(c: Context<AppEnv>) {
  const check = c.var.credentialCheck;
  return check ? principalQuery(c.var.db, { by: "check", id: check.keyId, hash: check.keyHash }) : null;
}

/**
 * Applies the re-read key row before anything is written: a key deleted, rotated, expired or whose
 * member was removed (in any isolate) answers 401 and is forgotten here; one that lost `permission`
 * answers 403. The principal and the cache take the fresh row (role or plan changed meanwhile).
 */
export function settleCredentialCheck(c: Context<AppEnv>, rows: PrincipalRow[], permission: Permission, nowMs = Date.now()): void {
  const check = c.var.credentialCheck;
  if (!check) return;
  c.set("credentialCheck", null);
  const { fresh, refusal } = checkedCredential(rows, check.via, permission, nowMs);
  if (!fresh) {
    forgetCredentialHash(check.keyHash);
    c.set("principal", null);
    throw refusal;
  }
  rememberCredential(check.keyHash, fresh);
  setPrincipal(c, fresh.principal);
  if (refusal) throw refusal;
}

/** Settles a pending check in a round trip of its own (when there is nothing to fold it into). */
export async function verifyCredential(c: Context<AppEnv>, permission: Permission): Promise<void> {
  const query = pendingCredentialCheck(c);
  if (query) settleCredentialCheck(c, await query, permission);
}

/** The caller, and with it the data shard its organization's row names (`c.var.data`). */
function setPrincipal(c: Context<AppEnv>, principal: Principal | null): void {
  c.set("principal", principal);
  if (principal) c.set("data", shardDb(c.env, principal.shard));
}

/** Routes under here speak a provider's protocol: the credential rules above do not apply. */
export const GATEWAY_PREFIX = "/api/gateway/";
export const isGatewayPath = (path: string) => path.startsWith(GATEWAY_PREFIX);
const GATEWAY_KEY_MISSING = `Send your PromptSentry API key in the ${GATEWAY_KEY_HEADER} header (Authorization goes to the provider)`;

function presentedKey(c: Context<AppEnv>): { key: string; via: Principal["via"] } | null {
  if (isGatewayPath(c.req.path)) {
    const key = c.req.header(GATEWAY_KEY_HEADER)?.trim();
    return { key: key ?? "", via: "gateway" };
  }
  const header = c.req.header("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { key: match[1], via: "bearer" } : { key: "", via: "bearer" };
  }
  const query = c.req.query("apiKey");
  return query ? { key: query, via: "query" } : null;
}

/**
 * Resolves `c.var.principal` (null when no valid credentials), before the handler. A presented but
 * unknown, expired or malformed key never falls back to the cookie (that would hide a broken SDK);
 * guards report why.
 */
export async function resolvePrincipal(c: Context<AppEnv>): Promise<void> {
  const db = c.var.db;
  const presented = presentedKey(c);
  let resolved: Awaited<ReturnType<typeof loadPrincipal>> = null;
  const hash = presented?.key ? await hashApiKey(presented.key) : null;
  if (presented) {
    const cached = hash && foldsCredentialCheck(c) ? cachedCredential(hash) : null;
    if (cached) {
      // Let in on the cached resolution; the handler re-reads the key before it writes anything.
      resolved = { ...cached, principal: { ...cached.principal, via: presented.via } };
      c.set("credentialCheck", { keyId: cached.principal.keyId, keyHash: hash!, via: presented.via });
    } else if (hash) {
      resolved = await loadPrincipal(db, { by: "hash", value: hash }, presented.via);
      if (resolved) rememberCredential(hash, resolved);
    }
    if (!resolved)
      c.set(
        "authError",
        presented.key ? "Invalid or expired API key" : presented.via === "gateway" ? GATEWAY_KEY_MISSING : "Malformed Authorization header",
      );
  } else {
    const session = await readSession(c);
    if (session) resolved = await loadPrincipal(db, { by: "id", value: session.keyId }, "cookie");
    if (resolved) c.set("session", session);
  }
  setPrincipal(c, resolved?.principal ?? null);
  if (resolved && (!resolved.lastUsedAt || Date.now() - resolved.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)) {
    if (hash) rememberLastUse(hash);
    const touch = db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, resolved.principal.keyId));
    c.executionCtx.waitUntil(
      touch.then(
        () => undefined,
        (e) => console.error("lastUsed update failed", e),
      ),
    );
  }
}

/** After the handler: a credential check it left unsettled, and the session's renewal. */
export async function finishCredentials(c: Context<AppEnv>): Promise<void> {
  // Fail closed if a handler that folds the check answered success without settling it (a bug): the
  // key is re-read now. Refusals (400, 429, …) wrote nothing, so they need no check.
  if (c.var.credentialCheck && c.res.status < 400) {
    console.error("credential check not settled by", c.req.method, c.req.path);
    await verifyCredential(c, "logs:write");
  }
  // After the handler: sign-out and rotation clear c.var.session, so they are never undone here.
  const session = c.var.session;
  if (session) await renewSession(c, session);
}

/** The caller, or 401. */
export function requirePrincipal(c: Context<AppEnv>): Principal {
  const principal = c.var.principal;
  if (!principal) throw unauthorized(c.var.authError);
  return principal;
}

/** The organization id of the caller, for handlers behind requirePermission. */
export const orgOf = (c: Context<AppEnv>) => requirePrincipal(c).orgId;
