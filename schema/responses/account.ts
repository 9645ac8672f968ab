// The organization as one key sees it, registration and sign-in answers, the realtime token, health.
import * as v from "valibot";
import { PERMISSIONS, ROLES } from "../constants/access";
import { PLANS, type PlanId } from "../constants/plans";
import { id, optionalTimestamp, timestamp } from "./common";

const PLAN_IDS = Object.keys(PLANS) as PlanId[];

/** The team member a key belongs to (null for an organization key without a member). */
export const memberRefSchema = v.object({ id, name: v.string(), email: v.string(), role: v.picklist(ROLES) });
export type Member = v.InferOutput<typeof memberRefSchema>;

export const organizationSchema = v.object({
  id,
  name: v.string(),
  email: v.string(),
  plan: v.picklist(PLAN_IDS),
  trialEndsAt: optionalTimestamp,
  createdAt: timestamp,
  /** Display prefix of the key the caller signed in with. */
  keyPrefix: v.string(),
  /** What the caller may do (`admin` implies every permission). */
  permissions: v.array(v.picklist(PERMISSIONS)),
  member: v.nullable(memberRefSchema),
});
export type Organization = v.InferOutput<typeof organizationSchema>;

/** GET /api/organization: null when the request carries no valid credentials (the landing page). */
export const organizationOrNullSchema = v.nullable(organizationSchema);

/** POST /api/register: the organization and its first API key, answered once. */
export const registerResultSchema = v.object({ organization: organizationSchema, apiKey: v.string() });
export type RegisterResult = v.InferOutput<typeof registerResultSchema>;

/** POST /api/session. */
export const sessionResultSchema = v.object({ organization: organizationOrNullSchema });
export type SessionResult = v.InferOutput<typeof sessionResultSchema>;

/** GET /api/realtime/token: `url` is the full WebSocket URL of the organization's room, token included. */
export const realtimeTokenSchema = v.object({ token: v.string(), url: v.string(), expiresAt: timestamp });
export type RealtimeToken = v.InferOutput<typeof realtimeTokenSchema>;

export const healthSchema = v.object({ ok: v.literal(true) });
