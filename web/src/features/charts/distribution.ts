import { roundedPercent } from "../../lib/format";

/** Pie labels: 'Safe (83%)', 'Flagged (17%)' (docs/web.md#screens, rounded percentages). */
export function distributionLabels(safe: number, flagged: number): [string, string] {
  const total = safe + flagged;
  return [`Safe (${roundedPercent(safe, total)}%)`, `Flagged (${roundedPercent(flagged, total)}%)`];
}
