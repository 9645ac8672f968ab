// Team made real (DESIGN §5): members with roles, invitations answering a one-time key, role
// changes and removal. Status comes from each member's most recent key use.
import { Hono } from "hono";
import { idParam, teamInviteBody, teamPatchBody } from "../../../schema/validation";
import type { AppEnv } from "../env";
import { enqueueEvents, inBackground } from "../delivery/emit";
import { userJoinedData } from "../delivery/events";
import { notifyAccessRevoked } from "../lib/realtime";
import { forgetCredentials } from "../lib/credential-cache";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { changeRole, inviteMember, listMembers, removeMember } from "../queries/team";
import { serializeMember } from "../serialize";
import { jsonBody, validate } from "../validate";

export const teamRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("users:read"), async (c) => {
    const rows = await listMembers(c.var.db, orgOf(c));
    return c.json(rows.map((r) => serializeMember(r.member, r.lastActive)));
  })
  .post("/invite", requirePermission("admin"), ...jsonBody(teamInviteBody), async (c) => {
    const orgId = orgOf(c);
    const db = c.var.db;
    const { member, key } = await inviteMember(db, orgId, c.req.valid("json"));
    inBackground(c.executionCtx, () => enqueueEvents(c.env, db, orgId, [{ event: "user.joined", data: userJoinedData(member) }]));
    return c.json({ member: serializeMember(member, null), apiKey: key.key }, 201);
  })
  .patch("/:id", requirePermission("admin"), validate("param", idParam), ...jsonBody(teamPatchBody), async (c) => {
    const { member, lastActive } = await changeRole(c.var.db, orgOf(c), c.req.valid("param").id, c.req.valid("json").role);
    return c.json(serializeMember(member, lastActive));
  })
  .delete("/:id", requirePermission("admin"), validate("param", idParam), async (c) => {
    const principal = requirePrincipal(c);
    const keyIds = await removeMember(c.var.db, principal.orgId, c.req.valid("param").id, principal.memberId);
    forgetCredentials(keyIds);
    // Their open sockets close and their unexpired realtime tokens stop connecting, before the answer.
    await notifyAccessRevoked(c.env, principal.orgId, { keyIds });
    return c.body(null, 204);
  });
