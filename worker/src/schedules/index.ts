// Scheduled work (DESIGN §7), dispatched by the cron expression that fired (wrangler.toml [triggers]).
import type { Bindings } from "../env";

export async function runSchedule(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
  void env;
  void ctx;
  console.log("schedule", controller.cron);
}
