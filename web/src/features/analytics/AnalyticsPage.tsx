// Analytics (docs/web.md#screens): stats (30 days), Monthly Trends, Flag Distribution, 7-day trends, and
// Model Usage Statistics from /api/analytics/models (real shares), cost per user and per session.
import { useQuery } from "@tanstack/react-query";
import { WEEK_DAYS } from "@promptsentry/schema/constants/time";
import { statsQueryOptions, trendsQueryOptions } from "../../api/stats";
import { modelUsageQueryOptions } from "../../api/analytics";
import { BarChartIcon, CpuIcon, FlagIcon } from "../../components/icons";
import { ErrorState, Panel, Skeleton, EmptyState } from "../../components/ui";
import { formatNumber, formatStatsCost } from "../../lib/format";
import { LazyDailyTotalsChart, LazyFlagDistributionChart } from "../charts/lazy";
import { TrendsPanel } from "../charts/TrendsPanel";
import { StatsCards } from "../stats/StatsCards";
import { ListStates } from "../logs/LogList";
import { ANALYTICS_DAYS } from "./constants";
import { TopSpenders } from "./TopSpenders";

function MonthlyTrends() {
  const q = useQuery(trendsQueryOptions(ANALYTICS_DAYS));
  return (
    <Panel title="Monthly Trends" icon={<BarChartIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      {q.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch trends" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <LazyDailyTotalsChart data={q.data} />
      )}
    </Panel>
  );
}

function FlagDistribution() {
  const q = useQuery(statsQueryOptions(ANALYTICS_DAYS));
  return (
    <Panel title="Flag Distribution" icon={<FlagIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      {q.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch stats" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.totalPrompts === 0 ? (
        <EmptyState>No prompts in the last {ANALYTICS_DAYS} days.</EmptyState>
      ) : (
        <LazyFlagDistributionChart safe={Math.max(0, q.data.totalPrompts - q.data.redFlags)} flagged={q.data.redFlags} />
      )}
    </Panel>
  );
}

function ModelUsage() {
  const q = useQuery(modelUsageQueryOptions(ANALYTICS_DAYS));
  return (
    <Panel title="Model Usage Statistics" icon={<CpuIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <ListStates query={q} placeholders={3} rowClassName="h-10" empty="No model usage yet." errorTitle="Failed to fetch model usage">
        {(models) => (
          <ul role="list" aria-label="Model usage" className="space-y-4">
            {models.map((m) => {
              const pct = Math.round(m.share * 1000) / 10;
              return (
                <li key={m.model}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-mono font-medium text-gray-900 dark:text-gray-100">{m.model}</span>
                    <span className="font-semibold text-gray-900 dark:text-white">{pct}%</span>
                  </div>
                  <div
                    className="mt-1.5 h-2 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800"
                    role="progressbar"
                    aria-label={`${m.model} share`}
                    aria-valuenow={pct}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div className="h-full rounded-full bg-indigo-600" style={{ width: `${Math.min(100, pct)}%` }} />
                  </div>
                  <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                    {formatNumber(m.prompts)} prompts · {formatNumber(m.tokens)} tokens · {formatStatsCost(m.cost)}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
    </Panel>
  );
}

export function AnalyticsPage() {
  return (
    <div className="space-y-6">
      <StatsCards days={ANALYTICS_DAYS} comparisonLabel={`vs previous ${ANALYTICS_DAYS} days`} />
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <MonthlyTrends />
        <FlagDistribution />
        <TrendsPanel days={WEEK_DAYS} title="7-day Flag Trends" />
        <ModelUsage />
        <TopSpenders by="users" days={ANALYTICS_DAYS} />
        <TopSpenders by="sessions" days={ANALYTICS_DAYS} />
      </div>
    </div>
  );
}
