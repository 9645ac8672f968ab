// Response shapes of the worker API (DESIGN §5). Kept in the web app because schema/ does not
// (yet) export inferred response types; field names follow the contract exactly.
import type { AlertSeverity, DetectionSensitivity, FlagStatus, FlagRules, GatewayBlockLevel, PlanId, RedactionMode } from "../../../schema/constants";

export type Member = { id: string; name: string; email: string; role: string };

export type Organization = {
  id: string;
  name: string;
  email: string;
  plan: PlanId;
  trialEndsAt: string | null;
  createdAt: string;
  keyPrefix: string;
  permissions: string[];
  member: Member | null;
};

/** A finding as the worker stores and answers it: one definition, in schema/. */
export type { Finding } from "../../../schema/tables";
import type { Finding } from "../../../schema/tables";

export type PromptLog = {
  id: string;
  createdAt: string;
  model: string;
  userId: string | null;
  sessionId: string | null;
  prompt: string;
  response: string;
  tokenCount: number | null;
  estimatedCost: number | null;
  latencyMs: number | null;
  source: string | null;
  metadata: Record<string, unknown> | null;
  flagStatus: FlagStatus | (string & {});
  flagReasons: string[] | null;
  findings?: Finding[] | null;
  /** Retention purged prompt, response and metadata; the rest of the log is kept. */
  contentExpired?: boolean;
  /** The gateway refused to forward this prompt to the provider (issue 12). */
  blocked?: boolean;
};

export type FingerprintSummary = { fingerprint: string; logs: number; firstSeenAt: string | null; lastSeenAt: string | null };

export type StatsFigures = { totalPrompts: number; redFlags: number; activeUsers: number; estimatedCost: number };
export type Stats = StatsFigures & { previous?: StatsFigures | null };

export type TrendEntry = { date: string; safe: number; warning: number; critical: number };

export type ModelUsage = { model: string; prompts: number; tokens: number; cost: number; share: number };

export type Alert = {
  id: string;
  message: string;
  severity: AlertSeverity | (string & {});
  type: string;
  reason?: string | null;
  count?: number;
  createdAt: string;
  acknowledged: boolean;
  acknowledgedAt?: string | null;
};

export type Settings = {
  organizationName: string;
  retentionDays: number;
  emailAlerts: boolean;
  slackNotifications: boolean;
  criticalOnly: boolean;
  webhookUrl: string | null;
  flagRules: FlagRules;
  tokenThreshold: number;
  sensitivity: DetectionSensitivity;
  redaction: RedactionMode;
  metadataRetentionDays: number;
  /** Gateway guardrail (issue 12): the lowest flag the gateway refuses to forward. */
  gatewayBlock: GatewayBlockLevel;
  /** The gateway's provider base URL; "" when the default applies. */
  gatewayUpstream: string;
  apiKeyPrefix: string;
};

export type RealtimeToken = { token: string; url: string; expiresAt: string };
