import { api } from "./client";
import type { RealtimeToken } from "./types";

/** GET /api/realtime/token → short-lived token and the full WebSocket URL of the org's room. */
export const fetchRealtimeToken = () => api<RealtimeToken>("/api/realtime/token");
