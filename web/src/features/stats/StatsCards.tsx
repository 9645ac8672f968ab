// Stats row (docs/web.md#screens): Total Prompts, Red Flags, Active Users, Est. Cost, with the change against
// the preceding period computed from `previous` (docs/api.md).
import { useQuery } from "@tanstack/react-query";
import { REFRESH_MS } from "@promptsentry/schema/constants/screens";
import { statsQueryOptions } from "../../api/stats";
import type { Stats, StatsFigures } from "../../api/types";
import { ActivityIcon, DollarIcon, FlagIcon, UsersIcon } from "../../components/icons";
import { Card, ErrorState, Skeleton, cx } from "../../components/ui";
import { formatNumber, formatStatsCost, percentChange } from "../../lib/format";

type Def = {
  key: keyof StatsFigures;
  title: string;
  icon: typeof ActivityIcon;
  upIsGood: boolean;
  format: (n: number) => string;
  iconClass: string;
};

const CARDS: Def[] = [
  {
    key: "totalPrompts",
    title: "Total Prompts",
    icon: ActivityIcon,
    upIsGood: true,
    format: formatNumber,
    iconClass: "bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300",
  },
  {
    key: "redFlags",
    title: "Red Flags",
    icon: FlagIcon,
    upIsGood: false,
    format: formatNumber,
    iconClass: "bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300",
  },
  {
    key: "activeUsers",
    title: "Active Users",
    icon: UsersIcon,
    upIsGood: true,
    format: formatNumber,
    iconClass: "bg-green-50 text-green-600 dark:bg-green-500/15 dark:text-green-300",
  },
  {
    key: "estimatedCost",
    title: "Est. Cost",
    icon: DollarIcon,
    upIsGood: false,
    format: formatStatsCost,
    iconClass: "bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300",
  },
];

const TONE = {
  good: "text-green-600 dark:text-green-400",
  bad: "text-red-600 dark:text-red-400",
  neutral: "text-gray-500 dark:text-gray-400",
} as const;

function StatCard({ def, stats, comparisonLabel }: { def: Def; stats: Stats; comparisonLabel: string }) {
  const Icon = def.icon;
  const value = stats[def.key] ?? 0;
  const change = percentChange(value, stats.previous?.[def.key], def.upIsGood);
  return (
    <Card className="p-5" aria-label={def.title}>
      <div className="flex items-start justify-between">
        <div>
          <p className="text-sm font-medium text-gray-500 dark:text-gray-400">{def.title}</p>
          <p className="mt-2 text-2xl font-semibold text-gray-900 dark:text-white" data-testid={`stat-${def.key}`}>
            {def.format(value)}
          </p>
        </div>
        <span className={cx("rounded-lg p-2", def.iconClass)}>
          <Icon />
        </span>
      </div>
      <p className="mt-3 text-xs">
        <span className={cx("font-medium", TONE[change.tone])}>{change.text}</span>{" "}
        <span className="text-gray-500 dark:text-gray-400">{comparisonLabel}</span>
      </p>
    </Card>
  );
}

export function StatsCards({ days, comparisonLabel, poll }: { days: number; comparisonLabel: string; poll?: boolean }) {
  const q = useQuery({ ...statsQueryOptions(days), refetchInterval: poll ? REFRESH_MS.stats : false });
  if (q.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {CARDS.map((c) => (
          <Skeleton key={c.key} className="h-32" />
        ))}
      </div>
    );
  }
  if (q.isError) {
    return (
      <Card>
        <ErrorState title="Failed to fetch stats" error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  }
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map((def) => (
        <StatCard key={def.key} def={def} stats={q.data} comparisonLabel={comparisonLabel} />
      ))}
    </div>
  );
}
