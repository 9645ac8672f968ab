// One WebSocket per signed-in tab to the organization's PartyKit room (docs/log-flow.md, docs/web.md).
// The URL (with a short-lived token) comes from GET /api/realtime/token and is fetched again
// whenever the cached token is about to expire, so every reconnect uses a valid token. The room closes
// a socket when its token expires, so while the socket is open a fresh token is sent over it a minute
// before that: a signed-in user stays connected, a revoked one (the token request fails) does not.
// Each pushed log is placed in the cached lists it belongs to (liveCache.ts); figures the server
// computes (stats, counts, alerts) are refetched once per burst, not once per log.
import { useQueryClient } from "@tanstack/react-query";
import ReconnectingWebSocket from "partysocket/ws";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { alertKeys } from "../../api/alerts";
import { logKeys } from "../../api/logs";
import * as v from "valibot";
import { fetchRealtimeToken } from "../../api/realtime";
import { statsKeys } from "../../api/stats";
import type { PromptLog } from "../../api/types";
import { RENEW_TOKEN } from "@promptsentry/schema/realtime";
import { newPromptLogMessageSchema } from "@promptsentry/schema/responses/realtime";
import { coalesce } from "./coalesce";
import { applyNewLog } from "./liveCache";

type Listener = (log: PromptLog) => void;
/** "connecting" before the first attempt ends; "live" while the socket is open; "reconnecting" after it dropped or failed. */
export type RealtimeStatus = "connecting" | "live" | "reconnecting";
type RealtimeState = { connected: boolean; status: RealtimeStatus; onNewLog: (l: Listener) => () => void };

const RealtimeContext = createContext<RealtimeState>({ connected: false, status: "connecting", onNewLog: () => () => {} });

export function useRealtime(): RealtimeState {
  return useContext(RealtimeContext);
}

const TOKEN_MARGIN_MS = 15_000;
/** How long before the socket's token expires a fresh one is sent over it. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** A failed renewal (network, server busy) is tried again this much later, while time is left. */
const RENEW_RETRY_MS = 15_000;
/** Server-computed figures refresh this long after a burst of logs ends, and at least this often during one. */
export const LIVE_REFRESH_QUIET_MS = 750;
export const LIVE_REFRESH_MAX_MS = 3_000;

export function RealtimeProvider({ orgId, children }: { orgId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>("connecting");
  const listeners = useRef(new Set<Listener>());
  const [state] = useState<Pick<RealtimeState, "onNewLog">>(() => ({
    onNewLog: (l: Listener) => {
      listeners.current.add(l);
      return () => listeners.current.delete(l);
    },
  }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: orgId is unused inside on purpose; a new organization needs a new socket.
  useEffect(() => {
    let cached: { url: string; expiresAt: number } | null = null;
    let flaggedSinceRefresh = false;
    const refreshFigures = coalesce(
      () => {
        // Counts and stats of the screens on view refetch now; the others when next shown.
        void queryClient.invalidateQueries({ queryKey: logKeys.all, predicate: (q) => q.queryKey[1] === "counts" });
        void queryClient.invalidateQueries({ queryKey: statsKeys.all });
        // A flagged log may have opened (or grown) an alert: the bell, the panel and the Alerts list.
        if (flaggedSinceRefresh) void queryClient.invalidateQueries({ queryKey: alertKeys.all });
        flaggedSinceRefresh = false;
      },
      LIVE_REFRESH_QUIET_MS,
      LIVE_REFRESH_MAX_MS,
    );
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    const fetchToken = async () => {
      const t = await fetchRealtimeToken();
      cached = { url: t.url, expiresAt: Date.parse(t.expiresAt) || Date.now() + 60_000 };
      return t.token;
    };
    const urlProvider = async () => {
      if (!cached || cached.expiresAt - Date.now() < TOKEN_MARGIN_MS) await fetchToken();
      return cached!.url;
    };
    const scheduleRenewal = (delayMs: number) => {
      clearTimeout(renewTimer);
      renewTimer = setTimeout(renew, Math.max(0, delayMs));
    };
    const renew = async () => {
      try {
        const token = await fetchToken();
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(JSON.stringify({ type: RENEW_TOKEN, token }));
        scheduleRenewal(cached!.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS);
      } catch {
        // Signed out or access revoked: the room closes the socket at expiry. Otherwise try again.
        if (socket.readyState === WebSocket.OPEN) scheduleRenewal(RENEW_RETRY_MS);
      }
    };
    const socket = new ReconnectingWebSocket(urlProvider, undefined, {
      maxReconnectionDelay: 30_000,
      minReconnectionDelay: 1_000,
      connectionTimeout: 8_000,
    });
    let wasDown = false;
    const onOpen = () => {
      setStatus("live");
      // Logs pushed while the socket was down are lost to it: what is on screen catches up once.
      if (wasDown) {
        wasDown = false;
        for (const queryKey of [logKeys.all, statsKeys.all, alertKeys.all]) void queryClient.invalidateQueries({ queryKey });
      }
      if (cached) scheduleRenewal(cached.expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS);
    };
    // A token that cannot be fetched ends in "error", a dropped socket in "close": either way not live.
    const onDown = () => {
      wasDown = true;
      setStatus("reconnecting");
    };
    const onClose = () => {
      onDown();
      clearTimeout(renewTimer);
      cached = null; // a rejected or expired token must not be reused
    };
    const onMessage = (e: MessageEvent) => {
      let msg: unknown;
      try {
        msg = JSON.parse(typeof e.data === "string" ? e.data : "");
      } catch {
        return;
      }
      // The room also answers token renewals; only a log in the contract's shape reaches the views.
      if (!v.is(newPromptLogMessageSchema, msg)) return;
      const { log } = msg;
      for (const l of listeners.current) l(log);
      applyNewLog(queryClient, log);
      if (log.flagStatus !== "safe") flaggedSinceRefresh = true;
      refreshFigures();
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("error", onDown);
    socket.addEventListener("message", onMessage);
    return () => {
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      socket.removeEventListener("error", onDown);
      socket.removeEventListener("message", onMessage);
      clearTimeout(renewTimer);
      refreshFigures.cancel();
      socket.close();
      setStatus("connecting");
    };
  }, [orgId, queryClient]);

  return (
    <RealtimeContext.Provider value={{ connected: status === "live", status, onNewLog: state.onNewLog }}>
      {children}
    </RealtimeContext.Provider>
  );
}
