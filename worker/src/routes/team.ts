// Team made real (docs/api.md): members with roles, invitations answering a one-time key, role
// changes and removal. Status comes from each member's most recent key use.
import { Hono } from "hono";
import { inviteResultSchema, teamMemberSchema, type InviteResult } from "@promptsentry/schema/responses";
import { idParam } from "@promptsentry/schema/requests/fields";
import { teamInviteBody, teamPatchBody } from "@promptsentry/schema/requests/team";
import type { AppEnv } from "../env";
import { enqueueEvents, inBackground } from "../delivery/emit";
import { userJoinedData } from "../delivery/events";
import { auditRecorder } from "../lib/audit";
import { notifyAccessRevoked } from "../lib/realtime";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { forgetCredentials } from "../auth/credential-cache";
import { forgetsIngestContext } from "../middleware/ingest-context";
import { changeRole, inviteMember, listMembers, removeMember } from "../queries/team";
import { serializeMember } from "../serialize";
import { jsonBody, validate } from "../validate";

export const teamRoutes = new Hono<AppEnv>()
  // A member removed or demoted: their keys are refused by the organization's committer (it keeps the
  // key rows it checked, with the member's role) from the answer on.
  .use(forgetsIngestContext)
  .get(
    "/",
    ...guard("users:read", { summary: "Team members with role and activity", tag: "Team", answers: list(teamMemberSchema) }),
    async (c) => {
      const rows = await listMembers(c.var.db, orgOf(c));
      return c.json(rows.map((r) => serializeMember(r.member, r.lastActive)));
    },
  )
  .post(
    "/invite",
    ...guard("admin", {
      summary: "Invite a member; answers their key once",
      tag: "Team",
      answers: json(inviteResultSchema, 201),
      errors: { 409: "`conflict`: a member with this e-mail already exists" },
    }),
    ...jsonBody(teamInviteBody),
    async (c) => {
      const orgId = orgOf(c);
      const db = c.var.db;
      const { member, key } = await inviteMember(db, orgId, c.req.valid("json"), await auditRecorder(c));
      inBackground(c.executionCtx, () => enqueueEvents(c.env, db, orgId, [{ event: "user.joined", data: userJoinedData(member) }]));
      return c.json({ member: serializeMember(member, null), apiKey: key.key } satisfies InviteResult, 201);
    },
  )
  .patch(
    "/:id",
    ...guard("admin", {
      summary: "Change a member's role",
      tag: "Team",
      answers: json(teamMemberSchema),
      errors: {
        404: "`not_found`: no such member in the organization",
        409: "`conflict`: the organization would be left without an admin",
      },
    }),
    validate("param", idParam),
    ...jsonBody(teamPatchBody),
    async (c) => {
      const { member, lastActive } = await changeRole(
        c.var.db,
        orgOf(c),
        c.req.valid("param").id,
        c.req.valid("json").role,
        await auditRecorder(c),
      );
      return c.json(serializeMember(member, lastActive));
    },
  )
  .delete(
    "/:id",
    ...guard("admin", {
      summary: "Remove a member",
      tag: "Team",
      answers: noContent(),
      errors: { 404: "`not_found`: no such member in the organization", 409: "`conflict`: the caller themself, or the last admin" },
    }),
    validate("param", idParam),
    async (c) => {
      const principal = requirePrincipal(c);
      const keyIds = await removeMember(c.var.db, principal.orgId, c.req.valid("param").id, principal.memberId, await auditRecorder(c));
      forgetCredentials(keyIds);
      // Their open sockets close and their unexpired realtime tokens stop connecting, before the answer.
      await notifyAccessRevoked(c.env, principal.orgId, { keyIds });
      return c.body(null, 204);
    },
  );
