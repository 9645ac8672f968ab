// Lazy chart components: chart.js and react-chartjs-2 load with the first chart that renders.
import { Suspense, lazy, type ComponentProps } from "react";
import { Skeleton } from "../../components/ui";

const FlagTrends = lazy(() => import("./FlagTrendsChart"));
const DailyTotals = lazy(() => import("./DailyTotalsChart"));
const FlagDistribution = lazy(() => import("./FlagDistributionChart"));

function Frame({ children, height }: { children: React.ReactNode; height: string }) {
  return (
    <div className={`relative ${height}`}>
      <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
    </div>
  );
}

export function LazyFlagTrendsChart(props: ComponentProps<typeof FlagTrends>) {
  return (
    <Frame height="h-72">
      <FlagTrends {...props} />
    </Frame>
  );
}
export function LazyDailyTotalsChart(props: ComponentProps<typeof DailyTotals>) {
  return (
    <Frame height="h-72">
      <DailyTotals {...props} />
    </Frame>
  );
}
export function LazyFlagDistributionChart(props: ComponentProps<typeof FlagDistribution>) {
  return (
    <Frame height="h-72">
      <FlagDistribution {...props} />
    </Frame>
  );
}
