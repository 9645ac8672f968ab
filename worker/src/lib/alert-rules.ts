// Which stored log raises which alert (docs/delivery.md). Pure, so ingestion and the demo seed agree.
import { ALERT_GROUP_WINDOW_MS } from "@promptsentry/schema/constants/alerts";
import { FLAG_REASONS, reasonLabel, type FlagReason } from "@promptsentry/schema/constants/flags";
import { findingSeverity, type Finding } from "../detector";

export type AlertDraft = {
  type: "red_flag";
  severity: "high" | "medium";
  reason: FlagReason;
  message: string;
  windowStart: number;
};

type FlaggedLog = {
  flagStatus: "safe" | "warning" | "critical";
  findings: Finding[];
  flagReasons: string[];
  model: string;
  userId?: string | null;
  createdAt: Date;
};

/**
 * A critical log always alerts (high); a warning log alerts (medium) only when the organization's
 * criticalOnly is off. The alert names the log's most severe reason; bursts of the same reason in
 * one window share one alert (grouped by windowStart) so a flood of flags cannot flood people.
 */
export function alertFor(log: FlaggedLog, settings: { criticalOnly: boolean }): AlertDraft | null {
  if (log.flagStatus === "safe") return null;
  if (log.flagStatus === "warning" && settings.criticalOnly) return null;
  const severeReasons = new Set(log.findings.filter((f) => findingSeverity(f) === log.flagStatus).map((f) => f.reason));
  const reason =
    FLAG_REASONS.find((r) => severeReasons.has(r)) ??
    (log.flagReasons.find((r) => (FLAG_REASONS as readonly string[]).includes(r)) as FlagReason | undefined);
  if (!reason) return null;
  const level = log.flagStatus === "critical" ? "Critical" : "Warning";
  const who = log.userId ? ` from user ${log.userId}` : "";
  return {
    type: "red_flag",
    severity: log.flagStatus === "critical" ? "high" : "medium",
    reason,
    message: `${level}: ${reasonLabel(reason)} detected in a ${log.model} prompt${who}`,
    windowStart: Math.floor(log.createdAt.getTime() / ALERT_GROUP_WINDOW_MS) * ALERT_GROUP_WINDOW_MS,
  };
}
