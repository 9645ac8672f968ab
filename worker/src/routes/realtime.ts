// Realtime token (docs/api.md): a short-lived signed token for the caller's organization room, and the
// full WebSocket URL to open with it.
import { Hono } from "hono";
import { signRealtimeToken } from "@promptsentry/schema/realtime";
import { realtimeTokenSchema, type RealtimeToken } from "@promptsentry/schema/responses";
import type { AppEnv } from "../env";
import { partyOrigin, roomPath } from "../lib/realtime";
import { requirePrincipal } from "../middleware/auth";
import { guard, json } from "../middleware/guard";
import { keyById } from "../queries/api-keys";

export const realtimeRoutes = new Hono<AppEnv>().get(
  "/token",
  ...guard("logs:read", {
    summary: "Short-lived token for the organization's live feed room",
    tag: "Logs",
    answers: json(realtimeTokenSchema),
  }),
  async (c) => {
    const { orgId, keyId } = requirePrincipal(c);
    const session = c.var.session;
    // The token names its key and session, so the room can drop it when they end, and never outlives
    // the key's expiry or the session's absolute cap.
    const key = await keyById(c.var.db, keyId);
    const notAfterMs = Math.min(key?.expiresAt?.getTime() ?? Infinity, session?.expiresAt ?? Infinity);
    const { token, exp } = await signRealtimeToken({ room: orgId, kid: keyId, sid: session?.id, notAfterMs }, c.env.PARTY_SECRET);
    const url = `${partyOrigin(c.env, "ws")}${roomPath(orgId)}?token=${encodeURIComponent(token)}`;
    c.header("Cache-Control", "no-store");
    return c.json({ token, url, expiresAt: new Date(exp * 1000).toISOString() } satisfies RealtimeToken);
  },
);
