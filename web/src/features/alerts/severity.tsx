import type { Alert } from "../../api/types";
import { AlertCircleIcon, AlertTriangleIcon, HelpCircleIcon } from "../../components/icons";
import { Badge, cx } from "../../components/ui";

/** Severity dot and icon colours: high red, medium amber, other grey (schema/constants/). */
export function severityTone(severity: string): "high" | "medium" | "other" {
  return severity === "high" || severity === "medium" ? severity : "other";
}
const DOT = { high: "bg-red-500", medium: "bg-amber-500", other: "bg-gray-400" } as const;
const TEXT = {
  high: "text-red-600 dark:text-red-400",
  medium: "text-amber-500 dark:text-amber-400",
  other: "text-gray-400",
} as const;
const BADGE = {
  high: "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300",
  medium: "bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300",
  other: "bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-500/15 dark:text-gray-300",
} as const;

export function SeverityDot({ severity }: { severity: string }) {
  return <span aria-hidden="true" className={cx("mt-1.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full", DOT[severityTone(severity)])} />;
}

export function SeverityIcon({ severity }: { severity: Alert["severity"] }) {
  const tone = severityTone(severity);
  const Icon = tone === "high" ? AlertCircleIcon : tone === "medium" ? AlertTriangleIcon : HelpCircleIcon;
  return <Icon className={cx("h-5 w-5 shrink-0", TEXT[tone])} />;
}

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge className={BADGE[severityTone(severity)]}>{severity.toUpperCase()}</Badge>;
}
