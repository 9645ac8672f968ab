import { api } from "./client";
import type { PromptLog, RealtimeToken } from "./types";

/** GET /api/realtime/token → short-lived token and the full WebSocket URL of the org's room. */
export const fetchRealtimeToken = () => api<RealtimeToken>("/api/realtime/token");

export type RealtimeMessage = { type: "newPromptLog"; log: PromptLog } | { type: string; [k: string]: unknown };
