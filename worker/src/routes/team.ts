// Team made real (DESIGN §5): members with roles, invitations answering a one-time key, role
// changes and removal. Status comes from each member's most recent key use.
import { and, count, eq, max } from "drizzle-orm";
import { Hono } from "hono";
import { ROLE_PERMISSIONS } from "../../../schema/constants";
import { apiKeys, teamMembers } from "../../../schema/tables";
import { idParam, teamInviteBody, teamPatchBody } from "../../../schema/validation";
import type { AppEnv, Db } from "../env";
import { conflict, notFound } from "../errors";
import { newId } from "../lib/ids";
import { orgOf, requirePermission, requirePrincipal } from "../middleware/auth";
import { prepareKey } from "../queries/accounts";
import { serializeMember } from "../serialize";
import { jsonBody, validate } from "../validate";

async function findMemberOr404(db: Db, orgId: string, id: string) {
  const [row] = await db.select().from(teamMembers).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id))).limit(1);
  if (!row) throw notFound("Team member");
  return row;
}

async function adminCount(db: Db, orgId: string) {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.role, "admin")));
  return row.n;
}

export const teamRoutes = new Hono<AppEnv>()
  .get("/", requirePermission("users:read"), async (c) => {
    const rows = await c.var.db
      .select({ member: teamMembers, lastActive: max(apiKeys.lastUsedAt) })
      .from(teamMembers)
      .leftJoin(apiKeys, eq(apiKeys.memberId, teamMembers.id))
      .where(eq(teamMembers.orgId, orgOf(c)))
      .groupBy(teamMembers.id)
      .orderBy(teamMembers.createdAt);
    return c.json(rows.map((r) => serializeMember(r.member, r.lastActive ? new Date(Number(r.lastActive)) : null)));
  })
  .post("/invite", requirePermission("admin"), ...jsonBody(teamInviteBody), async (c) => {
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
    const [[member]] = await db.batch([
      db.insert(teamMembers).values({ id: memberId, orgId, name: input.name, email, role: input.role, createdAt: new Date() }).returning(),
      insert,
    ]);
    return c.json({ member: serializeMember(member, null), apiKey: created.key }, 201);
  })
  .patch("/:id", requirePermission("admin"), validate("param", idParam), ...jsonBody(teamPatchBody), async (c) => {
    const orgId = orgOf(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const { role } = c.req.valid("json");
    const member = await findMemberOr404(db, orgId, id);
    if (member.role === "admin" && role !== "admin" && (await adminCount(db, orgId)) <= 1) {
      throw conflict("The organization needs at least one admin");
    }
    const [row] = await db.update(teamMembers).set({ role }).where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id))).returning();
    return c.json(serializeMember(row, null));
  })
  .delete("/:id", requirePermission("admin"), validate("param", idParam), async (c) => {
    const principal = requirePrincipal(c);
    const db = c.var.db;
    const { id } = c.req.valid("param");
    const member = await findMemberOr404(db, principal.orgId, id);
    if (member.id === principal.memberId) throw conflict("You cannot remove yourself");
    if (member.role === "admin" && (await adminCount(db, principal.orgId)) <= 1) throw conflict("The organization needs at least one admin");
    // The member's keys go with them (foreign key cascade), ending their sessions.
    await db.batch([
      db.delete(apiKeys).where(and(eq(apiKeys.orgId, principal.orgId), eq(apiKeys.memberId, id))),
      db.delete(teamMembers).where(and(eq(teamMembers.orgId, principal.orgId), eq(teamMembers.id, id))),
    ]);
    return c.body(null, 204);
  });
