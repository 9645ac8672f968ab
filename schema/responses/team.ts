// Team members with role and activity; an invitation answers the member's key once.
import * as v from "valibot";
import { ROLES } from "../constants/access";
import { id, optionalTimestamp, timestamp } from "./common";

export const MEMBER_STATUSES = ["online", "away", "offline"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const teamMemberSchema = v.object({
  id,
  name: v.string(),
  email: v.string(),
  role: v.picklist(ROLES),
  createdAt: timestamp,
  /** Most recent use of any of the member's keys, or null. */
  lastActive: optionalTimestamp,
  status: v.picklist(MEMBER_STATUSES),
});
export type TeamMember = v.InferOutput<typeof teamMemberSchema>;

/** POST /api/team/invite. */
export const inviteResultSchema = v.object({ member: teamMemberSchema, apiKey: v.string() });
export type InviteResult = v.InferOutput<typeof inviteResultSchema>;
