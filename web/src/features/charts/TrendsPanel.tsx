// A trends card: loads /api/trends?days=N (polled every 60 s) and draws the grouped bars lazily.
import { useQuery } from "@tanstack/react-query";
import { REFRESH_MS } from "@promptsentry/schema/constants/screens";
import { trendsQueryOptions } from "../../api/stats";
import { BarChartIcon } from "../../components/icons";
import { ErrorState, Panel, Skeleton } from "../../components/ui";
import { LazyFlagTrendsChart } from "./lazy";

export function TrendsPanel({ days, title }: { days: number; title: string }) {
  const q = useQuery({ ...trendsQueryOptions(days), refetchInterval: REFRESH_MS.trends });
  return (
    <Panel title={title} icon={<BarChartIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      {q.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : q.isError ? (
        <ErrorState title="Failed to fetch trends" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <LazyFlagTrendsChart data={q.data} />
      )}
    </Panel>
  );
}
