// The request's audit recorder: records of its changes, by its principal, into the database the change
// is made in (worker/src/queries/audit.ts).
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { requirePrincipal } from "../auth/request";
import { actorOf, recorder, type Recorder } from "../queries/audit";

/** For changes to the control database (`"control"`) or to the organization's data shard (`"data"`). */
export async function auditRecorder(c: Context<AppEnv>, where: "control" | "data" = "control"): Promise<Recorder> {
  const principal = requirePrincipal(c);
  const actor = await actorOf(c.var.db, principal);
  return recorder(where === "control" ? c.var.db : c.var.data, principal.orgId, actor);
}
