// Talks to the organization's PartyKit room with the shared secret: stored logs to broadcast (always
// through waitUntil) and ended access to enforce (awaited, so sockets are gone when the answer leaves).
// Bounded by a timeout: a party server that is down never fails or stalls a request.
import { NEW_PROMPT_LOG, REALTIME_PARTY, REVOKE_ACCESS, type RevokeAccessMessage } from "@promptsentry/schema/realtime";
import type { Bindings } from "../env";
import type { NewPromptLogMessage } from "@promptsentry/schema/responses";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";
import { serializeLog } from "../serialize";

const NOTIFY_TIMEOUT_MS = 3_000;

const isLocalHost = (host: string) => /^(127\.|localhost|\[::1\])/.test(host);

/** http(s)/ws(s) origin of the party server from PARTY_HOST (a host[:port], or a full URL). */
export function partyOrigin(env: Pick<Bindings, "PARTY_HOST">, scheme: "http" | "ws"): string {
  const raw = env.PARTY_HOST || "127.0.0.1:1999";
  const url = /^[a-z]+:\/\//i.test(raw) ? new URL(raw) : new URL(`${isLocalHost(raw) ? "http" : "https"}://${raw}`);
  const secure = url.protocol === "https:" || url.protocol === "wss:";
  return `${scheme}${secure ? "s" : ""}://${url.host}`;
}

export function roomPath(orgId: string): string {
  return `/parties/${REALTIME_PARTY}/${encodeURIComponent(orgId)}`;
}

async function postToRoom(env: Bindings, orgId: string, body: unknown, what: string): Promise<void> {
  try {
    const res = await fetch(partyOrigin(env, "http") + roomPath(orgId), {
      method: "POST",
      headers: { authorization: `Bearer ${env.PARTY_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    if (!res.ok) console.warn(`realtime ${what} answered`, res.status);
    await res.body?.cancel();
  } catch (error) {
    console.warn(`realtime ${what} failed`, String(error));
  }
}

/**
 * One POST for these stored logs: the organization's committer sends each flush's new logs right
 * after the write (ingestion/committer.ts), so logs are coalesced per organization with no wait. The
 * room broadcasts each `{type: "newPromptLog", log}` of the array to its sockets.
 */
export async function notifyNewLogs(env: Bindings, orgId: string, rows: PromptLogRow[]): Promise<void> {
  if (!rows.length || !env.PARTY_SECRET) return;
  const messages: NewPromptLogMessage[] = rows.map((row) => ({ type: NEW_PROMPT_LOG, log: serializeLog(row) }));
  await postToRoom(env, orgId, messages, "notify");
}

/**
 * Access of these keys (every token minted from them until now) and sessions ended: the room closes
 * their sockets and refuses their older tokens. If the room cannot be told, tokens still die at
 * their expiry (REALTIME_TOKEN_TTL_SECONDS at most).
 */
export async function notifyAccessRevoked(
  env: Bindings,
  orgId: string,
  ended: { keyIds?: string[]; sessionIds?: string[] },
  at = Date.now(),
): Promise<void> {
  const message: RevokeAccessMessage = { type: REVOKE_ACCESS, keyIds: ended.keyIds ?? [], sessionIds: ended.sessionIds ?? [], at };
  if (!env.PARTY_SECRET || !(message.keyIds.length + message.sessionIds.length)) return;
  await postToRoom(env, orgId, message, "revoke");
}
