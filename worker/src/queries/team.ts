// Team members of one organization: the list with each member's last activity, invitations, role
// changes and removal, keeping at least one admin even against concurrent requests.
import { and, count, eq, max, sql } from "drizzle-orm";
import { ROLE_PERMISSIONS, type Role } from "@promptsentry/schema/constants/access";
import { apiKeys } from "@promptsentry/schema/tables/access";
import { teamMembers, type TeamMember } from "@promptsentry/schema/tables/organizations";
import type { Db } from "../env";
import { conflict } from "../errors";
import { newId } from "../lib/ids";
import { prepareKey, type NewKey } from "./accounts";
import { changedFields, type Recorder } from "./audit";
import { findOwnedOr404, isUniqueViolation } from "./owned";

const NEEDS_ADMIN = "The organization needs at least one admin";
const EMAIL_TAKEN = "A member with this email already exists";

/** What the audit log keeps of a member. */
const auditedMember = (m: Pick<TeamMember, "name" | "email" | "role">) => ({ name: m.name, email: m.email, role: m.role });

export const findTeamMember = (db: Db, orgId: string, id: string) => findOwnedOr404(db, teamMembers, orgId, id, "Team member");

/** Each member with the most recent use of any of their keys. */
export async function listMembers(db: Db, orgId: string): Promise<{ member: TeamMember; lastActive: Date | null }[]> {
  const rows = await db
    .select({ member: teamMembers, lastActive: max(apiKeys.lastUsedAt) })
    .from(teamMembers)
    .leftJoin(apiKeys, eq(apiKeys.memberId, teamMembers.id))
    .where(eq(teamMembers.orgId, orgId))
    .groupBy(teamMembers.id)
    .orderBy(teamMembers.createdAt, teamMembers.id);
  return rows.map((r) => ({ member: r.member, lastActive: r.lastActive ? new Date(Number(r.lastActive)) : null }));
}

/** Most recent use of any of the member's keys. */
async function lastActiveOf(db: Db, orgId: string, memberId: string): Promise<Date | null> {
  const [row] = await db
    .select({ last: max(apiKeys.lastUsedAt) })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.memberId, memberId)));
  return row?.last ? new Date(Number(row.last)) : null;
}

/** A new member and their first key (with the role's permissions), or 409 when the address is taken. */
export async function inviteMember(
  db: Db,
  orgId: string,
  input: { name: string; email: string; role: Role },
  audit: Recorder,
): Promise<{ member: TeamMember; key: NewKey }> {
  const email = input.email.toLowerCase();
  const [taken] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.email, email)));
  if (taken) throw conflict(EMAIL_TAKEN);
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
      audit({
        action: "member.invite",
        entityType: "member",
        entityId: memberId,
        before: null,
        after: { ...auditedMember({ name: input.name, email, role: input.role }), keyId: created.id, keyPrefix: created.keyPrefix },
      }),
    ])
    .catch((e: unknown) => {
      // A concurrent invite of the same address won the race: same answer as the check above.
      if (isUniqueViolation(e)) throw conflict(EMAIL_TAKEN);
      throw e;
    });
  return { member, key: created };
}

/**
 * SQL guard for demoting or removing the row being changed: true unless it is the organization's
 * last admin. Evaluated inside the UPDATE/DELETE itself, so two concurrent demotions cannot both pass.
 */
const keepsAnAdmin = (orgId: string, newRole: string | null) =>
  sql`(${teamMembers.role} <> 'admin' OR ${newRole} = 'admin' OR (SELECT count(*) FROM team_members AS t WHERE t.org_id = ${orgId} AND t.role = 'admin') > 1)`;

async function adminCount(db: Db, orgId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.role, "admin")));
  return row.n;
}

/** The member with `role`, and their last activity; 404 if missing, 409 if it would leave no admin. */
export async function changeRole(
  db: Db,
  orgId: string,
  id: string,
  role: Role,
  audit: Recorder,
): Promise<{ member: TeamMember; lastActive: Date | null }> {
  const member = await findTeamMember(db, orgId, id);
  if (member.role === "admin" && role !== "admin" && (await adminCount(db, orgId)) <= 1) throw conflict(NEEDS_ADMIN);
  const update = db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id), keepsAnAdmin(orgId, role)))
    .returning();
  const change = changedFields({ role: member.role }, { role });
  // An unchanged role is no change to record; the update still answers the member.
  const [row] = change
    ? (
        await db.batch([
          update,
          audit({ action: "member.role_change", entityType: "member", entityId: id, ...change }, { afterChange: true }),
        ])
      )[0]
    : await update;
  if (!row) {
    await findTeamMember(db, orgId, id); // removed meanwhile → 404; otherwise the guard refused
    throw conflict(NEEDS_ADMIN);
  }
  return { member: row, lastActive: await lastActiveOf(db, orgId, id) };
}

/**
 * Removes member `id` (not `byMemberId` themself, never the last admin) with their keys, and answers
 * the ids of the keys that went, whose sessions and sockets the caller must end.
 */
export async function removeMember(db: Db, orgId: string, id: string, byMemberId: string | null, audit: Recorder): Promise<string[]> {
  const member = await findTeamMember(db, orgId, id);
  if (member.id === byMemberId) throw conflict("You cannot remove yourself");
  if (member.role === "admin" && (await adminCount(db, orgId)) <= 1) throw conflict(NEEDS_ADMIN);
  // Read before the delete: the cascade takes the keys with the member row.
  const keys = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.memberId, id)));
  // The member's keys go with them (foreign key cascade; deleted explicitly too), ending their
  // sessions. Both statements run in one batch, and only if the member row itself was deleted.
  const [deleted] = await db.batch([
    db
      .delete(teamMembers)
      .where(and(eq(teamMembers.orgId, orgId), eq(teamMembers.id, id), keepsAnAdmin(orgId, null)))
      .returning({ id: teamMembers.id }),
    audit(
      {
        action: "member.remove",
        entityType: "member",
        entityId: id,
        before: { ...auditedMember(member), keyIds: keys.map((k) => k.id) },
        after: null,
      },
      { afterChange: true },
    ),
    db
      .delete(apiKeys)
      .where(and(eq(apiKeys.orgId, orgId), eq(apiKeys.memberId, id), sql`NOT EXISTS (SELECT 1 FROM team_members AS t WHERE t.id = ${id})`)),
  ]);
  if (!deleted.length) {
    await findTeamMember(db, orgId, id);
    throw conflict(NEEDS_ADMIN);
  }
  return keys.map((k) => k.id);
}
