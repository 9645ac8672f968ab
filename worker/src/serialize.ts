// Row → API shape: camelCase, ISO-8601 timestamps, string ids. Each function returns the type of its
// response schema in schema/responses, so a field that changes there fails type-checking here (and in
// the web, the live feed and the OpenAPI document, which derive from the same schemas; docs/api.md).
// Secrets never leave here except where a shape documents them (a webhook's signing secret, shown to
// admins to verify).
import type {
  Alert,
  Anomaly,
  AuditEntry,
  ApiKeyInfo,
  CustomMetric,
  FingerprintSummary,
  Integration,
  MemberStatus,
  Organization as OrganizationView,
  PromptLog,
  TeamMember as TeamMemberView,
  Webhook,
  WebhookDelivery,
} from "@promptsentry/schema/responses";
import type { AlertRow, AnomalyRow } from "@promptsentry/schema/tables/alerts";
import type { ApiKey } from "@promptsentry/schema/tables/access";
import type { AuditRow } from "@promptsentry/schema/tables/audit";
import type { CustomMetricRow } from "@promptsentry/schema/tables/metrics";
import type { IntegrationConfig, IntegrationRow, WebhookDeliveryRow, WebhookRow } from "@promptsentry/schema/tables/delivery";
import type { Organization, TeamMember } from "@promptsentry/schema/tables/organizations";
import type { PromptLogRow } from "@promptsentry/schema/tables/logs";
import { ROLE_PERMISSIONS, type Permission, type Role } from "@promptsentry/schema/constants/access";

export type { PromptLog };

/** A time that may be absent, as answers write it. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A log as lists, exports and the live feed answer it: without its turns, so they stay the size they were. */
export function serializeLog(row: PromptLogRow): PromptLog {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    model: row.model,
    userId: row.userId,
    sessionId: row.sessionId,
    prompt: row.prompt,
    response: row.response,
    tokenCount: row.tokenCount,
    estimatedCost: row.estimatedCost,
    latencyMs: row.latencyMs,
    source: row.source,
    metadata: row.metadata ?? null,
    flagStatus: row.flagStatus,
    flagReasons: row.flagReasons,
    findings: row.findings,
    /** The gateway refused to forward this prompt to the provider (its flag met gatewayBlock). */
    blocked: row.blocked,
    /** Retention purged prompt, response and metadata; the rest is kept until metadataRetentionDays. */
    contentExpired: row.contentPurgedAt != null,
  };
}

/** One log as GET /api/logs/{id} answers it: with its turns (`messages`) when it has them. */
export function serializeLogDetail(row: PromptLogRow): PromptLog {
  const log = serializeLog(row);
  return row.messages ? { ...log, messages: row.messages } : log;
}

export function serializeOrganization(
  org: Organization,
  extra: { keyPrefix: string; permissions: Iterable<Permission>; member: TeamMember | null },
): OrganizationView {
  return {
    id: org.id,
    name: org.name,
    email: org.email,
    plan: org.plan,
    trialEndsAt: iso(org.trialEndsAt),
    createdAt: org.createdAt.toISOString(),
    keyPrefix: extra.keyPrefix,
    permissions: [...extra.permissions],
    member: extra.member ? { id: extra.member.id, name: extra.member.name, email: extra.member.email, role: extra.member.role } : null,
  };
}

export function serializeApiKey(row: ApiKey, role: Role | null = null): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    permissions: role ? [...ROLE_PERMISSIONS[role]] : row.permissions,
    memberId: row.memberId,
    expiresAt: iso(row.expiresAt),
    expired: row.expiresAt ? row.expiresAt.getTime() <= Date.now() : false,
    createdAt: row.createdAt.toISOString(),
    lastUsed: iso(row.lastUsedAt),
  };
}

export function serializeAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    message: row.message,
    reason: row.reason || null,
    count: row.count,
    logId: row.logId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    acknowledged: row.acknowledged,
    acknowledgedAt: iso(row.acknowledgedAt),
  };
}

export function serializeDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    messageId: row.messageId,
    event: row.eventType,
    attempt: row.attempt,
    statusCode: row.statusCode,
    success: row.success,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

export function serializeWebhook(row: WebhookRow, lastDelivery: WebhookDeliveryRow | null = null): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    active: row.active,
    secret: row.secret,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: lastDelivery ? serializeDelivery(lastDelivery) : null,
  };
}

type Mask = (value: string | undefined) => string | undefined;

/** Third-party credentials in an integration config are shown masked. */
const maskSecret: Mask = (value) => {
  if (!value) return value;
  return value.length <= 4 ? "••••" : `••••${value.slice(-4)}`;
};

/** A credential URL keeps its origin (which service it reaches) and hides the path that carries the token. */
const maskUrl: Mask = (value) => {
  if (!value) return value;
  const origin = URL.canParse(value) ? new URL(value).origin : "";
  return origin && origin !== "null" ? `${origin}/${maskSecret(value)}` : maskSecret(value);
};

/**
 * Config fields that are credentials, per integration type, and how each is masked. Slack and
 * Discord incoming-webhook URLs carry their token in the path: whoever knows one can post as us.
 */
const SECRET_CONFIG_FIELDS: Record<IntegrationRow["type"], Partial<Record<keyof IntegrationConfig, Mask>>> = {
  webhook: { api_key: maskSecret },
  email: { api_key: maskSecret },
  slack: { api_key: maskSecret, webhook_url: maskUrl },
  discord: { api_key: maskSecret, webhook_url: maskUrl },
};

export const isSecretConfigField = (type: IntegrationRow["type"], field: string) => field in SECRET_CONFIG_FIELDS[type];

export function serializeIntegration(row: IntegrationRow): Integration {
  const config = { ...row.config };
  for (const [field, mask] of Object.entries(SECRET_CONFIG_FIELDS[row.type]) as [keyof IntegrationConfig, Mask][]) {
    if (config[field]) config[field] = mask(config[field]);
  }
  return { id: row.id, name: row.name, type: row.type, config, active: row.active, createdAt: row.createdAt.toISOString() };
}

export function serializeCustomMetric(row: CustomMetricRow): CustomMetric {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    query: row.query,
    type: row.type,
    visualization: row.visualization,
    refreshInterval: row.refreshInterval,
    isActive: row.isActive,
    lastValue: row.lastValue ?? null,
    lastRefreshedAt: iso(row.lastRefreshedAt),
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

export function serializeAnomaly(row: AnomalyRow): Anomaly {
  return {
    id: row.id,
    metricName: row.metricName,
    currentValue: row.currentValue,
    threshold: row.threshold,
    baseline: row.baseline,
    severity: row.severity,
    status: row.status,
    detectedAt: row.detectedAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
  };
}

/** Status from real activity: the member's most recent key use. */
export function memberStatus(lastActive: Date | null, now = Date.now()): MemberStatus {
  if (!lastActive) return "offline";
  const age = now - lastActive.getTime();
  if (age < 5 * 60_000) return "online";
  if (age < 60 * 60_000) return "away";
  return "offline";
}

export function serializeMember(row: TeamMember, lastActive: Date | null): TeamMemberView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastActive: iso(lastActive),
    status: memberStatus(lastActive),
  };
}

export function serializeFingerprintSummary(s: {
  fingerprint: string;
  logs: number;
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
}): FingerprintSummary {
  return { fingerprint: s.fingerprint, logs: s.logs, firstSeenAt: iso(s.firstSeenAt), lastSeenAt: iso(s.lastSeenAt) };
}

export function serializeAudit(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    keyId: row.keyId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}
