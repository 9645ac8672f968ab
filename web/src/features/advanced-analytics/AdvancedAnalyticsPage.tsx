// Advanced Analytics (docs/web.md#screens; docs/api.md): summary cards, usage and cost line chart and model cost
// pie over 30 days, anomaly list, and custom metrics — all from server data, no sample figures.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { modelUsageQueryOptions } from "../../api/analytics";
import { errorText } from "../../api/client";
import {
  customMetricKeys,
  customMetricsQueryOptions,
  deleteCustomMetric,
  refreshCustomMetric,
  type CustomMetric,
} from "../../api/customMetrics";
import { statsQueryOptions } from "../../api/stats";
import { anomaliesQueryOptions, costTrackingQueryOptions, performanceQueryOptions, type Anomaly } from "../../api/usage";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import {
  ActivityIcon,
  AlertCircleIcon,
  AlertTriangleIcon,
  BarChartIcon,
  DollarIcon,
  FlagIcon,
  PlusIcon,
  RefreshIcon,
  TrashIcon,
  TrendingUpIcon,
  ZapIcon,
} from "../../components/icons";
import { toast } from "../../components/toast";
import { Badge, Button, Card, EmptyState, ErrorState, Panel, PlaceholderRows, cx } from "../../components/ui";
import { capitalize, formatNumber, formatStatsCost, percentChange, type Change } from "../../lib/format";
import { usePermissions } from "../../lib/permissions";
import { useNow } from "../../lib/useNow";
import { LoadingText, formatShortDateTime } from "../manage/common";
import { useConfirmDelete } from "../manage/mutations";
import { lastActiveText } from "../team/team";
import { ADVANCED_DAYS } from "./constants";
import { CreateMetricDialog } from "./CreateMetricDialog";
import { LazyMetricChart, LazyModelCostChart, LazyUsageCostChart } from "./lazy";
import {
  formatInterval,
  formatLatency,
  formatMetricValue,
  formatRate,
  metricDisplay,
  modelCostSlices,
  summarize,
  usageSeries,
} from "./shape";

const iconClass = "h-5 w-5 text-indigo-600 dark:text-indigo-400";

const TONE = {
  good: "text-green-600 dark:text-green-400",
  bad: "text-red-600 dark:text-red-400",
  neutral: "text-gray-500 dark:text-gray-400",
} as const;

/** Anomaly severity colours: low blue, medium amber, high orange, critical red. */
export const ANOMALY_SEVERITY_CLASS: Record<string, string> = {
  low: "bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-300",
  medium: "bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300",
  high: "bg-orange-100 text-orange-800 ring-orange-600/20 dark:bg-orange-500/15 dark:text-orange-300",
  critical: "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300",
};

function SummaryCard({
  title,
  value,
  icon: Icon,
  iconTone,
  change,
  note,
}: {
  title: string;
  value: string;
  icon: typeof ActivityIcon;
  iconTone: string;
  change?: Change;
  note: string;
}) {
  return (
    <Card className="p-5" aria-label={title}>
      <div className="flex items-start justify-between">
        <div>
          <p className="text-sm font-medium text-gray-500 dark:text-gray-400">{title}</p>
          <p className="mt-2 text-2xl font-semibold text-gray-900 dark:text-white">{value}</p>
        </div>
        <span className={cx("rounded-lg p-2", iconTone)}>
          <Icon />
        </span>
      </div>
      <p className="mt-3 text-xs">
        {change ? <span className={cx("font-medium", TONE[change.tone])}>{change.text} </span> : null}
        <span className="text-gray-500 dark:text-gray-400">{note}</span>
      </p>
    </Card>
  );
}

function Overview() {
  const stats = useQuery(statsQueryOptions(ADVANCED_DAYS));
  const perf = useQuery(performanceQueryOptions(ADVANCED_DAYS));
  const cost = useQuery(costTrackingQueryOptions(ADVANCED_DAYS));
  const models = useQuery(modelUsageQueryOptions(ADVANCED_DAYS));
  const all = [stats, perf, cost, models];
  if (all.some((q) => q.isPending)) return <LoadingText>Loading advanced analytics...</LoadingText>;
  const failed = all.find((q) => q.isError);
  if (failed || !stats.data || !perf.data || !cost.data || !models.data)
    return (
      <Card>
        <ErrorState
          title="Failed to load advanced analytics"
          error={failed?.error}
          onRetry={() => all.filter((q) => q.isError).forEach((q) => void q.refetch())}
        />
      </Card>
    );

  const s = summarize(stats.data, perf.data);
  const prev = stats.data.previous;
  const prevRate = prev && prev.totalPrompts > 0 ? prev.redFlags / prev.totalPrompts : null;
  const series = usageSeries(perf.data, cost.data);
  const slices = modelCostSlices(models.data);
  const vs = `vs previous ${ADVANCED_DAYS} days`;
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <SummaryCard
          title={`Total Cost (${ADVANCED_DAYS}d)`}
          value={formatStatsCost(s.totalCost)}
          icon={DollarIcon}
          iconTone="bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300"
          change={percentChange(s.totalCost, prev?.estimatedCost, false)}
          note={vs}
        />
        <SummaryCard
          title="Avg Response Time"
          value={formatLatency(s.avgLatencyMs)}
          icon={ZapIcon}
          iconTone="bg-sky-50 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300"
          note={s.avgLatencyMs == null ? "No latency reported yet" : `over ${ADVANCED_DAYS} days, weighted by prompts`}
        />
        <SummaryCard
          title="Flag Rate"
          value={formatRate(s.flagRate)}
          icon={FlagIcon}
          iconTone="bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300"
          change={s.flagRate != null ? percentChange(s.flagRate, prevRate, false) : undefined}
          note={`${formatNumber(stats.data.redFlags)} flagged · ${vs}`}
        />
        <SummaryCard
          title={`Prompts (${ADVANCED_DAYS}d)`}
          value={formatNumber(s.prompts)}
          icon={ActivityIcon}
          iconTone="bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300"
          change={percentChange(s.prompts, prev?.totalPrompts, true)}
          note={vs}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <Panel title="Usage and Cost" icon={<TrendingUpIcon className={iconClass} />} className="lg:col-span-2">
          {series.prompts.every((n) => n === 0) && series.costDollars.every((n) => n === 0) ? (
            <EmptyState>No prompts in the last {ADVANCED_DAYS} days.</EmptyState>
          ) : (
            <LazyUsageCostChart series={series} />
          )}
        </Panel>
        <Panel title="Cost by Model" icon={<DollarIcon className={iconClass} />}>
          {slices.length === 0 ? (
            <EmptyState>No cost recorded in the last {ADVANCED_DAYS} days.</EmptyState>
          ) : (
            <LazyModelCostChart slices={slices} />
          )}
        </Panel>
      </div>
    </>
  );
}

function AnomalyRow({ anomaly, now }: { anomaly: Anomaly; now: number }) {
  const Icon = anomaly.severity === "critical" || anomaly.severity === "high" ? AlertCircleIcon : AlertTriangleIcon;
  const open = anomaly.status !== "resolved";
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="anomaly-row">
      <Icon className={cx("h-5 w-5 shrink-0", open ? "text-amber-500" : "text-gray-400")} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-gray-900 dark:text-white">{anomaly.metricName}</span>
          <Badge className={ANOMALY_SEVERITY_CLASS[anomaly.severity]}>{anomaly.severity.toUpperCase()}</Badge>
          <Badge className={open ? "bg-amber-50 text-amber-700 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300" : undefined}>
            {capitalize(anomaly.status)}
          </Badge>
        </div>
        <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
          Current {formatNumber(Math.round(anomaly.currentValue * 100) / 100)} · threshold{" "}
          {formatNumber(Math.round(anomaly.threshold * 100) / 100)}
          {anomaly.baseline != null ? ` · baseline ${formatNumber(Math.round(anomaly.baseline * 100) / 100)}` : ""}
        </p>
      </div>
      <time
        dateTime={anomaly.detectedAt}
        className="text-xs text-gray-500 dark:text-gray-400"
        title={formatShortDateTime(anomaly.detectedAt)}
      >
        {lastActiveText(anomaly.detectedAt, now)}
      </time>
    </li>
  );
}

function Anomalies() {
  const q = useQuery(anomaliesQueryOptions());
  const now = useNow(60_000);
  return (
    <Panel title="Anomaly Detection" icon={<AlertTriangleIcon className={iconClass} />}>
      {q.isPending ? (
        <PlaceholderRows count={3} rowClassName="h-10" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch anomalies" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState>No anomalies detected. Volume, flag rate, cost and tokens are within their usual range.</EmptyState>
      ) : (
        <ul role="list" aria-label="Anomalies" className="max-h-96 divide-y divide-gray-100 overflow-y-auto dark:divide-gray-800">
          {q.data.map((a) => (
            <AnomalyRow key={a.id} anomaly={a} now={now} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function MetricValue({ metric }: { metric: CustomMetric }) {
  const d = metricDisplay(metric.lastValue, metric.visualization);
  if (d.kind === "none")
    return <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">{metric.lastError ? "No value" : "No data yet"}</p>;
  if (d.kind === "number")
    return (
      <p className="py-4 text-4xl font-semibold tracking-tight text-gray-900 dark:text-white" data-testid="metric-value">
        {formatMetricValue(d.value, metric.type)}
      </p>
    );
  if (d.kind === "raw")
    return <pre className="max-h-40 overflow-auto rounded bg-gray-50 p-2 font-mono text-xs dark:bg-gray-800">{d.text}</pre>;
  if (d.points.length === 0) return <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">No rows</p>;
  return <LazyMetricChart points={d.points} visualization={metric.visualization} name={metric.name} />;
}

function MetricCard({ metric, canManage, onDelete }: { metric: CustomMetric; canManage: boolean; onDelete: () => void }) {
  const queryClient = useQueryClient();
  const refresh = useMutation({
    mutationFn: () => refreshCustomMetric(metric.id),
    onSuccess: (m) => {
      queryClient.setQueryData<CustomMetric[]>(customMetricKeys.all, (list) => list?.map((x) => (x.id === m.id ? m : x)));
      if (m.lastError) toast({ title: "Custom metric refreshed with an error", description: m.lastError, variant: "destructive" });
    },
    onError: (e) => toast({ title: "Failed to refresh custom metric", description: errorText(e), variant: "destructive" }),
  });
  return (
    <Card className="flex h-full flex-col p-5" aria-label={`Custom metric ${metric.name}`} data-testid="metric-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold wrap-anywhere text-gray-900 dark:text-white">{metric.name}</h3>
          {metric.description ? <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">{metric.description}</p> : null}
        </div>
        {canManage ? (
          <div className="flex shrink-0 items-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => refresh.mutate()}
              disabled={refresh.isPending}
              aria-label={`Refresh ${metric.name}`}
              title="Refresh now"
            >
              <RefreshIcon className={cx("h-4 w-4", refresh.isPending && "animate-spin")} />
            </Button>
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete custom metric ${metric.name}`} title="Delete metric">
              <TrashIcon className="h-4 w-4 text-red-600 dark:text-red-400" />
            </Button>
          </div>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap gap-1.5">
        <Badge>{metric.type === "avg" ? "Average" : capitalize(metric.type)}</Badge>
        <Badge>{capitalize(metric.visualization)}</Badge>
        <Badge>every {formatInterval(metric.refreshInterval)}</Badge>
        {!metric.isActive ? <Badge>Paused</Badge> : null}
      </div>
      <div className="mt-2 flex-1">
        <MetricValue metric={metric} />
      </div>
      {metric.lastError ? (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 px-3 py-2 text-xs wrap-anywhere text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {metric.lastError}
        </p>
      ) : null}
      <details className="mt-3 text-xs text-gray-500 dark:text-gray-400">
        <summary className="cursor-pointer select-none">Query</summary>
        <pre className="mt-1 overflow-x-auto rounded bg-gray-50 p-2 font-mono whitespace-pre-wrap text-gray-700 dark:bg-gray-800 dark:text-gray-300">
          {metric.query}
        </pre>
      </details>
      <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">
        {metric.lastRefreshedAt ? <>Updated {formatShortDateTime(metric.lastRefreshedAt)}</> : "Not computed yet"}
      </p>
    </Card>
  );
}

function CustomMetrics() {
  const { isAdmin } = usePermissions();
  const q = useQuery(customMetricsQueryOptions());
  const [creating, setCreating] = useState(false);
  const deleting = useConfirmDelete<CustomMetric>({
    deleteFn: deleteCustomMetric,
    queryKeys: [customMetricKeys.all],
    success: "Custom metric deleted successfully",
    failure: "Failed to delete custom metric",
  });
  const createButton = (label: string) => (
    <Button size="sm" onClick={() => setCreating(true)}>
      <PlusIcon className="h-4 w-4" />
      {label}
    </Button>
  );
  return (
    <Panel
      title="Custom Metrics"
      icon={<BarChartIcon className={iconClass} />}
      actions={isAdmin && q.data?.length ? createButton("Create Metric") : null}
    >
      {q.isPending ? (
        <PlaceholderRows count={2} rowClassName="h-24" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch custom metrics" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <BarChartIcon className="h-8 w-8 text-gray-400" />
          <p className="text-sm font-medium text-gray-900 dark:text-white">No custom metrics yet</p>
          <p className="max-w-md text-sm text-gray-500 dark:text-gray-400">
            Define a metric with a SQL query over your prompt logs; it is recomputed on its refresh interval.
          </p>
          {isAdmin ? createButton("Create Your First Metric") : null}
        </div>
      ) : (
        <ul role="list" aria-label="Custom metrics" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {q.data.map((m) => (
            <li key={m.id}>
              <MetricCard metric={m} canManage={isAdmin} onDelete={() => deleting.ask(m)} />
            </li>
          ))}
        </ul>
      )}
      <CreateMetricDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog {...deleting.dialog} title="Delete custom metric" confirmLabel="Delete" pendingLabel="Deleting...">
        Delete <strong className="text-gray-900 dark:text-white">{deleting.shown?.name}</strong>? This cannot be undone.
      </ConfirmDialog>
    </Panel>
  );
}

export function AdvancedAnalyticsPage() {
  return (
    <div className="space-y-6">
      <Overview />
      <div className="grid gap-6 [&>*]:min-w-0">
        <Anomalies />
        <CustomMetrics />
      </div>
    </div>
  );
}
