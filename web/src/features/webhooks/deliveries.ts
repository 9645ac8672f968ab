import type { WebhookDelivery } from "../../api/webhooks";

/** One delivered message: all its attempts folded together (the newest attempt decides the status). */
export type DeliverySummary = {
  messageId: string;
  event: string;
  /** Time of the newest attempt. */
  lastAttemptAt: string;
  /** Number of attempts recorded (the highest attempt number seen). */
  attempts: number;
  statusCode: number | null;
  success: boolean;
  error: string | null;
  durationMs: number | null;
};

/** Fold attempt rows into one row per message, newest message first. */
export function summarizeDeliveries(rows: readonly WebhookDelivery[]): DeliverySummary[] {
  const byMessage = new Map<string, { latest: WebhookDelivery; attempts: number; success: boolean }>();
  for (const row of rows) {
    const current = byMessage.get(row.messageId);
    if (!current) {
      byMessage.set(row.messageId, { latest: row, attempts: Math.max(1, row.attempt), success: row.success });
      continue;
    }
    current.attempts = Math.max(current.attempts, row.attempt, 1);
    current.success ||= row.success;
    const newer =
      row.createdAt > current.latest.createdAt || (row.createdAt === current.latest.createdAt && row.attempt > current.latest.attempt);
    if (newer) current.latest = row;
  }
  return [...byMessage.values()]
    .map(({ latest, attempts, success }) => ({
      messageId: latest.messageId,
      event: latest.event,
      lastAttemptAt: latest.createdAt,
      attempts,
      statusCode: latest.statusCode,
      success,
      error: latest.success ? null : latest.error,
      durationMs: latest.durationMs,
    }))
    .sort((a, b) => (a.lastAttemptAt < b.lastAttemptAt ? 1 : a.lastAttemptAt > b.lastAttemptAt ? -1 : 0));
}

/** 'whsec_AbC…' with the random part hidden. */
export function maskSecret(secret: string): string {
  const i = secret.indexOf("_");
  const head = i >= 0 ? secret.slice(0, i + 1) : "";
  return `${head}${"•".repeat(24)}`;
}

/**
 * Whether an attempt is the message's last word: a success, a refusal before sending, or a 4xx that
 * the server does not retry (429 is retried). Network errors, timeouts and 5xx are retried.
 */
export function isFinalAttempt(d: Pick<WebhookDelivery, "success" | "statusCode" | "error">): boolean {
  if (d.success) return true;
  if (d.statusCode === null) return (d.error ?? "").startsWith("Refused");
  return d.statusCode >= 400 && d.statusCode < 500 && d.statusCode !== 429;
}
