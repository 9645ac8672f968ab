// Realtime token (DESIGN §5): a short-lived signed token for the caller's organization room, and the
// full WebSocket URL to open with it.
import { Hono } from "hono";
import { signRealtimeToken } from "../../../schema/realtime";
import type { AppEnv } from "../env";
import { partyOrigin, roomPath } from "../lib/realtime";
import { orgOf, requirePermission } from "../middleware/auth";

export const realtimeRoutes = new Hono<AppEnv>().get("/token", requirePermission("logs:read"), async (c) => {
  const orgId = orgOf(c);
  const { token, exp } = await signRealtimeToken(orgId, c.env.PARTY_SECRET);
  const url = `${partyOrigin(c.env, "ws")}${roomPath(orgId)}?token=${encodeURIComponent(token)}`;
  c.header("Cache-Control", "no-store");
  return c.json({ token, url, expiresAt: new Date(exp * 1000).toISOString() });
});
