// Query keys: what a stored log invalidates reaches every view computed from logs, trends included
// (they once sat outside the stats tree, so a test prompt never refreshed them).
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { WEEK_DAYS } from "@promptsentry/schema/constants/time";
import { alertKeys } from "./alerts";
import { analyticsKeys } from "./analytics";
import { apiKeyKeys } from "./apiKeys";
import { customMetricKeys } from "./customMetrics";
import { feedbackKeys } from "./feedback";
import { integrationKeys } from "./integrations";
import { logKeys } from "./logs";
import { organizationKey } from "./organization";
import { settingsKey } from "./settings";
import { statsKeys, statsQueryOptions, trendsQueryOptions } from "./stats";
import { teamKeys } from "./team";
import { keysChangedByNewLog } from "./testing";
import { usageKeys } from "./usage";
import { webhookKeys } from "./webhooks";

async function invalidatedAfterNewLog(keys: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, []);
  await Promise.all(keysChangedByNewLog.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: "none" })));
  return keys.map((key) => client.getQueryState(key)?.isInvalidated ?? false);
}

describe("query keys", () => {
  it("a stored log (a submitted test prompt) refreshes the stats cards, both trends panels and the log lists", async () => {
    const changed = [
      statsQueryOptions(WEEK_DAYS).queryKey,
      trendsQueryOptions(WEEK_DAYS).queryKey,
      trendsQueryOptions(30).queryKey,
      logKeys.feed(),
      logKeys.list({}),
    ];
    expect(await invalidatedAfterNewLog(changed)).toEqual(changed.map(() => true));
  });

  it("and leaves configuration alone", async () => {
    const unchanged = [settingsKey, organizationKey, webhookKeys.list(), apiKeyKeys.all, teamKeys.all, integrationKeys.all];
    expect(await invalidatedAfterNewLog(unchanged)).toEqual(unchanged.map(() => false));
  });

  it("every resource has its own root", () => {
    const roots = [
      statsKeys.all,
      logKeys.all,
      alertKeys.all,
      analyticsKeys.all,
      apiKeyKeys.all,
      customMetricKeys.all,
      feedbackKeys.all,
      integrationKeys.all,
      organizationKey,
      settingsKey,
      teamKeys.all,
      webhookKeys.all,
      usageKeys.anomalies(),
      usageKeys.costTracking(1).slice(0, 1),
      usageKeys.performance(1).slice(0, 1),
    ].map((k) => k[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });
});
