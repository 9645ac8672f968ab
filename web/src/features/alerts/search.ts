// The /alerts URL search params, validated with valibot: the tab ('Unacknowledged', the default, or
// 'All Alerts'); anything else falls back to the default.
import * as v from "valibot";

export const ALERT_TABS = ["unacknowledged", "all"] as const;
export type AlertTab = (typeof ALERT_TABS)[number];

export const alertsSearchSchema = v.object({
  tab: v.fallback(v.optional(v.picklist(ALERT_TABS)), undefined),
});

export type AlertsSearch = v.InferOutput<typeof alertsSearchSchema>;

/** The tab a search shows ('unacknowledged' when none is named). */
export const alertTab = (search: AlertsSearch): AlertTab => search.tab ?? "unacknowledged";
