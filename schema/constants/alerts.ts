// Alerts and anomalies: severities, grouping, defaults of the alert settings (docs/delivery.md).

export const DEFAULT_ALERT_SETTINGS = { emailAlerts: true, slackNotifications: false, criticalOnly: true } as const;

export const ALERT_SEVERITIES = ["high", "medium", "low"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_TYPES = ["red_flag", "anomaly"] as const;
/** Burst grouping window: one open alert per type and reason per window (docs/delivery.md). */
export const ALERT_GROUP_WINDOW_MS = 60_000;
export const ANOMALY_SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type AnomalySeverity = (typeof ANOMALY_SEVERITIES)[number];
/** Alerts one bulk acknowledge may name: a page of the Alerts list, and within D1's 100 bound parameters. */
export const ALERTS_ACK_BATCH = 50;
