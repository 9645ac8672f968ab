// Team made real (docs/api.md): members with roles, invitations answering a one-time key, role
// changes and removal. Status comes from each member's most recent key use.
import { and, count, eq, max, sql } from "drizzle-orm";
import { Hono } from "hono";
import { ROLE_PERMISSIONS } from "../../../schema/constants";
import { apiKeys, teamMembers } from "../../../schema/tables";
import { inviteResultSchema, teamMemberSchema, type InviteResult } from "../../../schema/responses";
import { idParam, teamInviteBody, teamPatchBody } from "../../../schema/validation";
import type { AppEnv, Db } from "../env";
import { enqueueEvents, inBackground } from "../delivery/emit";
import { userJoinedData } from "../delivery/events";
import { conflict, notFound } from "../errors";
import { newId } from "../lib/ids";
import { notifyAccessRevoked } from "../lib/realtime";
import { orgOf, requirePrincipal } from "../middleware/auth";
import { guard, json, list, noContent } from "../middleware/guard";
import { prepareKey } from "../queries/accounts";
import { serializeMember } from "../serialize";
import { jsonBody, validate } from "../validate";

async function findMemberOr404(db: Db, orgId: string, id: string) {
  const [row] = await db.select().from(teamMembers).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id))).limit(1);
  if (!row) throw notFound("Team member");
  return row;
}

/** A unique-index violation (possibly wrapped by drizzle): a concurrent duplicate, not a bug. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: any = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (/UNIQUE constraint failed/i.test(String(e.message ?? ""))) return true;
  }
  return false;
}

/** Most recent use of any of the member's keys. */
async function lastActiveOf(db: Db, orgId: string, memberId: string): Promise<Date | null> {
  const [row] = await db
    .select({ last: max(apiKeys.lastUsedAt) })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.memberId, memberId)));
  return row?.last ? new Date(Number(row.last)) : null;
}

const NEEDS_ADMIN = "The organization needs at least one admin";

/**
 * SQL guard for demoting or removing the row being changed: true unless it is the organization's
 * last admin. Evaluated inside the UPDATE/DELETE itself, so two concurrent demotions cannot both pass.
 */
const keepsAnAdmin = (orgId: string, newRole: string | null) =>
  sql`(${teamMembers.role} <> 'admin' OR ${newRole} = 'admin' OR (SELECT count(*) FROM team_members AS t WHERE t.org_id = ${orgId} AND t.role = 'admin') > 1)`;

async function adminCount(db: Db, orgId: string) {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.role, "admin")));
  return row.n;
}

export const teamRoutes = new Hono<AppEnv>()
  .get(
    "/",
    ...guard("users:read", { summary: "Team members with role and activity", tag: "Team", answers: list(teamMemberSchema) }),
    async (c) => {
      const rows = await c.var.db
        .select({ member: teamMembers, lastActive: max(apiKeys.lastUsedAt) })
        .from(teamMembers)
        .leftJoin(apiKeys, eq(apiKeys.memberId, teamMembers.id))
        .where(eq(teamMembers.orgId, orgOf(c)))
        .groupBy(teamMembers.id)
        .orderBy(teamMembers.createdAt, teamMembers.id);
      return c.json(rows.map((r) => serializeMember(r.member, r.lastActive ? new Date(Number(r.lastActive)) : null)));
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
      const input = c.req.valid("json");
      const email = input.email.toLowerCase();
      const [taken] = await db.select({ id: teamMembers.id }).from(teamMembers).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.email, email)));
      if (taken) throw conflict("A member with this email already exists");
      const memberId = newId();
      const { insert, created } = await prepareKey(db, {
        orgId,
        memberId,
        name: `${input.name}'s key`,
        permissions: [...ROLE_PERMISSIONS[input.role]],
      });
      const [[member]] = await db
        .batch([
          db.insert(teamMembers).values({ id: memberId, orgId, name: input.name, email, role: input.role, createdAt: new Date() }).returning(),
          insert,
        ])
        .catch((e: unknown) => {
          // A concurrent invite of the same address won the race: same answer as the check above.
          if (isUniqueViolation(e)) throw conflict("A member with this email already exists");
          throw e;
        });
      inBackground(c.executionCtx, () => enqueueEvents(c.env, db, orgId, [{ event: "user.joined", data: userJoinedData(member) }]));
      return c.json({ member: serializeMember(member, null), apiKey: created.key } satisfies InviteResult, 201);
    },
  )
  .patch(
    "/:id",
    ...guard("admin", {
      summary: "Change a member's role",
      tag: "Team",
      answers: json(teamMemberSchema),
      errors: { 404: "`not_found`: no such member in the organization", 409: "`conflict`: the organization would be left without an admin" },
    }),
    validate("param", idParam),
    ...jsonBody(teamPatchBody),
    async (c) => {
      const orgId = orgOf(c);
      const db = c.var.db;
      const { id } = c.req.valid("param");
      const { role } = c.req.valid("json");
      const member = await findMemberOr404(db, orgId, id);
      if (member.role === "admin" && role !== "admin" && (await adminCount(db, orgId)) <= 1) throw conflict(NEEDS_ADMIN);
      const [row] = await db
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id), keepsAnAdmin(orgId, role)))
        .returning();
      if (!row) {
        await findMemberOr404(db, orgId, id); // removed meanwhile → 404; otherwise the guard refused
        throw conflict(NEEDS_ADMIN);
      }
      return c.json(serializeMember(row, await lastActiveOf(db, orgId, id)));
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
      const db = c.var.db;
      const { id } = c.req.valid("param");
      const member = await findMemberOr404(db, principal.orgId, id);
      if (member.id === principal.memberId) throw conflict("You cannot remove yourself");
      if (member.role === "admin" && (await adminCount(db, principal.orgId)) <= 1) throw conflict(NEEDS_ADMIN);
      // Read before the delete: the cascade takes the keys with the member row.
      const keys = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.orgId, principal.orgId), eq(apiKeys.memberId, id)));
      // The member's keys go with them (foreign key cascade; deleted explicitly too), ending their
      // sessions. Both statements run in one batch, and only if the member row itself was deleted.
      const [deleted] = await db.batch([
        db
          .delete(teamMembers)
          .where(and(eq(teamMembers.orgId, principal.orgId), eq(teamMembers.id, id), keepsAnAdmin(principal.orgId, null)))
          .returning({ id: teamMembers.id }),
        db
          .delete(apiKeys)
          .where(and(eq(apiKeys.orgId, principal.orgId), eq(apiKeys.memberId, id), sql`NOT EXISTS (SELECT 1 FROM team_members AS t WHERE t.id = ${id})`)),
      ]);
      if (!deleted.length) {
        await findMemberOr404(db, principal.orgId, id);
        throw conflict(NEEDS_ADMIN);
      }
      // Their open sockets close and their unexpired realtime tokens stop connecting, before the answer.
      await notifyAccessRevoked(c.env, principal.orgId, { keyIds: keys.map((k) => k.id) });
      return c.body(null, 204);
    },
  );
