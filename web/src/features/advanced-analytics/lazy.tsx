// Lazy chart components: chart.js loads with the first chart that renders (docs/web.md).
import { Suspense, lazy, type ComponentProps, type ReactNode } from "react";
import { Skeleton } from "../../components/ui";

const UsageCost = lazy(() => import("./UsageCostChart"));
const ModelCost = lazy(() => import("./ModelCostChart"));
const Metric = lazy(() => import("./MetricChart"));

function Frame({ children, height }: { children: ReactNode; height: string }) {
  return (
    <div className={`relative ${height}`}>
      <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
    </div>
  );
}

export function LazyUsageCostChart(props: ComponentProps<typeof UsageCost>) {
  return (
    <Frame height="h-72">
      <UsageCost {...props} />
    </Frame>
  );
}
export function LazyModelCostChart(props: ComponentProps<typeof ModelCost>) {
  return (
    <Frame height="h-72">
      <ModelCost {...props} />
    </Frame>
  );
}
export function LazyMetricChart(props: ComponentProps<typeof Metric>) {
  return (
    <Frame height="h-40">
      <Metric {...props} />
    </Frame>
  );
}
