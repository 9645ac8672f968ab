// The plan's prompt quota (docs/api.md): whether an organization may store more logs now, judged
// on the context read for the request or flush (queries/ingestion.ts `ingestContext`). Pure.
import { PLANS } from "@promptsentry/schema/constants/plans";
import type { Organization } from "@promptsentry/schema/tables/organizations";
import { ApiError, tooMany } from "../errors";
import type { IngestContext } from "../queries/ingestion";

type QuotaWindow = { limit: number; used: number; resetsAt: Date | null; label: string };

/** Prompts counted against the plan: the whole trial, or the calendar month (UTC) of a paid plan. */
function quotaWindow(org: Organization, usage: IngestContext["usage"], now: Date): QuotaWindow | null {
  const plan = PLANS[org.plan];
  if (plan.promptQuota === null) return null;
  const quota = plan.promptQuota.toLocaleString("en-US");
  if (org.plan === "trial")
    return { limit: plan.promptQuota, used: usage.allTime, resetsAt: null, label: `the free trial's ${quota} prompts` };
  const resetsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { limit: plan.promptQuota, used: usage.thisMonth, resetsAt, label: `the ${plan.name} plan's ${quota} prompts this month` };
}

/** Refuses (429, nothing stored) when `incoming` more logs would pass the plan's quota or the trial ended. */
export function assertQuota(ctx: IngestContext, incoming: number, now: Date) {
  const { org } = ctx;
  if (org.plan === "trial" && org.trialEndsAt && org.trialEndsAt.getTime() <= now.getTime()) {
    throw new ApiError(429, "trial_expired", "The 14-day free trial has ended. Upgrade your plan to keep logging prompts.", undefined, {
      "Retry-After": "86400",
    });
  }
  const window = quotaWindow(org, ctx.usage, now);
  if (!window || window.used + incoming <= window.limit) return;
  const retry = window.resetsAt ? (window.resetsAt.getTime() - now.getTime()) / 1000 : 86_400;
  throw tooMany(
    `Prompt quota exceeded: ${window.used.toLocaleString("en-US")} of ${window.label} used${incoming > 1 ? `, and this batch has ${incoming}` : ""}. Upgrade your plan to log more.`,
    retry,
    "quota_exceeded",
  );
}

/** How many more logs the organization may store now (null: its plan has no quota). */
export function quotaLeft(ctx: IngestContext, now: Date): number | null {
  const window = quotaWindow(ctx.org, ctx.usage, now);
  return window ? window.limit - window.used : null;
}

/** Whether `incoming` more logs could leave less than `margin` of the plan's quota (never, without one). */
export function nearQuota(ctx: Pick<IngestContext, "org" | "usage">, incoming: number, now: Date, margin: number): boolean {
  const window = quotaWindow(ctx.org, ctx.usage, now);
  return window !== null && window.used + incoming + margin > window.limit;
}
