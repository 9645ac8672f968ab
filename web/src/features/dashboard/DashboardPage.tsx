// Dashboard (docs/web.md#screens 'real-time monitoring').
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { STATS_DEFAULT_DAYS, WEEK_DAYS } from "@promptsentry/schema/constants/time";
import { feedQueryOptions } from "../../api/logs";
import { TrendsPanel } from "../charts/TrendsPanel";
import { StatsCards } from "../stats/StatsCards";
import { AlertSettingsCard } from "./AlertSettingsCard";
import { LiveFeed } from "./LiveFeed";
import { QuickFilters } from "./QuickFilters";
import { RecentAlerts } from "./RecentAlerts";
import { SearchLogsCard } from "./SearchLogsCard";

// Only a new organization needs it: loaded when the feed turns out empty.
const FirstLogCard = lazy(() => import("./FirstLogCard").then((m) => ({ default: m.FirstLogCard })));

export function DashboardPage() {
  // The feed's own query (shared cache): no log at all yet means a first day.
  const feed = useQuery(feedQueryOptions());
  return (
    <div className="space-y-6">
      {feed.data?.length === 0 ? (
        <Suspense fallback={null}>
          <FirstLogCard />
        </Suspense>
      ) : null}
      <StatsCards days={STATS_DEFAULT_DAYS} comparisonLabel="vs last week" poll />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <LiveFeed />
          <TrendsPanel days={WEEK_DAYS} title="7-day Flag Trends" />
        </div>
        <div className="min-w-0 space-y-6">
          <QuickFilters />
          <SearchLogsCard />
          <AlertSettingsCard />
          <RecentAlerts />
        </div>
      </div>
    </div>
  );
}
