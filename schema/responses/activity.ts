// Sessions, users and the models an organization's logs name: the operator's views across logs
// (GET /api/sessions/{id}, /api/users/{id}, /api/analytics/users|sessions, /api/logs/models).
import * as v from "valibot";
import { optionalTimestamp, timestamp } from "./common";
import { promptLogSchema } from "./logs";

/** GET /api/logs/models: each model the organization's logs name, most used first (all time). */
export const modelSeenSchema = v.object({ model: v.string(), prompts: v.number(), lastSeen: v.string() });
export type ModelSeen = v.InferOutput<typeof modelSeenSchema>;

/** Totals over a set of logs; cost in cents, latency summed over the logs that carry one. */
const totals = {
  logs: v.number(),
  tokens: v.number(),
  cost: v.number(),
  warning: v.number(),
  critical: v.number(),
};

/** GET /api/sessions/{id}: the session's logs oldest first (at most SESSION_LOG_LIMIT) and totals over all of them. */
export const sessionViewSchema = v.object({
  sessionId: v.string(),
  ...totals,
  latencyMs: v.number(),
  firstAt: timestamp,
  lastAt: timestamp,
  /** The users and models its logs name. */
  userIds: v.array(v.string()),
  models: v.array(v.string()),
  items: v.array(promptLogSchema),
  /** More logs than `items` holds. */
  truncated: v.boolean(),
});
export type SessionView = v.InferOutput<typeof sessionViewSchema>;

/** One zero-filled UTC day of a user's activity. */
export const userDaySchema = v.object({ date: v.string(), prompts: v.number(), tokens: v.number(), cost: v.number(), flagged: v.number() });
export type UserDay = v.InferOutput<typeof userDaySchema>;

/** GET /api/users/{id}: first and last seen (all time), totals and days over the last `days` days. */
export const userViewSchema = v.object({
  userId: v.string(),
  firstSeenAt: timestamp,
  lastSeenAt: timestamp,
  days: v.number(),
  ...totals,
  sessions: v.number(),
  daily: v.array(userDaySchema),
});
export type UserView = v.InferOutput<typeof userViewSchema>;

/** GET /api/analytics/users and /api/analytics/sessions: the top spenders over the window. */
export const spenderSchema = v.object({ id: v.string(), ...totals, lastSeen: optionalTimestamp });
export type Spender = v.InferOutput<typeof spenderSchema>;
