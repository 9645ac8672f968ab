// The live feed, coalesced per organization in this isolate (issue 11): at most one room POST per
// organization every REALTIME_COALESCE_MS. The first logs after a quiet window go out at once (no
// added latency at rest); logs arriving within the window after a POST join one array that is sent
// when the window ends (so under load a log waits REALTIME_COALESCE_MS at most). The room still receives `[{type: "newPromptLog", log}, …]` — the array it always
// accepted — and sends each socket one event per log, so the web is unchanged.
import { REALTIME_COALESCE_MS } from "../../../schema/constants";
import type { Bindings } from "../env";
import type { PromptLog } from "../serialize";
import { notifyNewLogs } from "./realtime";

type Window = { logs: PromptLog[] };

/** Logs waiting for their organization's window to close. */
const waiting = new Map<string, Window>();
/** When each organization's last room POST left. */
const lastSent = new Map<string, number>();

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Queues stored logs for the organization's room. Outside a window they are sent at once (and open
 * one); inside, they wait for its end. Only the request that opens a waiting window hands its
 * promise to waitUntil (it makes that POST): a request joining it has nothing of its own to wait
 * for, and workerd does not let one request wait on another's I/O.
 */
export function publishNewLogs(env: Bindings, orgId: string, logs: PromptLog[], waitUntil: (p: Promise<unknown>) => void): void {
  if (!logs.length || !env.PARTY_SECRET) return;
  const open = waiting.get(orgId);
  if (open) {
    open.logs.push(...logs);
    return;
  }
  const delay = (lastSent.get(orgId) ?? -Infinity) + REALTIME_COALESCE_MS - Date.now();
  if (lastSent.size > 10_000) lastSent.clear(); // an isolate serving many tenants forgets old windows
  if (delay <= 0) {
    lastSent.set(orgId, Date.now());
    waitUntil(notifyNewLogs(env, orgId, logs));
    return;
  }
  const window: Window = { logs: [...logs] };
  waiting.set(orgId, window);
  waitUntil(
    (async () => {
      await sleep(delay);
      waiting.delete(orgId);
      lastSent.set(orgId, Date.now());
      await notifyNewLogs(env, orgId, window.logs);
    })(),
  );
}
