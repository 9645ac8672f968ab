// The request's audit recorder: records of its changes, by its principal, into the database the change
// is made in (worker/src/queries/audit.ts).
import type { Context } from "hono";
import type { AppEnv, Db } from "../env";
import { requirePrincipal } from "../auth/request";
import { actorOf, recorder, type Recorder } from "../queries/audit";

/**
 * For changes to the control database (`"control"`), to the organization's data shard (`"data"`), or
 * to another of its databases (a log segment's, tenancy/segments.ts).
 */
export async function auditRecorder(c: Context<AppEnv>, where: "control" | "data" | Db = "control"): Promise<Recorder> {
  const principal = requirePrincipal(c);
  const actor = await actorOf(c.var.db, principal);
  return recorder(where === "control" ? c.var.db : where === "data" ? c.var.data : where, principal.orgId, actor);
}
