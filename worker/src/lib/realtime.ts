// Notifies the organization's PartyKit room of stored logs. Always called through waitUntil and
// bounded by a timeout: a party server that is down never fails or slows ingestion.
import { NEW_PROMPT_LOG, REALTIME_PARTY } from "../../../schema/realtime";
import type { Bindings } from "../env";
import type { PromptLog } from "../serialize";

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

/** One POST per request: the room broadcasts each `{type: "newPromptLog", log}` to its sockets. */
export async function notifyNewLogs(env: Bindings, orgId: string, logs: PromptLog[]): Promise<void> {
  if (!logs.length || !env.PARTY_SECRET) return;
  try {
    const res = await fetch(partyOrigin(env, "http") + roomPath(orgId), {
      method: "POST",
      headers: { authorization: `Bearer ${env.PARTY_SECRET}`, "content-type": "application/json" },
      body: JSON.stringify(logs.map((log) => ({ type: NEW_PROMPT_LOG, log }))),
      signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
    });
    if (!res.ok) console.warn("realtime notify answered", res.status);
  } catch (error) {
    console.warn("realtime notify failed", String(error));
  }
}
